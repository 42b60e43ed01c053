import { sql } from 'drizzle-orm';
import {
  CHANNELS,
  DEFAULT_TEMPLATES,
  TEST_MESSAGE,
  renderTemplate,
  sendableAt,
  type Channel,
  type MessageKind,
  type MessageLanguage,
  type TemplateKind,
  type TemplateValues,
} from '../../core/communications/communications.rules';
import { CONSENT_SOURCES, CONSENT_STATUSES, recipientSchemaFor, type ConsentView, type MessageView } from '../../core/communications/communications.schemas';
import { smsLength } from '../../core/communications/sms-segments.rules';
import { formatMinorUnits } from '../../core/settings/money.rules';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { HttpError, notFound } from '../http/errors';
import { readUserNames } from '../inventory/inventory-documents';
import { readSettings } from './channels.service';

// Queueing a message (issue 20, docs/decisions/0026-communications.md). Consent is read in the
// queueing transaction and again just before the send, so an opt-out recorded in between still
// stops it. A message waits out the shop's quiet hours (receipts and tests, asked for at the
// counter, do not). A dedupe key makes a retried request or a second run of a job queue it once.

export interface Shop {
  name: string;
  currencyCode: string;
  currencyDecimals: number;
  timeZone: string;
  language: MessageLanguage;
}

export async function readShop(tx: TenantTx, tenantId: string): Promise<Shop> {
  const [row] = await queryRows<{ name: string; currency_code: string | null; currency_decimals: number | null; time_zone: string | null; default_language: string | null }>(
    tx,
    sql`select t.name, bs.currency_code, bs.currency_decimals, bs.time_zone, bs.default_language
          from tenants t left join business_settings bs on bs.tenant_id = t.id where t.id = ${tenantId}`,
  );
  return {
    name: row!.name,
    currencyCode: row?.currency_code ?? 'KES',
    currencyDecimals: row?.currency_decimals ?? 2,
    timeZone: row?.time_zone ?? 'Africa/Nairobi',
    language: row?.default_language === 'sw' ? 'sw' : 'en',
  };
}

export const money = (shop: Shop, minor: number) => formatMinorUnits(minor, shop.currencyCode, shop.currencyDecimals);

/** The shop's own text for a kind, channel and language, else the built-in one. */
export async function templateFor(tx: TenantTx, kind: TemplateKind, channel: Channel, language: MessageLanguage): Promise<{ body: string; whatsappTemplate: string | null }> {
  const [row] = await queryRows<{ body: string; whatsapp_template: string | null }>(
    tx,
    sql`select body, whatsapp_template from message_templates where kind = ${kind} and channel = ${channel} and language = ${language}`,
  );
  return { body: row?.body ?? DEFAULT_TEMPLATES[kind][language], whatsappTemplate: row?.whatsapp_template ?? null };
}

export interface ContactFacts {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  balanceMinor: number;
  /** The earliest due date among what is still owed and past due ("YYYY-MM-DD"), else the earliest owed. */
  dueDate: string | null;
  points: number;
}

export interface ContactFactsRow {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  balance: string | number | null;
  due_date: string | null;
  points: number | null;
}

export const contactFactsOf = (row: ContactFactsRow): ContactFacts => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  email: row.email,
  balanceMinor: Number(row.balance ?? 0),
  dueDate: row.due_date,
  points: row.points ?? 0,
});

export async function readContactFacts(tx: TenantTx, contactId: string): Promise<ContactFacts | null> {
  const [row] = await queryRows<ContactFactsRow>(
    tx,
    sql`select c.id, c.name, c.phone, c.email,
               (select balance_minor from contact_accounts a where a.contact_id = c.id and a.side = 'receivable') as balance,
               (select min(due_date)::text from account_open_items o where o.contact_id = c.id and o.side = 'receivable' and o.direction = 'debit' and o.open_minor > 0) as due_date,
               (select points from loyalty_balances l where l.contact_id = c.id) as points
          from contacts c where c.id = ${contactId} and not c.is_archived`,
  );
  return row ? contactFactsOf(row) : null;
}

export function contactValues(shop: Shop, contact: ContactFacts): TemplateValues {
  return {
    customer_name: contact.name,
    shop_name: shop.name,
    balance: money(shop, contact.balanceMinor),
    due_date: contact.dueDate ?? '',
    points: String(contact.points),
  };
}

