import { createRoute } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Context } from 'hono';
import { safeLine } from '../../core/api/text.schemas';
import { isStopReply, parseProviderCost } from '../../core/communications/communications.rules';
import { normalizeKenyanPhone } from '../../core/contacts/contact.rules';
import { queryRows, type TenantTx } from '../db/client';
import type { AppEnv } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import { errorResponse } from '../http/openapi-helpers';
import { publicRoute, type RouteDefinition } from '../http/routes';
import { recordRefusedCallback } from '../platform/security-events';
import { readChannelRows, validCallbackToken, whatsappAppSecret } from './channels.service';
import { recordConsent } from './messages.service';
import { validWhatsappSignature } from './whatsapp.client';

// The providers' callbacks (issue 20, docs/decisions/0026-communications.md): Africa's Talking's
// delivery reports and incoming SMS (form-encoded, unsigned: the path carries the shop's random
// token), WhatsApp's webhook verification (GET, hub.verify_token is that token) and its status
// webhooks (signed with the app secret over the raw body). A wrong token or signature is refused
// with nothing written. Statuses only move forward: a late "sent" never undoes "delivered".

const CALLBACK_PATH = /^(\/api\/communications\/callbacks\/[^/]+\/)[^/]+/;

/** A path as the request log writes it: a callback's token replaced. */
export const loggableCommunicationsPath = (path: string) => path.replace(CALLBACK_PATH, '$1[token]');

const params = z.object({ tenantId: z.uuid(), token: z.string().min(20).max(100) });

async function withShop<T>(c: Context<AppEnv>, kind: string, work: (tx: TenantTx, tenantId: string) => Promise<T>): Promise<T> {
  const { tenantId, token } = c.req.param() as { tenantId: string; token: string };
  const outcome = await c.var.deps.database.withTenant(tenantId, async (tx) => ((await validCallbackToken(tx, token)) ? { ok: true as const, value: await work(tx, tenantId) } : { ok: false as const }));
  if (!outcome.ok) {
    c.var.logger.warn({ tenantId, kind }, 'Communications callback refused: wrong token');
    await recordRefusedCallback(c, { provider: kind.startsWith('sms') ? 'africastalking' : 'whatsapp', path: loggableCommunicationsPath(c.req.path), reason: 'wrong_token', tenantId });
    throw new HttpError('unauthorized', 'Unknown callback');
  }
  return outcome.value;
}

async function formOf(c: Context<AppEnv>): Promise<URLSearchParams> {
  const text = await c.req.text();
  return new URLSearchParams(text);
}

/** Applies an Africa's Talking delivery report (id, status, failureReason, cost) to its message. */
export async function applyDeliveryReport(tx: TenantTx, report: { id: string; status: string; failureReason?: string | null; cost?: string | null }): Promise<boolean> {
  const failed = report.status === 'Failed' || report.status === 'Rejected';
  // Sent, Submitted, Buffered: on its way; the message already says sent.
  if (report.status !== 'Success' && !failed) return false;
  const cost = parseProviderCost(report.cost);
  const rows = await queryRows(
    tx,
    sql`update communication_messages set status = ${failed ? 'failed' : 'delivered'},
          delivered_at = ${failed ? sql`delivered_at` : sql`now()`},
          failure_reason = ${failed ? `${report.status}: ${report.failureReason || 'no reason given'}`.slice(0, 500) : null},
          cost_minor = coalesce(${cost?.minor ?? null}::int, cost_minor), cost_currency = coalesce(${cost?.currency ?? null}, cost_currency), updated_at = now()
        where channel = 'sms' and provider_message_id = ${report.id} and status in ('sent', 'sending', 'queued') returning id`,
  );
  return rows.length > 0;
}

/**
 * The sandbox's delivery report for a message it sent, as a provider would send it (SMS through
 * the same path as Africa's Talking's reports). 404 for another shop's message, 409 for one the
 * sandbox did not send.
 */
