import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { MpesaSettings, MpesaSettingsInput } from '../../core/payments/mpesa.schemas';
import { recordSettingsChange } from '../audit/audit-events.service';
import { queryRows, type TenantTx } from '../db/client';
import type { AppDependencies } from '../http/context';
import { secretHint, type SecretBox } from '../security/secret-box';
import { createDarajaClient, type DarajaClient, type DarajaCredentials } from './daraja.client';

// The shop's Daraja account (issue 19, docs/decisions/0022-mpesa-daraja.md): one row for the shop
// and optional rows for a location (its own till). Secrets are sealed with the shop, the row and the
// field bound as associated data; the API shows only "set" and the last four characters.

const SECRET_FIELDS = ['consumerKey', 'consumerSecret', 'passkey', 'securityCredential'] as const;
type SecretField = (typeof SECRET_FIELDS)[number];

const COLUMN_OF: Record<SecretField, string> = {
  consumerKey: 'consumer_key_sealed',
  consumerSecret: 'consumer_secret_sealed',
  passkey: 'passkey_sealed',
  securityCredential: 'security_credential_sealed',
};

export interface MpesaSettingsRow {
  id: string;
  location_id: string | null;
  shortcode_type: 'till' | 'paybill';
  shortcode: string | null;
  till_number: string | null;
  consumer_key_sealed: string | null;
  consumer_secret_sealed: string | null;
  passkey_sealed: string | null;
  initiator_name: string | null;
  security_credential_sealed: string | null;
  environment: 'sandbox' | 'production';
  callback_token_hash: string;
  callback_token_sealed: string;
  c2b_registered_at: Date | string | null;
}

/** What a push, a query or a registration needs, opened; simulated without credentials. */
export interface MpesaAccount {
  settingsId: string | null;
  simulated: boolean;
  shortcodeType: 'till' | 'paybill';
  shortcode: string | null;
  tillNumber: string | null;
  credentials: DarajaCredentials | null;
  passkey: string | null;
  initiatorName: string | null;
  securityCredential: string | null;
  callbackToken: string | null;
}

const secretContext = (tenantId: string, settingsId: string, field: string) => `${tenantId}:mpesa.${settingsId}.${field}`;
const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The shop's row, or the location's own when it has one. */
export async function readSettingsRow(tx: TenantTx, locationId: string | null, exact = false): Promise<MpesaSettingsRow | null> {
  const rows = await queryRows<MpesaSettingsRow>(
    tx,
    exact
      ? sql`select * from mpesa_settings where location_id is not distinct from ${locationId}::uuid`
      : sql`select * from mpesa_settings where location_id is null or location_id = ${locationId}::uuid order by location_id nulls last limit 1`,
  );
  return rows[0] ?? null;
}

/** A stored secret, opened (null when not set). */
function openSecret(tenantId: string, row: MpesaSettingsRow | null, field: SecretField, secretBox: SecretBox): string | null {
  const sealed = row?.[COLUMN_OF[field] as keyof MpesaSettingsRow] as string | null | undefined;
  return sealed && row ? secretBox.open(sealed, secretContext(tenantId, row.id, field)) : null;
}

const isLive = (row: MpesaSettingsRow | null) => Boolean(row?.shortcode && row.consumer_key_sealed && row.consumer_secret_sealed && row.passkey_sealed);

export function openAccount(tenantId: string, row: MpesaSettingsRow | null, secretBox: SecretBox): MpesaAccount {
  const open = (field: SecretField) => openSecret(tenantId, row, field, secretBox);
  const live = isLive(row);
  return {
    settingsId: row?.id ?? null,
    simulated: !live,
    shortcodeType: row?.shortcode_type ?? 'till',
    shortcode: row?.shortcode ?? null,
    tillNumber: row?.till_number ?? null,
    credentials: live ? { environment: row!.environment, consumerKey: open('consumerKey')!, consumerSecret: open('consumerSecret')! } : null,
    passkey: live ? open('passkey') : null,
    initiatorName: row?.initiator_name ?? null,
    securityCredential: live ? open('securityCredential') : null,
    callbackToken: row ? secretBox.open(row.callback_token_sealed, secretContext(tenantId, row.id, 'callbackToken')) : null,
  };
}

export function callbackUrlsFor(base: string, tenantId: string, token: string) {
  const root = `${base.replace(/\/+$/, '')}/api/mpesa/callbacks/${tenantId}/${token}`;
  return {
    stk: `${root}/stk`,
    validation: `${root}/c2b/validation`,
    confirmation: `${root}/c2b/confirmation`,
    statusResult: `${root}/status/result`,
    statusTimeout: `${root}/status/timeout`,
  };
}

