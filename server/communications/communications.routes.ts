import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import type { Context } from 'hono';
import {
  campaignInputSchema,
  campaignSchema,
  channelSchema,
  consentInputSchema,
  consentSchema,
  contactMessagesQuerySchema,
  emailChannelInputSchema,
  messageListQuerySchema,
  messageListSchema,
  messageSchema,
  receiptMessageInputSchema,
  sandboxDeliverInputSchema,
  sendMessageInputSchema,
  sendTestInputSchema,
  settingsInputSchema,
  settingsSchema,
  smsChannelInputSchema,
  templateInputSchema,
  templateKeySchema,
  templateSchema,
  whatsappChannelInputSchema,
  type MessageView,
} from '../../core/communications/communications.schemas';
import type { TenantTx } from '../db/client';
import type { AppEnv } from '../http/context';
import { notFound } from '../http/errors';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { tenantRoute, type RouteDefinition } from '../http/routes';
import { queueDebtReminders } from './automations';
import { applySandboxReport } from './callbacks';
import { cancelCampaign, createCampaign, listCampaigns } from './campaigns.service';
import { channelViews, readSettings, saveChannel, saveSettings } from './channels.service';
import { queueCustomerMessage, queueReceipt } from './counter-messages.service';
import { listContactMessages, listMessages, queueTestMessage, readContactConsents, readMessage, recordContactConsent } from './messages.service';
import { wakeCommunications } from './outbox';
import { listTemplates, resetTemplate, saveTemplate } from './templates.service';

// Communications (issue 20, docs/decisions/0026-communications.md), plan feature
// `advanced_notifications`. Channels, templates, campaigns and settings are the owner's
// (communications.manage); sending a receipt or a statement to a customer is the counter's
// (sales.sell); a customer's consent and the messages sent to them are part of the contact
// (contacts.edit).

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

/** Queues a message in the shop's transaction, wakes this server's sender, and answers the message as the log shows it. */
async function queued(c: Context<AppEnv>, queue: (tx: TenantTx) => Promise<string>): Promise<MessageView> {
  const message = await c.var.deps.database.withTenant(c.var.tenantId, async (tx) => readMessage(tx, await queue(tx)));
  wakeCommunications(c.var.tenantId);
  return message!;
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
      await c.var.deps.database.withTenant(c.var.tenantId, (tx) =>
        saveChannel(tx, c.var.tenantId, c.var.deps.secretBox, { channel, ...input } as Parameters<typeof saveChannel>[3], c.var.principal.userId),
      );
      return c.json(await channelsResponse(c), 200);
    },
  );
}

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
    async (c) => c.json(await queued(c, (tx) => queueTestMessage(tx, c.var.tenantId, c.req.valid('json'), c.var.principal.userId)), 201),
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
      const saved = await c.var.deps.database.withTenant(c.var.tenantId, (tx) => saveSettings(tx, c.var.tenantId, c.var.deps.secretBox, input, c.var.principal.userId));
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
    async (c) => c.json(await c.var.deps.database.withTenant(c.var.tenantId, (tx) => listTemplates(tx)), 200),
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
      return c.json(await c.var.deps.database.withTenant(c.var.tenantId, (tx) => saveTemplate(tx, c.var.tenantId, input)), 200);
    },
  ),
  tenantRoute(
    manage,
    createRoute({
      method: 'delete',
      path: '/api/communications/templates/{kind}/{channel}/{language}',
      tags: ['communications'],
      summary: 'Delete the shop’s own text for a kind, channel and language: the built-in text applies again',
      request: { params: templateKeySchema },
      responses: { 200: jsonResponse(templateSchema, 'The template as it is now (built-in)'), 400: errorResponse('Unknown kind, channel or language') },
    }),
    async (c) => {
      const key = c.req.valid('param');
      return c.json(await c.var.deps.database.withTenant(c.var.tenantId, (tx) => resetTemplate(tx, key)), 200);
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
    async (c) => c.json(await c.var.deps.database.withTenant(c.var.tenantId, (tx) => listCampaigns(tx)), 200),
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
    async (c) => c.json(await createCampaign(c.var.deps.database, c.var.tenantId, c.req.valid('json'), c.var.principal.userId), 201),
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
      return c.json(await c.var.deps.database.withTenant(c.var.tenantId, (tx) => cancelCampaign(tx, id)), 200);
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
      summary: 'Send a customer their statement, balance reminder or loyalty points',
      request: jsonBody(sendMessageInputSchema),
      responses: {
        201: jsonResponse(messageSchema, 'Queued (or skipped: the customer opted out)'),
        404: notFoundResponse,
        422: errorResponse('The customer has no phone or e-mail for this channel'),
      },
    }),
    async (c) => c.json(await queued(c, (tx) => queueCustomerMessage(tx, c.var.tenantId, c.req.valid('json'), c.var.principal.userId)), 201),
  ),
  tenantRoute(
    counter,
    createRoute({
      method: 'post',
      path: '/api/sales/{id}/receipt-messages',
      tags: ['communications'],
      summary: 'Send the sale’s receipt by SMS or WhatsApp to its customer or a phone typed in (at once; a retry answers the same message)',
      request: { params: idParam, ...jsonBody(receiptMessageInputSchema) },
      responses: {
        201: jsonResponse(messageSchema, 'Queued'),
        400: errorResponse('No phone: none typed and the customer has none'),
        404: notFoundResponse,
        422: errorResponse('The customer opted out of the channel: nothing queued'),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const member = { userId: c.var.principal.userId, locationIds: c.var.memberAccess.locationIds };
      return c.json(await queued(c, (tx) => queueReceipt(tx, c.var.tenantId, id, input, member)), 201);
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
        await applySandboxReport(tx, id, input);
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
      const queuedCount = await queueDebtReminders(c.var.deps.database, c.var.tenantId);
      if (queuedCount > 0) wakeCommunications(c.var.tenantId);
      return c.json({ queued: queuedCount }, 200);
    },
  ),
  tenantRoute(
    contactsEdit,
    createRoute({
      method: 'get',
      path: '/api/contacts/{id}/consents',
      tags: ['communications'],
      summary: 'The customer’s consent per channel, with when, how and by whom it was recorded',
      request: { params: idParam },
      responses: { 200: jsonResponse(z.array(consentSchema), 'Consent per channel'), 404: notFoundResponse },
    }),
    async (c) => c.json(await readContactConsents(c.var.deps.database, c.var.tenantId, c.req.valid('param').id), 200),
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
      return c.json(await recordContactConsent(c.var.deps.database, c.var.tenantId, id, c.req.valid('json'), c.var.principal.userId), 200);
    },
  ),
  tenantRoute(
    contactsEdit,
    createRoute({
      method: 'get',
      path: '/api/contacts/{id}/messages',
      tags: ['communications'],
      summary: 'The messages sent (or skipped) to the customer, newest first, 50 a page',
      request: { params: idParam, query: contactMessagesQuerySchema },
      responses: { 200: jsonResponse(messageListSchema, 'A page of messages'), 404: notFoundResponse },
    }),
    async (c) => c.json(await listContactMessages(c.var.deps.database, c.var.tenantId, c.req.valid('param').id, c.req.valid('query').page), 200),
  ),
];
