import { sql } from 'drizzle-orm';
import { minutesOf, parseProviderCost, sendableAt, type Channel, type MessageKind } from '../../core/communications/communications.rules';
import type { AppConfig } from '../config';
import { queryRows, type Database } from '../db/client';
import type { Mailer } from '../email/email.service';
import { shopWakers, type ShopWaker } from '../jobs/shop-waker';
import type { Logger } from '../logger';
import type { SecretBox } from '../security/secret-box';
import { createAfricasTalkingClient, type AtClient, type SendOutcome } from './africastalking.client';
import { openChannel, readChannelRows, readSettings, type OpenedChannel } from './channels.service';
import { readShop } from './messages.service';
import { createWhatsappClient, type WhatsappClient } from './whatsapp.client';

// The message queue's worker (issue 20, docs/decisions/0026-communications.md). The message table is
// the queue: a batch of due rows is leased (FOR UPDATE SKIP LOCKED, so servers draining the same
// shop take different rows), sent concurrently, and recorded in one statement under the lease. Each
// channel sends at most its rate per minute (counted from what went out in the last minute, so it
// holds across servers). A provider's temporary trouble is retried with backoff, five times; a
// refusal (a bad number, a blacklist) fails the message with the provider's reason. Consent is read
// again at the send (one query a batch), and a debt reminder whose customer has paid meanwhile is skipped.

export interface OutboxDeps {
  database: Database;
  secretBox: SecretBox;
  logger: Logger;
  mailer: Mailer;
  sms: AtClient;
  whatsapp: WhatsappClient;
}

const providers = new WeakMap<object, { sms: AtClient; whatsapp: WhatsappClient }>();

export function outboxDeps(deps: { database: Database; secretBox: SecretBox; logger: Logger; mailer: Mailer; config: Pick<AppConfig, 'providerUrls'> }): OutboxDeps {
  let found = providers.get(deps.config);
  if (!found) {
    found = {
      sms: createAfricasTalkingClient({ baseUrls: deps.config.providerUrls.africastalking }),
      whatsapp: createWhatsappClient({ baseUrl: deps.config.providerUrls.whatsapp }),
    };
    providers.set(deps.config, found);
  }
  return { database: deps.database, secretBox: deps.secretBox, logger: deps.logger, mailer: deps.mailer, ...found };
}

const LEASE_MS = 60_000;
const BATCH = 100;
export const MAX_ATTEMPTS = 5;

/** Waiting time after the n-th temporary failure: 1 min, 2, 4, 8 (then failed). */
export const retryBackoffMs = (attempts: number) => 60_000 * 2 ** Math.max(0, attempts - 1);

interface Claimed {
  id: string;
  channel: Channel;
  kind: MessageKind;
  contact_id: string | null;
  recipient: string;
  subject: string | null;
  body: string;
  language: string;
  whatsapp_template: string | null;
  template_params: string[] | null;
  attempts: number;
}

type Result =
  | { id: string; status: 'sent'; sandbox: boolean; providerMessageId: string | null; costMinor: number | null; costCurrency: string | null }
  | { id: string; status: 'failed' | 'skipped'; reason: string }
  | { id: string; status: 'queued'; reason: string; retryAt: Date };

export interface DrainOptions {
  clock?: () => Date;
  /** Stop after this many messages (a job's share per shop). */
  maxMessages?: number;
}

export interface DrainResult {
  sent: number;
  failed: number;
  skipped: number;
  retried: number;
}

