import { createRoute } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Context } from 'hono';
import { CHANNELS, MESSAGE_LANGUAGES, TEMPLATE_KINDS, TEST_MESSAGE, renderTemplate } from '../../core/communications/communications.rules';
import {
  campaignInputSchema,
  campaignSchema,
  channelSchema,
  consentInputSchema,
  consentSchema,
  emailChannelInputSchema,
  messageListQuerySchema,
  messageListSchema,
  messageSchema,
  recipientSchemaFor,
  sandboxDeliverInputSchema,
  sendMessageInputSchema,
  sendTestInputSchema,
  settingsInputSchema,
  settingsSchema,
  smsChannelInputSchema,
  templateInputSchema,
  templateSchema,
  whatsappChannelInputSchema,
  type Campaign,
} from '../../core/communications/communications.schemas';
import { queryRows } from '../db/client';
import type { AppEnv } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { tenantRoute, type RouteDefinition } from '../http/routes';
import { queueContactMessage, queueDebtReminders, runDueCampaigns } from './automations';
import { channelViews, readSettings, saveChannel, saveSettings } from './channels.service';
import { applyDeliveryReport } from './callbacks';
import { listMessages, money, queueMessage, readConsents, readMessage, readShop, recordConsent, templateFor } from './messages.service';
import { wakeCommunications } from './outbox';

// Communications (issue 20, docs/decisions/0026-communications.md), plan feature
// `advanced_notifications`. Channels, templates, campaigns and settings are the owner's
// (communications.manage); sending a receipt or a statement to a customer is the counter's
// (sales.sell); recording a customer's consent is part of editing the contact (contacts.edit).

const manage = { permission: 'communications.manage', feature: 'advanced_notifications' } as const;
const counter = { permission: 'sales.sell', feature: 'advanced_notifications' } as const;
const contactsEdit = { permission: 'contacts.edit', feature: 'advanced_notifications' } as const;

const idParam = z.object({ id: z.uuid() });
const notFoundResponse = errorResponse('Not found (or another shop’s)');
const callbackBase = (c: Context<AppEnv>) => c.var.deps.config.publicUrl ?? new URL(c.req.url).origin;

async function channelsResponse(c: Context<AppEnv>) {
  const { database, secretBox, mailer } = c.var.deps;
  return database.withTenant(c.var.tenantId, (tx) => channelViews(tx, c.var.tenantId, secretBox, callbackBase(c), mailer.transport));
}

function channelRoute<S extends z.ZodType>(channel: 'sms' | 'whatsapp' | 'email', schema: S, summary: string): RouteDefinition {
  return tenantRoute(
    manage,
    createRoute({
      method: 'put',
      path: `/api/communications/channels/${channel}`,
      tags: ['communications'],
      summary,
      request: jsonBody(schema),
      responses: { 200: jsonResponse(z.array(channelSchema), 'Every channel'), 400: errorResponse('Invalid input') },
    }),
    async (c) => {
      // The schema differs per channel; the route validated the body with it.
      const input = (c.req as unknown as { valid(target: 'json'): Record<string, unknown> }).valid('json');
      await c.var.deps.database.withTenant(c.var.tenantId, (tx) => saveChannel(tx, c.var.tenantId, c.var.deps.secretBox, { channel, ...input } as Parameters<typeof saveChannel>[3]));
      return c.json(await channelsResponse(c), 200);
    },
  );
}

interface CampaignRow {
  id: string;
  name: string;
  channel: Campaign['channel'];
  language: Campaign['language'];
  body: string;
  group_id: string | null;
  tag: string | null;
  scheduled_at: string | Date;
  status: Campaign['status'];
  queued_count: number;
  skipped_count: number;
  created_at: string | Date;
}

const campaignView = (row: CampaignRow): Campaign => ({
  id: row.id,
  name: row.name,
  channel: row.channel,
  language: row.language,
  body: row.body,
  audience: row.group_id ? { type: 'group', groupId: row.group_id } : { type: 'tag', tag: row.tag! },
  scheduledAt: new Date(row.scheduled_at).toISOString(),
  status: row.status,
  queued: row.queued_count,
  skipped: row.skipped_count,
  createdAt: new Date(row.created_at).toISOString(),
});

