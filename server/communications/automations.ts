import { sql } from 'drizzle-orm';
import type { Channel } from '../../core/communications/communications.rules';
import { todayIn } from '../../core/reports/report-periods';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { forEachActiveShop } from '../jobs/each-shop';
import type { JobDefinition } from '../jobs/job-queue';
import { readSettings } from './channels.service';
import {
  contactFactsOf,
  contactValues,
  queueMessage,
  queueMessages,
  readContactFacts,
  readShop,
  recipientOf,
  renderFor,
  templateFor,
  type ContactFactsRow,
  type NewMessage,
  type Shop,
} from './messages.service';
import { drainShop, wakeCommunications, type OutboxDeps } from './outbox';

// What the shop sends on its own (issue 20, docs/decisions/0026-communications.md): debt reminders
// to customers past due, at most once in N days and never once paid; the low-stock alert to the
// owner, once a day; campaigns when their time comes. Every queueing carries a dedupe key, so a job
// run twice (at-least-once, docs/decisions/0016) queues nothing twice.

/** Queues a reminder for each customer with a receivable past due and none reminded in the last N days. */
export async function queueDebtReminders(database: Database, tenantId: string, now = new Date()): Promise<number> {
  return database.withTenant(tenantId, async (tx) => {
    const settings = await readSettings(tx);
    if (!settings.remindersEnabled) return 0;
    const shop = await readShop(tx, tenantId);
    const today = todayIn(shop.timeZone, now);
    const channel = settings.reminderChannel;
    const contacts = await queryRows<{ id: string }>(
      tx,
      sql`select c.id from contacts c
          join contact_accounts a on a.contact_id = c.id and a.side = 'receivable' and a.balance_minor > 0
          where not c.is_archived
            and exists (select 1 from account_open_items o where o.contact_id = c.id and o.side = 'receivable' and o.direction = 'debit'
                          and o.open_minor > 0 and o.due_date < ${today}::date)
            and not exists (select 1 from communication_messages m where m.contact_id = c.id and m.kind = 'debt_reminder' and m.status <> 'skipped'
                              and m.created_at > ${now.toISOString()}::timestamptz - make_interval(days => ${settings.reminderEveryDays}))
          order by c.id`,
    );
    let queued = 0;
    for (const { id } of contacts) {
      const result = await queueContactMessage(tx, tenantId, shop, { kind: 'debt_reminder', channel, contactId: id, dedupeKey: `debt_reminder:${id}:${today}` }, now);
      if (result?.status === 'queued' && !result.replayed) queued += 1;
    }
    return queued;
  });
}

/** Renders a kind's template for a contact and queues it; null when the contact has no address on the channel. */
export async function queueContactMessage(
  tx: TenantTx,
  tenantId: string,
  shop: Shop,
  request: { kind: 'debt_reminder' | 'statement' | 'loyalty_balance'; channel: Channel; contactId: string; dedupeKey: string | null; createdBy?: string | null },
  now = new Date(),
) {
  const contact = await readContactFacts(tx, request.contactId);
  if (!contact) return null;
  const recipient = recipientOf(request.channel, contact);
  if (!recipient) return null;
  const template = await templateFor(tx, request.kind, request.channel, shop.language);
  const rendered = renderFor(template.body, contactValues(shop, contact));
  return queueMessage(
    tx,
    tenantId,
    {
      channel: request.channel,
      kind: request.kind,
      contactId: contact.id,
      recipient,
      subject: request.channel === 'email' ? shop.name : null,
      body: rendered.text,
      language: shop.language,
      whatsappTemplate: template.whatsappTemplate,
      templateParams: rendered.params,
      dedupeKey: request.dedupeKey,
      createdBy: request.createdBy ?? null,
    },
    now,
  );
}

/** Once a day, the owner hears which items are at or below their reorder level. */
export async function queueLowStockAlert(database: Database, tenantId: string, now = new Date()): Promise<boolean> {
  return database.withTenant(tenantId, async (tx) => {
    const settings = await readSettings(tx);
    if (!settings.lowStockAlerts || !settings.ownerPhone) return false;
    const low = await queryRows<{ name: string; total: number }>(
      tx,
      sql`select p.name, count(*) over ()::int as total from stock_levels s
            join product_variants v on v.id = s.variant_id join products p on p.id = v.product_id
          where s.is_low order by p.name limit 5`,
    );
    if (low.length === 0) return false;
    const shop = await readShop(tx, tenantId);
    const more = low[0]!.total - low.length;
    const items = low.map((row) => row.name).join(', ') + (more > 0 ? ` +${more}` : '');
    const template = await templateFor(tx, 'low_stock', 'sms', shop.language);
    const rendered = renderFor(template.body, { shop_name: shop.name, low_stock_items: items });
    const result = await queueMessage(
      tx,
      tenantId,
      { channel: 'sms', kind: 'low_stock', contactId: null, recipient: settings.ownerPhone, body: rendered.text, language: shop.language, dedupeKey: `low_stock:${todayIn(shop.timeZone, now)}` },
      now,
    );
    return result.status === 'queued' && !result.replayed;
  });
}