export const recipientOf = (channel: Channel, contact: Pick<ContactFacts, 'phone' | 'email'>) => (channel === 'email' ? contact.email : contact.phone);

/** 404 unless the contact is the shop's (another shop's is not found either). */
export async function requireContact(tx: TenantTx, contactId: string): Promise<void> {
  const [contact] = await queryRows(tx, sql`select id from contacts where id = ${contactId}`);
  if (!contact) throw notFound(/*i18n*/ 'Customer not found');
}

export type ConsentState = 'granted' | 'opted_out' | null;

export async function consentOf(tx: TenantTx, contactId: string, channel: Channel): Promise<ConsentState> {
  const [row] = await queryRows<{ status: 'granted' | 'opted_out' }>(tx, sql`select status from contact_consents where contact_id = ${contactId} and channel = ${channel}`);
  return row?.status ?? null;
}

export async function recordConsent(
  tx: TenantTx,
  tenantId: string,
  consent: { contactId: string; channel: Channel; status: 'granted' | 'opted_out'; source: string; recordedBy: string | null },
): Promise<void> {
  await tx.execute(
    sql`insert into contact_consents (tenant_id, contact_id, channel, status, source, recorded_by)
        values (${tenantId}, ${consent.contactId}, ${consent.channel}, ${consent.status}, ${consent.source}, ${consent.recordedBy})
        on conflict (tenant_id, contact_id, channel) do update
          set status = excluded.status, source = excluded.source, recorded_by = excluded.recorded_by, recorded_at = now()`,
  );
}

interface ConsentRow {
  channel: Channel;
  status: (typeof CONSENT_STATUSES)[number];
  source: (typeof CONSENT_SOURCES)[number];
  recorded_at: string | Date;
  recorded_by: string | null;
}

/** Every channel's consent, with when, how and who recorded it (names are platform rows: read after the shop's transaction). */
async function consentViews(database: Database, rows: ConsentRow[]): Promise<ConsentView[]> {
  const names = await readUserNames(database, rows.map((row) => row.recorded_by));
  return CHANNELS.map((channel) => {
    const row = rows.find((candidate) => candidate.channel === channel);
    return {
      channel,
      status: row?.status ?? null,
      source: row?.source ?? null,
      recordedAt: row ? new Date(row.recorded_at).toISOString() : null,
      recordedByName: row?.recorded_by ? (names.get(row.recorded_by) ?? null) : null,
    };
  });
}

const consentRows = (tx: TenantTx, contactId: string) =>
  queryRows<ConsentRow>(tx, sql`select channel, status, source, recorded_at, recorded_by from contact_consents where contact_id = ${contactId}`);

/** The customer's consent on every channel; 404 for another shop's customer. */
export async function readContactConsents(database: Database, tenantId: string, contactId: string): Promise<ConsentView[]> {
  const rows = await database.withTenant(tenantId, async (tx) => {
    await requireContact(tx, contactId);
    return consentRows(tx, contactId);
  });
  return consentViews(database, rows);
}

/** Records the customer's consent given or withdrawn on a channel, by this member; answers every channel's. */
export async function recordContactConsent(
  database: Database,
  tenantId: string,
  contactId: string,
  consent: { channel: Channel; status: ConsentRow['status']; source: ConsentRow['source'] },
  recordedBy: string,
): Promise<ConsentView[]> {
  const rows = await database.withTenant(tenantId, async (tx) => {
    await requireContact(tx, contactId);
    await recordConsent(tx, tenantId, { contactId, ...consent, recordedBy });
    return consentRows(tx, contactId);
  });
  return consentViews(database, rows);
}

/** Kinds a customer asked for at the counter: they go at once, quiet hours or not. */
const ASKED_FOR: readonly MessageKind[] = ['receipt', 'test'];

export interface NewMessage {
  channel: Channel;
  kind: MessageKind;
  contactId: string | null;
  campaignId?: string | null;
  recipient: string;
  subject?: string | null;
  body: string;
  language: MessageLanguage;
  whatsappTemplate?: string | null;
  templateParams?: string[] | null;
  dedupeKey?: string | null;
  createdBy?: string | null;
  /** Not before (a campaign's time); quiet hours may move it later. */
  notBefore?: Date;
}

export type QueueResult = { status: 'queued'; id: string; replayed: boolean } | { status: 'skipped'; id: string; reason: string };

const SKIP_OPTED_OUT = 'The customer opted out of this channel';