export const communicationsRoutes: RouteDefinition[] = [
  tenantRoute(
    manage,
    createRoute({
      method: 'get',
      path: '/api/communications/channels',
      tags: ['communications'],
      summary: 'SMS, WhatsApp and e-mail: sandbox or live, credentials only as set + last 4, the callback URLs to give the providers',
      responses: { 200: jsonResponse(z.array(channelSchema), 'Every channel') },
    }),
    async (c) => c.json(await channelsResponse(c), 200),
  ),
  channelRoute('sms', smsChannelInputSchema, "Save the Africa's Talking account; a secret left out is kept, clearCredentials goes back to the sandbox"),
  channelRoute('whatsapp', whatsappChannelInputSchema, 'Save the WhatsApp Cloud API number; a secret left out is kept, clearCredentials goes back to the sandbox'),
  channelRoute('email', emailChannelInputSchema, 'Turn e-mail to customers on or off (it goes through the server’s mailer)'),
  tenantRoute(
    manage,
    createRoute({
      method: 'post',
      path: '/api/communications/channels/test',
      tags: ['communications'],
      summary: 'Send a test message on a channel (at once, quiet hours or not)',
      request: jsonBody(sendTestInputSchema),
      responses: { 201: jsonResponse(messageSchema, 'The test message, queued'), 400: errorResponse('Invalid recipient') },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const parsed = recipientSchemaFor[input.channel].safeParse(input.to);
      if (!parsed.success || !parsed.data) {
        throw new HttpError('validation_failed', /*i18n*/ 'Check the recipient', { to: [input.channel === 'email' ? /*i18n*/ 'Enter a valid e-mail address' : /*i18n*/ 'Enter a Kenyan phone number such as 0712 345 678'] });
      }
      const message = await c.var.deps.database.withTenant(c.var.tenantId, async (tx) => {
        const shop = await readShop(tx, c.var.tenantId);
        const body = renderTemplate(TEST_MESSAGE[input.language], { shop_name: shop.name });
        const queued = await queueMessage(tx, c.var.tenantId, {
          channel: input.channel,
          kind: 'test',
          contactId: null,
          recipient: parsed.data!,
          subject: shop.name,
          body,
          language: input.language,
          whatsappTemplate: input.channel === 'whatsapp' ? 'hello_world' : null,
          templateParams: [],
          createdBy: c.var.principal.userId,
        });
        return readMessage(tx, queued.id);
      });
      wakeCommunications(c.var.tenantId);
      return c.json(message!, 201);
    },
  ),
  tenantRoute(
    manage,
    createRoute({
      method: 'get',
      path: '/api/communications/settings',
      tags: ['communications'],
      summary: 'Automated messages (debt reminders every N days, low-stock alerts) and quiet hours',
      responses: { 200: jsonResponse(settingsSchema, 'Settings') },
    }),
    async (c) => c.json(await c.var.deps.database.withTenant(c.var.tenantId, (tx) => readSettings(tx)), 200),
  ),
  tenantRoute(
    manage,
    createRoute({
      method: 'put',
      path: '/api/communications/settings',
      tags: ['communications'],
      summary: 'Save the automated messages and quiet hours',
      request: jsonBody(settingsInputSchema),
      responses: { 200: jsonResponse(settingsSchema, 'Settings'), 400: errorResponse('Invalid input') },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const saved = await c.var.deps.database.withTenant(c.var.tenantId, (tx) => saveSettings(tx, c.var.tenantId, c.var.deps.secretBox, input));
      return c.json(saved, 200);
    },
  ),
  tenantRoute(
    manage,
    createRoute({
      method: 'get',
      path: '/api/communications/templates',
      tags: ['communications'],
      summary: 'Every template by kind, channel and language: the shop’s own or the built-in text',
      responses: { 200: jsonResponse(z.array(templateSchema), 'Templates') },
    }),
    async (c) => {
      const templates = await c.var.deps.database.withTenant(c.var.tenantId, async (tx) => {
        const own = await queryRows<{ kind: string; channel: string; language: string }>(tx, sql`select kind, channel, language from message_templates`);
        const list = [];
        for (const kind of TEMPLATE_KINDS) {
          for (const channel of CHANNELS) {
            for (const language of MESSAGE_LANGUAGES) {
              const found = await templateFor(tx, kind, channel, language);
              const custom = own.some((row) => row.kind === kind && row.channel === channel && row.language === language);
              list.push({ kind, channel, language, body: found.body, whatsappTemplate: found.whatsappTemplate, custom });
            }
          }
        }
        return list;
      });
      return c.json(templates, 200);
    },
  ),
  tenantRoute(
    manage,
    createRoute({
      method: 'put',
      path: '/api/communications/templates',
      tags: ['communications'],
      summary: 'Save the shop’s own text for a kind, channel and language (variables in braces: {customer_name}, {balance}…)',
      request: jsonBody(templateInputSchema),
      responses: { 200: jsonResponse(templateSchema, 'The template'), 400: errorResponse('Unknown variable or empty text') },
    }),
    async (c) => {
      const input = c.req.valid('json');
      await c.var.deps.database.withTenant(c.var.tenantId, (tx) =>
        tx.execute(
          sql`insert into message_templates (tenant_id, kind, channel, language, body, whatsapp_template)
              values (${c.var.tenantId}, ${input.kind}, ${input.channel}, ${input.language}, ${input.body}, ${input.whatsappTemplate})
              on conflict (tenant_id, kind, channel, language) do update set body = excluded.body, whatsapp_template = excluded.whatsapp_template, updated_at = now()`,
        ),
      );
      return c.json({ ...input, custom: true }, 200);
    },
  ),
  tenantRoute(
    manage,
    createRoute({
      method: 'get',
      path: '/api/communications/campaigns',
      tags: ['communications'],
      summary: 'Campaigns, newest first (the latest 100)',
      responses: { 200: jsonResponse(z.array(campaignSchema), 'Campaigns') },
    }),
    async (c) => {
      const rows = await c.var.deps.database.withTenant(c.var.tenantId, (tx) => queryRows<CampaignRow>(tx, sql`select * from communication_campaigns order by created_at desc limit 100`));
      return c.json(rows.map(campaignView), 200);
    },
  ),
  tenantRoute(
    manage,
    createRoute({
      method: 'post',
      path: '/api/communications/campaigns',
      tags: ['communications'],
      summary: 'A message to a customer group or tag, now or at a time; opted-out customers are never reached',
      request: jsonBody(campaignInputSchema),
      responses: { 201: jsonResponse(campaignSchema, 'The campaign'), 400: errorResponse('Invalid input or unknown group') },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const { database } = c.var.deps;
      const now = new Date();
      const id = await database.withTenant(c.var.tenantId, async (tx) => {
        if (input.audience.type === 'group') {
          const [group] = await queryRows(tx, sql`select id from customer_groups where id = ${input.audience.groupId}::uuid`);
          if (!group) throw new HttpError('validation_failed', /*i18n*/ 'Customer group not found', { 'audience.groupId': [/*i18n*/ 'Customer group not found'] });
        }
        const [row] = await queryRows<{ id: string }>(
          tx,
          sql`insert into communication_campaigns (tenant_id, name, channel, language, body, group_id, tag, scheduled_at, created_by)
              values (${c.var.tenantId}, ${input.name}, ${input.channel}, ${input.language}, ${input.body},
                      ${input.audience.type === 'group' ? input.audience.groupId : null}, ${input.audience.type === 'tag' ? input.audience.tag : null},
                      ${(input.scheduledAt ? new Date(input.scheduledAt) : now).toISOString()}::timestamptz, ${c.var.principal.userId})
              returning id`,
        );
        return row!.id;
      });
      // Due now: queued before the answer, so the screen shows its counts at once.
      if (!input.scheduledAt || new Date(input.scheduledAt) <= now) await runDueCampaigns(database, c.var.tenantId, now);
      const [row] = await database.withTenant(c.var.tenantId, (tx) => queryRows<CampaignRow>(tx, sql`select * from communication_campaigns where id = ${id}`));
      return c.json(campaignView(row!), 201);
    },
  ),
  tenantRoute(
    manage,
    createRoute({
      method: 'post',
      path: '/api/communications/campaigns/{id}/cancel',
      tags: ['communications'],
      summary: 'Cancel a scheduled campaign (one already queued keeps its messages)',
      request: { params: idParam },
      responses: { 200: jsonResponse(campaignSchema, 'The campaign'), 404: notFoundResponse, 409: errorResponse('Already queued') },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const row = await c.var.deps.database.withTenant(c.var.tenantId, async (tx) => {
        const [found] = await queryRows<CampaignRow>(tx, sql`select * from communication_campaigns where id = ${id} for update`);
        if (!found) throw notFound(/*i18n*/ 'Campaign not found');
        if (found.status === 'queued') throw new HttpError('conflict', /*i18n*/ 'This campaign has already been queued');
        const [updated] = await queryRows<CampaignRow>(tx, sql`update communication_campaigns set status = 'cancelled', updated_at = now() where id = ${id} returning *`);
        return updated!;
      });
      return c.json(campaignView(row), 200);
    },
  ),
  tenantRoute(
    manage,
    createRoute({
      method: 'get',
      path: '/api/communications/messages',
      tags: ['communications'],
      summary: 'The message log, newest first, 50 a page; q searches the recipient and the customer’s name',
      request: { query: messageListQuerySchema },
      responses: { 200: jsonResponse(messageListSchema, 'A page of messages') },
    }),
    async (c) => c.json(await c.var.deps.database.withTenant(c.var.tenantId, (tx) => listMessages(tx, c.req.valid('query'))), 200),
  ),
  tenantRoute(
    counter,
    createRoute({
      method: 'post',
      path: '/api/communications/messages',
      tags: ['communications'],
      summary: 'Send a customer their receipt, statement, balance reminder or loyalty points (a retry answers the same message)',
      request: jsonBody(sendMessageInputSchema),
      responses: {
        201: jsonResponse(messageSchema, 'Queued (or skipped: the customer opted out)'),
        404: notFoundResponse,
        422: errorResponse('The customer has no phone or e-mail for this channel'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const message = await c.var.deps.database.withTenant(c.var.tenantId, async (tx) => {
        const shop = await readShop(tx, c.var.tenantId);
        let receiptTotal: string | undefined;
        let dedupeKey: string | null = null;
        if (input.kind === 'receipt') {
          if (!input.saleId) throw new HttpError('validation_failed', /*i18n*/ 'Choose the sale', { saleId: [/*i18n*/ 'Choose the sale'] });
          const [sale] = await queryRows<{ total_minor: number }>(tx, sql`select total_minor from sales where id = ${input.saleId}::uuid`);
          if (!sale) throw notFound(/*i18n*/ 'Sale not found');
          receiptTotal = money(shop, sale.total_minor);
          dedupeKey = `receipt:${input.saleId}:${input.channel}:${input.contactId}`;
        }
        const queued = await queueContactMessage(tx, c.var.tenantId, shop, { ...input, dedupeKey, createdBy: c.var.principal.userId, receiptTotal });
        if (queued === null) {
          const [contact] = await queryRows(tx, sql`select id from contacts where id = ${input.contactId}::uuid`);
          if (!contact) throw notFound(/*i18n*/ 'Customer not found');
          throw new HttpError('unprocessable', input.channel === 'email' ? /*i18n*/ 'This customer has no e-mail address' : /*i18n*/ 'This customer has no phone number');
        }
        return readMessage(tx, queued.id);
      });
      wakeCommunications(c.var.tenantId);
      return c.json(message!, 201);
    },
  ),
  tenantRoute(
    manage,
    createRoute({
      method: 'get',
      path: '/api/communications/messages/{id}',
      tags: ['communications'],
      summary: 'One message with its status, the provider’s reason and cost',
      request: { params: idParam },
      responses: { 200: jsonResponse(messageSchema, 'The message'), 404: notFoundResponse },
    }),
    async (c) => {
      const message = await c.var.deps.database.withTenant(c.var.tenantId, (tx) => readMessage(tx, c.req.valid('param').id));
      if (!message) throw notFound(/*i18n*/ 'Message not found');
      return c.json(message, 200);
    },
  ),
  tenantRoute(
    manage,
    createRoute({
      method: 'post',
      path: '/api/communications/messages/{id}/sandbox-report',
      tags: ['communications'],
      summary: 'The sandbox’s delivery report for a message it sent (delivered or failed), as a provider would send it',
      request: { params: idParam, ...jsonBody(sandboxDeliverInputSchema) },
      responses: { 200: jsonResponse(messageSchema, 'The message'), 404: notFoundResponse, 409: errorResponse('Not a sandbox message, or not sent yet') },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const message = await c.var.deps.database.withTenant(c.var.tenantId, async (tx) => {
        const [row] = await queryRows<{ sandbox: boolean; status: string; provider_message_id: string | null; channel: string }>(
          tx,
          sql`select sandbox, status, provider_message_id, channel from communication_messages where id = ${id} for update`,
        );
        if (!row) throw notFound(/*i18n*/ 'Message not found');
        if (!row.sandbox || row.status !== 'sent') throw new HttpError('conflict', /*i18n*/ 'Only a message the sandbox sent gets a sandbox report');
        if (row.channel === 'sms') {
          await applyDeliveryReport(tx, { id: row.provider_message_id!, status: input.status === 'delivered' ? 'Success' : 'Failed', failureReason: input.failureReason });
        } else {
          await tx.execute(
            input.status === 'delivered'
              ? sql`update communication_messages set status = 'delivered', delivered_at = now(), updated_at = now() where id = ${id}`
              : sql`update communication_messages set status = 'failed', failure_reason = ${input.failureReason ?? 'Failed'}, updated_at = now() where id = ${id}`,
          );
        }
        return readMessage(tx, id);
      });
      return c.json(message!, 200);
    },
  ),
  tenantRoute(
    manage,
    createRoute({
      method: 'post',
      path: '/api/communications/reminders/run',
      tags: ['communications'],
      summary: 'Queue the debt reminders now (the hourly job does the same): customers past due, not reminded in the last N days',
      responses: { 200: jsonResponse(z.object({ queued: z.int() }), 'How many were queued') },
    }),
    async (c) => {
      const queued = await queueDebtReminders(c.var.deps.database, c.var.tenantId);
      if (queued > 0) wakeCommunications(c.var.tenantId);
      return c.json({ queued }, 200);
    },
  ),
  tenantRoute(
    contactsEdit,
    createRoute({
      method: 'get',
      path: '/api/contacts/{id}/consents',
      tags: ['communications'],
      summary: 'The customer’s consent per channel, with when and how it was recorded',
      request: { params: idParam },
      responses: { 200: jsonResponse(z.array(consentSchema), 'Consent per channel'), 404: notFoundResponse },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const consents = await c.var.deps.database.withTenant(c.var.tenantId, async (tx) => {
        const [contact] = await queryRows(tx, sql`select id from contacts where id = ${id}`);
        if (!contact) throw notFound(/*i18n*/ 'Customer not found');
        return readConsents(tx, id);
      });
      return c.json(consents, 200);
    },
  ),
  tenantRoute(
    contactsEdit,
    createRoute({
      method: 'put',
      path: '/api/contacts/{id}/consents',
      tags: ['communications'],
      summary: 'Record the customer’s consent or opt-out on a channel (how: a form, verbally, a STOP reply, an import)',
      request: { params: idParam, ...jsonBody(consentInputSchema) },
      responses: { 200: jsonResponse(z.array(consentSchema), 'Consent per channel'), 404: notFoundResponse, 400: errorResponse('Invalid input') },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const consents = await c.var.deps.database.withTenant(c.var.tenantId, async (tx) => {
        const [contact] = await queryRows(tx, sql`select id from contacts where id = ${id}`);
        if (!contact) throw notFound(/*i18n*/ 'Customer not found');
        await recordConsent(tx, c.var.tenantId, { contactId: id, channel: input.channel, status: input.status, source: input.source, recordedBy: c.var.principal.userId });
        return readConsents(tx, id);
      });
      return c.json(consents, 200);
    },
  ),
];

