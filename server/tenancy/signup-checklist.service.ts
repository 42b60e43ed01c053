import { and, eq, isNull, sql } from 'drizzle-orm';
import { FIRST_RUN_STEPS, type FirstRunStep } from '../../core/tenancy/signup.rules';
import type { FirstRunChecklist } from '../../core/tenancy/signup.schemas';
import { queryRows, type TenantTx } from '../db/client';
import { firstRunChecklists } from '../db/schema/signup';
import { notFound } from '../http/errors';
import { openAccount, readSettingsRow } from '../payments/mpesa-settings.service';
import type { SecretBox } from '../security/secret-box';

// The first-run checklist on a new shop's dashboard (issue 21, docs/signup.md). A shop made by
// sign-up has one until its owner puts it away; each step is done when the shop's own data says so.

const HIDDEN: FirstRunChecklist = { isVisible: false, steps: [] };

/** The checklist of the transaction's shop: hidden for shops that did not sign up, or once put away. */
export async function readFirstRunChecklist(tx: TenantTx, tenantId: string, secretBox: SecretBox): Promise<FirstRunChecklist> {
  const [checklist] = await tx.select({ dismissedAt: firstRunChecklists.dismissedAt }).from(firstRunChecklists).limit(1);
  if (!checklist || checklist.dismissedAt) return HIDDEN;
  const [facts] = await queryRows<{ products: boolean; receipt: boolean; staff: boolean }>(
    tx,
    sql`select exists (select 1 from products) as products,
               exists (select 1 from business_settings
                        where coalesce(receipt_header, '') <> '' or coalesce(receipt_footer, '') <> '') as receipt,
               (select count(*) from tenant_users) > 1
                 or exists (select 1 from team_invitations where status <> 'revoked') as staff`,
  );
  const done: Record<FirstRunStep, boolean> = {
    products: facts?.products ?? false,
    receipt: facts?.receipt ?? false,
    staff: facts?.staff ?? false,
    // Connected means live Daraja credentials on the shop's own settings, not the simulated till.
    mpesa: !openAccount(tenantId, await readSettingsRow(tx, null, true), secretBox).simulated,
  };
  return { isVisible: true, steps: FIRST_RUN_STEPS.map((step) => ({ step, isDone: done[step] })) };
}

/** Puts the checklist away for good (its owner's choice); once more changes nothing. */
export async function dismissFirstRunChecklist(tx: TenantTx, userId: string): Promise<FirstRunChecklist> {
  const [checklist] = await tx.select({ id: firstRunChecklists.id }).from(firstRunChecklists).limit(1);
  if (!checklist) throw notFound();
  const now = new Date();
  await tx
    .update(firstRunChecklists)
    .set({ dismissedAt: now, dismissedBy: userId, updatedAt: now })
    .where(and(eq(firstRunChecklists.id, checklist.id), isNull(firstRunChecklists.dismissedAt)));
  return HIDDEN;
}
