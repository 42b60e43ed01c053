import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { changedSides } from '../../core/audit/audit-diff.rules';
import type { Channel } from '../../core/communications/communications.rules';
import type { ChannelView, CommunicationSettings, CommunicationSettingsInput, SmsChannelInput, WhatsappChannelInput } from '../../core/communications/communications.schemas';
import { recordAudit, recordSettingsChange } from '../audit/audit-events.service';
import { queryRows, type TenantTx } from '../db/client';
import { secretHint, type SecretBox } from '../security/secret-box';
import type { AtAccount } from './africastalking.client';
import type { WhatsappAccount } from './whatsapp.client';

// A shop's channels and settings (issue 20, docs/decisions/0026-communications.md). Secrets are
// sealed with the shop, the row and the field as associated data and leave the API only as "set"
// and the last four characters. A channel without credentials is the sandbox: its messages go to
// the development outbox (the message log, marked sandbox) and never to a provider.

export interface ChannelRow {
  id: string;
  channel: Channel;
  enabled: boolean;
  environment: 'sandbox' | 'production';
  username: string | null;
  api_key_sealed: string | null;
  sender_id: string | null;
  phone_number_id: string | null;
  access_token_sealed: string | null;
  app_secret_sealed: string | null;
  rate_per_minute: number;
}

interface SettingsRow {
  id: string;
  reminders_enabled: boolean;
  reminder_channel: Channel;
  reminder_every_days: number;
  quiet_hours_enabled: boolean;
  quiet_start: string;
  quiet_end: string;
  low_stock_alerts: boolean;
  owner_phone: string | null;
  callback_token_hash: string;
  callback_token_sealed: string;
}

type SecretField = 'apiKey' | 'accessToken' | 'appSecret';
const COLUMN_OF = { apiKey: 'api_key_sealed', accessToken: 'access_token_sealed', appSecret: 'app_secret_sealed' } as const;

const secretContext = (tenantId: string, rowId: string, field: string) => `${tenantId}:communications.${rowId}.${field}`;
const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const SECRET_FIELDS: readonly SecretField[] = ['apiKey', 'accessToken', 'appSecret'];

/** A channel's secret in clear (null: not set), for the worker, the screen's last four and the audit's comparison. */
function openSecret(tenantId: string, row: ChannelRow | undefined, field: SecretField, secretBox: SecretBox): string | null {
  const sealed = row?.[COLUMN_OF[field]];
  return sealed && row ? secretBox.open(sealed, secretContext(tenantId, row.id, field)) : null;
}

export const DEFAULT_SETTINGS: CommunicationSettings = {
  remindersEnabled: false,
  reminderChannel: 'sms',
  reminderEveryDays: 7,
  quietHoursEnabled: true,
  quietStart: '20:00',
  quietEnd: '08:00',
  lowStockAlerts: false,
  ownerPhone: null,
};

export async function readChannelRows(tx: TenantTx): Promise<ChannelRow[]> {
  return queryRows<ChannelRow>(tx, sql`select * from communication_channels order by channel`);
}

async function readSettingsRow(tx: TenantTx): Promise<SettingsRow | null> {
  const [row] = await queryRows<SettingsRow>(tx, sql`select * from communication_settings`);
  return row ?? null;
}

/** The shop's settings row, made with its callback token on first use (writes: not in a read-only request). */
async function ensureSettingsRow(tx: TenantTx, tenantId: string, secretBox: SecretBox): Promise<SettingsRow> {
  const found = await readSettingsRow(tx);
  if (found) return found;
  const id = randomUUID();
  const token = randomBytes(32).toString('base64url');
  await tx.execute(
    sql`insert into communication_settings (tenant_id, id, callback_token_hash, callback_token_sealed)
        values (${tenantId}, ${id}, ${tokenHash(token)}, ${secretBox.seal(token, secretContext(tenantId, id, 'callbackToken'))})
        on conflict (tenant_id) do nothing`,
  );
  return (await readSettingsRow(tx))!;
}

export function settingsView(row: SettingsRow | null): CommunicationSettings {
  if (!row) return DEFAULT_SETTINGS;
  return {
    remindersEnabled: row.reminders_enabled,
    reminderChannel: row.reminder_channel,
    reminderEveryDays: row.reminder_every_days,
    quietHoursEnabled: row.quiet_hours_enabled,
    quietStart: row.quiet_start,
    quietEnd: row.quiet_end,
    lowStockAlerts: row.low_stock_alerts,
    ownerPhone: row.owner_phone,
  };
}