/**
 * Queues one message (or answers the one queued under its dedupe key). A contact who opted out of
 * the channel gets a skipped row instead, so the log says why nothing went.
 */
export async function queueMessage(tx: TenantTx, tenantId: string, message: NewMessage, now = new Date()): Promise<QueueResult> {
  if (message.dedupeKey) {
    const [existing] = await queryRows<{ id: string; status: string; failure_reason: string | null }>(
      tx,
      sql`select id, status, failure_reason from communication_messages where dedupe_key = ${message.dedupeKey}`,
    );
    if (existing) {
      return existing.status === 'skipped' ? { status: 'skipped', id: existing.id, reason: existing.failure_reason ?? '' } : { status: 'queued', id: existing.id, replayed: true };
    }
  }
  const optedOut = message.contactId && (await consentOf(tx, message.contactId, message.channel)) === 'opted_out' ? new Set([message.contactId]) : new Set<string>();
  const [row] = await insertMessages(tx, tenantId, [message], optedOut, now);
  return row!.status === 'skipped' ? { status: 'skipped', id: row!.id, reason: SKIP_OPTED_OUT } : { status: 'queued', id: row!.id, replayed: false };
}

/** Queues many messages in one statement (a campaign's batch); a dedupe key already used is passed over. */
export async function queueMessages(tx: TenantTx, tenantId: string, messages: NewMessage[], optedOut: Set<string>, now = new Date()): Promise<{ queued: number; skipped: number }> {
  const rows = messages.length ? await insertMessages(tx, tenantId, messages, optedOut, now) : [];
  return { queued: rows.filter((row) => row.status === 'queued').length, skipped: rows.filter((row) => row.status === 'skipped').length };
}

async function insertMessages(tx: TenantTx, tenantId: string, messages: NewMessage[], optedOut: Set<string>, now: Date): Promise<{ id: string; status: string }[]> {
  const settings = await readSettings(tx);
  const shop = await readShop(tx, tenantId);
  const values = messages.map((message) => {
    const skipped = message.contactId !== null && optedOut.has(message.contactId);
    const quiet = settings.quietHoursEnabled && !ASKED_FOR.includes(message.kind) ? { start: settings.quietStart, end: settings.quietEnd } : null;
    const sendAfter = sendableAt(message.notBefore && message.notBefore > now ? message.notBefore : now, quiet, shop.timeZone);
    const segments = message.channel === 'sms' ? smsLength(message.body).segments : 1;
    const params = message.templateParams ? sql`array[${sql.join(message.templateParams.map((param) => sql`${param}`), sql`, `)}]::text[]` : sql`null`;
    return sql`(${tenantId}::uuid, ${message.channel}, ${message.kind}, ${message.contactId}::uuid, ${message.campaignId ?? null}::uuid, ${message.dedupeKey ?? null},
                ${message.recipient}, ${message.subject ?? null}, ${message.body}, ${message.language}, ${message.whatsappTemplate ?? null}, ${params},
                ${skipped ? 'skipped' : 'queued'}, ${skipped ? SKIP_OPTED_OUT : null}, ${segments}::int, ${sendAfter.toISOString()}::timestamptz, ${message.createdBy ?? null}::uuid)`;
  });
  return queryRows<{ id: string; status: string }>(
    tx,
    sql`insert into communication_messages (tenant_id, channel, kind, contact_id, campaign_id, dedupe_key, recipient, subject, body, language,
                                            whatsapp_template, template_params, status, failure_reason, segments, send_after, created_by)
        values ${sql.join(values, sql`, `)}
        on conflict (tenant_id, dedupe_key) do nothing
        returning id, status`,
  );
}

