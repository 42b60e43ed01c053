import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AccountingSettings, accountingSettingsInputSchema } from '../../core/accounting/accounting.schemas';
import { CONFIGURABLE_TENDERS, CONTROL_ACCOUNT_KEYS, type ConfigurableTender, type SystemAccountKey } from '../../core/accounting/chart';
import { accountRefKey } from '../../core/accounting/posting';
import { recordAudit, recordSettingsChange } from '../audit/audit-events.service';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { HttpError } from '../http/errors';
import { resolveAccounts, shopDayOf } from './posting';

// The accounting settings (issue 17): the lock date and what happens to a document dated on or
// before it, the account each configurable tender posts to (an asset account of the shop), and
// whether loyalty points are a liability when earned. A change of the lock date or its policy is
// written to the shop's audit trail in the same transaction (accounting.lock_date), and so is a
// change of the rest (settings.accounting).

type SettingsInput = z.output<typeof accountingSettingsInputSchema>;

interface SettingsRow {
  lock_date: string | null;
  lock_policy: AccountingSettings['lockPolicy'];
  tender_accounts: Partial<Record<ConfigurableTender, string>>;
  value_loyalty_points: boolean;
  history_posted_at: string | Date | null;
  today: string;
}

async function readSettingsRow(tx: TenantTx): Promise<SettingsRow> {
  const [row] = await queryRows<SettingsRow>(
    tx,
    sql`select s.lock_date::text as lock_date, s.lock_policy, s.tender_accounts, s.value_loyalty_points, s.history_posted_at, today.day as today
        from (select ${shopDayOf(sql`now()`)} as day) today left join accounting_settings s on true`,
  );
  return { ...row!, lock_policy: row!.lock_policy ?? 'refuse', tender_accounts: row!.tender_accounts ?? {}, value_loyalty_points: row!.value_loyalty_points ?? false };
}

async function readSettings(tx: TenantTx, tenantId: string): Promise<AccountingSettings> {
  const row = await readSettingsRow(tx);
  // The chosen account of each tender, else its default account (made with the chart when missing).
  const accounts = await resolveAccounts(
    tx,
    tenantId,
    CONFIGURABLE_TENDERS.map((tender) => ({ tender })),
  );
  return {
    lockDate: row.lock_date,
    lockPolicy: row.lock_policy,
    tenderAccounts: Object.fromEntries(CONFIGURABLE_TENDERS.map((tender) => [tender, accounts.get(accountRefKey({ tender }))!])) as AccountingSettings['tenderAccounts'],
    valueLoyaltyPoints: row.value_loyalty_points,
    historyPostedAt: row.history_posted_at ? new Date(row.history_posted_at).toISOString() : null,
  };
}

export function getAccountingSettings(database: Database, tenantId: string): Promise<AccountingSettings> {
  return database.withTenant(tenantId, (tx) => readSettings(tx, tenantId));
}

/** Refuses (400 on tenderAccounts.<tender>) an account that is not an asset account of this shop in use (nor a control account). */
async function requireTenderAccounts(tx: TenantTx, chosen: Partial<Record<ConfigurableTender, string>>) {
  const entries = Object.entries(chosen) as [ConfigurableTender, string][];
  if (entries.length === 0) return;
  const rows = await queryRows<{ id: string; type: string; system_key: SystemAccountKey | null; is_archived: boolean }>(
    tx,
    sql`select id, type, system_key, is_archived from ledger_accounts where id in (${sql.join(
      entries.map(([, id]) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const fields: Record<string, string[]> = {};
  for (const [tender, id] of entries) {
    const account = byId.get(id);
    const usable = account && account.type === 'asset' && !account.is_archived && !(account.system_key && CONTROL_ACCOUNT_KEYS.includes(account.system_key));
    if (!usable) fields[`tenderAccounts.${tender}`] = [/*i18n*/ 'Choose an asset account in use'];
  }
  if (Object.keys(fields).length > 0) throw new HttpError('validation_failed', /*i18n*/ 'Choose an asset account in use', fields);
}

/** Accounts by id as the audit log names them: "1020 M-Pesa till". */
async function accountLabels(tx: TenantTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; label: string }>(
    tx,
    sql`select id, code || ' ' || name as label from ledger_accounts where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((row) => [row.id, row.label]));
}

/** What the audit log shows of the settings besides the lock date: each tender's chosen account (null: its default) and the loyalty valuation. */
function auditedSettings(tenderAccounts: Partial<Record<ConfigurableTender, string>>, valueLoyaltyPoints: boolean, labels: Map<string, string>) {
  return {
    ...Object.fromEntries(CONFIGURABLE_TENDERS.map((tender) => [`tenderAccounts.${tender}`, tenderAccounts[tender] ? (labels.get(tenderAccounts[tender]) ?? tenderAccounts[tender]) : null])),
    valueLoyaltyPoints,
  };
}

export interface SettingsActor {
  tenantId: string;
  userId: string;
  requestId: string | null;
}

/** Changes what the input names; the rest stays. The lock date is a day before the shop's today. */
export function updateAccountingSettings(database: Database, actor: SettingsActor, input: SettingsInput): Promise<AccountingSettings> {
  return database.withTenant(actor.tenantId, async (tx) => {
    const current = await readSettingsRow(tx);
    const lockDate = input.lockDate === undefined ? current.lock_date : input.lockDate;
    const lockPolicy = input.lockPolicy ?? current.lock_policy;
    // Today's sales must still post (or, with the policy, a lock date today would move them to tomorrow).
    if (lockDate !== null && lockDate !== current.lock_date && lockDate >= current.today) {
      throw new HttpError('validation_failed', /*i18n*/ 'The lock date must be before today', { lockDate: [/*i18n*/ 'The lock date must be before today'] });
    }
    if (input.tenderAccounts) await requireTenderAccounts(tx, input.tenderAccounts);
    const tenderAccounts = { ...current.tender_accounts, ...input.tenderAccounts };
    const valueLoyaltyPoints = input.valueLoyaltyPoints ?? current.value_loyalty_points;
    await tx.execute(
      sql`insert into accounting_settings (tenant_id, lock_date, lock_policy, tender_accounts, value_loyalty_points)
          values (${actor.tenantId}, ${lockDate}::date, ${lockPolicy}, ${JSON.stringify(tenderAccounts)}::jsonb, ${valueLoyaltyPoints})
          on conflict (tenant_id) do update set lock_date = excluded.lock_date, lock_policy = excluded.lock_policy, tender_accounts = excluded.tender_accounts,
            value_loyalty_points = excluded.value_loyalty_points, updated_at = now()`,
    );
    if (lockDate !== current.lock_date || lockPolicy !== current.lock_policy) {
      await recordAudit(tx, {
        tenantId: actor.tenantId,
        actorUserId: actor.userId,
        action: 'accounting.lock_date',
        entity: 'accounting_settings',
        before: { lockDate: current.lock_date, lockPolicy: current.lock_policy },
        after: { lockDate, lockPolicy },
        requestId: actor.requestId,
      });
    }
    const labels = await accountLabels(tx, [...new Set([...Object.values(current.tender_accounts), ...Object.values(tenderAccounts)])]);
    await recordSettingsChange(tx, {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action: 'settings.accounting',
      entity: 'accounting_settings',
      before: auditedSettings(current.tender_accounts, current.value_loyalty_points, labels),
      after: auditedSettings(tenderAccounts, valueLoyaltyPoints, labels),
    });
    return readSettings(tx, actor.tenantId);
  });
}
