import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import type { Context } from 'hono';
import type { TenantTx } from '../db/client';
import type { AppEnv } from '../http/context';
import { HttpError } from '../http/errors';
import { errorResponse } from '../http/openapi-helpers';
import { publicRoute, type RouteDefinition } from '../http/routes';
import { recordRefusedCallback } from '../platform/security-events';
import { applyC2bConfirmation, applyStatusResult, applyStkCallback, UnreadableCallback } from './mpesa-callbacks.service';
import { settingsForCallbackToken, type MpesaSettingsRow } from './mpesa-settings.service';

// Safaricom's callbacks (issue 19, docs/decisions/0022-mpesa-daraja.md). The path names the shop
// and carries a random token only Safaricom and the shop's settings know; a wrong one is refused
// with nothing written and logged without the token. Each answers as Daraja documents, at once,
// after one short transaction: {"ResultCode":0,"ResultDesc":"Accepted"}.

const CALLBACK_PATH = /^(\/api\/mpesa\/callbacks\/[^/]+\/)[^/]+/;

/** A path as the request log writes it: a callback's token replaced. */
export const loggablePath = (path: string) => path.replace(CALLBACK_PATH, '$1[token]');

const params = z.object({ tenantId: z.uuid(), token: z.string().min(20).max(100) });
const stkParams = params.extend({ requestId: z.uuid() });
const accepted = { ResultCode: 0, ResultDesc: 'Accepted' } as const;
const acceptedResponse = {
  description: 'Accepted (Daraja’s documented reply)',
  content: { 'application/json': { schema: z.object({ ResultCode: z.literal(0), ResultDesc: z.string() }) } },
};

type Apply = (tx: TenantTx, tenantId: string, settings: MpesaSettingsRow) => Promise<void>;
type Receiver = (payload: unknown, requestId: string | null) => Apply;

async function receive(c: Context<AppEnv>, kind: string, apply: Receiver) {
  const { tenantId, token, requestId } = c.req.param() as { tenantId: string; token: string; requestId?: string };
  let payload: unknown;
  try {
    payload = await c.req.json();
  } catch {
    throw new HttpError('bad_request', 'The request body is not valid JSON');
  }
  const handled = await c.var.deps.database.withTenant(tenantId, async (tx) => {
    const settings = await settingsForCallbackToken(tx, token);
    if (!settings) return false;
    try {
      await apply(payload, requestId ?? null)(tx, tenantId, settings);
    } catch (error) {
      if (error instanceof UnreadableCallback) throw new HttpError('bad_request', error.message);
      throw error;
    }
    return true;
  });
  if (!handled) {
    c.var.logger.warn({ tenantId, kind }, 'M-Pesa callback refused: wrong token');
    await recordRefusedCallback(c, { provider: 'mpesa', path: loggablePath(c.req.path), reason: 'wrong_token', tenantId });
    throw new HttpError('unauthorized', 'Unknown callback');
  }
  return c.json(accepted, 200);
}

function callbackRoute(path: string, summary: string, kind: string, apply: Receiver): RouteDefinition {
  return publicRoute(
    createRoute({
      method: 'post',
      path: `/api/mpesa/callbacks/{tenantId}/{token}/${path}`,
      tags: ['mpesa'],
      summary,
      request: { params: path.includes('{requestId}') ? stkParams : params },
      responses: { 200: acceptedResponse, 400: errorResponse('Unreadable payload'), 401: errorResponse('Wrong token: nothing written') },
    }),
    (c) => receive(c, kind, apply),
  );
}

export const mpesaCallbackRoutes: RouteDefinition[] = [
  callbackRoute('stk/{requestId}', 'STK (M-Pesa Express) result for our prompt; idempotent on CheckoutRequestID', 'stk', (payload, requestId) => (tx, tenantId, settings) =>
    applyStkCallback(tx, tenantId, settings.id, payload, requestId),
  ),
  callbackRoute('c2b/validation', 'C2B validation: every payment is accepted (the confirmation records it)', 'c2b_validation', () => async () => undefined),
  callbackRoute('c2b/confirmation', 'C2B (till or paybill) confirmation; idempotent on TransID', 'c2b_confirmation', (payload) => (tx, tenantId, settings) =>
    applyC2bConfirmation(tx, tenantId, settings.id, payload),
  ),
  callbackRoute('status/result', 'Transaction status result (a typed code checked with Safaricom)', 'status_result', (payload) => (tx, tenantId, settings) =>
    applyStatusResult(tx, tenantId, settings.id, payload),
  ),
  callbackRoute('status/timeout', 'Transaction status queue timeout', 'status_timeout', (payload) => (tx, tenantId, settings) =>
    applyStatusResult(tx, tenantId, settings.id, payload, true),
  ),
];