const CAMPAIGN_BATCH = 1000;

/**
 * Queues each due campaign's messages, a thousand contacts per transaction in id order; the dedupe
 * key (campaign and contact) makes a run that stopped half way go on where it was.
 */
export async function runDueCampaigns(database: Database, tenantId: string, now = new Date()): Promise<number> {
  const due = await database.withTenant(tenantId, (tx) =>
    queryRows<{ id: string; channel: Channel; language: 'en' | 'sw'; body: string; group_id: string | null; tag: string | null; created_by: string | null }>(
      tx,
      sql`select id, channel, language, body, group_id, tag, created_by from communication_campaigns where status = 'scheduled' and scheduled_at <= ${now.toISOString()}::timestamptz order by scheduled_at`,
    ),
  );
  for (const campaign of due) {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const last = await database.withTenant(tenantId, async (tx) => {
        const shop = await readShop(tx, tenantId);
        const contacts = await queryRows<ContactFactsRow & { consent: string | null }>(
          tx,
          sql`select c.id, c.name, c.phone, c.email, a.balance_minor as balance, null::text as due_date, l.points,
                     (select status from contact_consents k where k.contact_id = c.id and k.channel = ${campaign.channel}) as consent
                from contacts c
                left join contact_accounts a on a.contact_id = c.id and a.side = 'receivable'
                left join loyalty_balances l on l.contact_id = c.id
              where not c.is_archived and c.type in ('customer', 'both') and c.id > ${after}::uuid
                and ${campaign.group_id ? sql`c.customer_group_id = ${campaign.group_id}::uuid` : sql`${campaign.tag} = any(c.tags)`}
              order by c.id limit ${CAMPAIGN_BATCH}`,
        );
        const messages: NewMessage[] = [];
        const optedOut = new Set<string>();
        for (const row of contacts) {
          const contact = contactFactsOf(row);
          const recipient = recipientOf(campaign.channel, contact);
          if (!recipient) continue;
          if (row.consent === 'opted_out') optedOut.add(row.id);
          const rendered = renderFor(campaign.body, contactValues(shop, contact));
          messages.push({
            channel: campaign.channel,
            kind: 'campaign',
            contactId: row.id,
            campaignId: campaign.id,
            recipient,
            subject: campaign.channel === 'email' ? shop.name : null,
            body: rendered.text,
            language: campaign.language,
            templateParams: rendered.params,
            dedupeKey: `campaign:${campaign.id}:${row.id}`,
            createdBy: campaign.created_by,
            notBefore: now,
          });
        }
        const { queued, skipped } = await queueMessages(tx, tenantId, messages, optedOut, now);
        await tx.execute(sql`update communication_campaigns set queued_count = queued_count + ${queued}, skipped_count = skipped_count + ${skipped}, updated_at = now() where id = ${campaign.id}`);
        return contacts.at(-1)?.id ?? null;
      });
      if (!last) break;
      after = last;
    }
    await database.withTenant(tenantId, (tx) => tx.execute(sql`update communication_campaigns set status = 'queued', updated_at = now() where id = ${campaign.id} and status = 'scheduled'`));
  }
  if (due.length > 0) wakeCommunications(tenantId);
  return due.length;
}

export const COMMUNICATIONS_OUTBOX_JOB = 'communications.outbox';
export const COMMUNICATIONS_AUTOMATIONS_JOB = 'communications.automations';

/** Every minute: campaigns that fell due, then every shop's due messages (retries, quiet hours ended, other servers' queues). */
export function communicationsOutboxJob(deps: OutboxDeps): JobDefinition {
  return {
    name: COMMUNICATIONS_OUTBOX_JOB,
    recurring: { nextRunAt: (after) => new Date(after.getTime() + 60_000) },
    async handler(context) {
      await forEachActiveShop(deps.database, { what: 'Sending messages', logger: deps.logger, onBatch: context.extendLease }, async (tenantId) => {
        await runDueCampaigns(deps.database, tenantId, context.now);
        await drainShop(deps, tenantId, { maxMessages: 5000 });
      });
    },
  };
}

/** Every hour: debt reminders and the low-stock alert (each at most once a day per customer or shop). */
export function communicationsAutomationsJob(deps: OutboxDeps): JobDefinition {
  return {
    name: COMMUNICATIONS_AUTOMATIONS_JOB,
    recurring: { nextRunAt: (after) => new Date(after.getTime() + 60 * 60_000) },
    async handler(context) {
      await forEachActiveShop(deps.database, { what: 'Automated messages', logger: deps.logger, onBatch: context.extendLease }, async (tenantId) => {
        const reminders = await queueDebtReminders(deps.database, tenantId, context.now);
        const alert = await queueLowStockAlert(deps.database, tenantId, context.now);
        if (reminders > 0 || alert) wakeCommunications(tenantId);
      });
    },
  };
}