export async function readSettings(tx: TenantTx): Promise<CommunicationSettings> {
  return settingsView(await readSettingsRow(tx));
}

/** Saves the automated messages and quiet hours; what changed is audited (settings.communications). */
export async function saveSettings(tx: TenantTx, tenantId: string, secretBox: SecretBox, input: CommunicationSettingsInput, actorUserId: string): Promise<CommunicationSettings> {
  const before = await readSettings(tx);
  const row = await ensureSettingsRow(tx, tenantId, secretBox);
  await tx.execute(
    sql`update communication_settings set reminders_enabled = ${input.remindersEnabled}, reminder_channel = ${input.reminderChannel},
          reminder_every_days = ${input.reminderEveryDays}, quiet_hours_enabled = ${input.quietHoursEnabled}, quiet_start = ${input.quietStart},
          quiet_end = ${input.quietEnd}, low_stock_alerts = ${input.lowStockAlerts}, owner_phone = ${input.ownerPhone}, updated_at = now()
        where id = ${row.id}`,
  );
  const after = await readSettings(tx);
  await recordSettingsChange(tx, { tenantId, actorUserId, action: 'settings.communications', entity: 'communication_settings', before, after });
  return after;
}

const isLive = (row: ChannelRow | undefined): boolean => {
  if (!row) return false;
  if (row.channel === 'sms') return Boolean(row.username && row.api_key_sealed);
  if (row.channel === 'whatsapp') return Boolean(row.phone_number_id && row.access_token_sealed);
  return true;
};

export function callbackUrlsFor(base: string, tenantId: string, token: string) {
  const root = `${base.replace(/\/+$/, '')}/api/communications/callbacks/${tenantId}/${token}`;
  return { delivery: `${root}/sms/delivery`, inbound: `${root}/sms/inbound`, whatsapp: `${root}/whatsapp` };
}

/** Every channel as the screen shows it, the ones never saved with their defaults. */
export async function channelViews(tx: TenantTx, tenantId: string, secretBox: SecretBox, callbackBase: string, emailTransport: 'smtp' | 'outbox'): Promise<ChannelView[]> {
  const rows = await readChannelRows(tx);
  const settings = await readSettingsRow(tx);
  const token = settings ? secretBox.open(settings.callback_token_sealed, secretContext(tenantId, settings.id, 'callbackToken')) : null;
  return (['sms', 'whatsapp', 'email'] as const).map((channel) => {
    const row = rows.find((candidate) => candidate.channel === channel);
    const hint = (field: SecretField) => secretHint(openSecret(tenantId, row, field, secretBox));
    const live = channel === 'email' ? emailTransport === 'smtp' : isLive(row);
    return {
      channel,
      enabled: row?.enabled ?? true,
      mode: live ? 'live' : 'sandbox',
      environment: row?.environment ?? 'sandbox',
      username: row?.username ?? null,
      senderId: row?.sender_id ?? null,
      phoneNumberId: row?.phone_number_id ?? null,
      apiKey: hint('apiKey'),
      accessToken: hint('accessToken'),
      appSecret: hint('appSecret'),
      ratePerMinute: row?.rate_per_minute ?? 600,
      callbackUrls: token ? callbackUrlsFor(callbackBase, tenantId, token) : null,
      verifyToken: channel === 'whatsapp' ? token : null,
    };
  });
}

type ChannelInput = ({ channel: 'sms' } & SmsChannelInput) | ({ channel: 'whatsapp' } & WhatsappChannelInput) | { channel: 'email'; enabled: boolean };

/** What the audit log may show of a channel (a channel never saved: its defaults): everything but the secrets. */
const auditedFields = (row: ChannelRow | undefined) => ({
  enabled: row?.enabled ?? true,
  environment: row?.environment ?? 'sandbox',
  username: row?.username ?? null,
  senderId: row?.sender_id ?? null,
  phoneNumberId: row?.phone_number_id ?? null,
  ratePerMinute: row?.rate_per_minute ?? 600,
});

const channelRow = async (tx: TenantTx, channel: Channel) => (await readChannelRows(tx)).find((candidate) => candidate.channel === channel);