async function sentInLastMinute(database: Database, tenantId: string, channel: Channel, now: Date): Promise<number> {
  const [row] = await database.withTenant(tenantId, (tx) =>
    queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from communication_messages where channel = ${channel} and sent_at > ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz`,
    ),
  );
  return row!.n;
}

async function claim(database: Database, tenantId: string, channel: Channel, limit: number, quietNow: boolean, now: Date, leaseUntil: Date): Promise<Claimed[]> {
  const at = now.toISOString();
  return database.withTenant(tenantId, (tx) =>
    queryRows<Claimed>(
      tx,
      sql`with due as (
            select id from communication_messages
            where status in ('queued', 'sending') and channel = ${channel} and send_after <= ${at}::timestamptz
              and (lease_until is null or lease_until < ${at}::timestamptz)
              and (${!quietNow} or kind in ('receipt', 'test'))
            order by send_after
            for update skip locked
            limit ${limit})
          update communication_messages m
          set status = 'sending', attempts = m.attempts + 1, lease_until = ${leaseUntil.toISOString()}::timestamptz, updated_at = ${at}::timestamptz
          from due where m.id = due.id
          returning m.id, m.channel, m.kind, m.contact_id, m.recipient, m.subject, m.body, m.language, m.whatsapp_template, m.template_params, m.attempts`,
    ),
  );
}

const OPTED_OUT = 'The customer opted out of this channel';
const PAID = 'Paid before the reminder went';

/** What stops a batch's messages at the last moment (one query): an opt-out since they were queued, a debt paid meanwhile. */
async function unwantedOf(deps: OutboxDeps, tenantId: string, claimed: Claimed[]): Promise<Map<string, string>> {
  const ids = claimed.filter((message) => message.contact_id).map((message) => message.id);
  if (ids.length === 0) return new Map();
  const rows = await deps.database.withTenant(tenantId, (tx) =>
    queryRows<{ id: string; opted_out: boolean; paid: boolean }>(
      tx,
      sql`select m.id, coalesce(k.status = 'opted_out', false) as opted_out,
                 m.kind = 'debt_reminder' and coalesce(a.balance_minor, 0) <= 0 as paid
            from communication_messages m
            left join contact_consents k on k.contact_id = m.contact_id and k.channel = m.channel
            left join contact_accounts a on a.contact_id = m.contact_id and a.side = 'receivable'
          where m.id = any(${sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::uuid[]`})`,
    ),
  );
  return new Map(rows.filter((row) => row.opted_out || row.paid).map((row) => [row.id, row.opted_out ? OPTED_OUT : PAID]));
}

async function deliver(deps: OutboxDeps, tenantId: string, channel: OpenedChannel, message: Claimed, now: Date, unwanted: string | undefined): Promise<Result> {
  if (unwanted) return { id: message.id, status: 'skipped', reason: unwanted };
  if (!channel.enabled) return { id: message.id, status: 'skipped', reason: 'The channel is turned off' };
  let outcome: SendOutcome;
  let sandbox = false;
  if (message.channel === 'email') {
    await deps.mailer.send({ kind: `communication_${message.kind}`, to: message.recipient, subject: message.subject ?? '', text: message.body, html: emailHtml(message.body), tenantId });
    outcome = { kind: 'sent', providerMessageId: null, cost: null };
    sandbox = deps.mailer.transport === 'outbox';
  } else if (message.channel === 'sms' && channel.sms) {
    outcome = await deps.sms.send(channel.sms, message.recipient, message.body);
  } else if (message.channel === 'whatsapp' && channel.whatsapp) {
    if (!message.whatsapp_template) return { id: message.id, status: 'failed', reason: 'No approved WhatsApp template is named for this message' };
    outcome = await deps.whatsapp.sendTemplate(channel.whatsapp, {
      to: message.recipient.replace(/^\+/, ''),
      template: message.whatsapp_template,
      language: message.language,
      parameters: message.template_params ?? [],
    });
  } else {
    // The sandbox: no provider; the message is in the log with its text, marked as such.
    outcome = { kind: 'sent', providerMessageId: `sandbox-${message.id}`, cost: null };
    sandbox = true;
  }
  switch (outcome.kind) {
    case 'sent': {
      const cost = parseProviderCost(outcome.cost);
      return { id: message.id, status: 'sent', sandbox, providerMessageId: outcome.providerMessageId, costMinor: cost?.minor ?? null, costCurrency: cost?.currency ?? null };
    }
    case 'refused':
      return { id: message.id, status: 'failed', reason: outcome.reason };
    case 'retry':
      if (message.attempts >= MAX_ATTEMPTS) return { id: message.id, status: 'failed', reason: outcome.reason };
      return { id: message.id, status: 'queued', reason: outcome.reason, retryAt: new Date(now.getTime() + retryBackoffMs(message.attempts)) };
  }
}

function emailHtml(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return `<p>${escaped.replace(/\n/g, '<br>')}</p>`;
}

/** Records a batch's results in one statement, only for rows this worker still leases. */
async function record(database: Database, tenantId: string, results: Result[], now: Date, leaseUntil: Date): Promise<void> {
  if (results.length === 0) return;
  const values = sql.join(
    results.map((result) => {
      const sent = result.status === 'sent';
      return sql`(${result.id}::uuid, ${result.status}::text, ${sent ? result.sandbox : false}::boolean, ${sent ? result.providerMessageId : null}::text,
                  ${sent ? null : result.reason}::text, ${sent ? result.costMinor : null}::int, ${sent ? result.costCurrency : null}::text,
                  ${result.status === 'queued' ? result.retryAt.toISOString() : null}::timestamptz)`;
    }),
    sql`, `,
  );
  const at = now.toISOString();
  await database.withTenant(tenantId, (tx) =>
    tx.execute(
      sql`update communication_messages m
          set status = v.status, sandbox = v.sandbox, provider_message_id = coalesce(v.provider_id, m.provider_message_id), failure_reason = v.reason,
              cost_minor = v.cost_minor, cost_currency = v.cost_currency, lease_until = null,
              send_after = coalesce(v.retry_at, m.send_after),
              sent_at = case when v.status = 'sent' then ${at}::timestamptz else m.sent_at end, updated_at = ${at}::timestamptz
          from (values ${values}) as v(id, status, sandbox, provider_id, reason, cost_minor, cost_currency, retry_at)
          where m.id = v.id and m.status = 'sending' and m.lease_until = ${leaseUntil.toISOString()}::timestamptz`,
    ),
  );
}

/** Sends a shop's due messages, channel by channel, within each channel's rate. */
export async function drainShop(deps: OutboxDeps, tenantId: string, options: DrainOptions = {}): Promise<DrainResult> {
  const clock = options.clock ?? (() => new Date());
  const limit = options.maxMessages ?? Number.POSITIVE_INFINITY;
  const result: DrainResult = { sent: 0, failed: 0, skipped: 0, retried: 0 };
  const { rows, settings, shop } = await deps.database.withTenant(tenantId, async (tx) => ({
    rows: await readChannelRows(tx),
    settings: await readSettings(tx),
    shop: await readShop(tx, tenantId),
  }));
  let done = 0;
  for (const channel of ['sms', 'whatsapp', 'email'] as const) {
    const opened = openChannel(tenantId, channel, rows.find((row) => row.channel === channel), deps.secretBox);
    while (done < limit) {
      const now = clock();
      const quiet = settings.quietHoursEnabled && minutesOf(settings.quietStart) !== minutesOf(settings.quietEnd);
      const quietNow = quiet && sendableAt(now, { start: settings.quietStart, end: settings.quietEnd }, shop.timeZone) > now;
      const allowance = opened.ratePerMinute - (await sentInLastMinute(deps.database, tenantId, channel, now));
      if (allowance <= 0) break;
      const leaseUntil = new Date(now.getTime() + LEASE_MS);
      const claimed = await claim(deps.database, tenantId, channel, Math.min(BATCH, allowance, limit - done), quietNow, now, leaseUntil);
      if (claimed.length === 0) break;
      const unwanted = await unwantedOf(deps, tenantId, claimed);
      const results = await Promise.all(
        claimed.map((message) =>
          deliver(deps, tenantId, opened, message, now, unwanted.get(message.id)).catch(
            (error: unknown): Result => ({ id: message.id, status: 'queued', reason: error instanceof Error ? error.message : String(error), retryAt: new Date(now.getTime() + retryBackoffMs(message.attempts)) }),
          ),
        ),
      );
      await record(deps.database, tenantId, results, clock(), leaseUntil);
      for (const outcome of results) {
        if (outcome.status === 'sent') result.sent += 1;
        else if (outcome.status === 'failed') result.failed += 1;
        else if (outcome.status === 'skipped') result.skipped += 1;
        else result.retried += 1;
      }
      done += claimed.length;
    }
  }
  return result;
}

// The fast path: queueing wakes this server's sender, so a receipt goes within moments; the
// recurring job is the net for other servers' messages, retries and quiet hours ending.
const senders = shopWakers();

export function wakeCommunications(tenantId: string): void {
  senders.wake(tenantId);
}

export function startCommunicationsSender(deps: OutboxDeps): ShopWaker {
  return senders.start({
    logger: deps.logger,
    failure: 'Sending messages failed for a shop',
    drain: async (tenantId) => {
      await drainShop(deps, tenantId);
    },
  });
}