export function settingsView(tenantId: string, row: MpesaSettingsRow | null, secretBox: SecretBox, callbackBase: string, locationId: string | null): MpesaSettings {
  const hint = (field: SecretField) => secretHint(openSecret(tenantId, row, field, secretBox));
  const token = row ? secretBox.open(row.callback_token_sealed, secretContext(tenantId, row.id, 'callbackToken')) : null;
  const registered = row?.c2b_registered_at ?? null;
  return {
    id: row?.id ?? null,
    locationId: row?.location_id ?? locationId,
    mode: isLive(row) ? 'live' : 'simulated',
    shortcodeType: row?.shortcode_type ?? 'till',
    shortcode: row?.shortcode ?? null,
    tillNumber: row?.till_number ?? null,
    environment: row?.environment ?? 'sandbox',
    initiatorName: row?.initiator_name ?? null,
    consumerKey: hint('consumerKey'),
    consumerSecret: hint('consumerSecret'),
    passkey: hint('passkey'),
    securityCredential: hint('securityCredential'),
    c2bRegisteredAt: registered ? new Date(registered).toISOString() : null,
    callbackUrls: token ? callbackUrlsFor(callbackBase, tenantId, token) : null,
  };
}

/** What the audit log may show of a row: everything but the secrets. */
const auditedFields = (row: MpesaSettingsRow) => ({
  shortcodeType: row.shortcode_type,
  shortcode: row.shortcode,
  tillNumber: row.till_number,
  environment: row.environment,
  initiatorName: row.initiator_name,
});

/**
 * Creates or changes the shop's (or a location's) row; secrets not sent are kept. The change is
 * audited (settings.mpesa) in the same transaction, a secret only by name.
 */
export async function saveSettings(tx: TenantTx, tenantId: string, secretBox: SecretBox, input: MpesaSettingsInput, actorUserId: string): Promise<MpesaSettingsRow> {
  const existing = await readSettingsRow(tx, input.locationId, true);
  let row = existing;
  if (!row) {
    const id = randomUUID();
    const token = randomBytes(32).toString('base64url');
    await queryRows(
      tx,
      sql`insert into mpesa_settings (tenant_id, id, location_id, callback_token_hash, callback_token_sealed)
          values (${tenantId}, ${id}, ${input.locationId}, ${tokenHash(token)}, ${secretBox.seal(token, secretContext(tenantId, id, 'callbackToken'))})`,
    );
    row = (await readSettingsRow(tx, input.locationId, true))!;
  }
  const sealedValue = (field: SecretField) => {
    if (input.clearCredentials) return null;
    const typed = input[field];
    if (typed === undefined) return (row![COLUMN_OF[field] as keyof MpesaSettingsRow] as string | null) ?? null;
    return secretBox.seal(typed, secretContext(tenantId, row!.id, field));
  };
  await queryRows(
    tx,
    sql`update mpesa_settings set
          shortcode_type = ${input.shortcodeType}, shortcode = ${input.shortcode}, till_number = ${input.shortcodeType === 'till' ? input.tillNumber : null},
          environment = ${input.environment}, initiator_name = ${input.initiatorName},
          consumer_key_sealed = ${sealedValue('consumerKey')}, consumer_secret_sealed = ${sealedValue('consumerSecret')},
          passkey_sealed = ${sealedValue('passkey')}, security_credential_sealed = ${sealedValue('securityCredential')},
          c2b_registered_at = case when shortcode is distinct from ${input.shortcode} then null else c2b_registered_at end,
          updated_at = now()
        where id = ${row.id}`,
  );
  const saved = (await readSettingsRow(tx, input.locationId, true))!;
  await recordSettingsChange(tx, {
    tenantId,
    actorUserId,
    action: 'settings.mpesa',
    entity: 'mpesa_settings',
    entityId: saved.id,
    before: existing ? auditedFields(existing) : {},
    after: auditedFields(saved),
    secretsChanged: SECRET_FIELDS.filter((field) => openSecret(tenantId, existing, field, secretBox) !== openSecret(tenantId, saved, field, secretBox)),
    details: input.locationId ? { locationId: input.locationId } : undefined,
  });
  return saved;
}

/**
 * The settings row whose callback token this is, or null. Every row of the shop is compared in
 * constant time (a shop has one row per till at most), so the answer's timing says nothing.
 */
export async function settingsForCallbackToken(tx: TenantTx, token: string): Promise<MpesaSettingsRow | null> {
  const rows = await queryRows<MpesaSettingsRow>(tx, sql`select * from mpesa_settings`);
  const presented = Buffer.from(tokenHash(token), 'hex');
  let match: MpesaSettingsRow | null = null;
  for (const row of rows) {
    const stored = Buffer.from(row.callback_token_hash, 'hex');
    if (stored.length === presented.length && timingSafeEqual(stored, presented)) match = row;
  }
  return match;
}

const clients = new WeakMap<AppDependencies['config'], DarajaClient>();

/** One Daraja client per server (its token cache lives as long as the process). */
export function darajaFor(deps: Pick<AppDependencies, 'config'>): DarajaClient {
  let client = clients.get(deps.config);
  if (!client) {
    client = createDarajaClient({ baseUrls: deps.config.providerUrls.mpesa });
    clients.set(deps.config, client);
  }
  return client;
}

/** Where Safaricom reaches this server: PUBLIC_URL, else the origin the request came in on. */
export const callbackBaseOf = (deps: Pick<AppDependencies, 'config'>, requestUrl: string) => deps.config.publicUrl ?? new URL(requestUrl).origin;
