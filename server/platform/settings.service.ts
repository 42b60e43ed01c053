import { eq, inArray, sql } from 'drizzle-orm';
import {
  PLATFORM_SETTING_KEYS,
  type PlatformSettings,
  type PlatformSettingsInput,
  type TestEmailResult,
} from '../../core/platform/settings.schemas';
import { SESSION_TTL_SECONDS } from '../auth/auth';
import { DEFAULT_TRIAL_DAYS } from '../billing/subscription.service';
import { queryRows, type Database, type PlatformTx } from '../db/client';
import { billingPlans, platformSettings } from '../db/schema/billing';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';
import { recordPlatformAudit } from './platform-audit';
import { SECURITY_EVENT_RETENTION_DAYS } from './security-events';

// The console's Settings page (issue 21, docs/platform.md "Settings"): the editable settings are
// platform_settings rows (PLATFORM_SETTING_KEYS); the others are facts of this server's
// configuration, shown, never stored.

type EditableSettings = PlatformSettingsInput;

const KEYS = Object.values(PLATFORM_SETTING_KEYS);

function fromRows(rows: { key: string; value: unknown }[]): EditableSettings {
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  const days = Number(byKey.get(PLATFORM_SETTING_KEYS.trialDays));
  const plan = byKey.get(PLATFORM_SETTING_KEYS.defaultPlanId);
  const banner = byKey.get(PLATFORM_SETTING_KEYS.maintenanceBanner);
  return {
    trialDays: Number.isInteger(days) && days > 0 ? days : DEFAULT_TRIAL_DAYS,
    defaultPlanId: typeof plan === 'string' && plan ? plan : null,
    signupEnabled: byKey.get(PLATFORM_SETTING_KEYS.signupEnabled) !== false,
    maintenanceBanner: typeof banner === 'string' ? banner : '',
  };
}

async function readEditable(db: Database['platform'] | PlatformTx): Promise<EditableSettings> {
  return fromRows(await db.select({ key: platformSettings.key, value: platformSettings.value }).from(platformSettings).where(inArray(platformSettings.key, KEYS)));
}

/** Whether shops may sign up (the Settings switch; on unless turned off). */
export async function isSignupEnabled(database: Database): Promise<boolean> {
  const [row] = await database.platform.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, PLATFORM_SETTING_KEYS.signupEnabled));
  return row?.value !== false;
}

/** The plan a new shop's trial is on when sign-up chose none (an offered plan only), or null. */
export async function readDefaultSignupPlanId(database: Database): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    database.platform,
    sql`select p.id from platform_settings s join billing_plans p on p.id::text = s.value #>> '{}'
         where s.key = ${PLATFORM_SETTING_KEYS.defaultPlanId} and p.is_active`,
  );
  return row?.id ?? null;
}

/** The maintenance banner's text while one is set, else null. */
export async function readMaintenanceBanner(database: Database): Promise<string | null> {
  const [row] = await database.platform
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, PLATFORM_SETTING_KEYS.maintenanceBanner));
  return typeof row?.value === 'string' && row.value.trim() ? row.value : null;
}

function paystackMode(key: string | undefined): PlatformSettings['paystack'] {
  if (!key) return { configured: false, mode: null };
  return { configured: true, mode: key.startsWith('sk_live_') ? 'live' : key.startsWith('sk_test_') ? 'test' : 'unknown' };
}

export async function readPlatformSettings(deps: AppDependencies): Promise<PlatformSettings> {
  const [editable, plans] = await Promise.all([
    readEditable(deps.database.platform),
    deps.database.platform
      .select({ id: billingPlans.id, name: billingPlans.name, period: billingPlans.period, isActive: billingPlans.isActive })
      .from(billingPlans)
      .orderBy(billingPlans.priceMinor, billingPlans.name),
  ]);
  return {
    ...editable,
    rootDomains: [...deps.config.rootDomains],
    smtp: { configured: Boolean(deps.config.smtpUrl), transport: deps.mailer.transport, from: deps.config.mailFrom },
    paystack: paystackMode(deps.config.paystackSecretKey),
    // Facts of the code (docs/platform.md "Settings"): only security events are purged, by a job.
    retention: [
      { what: 'sessions', days: SESSION_TTL_SECONDS / 86_400 },
      { what: 'security_events', days: SECURITY_EVENT_RETENTION_DAYS },
      { what: 'platform_audit', days: null },
      { what: 'shop_audit', days: null },
      { what: 'email_outbox', days: null },
    ],
    plans,
  };
}

/** Saves the editable settings, each in its row, and audits what changed (before and after), in one transaction. */
export async function updatePlatformSettings(deps: AppDependencies, actorUserId: string, input: PlatformSettingsInput): Promise<PlatformSettings> {
  if (input.defaultPlanId) {
    const [plan] = await deps.database.platform.select({ isActive: billingPlans.isActive }).from(billingPlans).where(eq(billingPlans.id, input.defaultPlanId));
    if (!plan?.isActive) {
      throw new HttpError('validation_failed', /*i18n*/ 'Choose an offered plan', { defaultPlanId: [/*i18n*/ 'That plan is not offered'] });
    }
  }
  await deps.database.platform.transaction(async (tx) => {
    // One admin's save at a time: the before of the audit is what this save replaced.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('platform_settings'))`);
    const before = await readEditable(tx);
    const after: EditableSettings = { ...input, maintenanceBanner: input.maintenanceBanner.trim() };
    const changed = (Object.keys(PLATFORM_SETTING_KEYS) as (keyof EditableSettings)[]).filter((field) => before[field] !== after[field]);
    if (changed.length === 0) return;
    for (const field of changed) {
      await tx
        .insert(platformSettings)
        .values({ key: PLATFORM_SETTING_KEYS[field], value: after[field] })
        .onConflictDoUpdate({ target: platformSettings.key, set: { value: after[field], updatedAt: new Date() } });
    }
    await recordPlatformAudit(tx, {
      actorUserId,
      action: 'settings.updated',
      before: Object.fromEntries(changed.map((field) => [field, before[field]])),
      after: Object.fromEntries(changed.map((field) => [field, after[field]])),
    });
  });
  return readPlatformSettings(deps);
}

/** A test e-mail to the admin's own address through the mailer (recorded in the outbox like any). */
export async function sendTestEmail(deps: AppDependencies, to: string): Promise<TestEmailResult> {
  try {
    await deps.mailer.send({
      kind: 'platform_test',
      to,
      subject: 'Dukani test e-mail',
      text: 'This is a test e-mail from the Dukani platform settings. If you can read it, e-mail delivery works.',
      html: '<p>This is a test e-mail from the Dukani platform settings. If you can read it, e-mail delivery works.</p>',
    });
    return { to, transport: deps.mailer.transport, ok: true, error: null };
  } catch (error) {
    return { to, transport: deps.mailer.transport, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