/**
 * Creates or changes a channel; a secret not sent is kept, clearCredentials removes them (back to
 * the sandbox). The change is audited (settings.communications) in the same transaction: the
 * fields that changed, before and after, and a secret only by name (details.secretsChanged),
 * never its value; nothing when the save changed nothing.
 */
export async function saveChannel(tx: TenantTx, tenantId: string, secretBox: SecretBox, input: ChannelInput, actorUserId: string): Promise<void> {
  await ensureSettingsRow(tx, tenantId, secretBox);
  const existing = await channelRow(tx, input.channel);
  await tx.execute(
    sql`insert into communication_channels (tenant_id, channel) values (${tenantId}, ${input.channel}) on conflict (tenant_id, channel) do nothing`,
  );
  const row = existing ?? (await channelRow(tx, input.channel))!;
  const sealed = (field: SecretField, typed: string | undefined, clear: boolean) => {
    if (clear) return null;
    if (typed === undefined) return row[COLUMN_OF[field]];
    return secretBox.seal(typed, secretContext(tenantId, row.id, field));
  };
  if (input.channel === 'sms') {
    await tx.execute(
      sql`update communication_channels set enabled = ${input.enabled}, environment = ${input.environment}, username = ${input.username},
            sender_id = ${input.senderId}, rate_per_minute = ${input.ratePerMinute},
            api_key_sealed = ${sealed('apiKey', input.apiKey, input.clearCredentials)}, updated_at = now()
          where id = ${row.id}`,
    );
  } else if (input.channel === 'whatsapp') {
    await tx.execute(
      sql`update communication_channels set enabled = ${input.enabled}, phone_number_id = ${input.phoneNumberId}, rate_per_minute = ${input.ratePerMinute},
            access_token_sealed = ${sealed('accessToken', input.accessToken, input.clearCredentials)},
            app_secret_sealed = ${sealed('appSecret', input.appSecret, input.clearCredentials)}, updated_at = now()
          where id = ${row.id}`,
    );
  } else {
    await tx.execute(sql`update communication_channels set enabled = ${input.enabled}, updated_at = now() where id = ${row.id}`);
  }
  const saved = await channelRow(tx, input.channel);
  const sides = changedSides(auditedFields(existing), auditedFields(saved));
  const secretsChanged = SECRET_FIELDS.filter((field) => openSecret(tenantId, existing, field, secretBox) !== openSecret(tenantId, saved, field, secretBox));
  if (!sides && secretsChanged.length === 0) return;
  await recordAudit(tx, {
    tenantId,
    actorUserId,
    action: 'settings.communications',
    entity: 'communication_channels',
    entityId: row.id,
    ...sides,
    details: { channel: input.channel, ...(secretsChanged.length ? { secretsChanged } : {}) },
  });
}

/** What the worker sends with: the opened account of a live channel, or null (the sandbox). */
export interface OpenedChannel {
  channel: Channel;
  enabled: boolean;
  ratePerMinute: number;
  sms: AtAccount | null;
  whatsapp: WhatsappAccount | null;
}

export function openChannel(tenantId: string, channel: Channel, row: ChannelRow | undefined, secretBox: SecretBox): OpenedChannel {
  const open = (field: SecretField) => openSecret(tenantId, row, field, secretBox);
  const live = isLive(row);
  return {
    channel,
    enabled: row?.enabled ?? true,
    ratePerMinute: row?.rate_per_minute ?? 600,
    sms: channel === 'sms' && live ? { environment: row!.environment, username: row!.username!, apiKey: open('apiKey')!, senderId: row!.sender_id } : null,
    whatsapp: channel === 'whatsapp' && live ? { phoneNumberId: row!.phone_number_id!, accessToken: open('accessToken')! } : null,
  };
}

/** The WhatsApp app secret a webhook's signature is checked with (null: no live WhatsApp channel). */
export function whatsappAppSecret(tenantId: string, row: ChannelRow | undefined, secretBox: SecretBox): string | null {
  return openSecret(tenantId, row, 'appSecret', secretBox);
}

/** Whether this is the shop's callback token, compared in constant time. */
export async function validCallbackToken(tx: TenantTx, token: string): Promise<boolean> {
  const row = await readSettingsRow(tx);
  if (!row) return false;
  const stored = Buffer.from(row.callback_token_hash, 'hex');
  const presented = Buffer.from(tokenHash(token), 'hex');
  return stored.length === presented.length && timingSafeEqual(stored, presented);
}