export async function applySandboxReport(tx: TenantTx, id: string, report: { status: 'delivered' | 'failed'; failureReason: string | null }): Promise<void> {
  const [row] = await queryRows<{ sandbox: boolean; status: string; provider_message_id: string | null; channel: string }>(
    tx,
    sql`select sandbox, status, provider_message_id, channel from communication_messages where id = ${id} for update`,
  );
  if (!row) throw notFound(/*i18n*/ 'Message not found');
  if (!row.sandbox || row.status !== 'sent') throw new HttpError('conflict', /*i18n*/ 'Only a message the sandbox sent gets a sandbox report');
  if (row.channel === 'sms') {
    await applyDeliveryReport(tx, { id: row.provider_message_id!, status: report.status === 'delivered' ? 'Success' : 'Failed', failureReason: report.failureReason });
    return;
  }
  await tx.execute(
    report.status === 'delivered'
      ? sql`update communication_messages set status = 'delivered', delivered_at = now(), updated_at = now() where id = ${id}`
      : sql`update communication_messages set status = 'failed', failure_reason = ${report.failureReason ?? 'Failed'}, updated_at = now() where id = ${id}`,
  );
}

/** A STOP reply opts every contact of that phone out of SMS. */
export async function applyInboundSms(tx: TenantTx, tenantId: string, message: { from: string; text: string }): Promise<number> {
  if (!isStopReply(message.text)) return 0;
  const phone = normalizeKenyanPhone(message.from) ?? message.from;
  const contacts = await queryRows<{ id: string }>(tx, sql`select id from contacts where phone = ${phone}`);
  for (const contact of contacts) await recordConsent(tx, tenantId, { contactId: contact.id, channel: 'sms', status: 'opted_out', source: 'sms_stop', recordedBy: null });
  return contacts.length;
}

const whatsappStatusSchema = z.object({
  id: z.string().max(200),
  status: z.enum(['sent', 'delivered', 'read', 'failed', 'deleted', 'warning']).or(z.string().max(40)),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().max(500).optional(), message: z.string().max(500).optional() })).optional(),
});
const whatsappPayloadSchema = z.object({
  object: z.string(),
  entry: z.array(z.object({ changes: z.array(z.object({ field: z.string(), value: z.object({ statuses: z.array(whatsappStatusSchema).optional() }).loose() })) })),
});

export async function applyWhatsappStatuses(tx: TenantTx, statuses: z.infer<typeof whatsappStatusSchema>[]): Promise<void> {
  for (const status of statuses) {
    if (status.status === 'delivered' || status.status === 'read') {
      await tx.execute(
        sql`update communication_messages set status = 'delivered', delivered_at = coalesce(delivered_at, now()), updated_at = now()
            where channel = 'whatsapp' and provider_message_id = ${status.id} and status in ('sent', 'sending', 'queued')`,
      );
    } else if (status.status === 'failed') {
      const error = status.errors?.[0];
      const reason = `${error?.title ?? error?.message ?? 'Failed'}${error?.code ? ` (${error.code})` : ''}`;
      await tx.execute(
        sql`update communication_messages set status = 'failed', failure_reason = ${reason.slice(0, 500)}, updated_at = now()
            where channel = 'whatsapp' and provider_message_id = ${status.id} and status in ('sent', 'sending', 'queued')`,
      );
    }
  }
}

const okResponse = { description: 'Accepted', content: { 'text/plain': { schema: z.string() } } };
const refused = { 401: errorResponse('Wrong token or signature: nothing written'), 400: errorResponse('Unreadable payload') };