interface MessageRow {
  id: string;
  channel: Channel;
  kind: MessageKind;
  contact_id: string | null;
  contact_name: string | null;
  campaign_id: string | null;
  recipient: string;
  body: string;
  status: MessageView['status'];
  sandbox: boolean;
  segments: number;
  failure_reason: string | null;
  cost_minor: number | null;
  cost_currency: string | null;
  attempts: number;
  send_after: string | Date;
  sent_at: string | Date | null;
  delivered_at: string | Date | null;
  created_at: string | Date;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function messageView(row: MessageRow): MessageView {
  return {
    id: row.id,
    channel: row.channel,
    kind: row.kind,
    contactId: row.contact_id,
    contactName: row.contact_name,
    campaignId: row.campaign_id,
    recipient: row.recipient,
    body: row.body,
    status: row.status,
    sandbox: row.sandbox,
    segments: row.segments,
    failureReason: row.failure_reason,
    costMinor: row.cost_minor,
    costCurrency: row.cost_currency,
    attempts: row.attempts,
    sendAfter: iso(row.send_after)!,
    sentAt: iso(row.sent_at),
    deliveredAt: iso(row.delivered_at),
    createdAt: iso(row.created_at)!,
  };
}

const SELECT_MESSAGE = sql`select m.id, m.channel, m.kind, m.contact_id, c.name as contact_name, m.campaign_id, m.recipient, m.body, m.status, m.sandbox,
                                  m.segments, m.failure_reason, m.cost_minor, m.cost_currency, m.attempts, m.send_after, m.sent_at, m.delivered_at, m.created_at
                             from communication_messages m left join contacts c on c.id = m.contact_id`;

export async function readMessage(tx: TenantTx, id: string): Promise<MessageView | null> {
  const [row] = await queryRows<MessageRow>(tx, sql`${SELECT_MESSAGE} where m.id = ${id}`);
  return row ? messageView(row) : null;
}

export const MESSAGE_PAGE_SIZE = 50;

export interface MessagePage {
  items: MessageView[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

/** Newest first; a search matches the recipient (a phone's digits or an address) or the customer's name. */
export async function listMessages(tx: TenantTx, query: { q?: string; status?: string; channel?: string; kind?: string; contactId?: string; page: number }): Promise<MessagePage> {
  const filters = [sql`true`];
  if (query.contactId) filters.push(sql`m.contact_id = ${query.contactId}`);
  if (query.status) filters.push(sql`m.status = ${query.status}`);
  if (query.channel) filters.push(sql`m.channel = ${query.channel}`);
  if (query.kind) filters.push(sql`m.kind = ${query.kind}`);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    filters.push(sql`(m.recipient ilike ${like} or c.name ilike ${like})`);
  }
  const rows = await queryRows<MessageRow>(
    tx,
    sql`${SELECT_MESSAGE} where ${sql.join(filters, sql` and `)}
        order by m.created_at desc, m.id desc limit ${MESSAGE_PAGE_SIZE + 1} offset ${(query.page - 1) * MESSAGE_PAGE_SIZE}`,
  );
  return { items: rows.slice(0, MESSAGE_PAGE_SIZE).map(messageView), page: query.page, pageSize: MESSAGE_PAGE_SIZE, hasMore: rows.length > MESSAGE_PAGE_SIZE };
}

/** The messages to one customer, newest first; 404 for another shop's customer. */
export async function listContactMessages(database: Database, tenantId: string, contactId: string, page: number): Promise<MessagePage> {
  return database.withTenant(tenantId, async (tx) => {
    await requireContact(tx, contactId);
    return listMessages(tx, { contactId, page });
  });
}

/** The fixed test message to a phone or an address the owner typed (at once, quiet hours or not). */
export async function queueTestMessage(
  tx: TenantTx,
  tenantId: string,
  test: { channel: Channel; to: string; language: MessageLanguage },
  createdBy: string,
): Promise<string> {
  const recipient = recipientSchemaFor[test.channel].safeParse(test.to);
  if (!recipient.success || !recipient.data) {
    throw new HttpError('validation_failed', /*i18n*/ 'Check the recipient', {
      to: [test.channel === 'email' ? /*i18n*/ 'Enter a valid e-mail address' : /*i18n*/ 'Enter a Kenyan phone number such as 0712 345 678'],
    });
  }
  const shop = await readShop(tx, tenantId);
  const queued = await queueMessage(tx, tenantId, {
    channel: test.channel,
    kind: 'test',
    contactId: null,
    recipient: recipient.data,
    subject: shop.name,
    body: renderTemplate(TEST_MESSAGE[test.language], { shop_name: shop.name }),
    language: test.language,
    whatsappTemplate: test.channel === 'whatsapp' ? 'hello_world' : null,
    templateParams: [],
    createdBy,
  });
  return queued.id;
}

/** A template's text for a contact, ready to queue (renders and names the WhatsApp template's parameters in order). */
export function renderFor(body: string, values: TemplateValues): { text: string; params: string[] } {
  const params = [...body.matchAll(/\{([a-z_]+)\}/g)].map((match) => values[match[1] as keyof TemplateValues] ?? '');
  return { text: renderTemplate(body, values), params };
}