export const communicationCallbackRoutes: RouteDefinition[] = [
  publicRoute(
    createRoute({
      method: 'post',
      path: '/api/communications/callbacks/{tenantId}/{token}/sms/delivery',
      tags: ['communications'],
      summary: "Africa's Talking delivery report (form: id, status, phoneNumber, networkCode, failureReason)",
      request: { params },
      responses: { 200: okResponse, ...refused },
    }),
    async (c) => {
      const form = await formOf(c);
      const id = form.get('id');
      const status = form.get('status');
      if (!id || !status) throw new HttpError('bad_request', 'A delivery report needs id and status');
      await withShop(c, 'sms_delivery', (tx) => applyDeliveryReport(tx, { id, status, failureReason: form.get('failureReason'), cost: form.get('cost') }));
      return c.text('OK', 200);
    },
  ),
  publicRoute(
    createRoute({
      method: 'post',
      path: '/api/communications/callbacks/{tenantId}/{token}/sms/inbound',
      tags: ['communications'],
      summary: "Africa's Talking incoming SMS (form: from, to, text, date, id): STOP opts the sender out of SMS",
      request: { params },
      responses: { 200: okResponse, ...refused },
    }),
    async (c) => {
      const form = await formOf(c);
      const from = form.get('from');
      if (!from) throw new HttpError('bad_request', 'An incoming message needs from');
      await withShop(c, 'sms_inbound', (tx, tenantId) => applyInboundSms(tx, tenantId, { from, text: form.get('text') ?? '' }));
      return c.text('OK', 200);
    },
  ),
  publicRoute(
    createRoute({
      method: 'get',
      path: '/api/communications/callbacks/{tenantId}/{token}/whatsapp',
      tags: ['communications'],
      summary: 'WhatsApp webhook verification: answers hub.challenge when hub.verify_token is this shop’s token',
      request: { params, query: z.object({ 'hub.mode': safeLine().max(40).optional(), 'hub.verify_token': safeLine().max(200).optional(), 'hub.challenge': safeLine().max(200).optional() }) },
      responses: { 200: okResponse, 401: errorResponse('Wrong token'), 403: errorResponse('Wrong verify token') },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const { token } = c.req.valid('param');
      await withShop(c, 'whatsapp_verify', async () => undefined);
      if (query['hub.mode'] !== 'subscribe' || query['hub.verify_token'] !== token) throw new HttpError('forbidden', 'Wrong verify token');
      return c.text(query['hub.challenge'] ?? '', 200);
    },
  ),
  publicRoute(
    createRoute({
      method: 'post',
      path: '/api/communications/callbacks/{tenantId}/{token}/whatsapp',
      tags: ['communications'],
      summary: 'WhatsApp status webhook (sent, delivered, read, failed), signed X-Hub-Signature-256 with the app secret',
      request: { params },
      responses: { 200: okResponse, ...refused },
    }),
    async (c) => {
      const raw = Buffer.from(await c.req.arrayBuffer());
      const signature = c.req.header('x-hub-signature-256');
      const applied = await withShop(c, 'whatsapp_status', async (tx, tenantId) => {
        const secret = whatsappAppSecret(tenantId, (await readChannelRows(tx)).find((row) => row.channel === 'whatsapp'), c.var.deps.secretBox);
        if (!secret || !validWhatsappSignature(raw, signature, secret)) return 'bad_signature' as const;
        let payload: z.infer<typeof whatsappPayloadSchema>;
        try {
          payload = whatsappPayloadSchema.parse(JSON.parse(raw.toString('utf8')));
        } catch {
          return 'unreadable' as const;
        }
        await applyWhatsappStatuses(tx, payload.entry.flatMap((entry) => entry.changes.flatMap((change) => change.value.statuses ?? [])));
        return 'ok' as const;
      });
      if (applied === 'bad_signature') {
        c.var.logger.warn({ kind: 'whatsapp_status' }, 'WhatsApp webhook refused: bad signature');
        await recordRefusedCallback(c, { provider: 'whatsapp', path: loggableCommunicationsPath(c.req.path), reason: 'bad_signature', tenantId: c.req.valid('param').tenantId });
        throw new HttpError('unauthorized', 'Bad signature');
      }
      if (applied === 'unreadable') throw new HttpError('bad_request', 'Unreadable payload');
      return c.text('OK', 200);
    },
  ),
];
