import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { apiErrorSchema } from '../../core/api/api-error.schemas';
import { formatMinorUnits } from '../../core/settings/money.rules';
import { HttpError } from '../http/errors';
import { publicRoute } from '../http/routes';
import { recordRefusedCallback } from '../platform/security-events';
import { verifyAndApply } from './billing.service';
import { isValidPaystackSignature } from './paystack-signature';
import { decideSandboxTransaction, findSandboxTransaction } from './sandbox.provider';

const accessCodeParam = z.object({ accessCode: z.string().regex(/^[a-f0-9]{20}$/) });
const paystackEventSchema = z.object({ event: z.string(), data: z.looseObject({ reference: z.string().optional() }) });

// Provider-facing routes: the Paystack webhook, and the sandbox provider's checkout page.
export const paymentCallbackRoutes = [
  publicRoute(
    createRoute({
      method: 'post',
      path: '/api/webhooks/paystack',
      tags: ['billing'],
      summary: 'Paystack events; the x-paystack-signature HMAC-SHA512 is checked before anything else',
      responses: { 200: { description: 'Received' }, 401: { description: 'Bad signature', content: { 'application/json': { schema: apiErrorSchema } } } },
    }),
    async (c) => {
      const { config, logger } = c.var.deps;
      const raw = Buffer.from(await c.req.arrayBuffer());
      if (!config.paystackSecretKey || !isValidPaystackSignature(raw, c.req.header('x-paystack-signature'), config.paystackSecretKey)) {
        await recordRefusedCallback(c, { provider: 'paystack', path: c.req.path, reason: config.paystackSecretKey ? 'bad_signature' : 'not_configured' });
        throw new HttpError('unauthorized', 'Invalid signature');
      }
      let event: z.infer<typeof paystackEventSchema>;
      try {
        event = paystackEventSchema.parse(JSON.parse(raw.toString('utf8')));
      } catch {
        throw new HttpError('bad_request', 'Unreadable event');
      }
      // Only charge.success changes anything; the transaction is re-verified with Paystack first.
      if (event.event === 'charge.success' && event.data.reference) {
        const { result } = await verifyAndApply(c.var.deps, event.data.reference);
        logger.info({ reference: event.data.reference, result }, 'Paystack charge.success');
      }
      return c.body(null, 200);
    },
  ),
  publicRoute(
    createRoute({
      method: 'get',
      path: '/api/billing/sandbox/{accessCode}',
      tags: ['billing'],
      summary: 'The sandbox checkout page (no real money): Pay or Decline',
      request: { params: accessCodeParam },
      responses: { 200: { description: 'HTML page', content: { 'text/html': { schema: z.string() } } } },
    }),
    async (c) => {
      const transaction = await findSandboxTransaction(c.var.deps.database, c.req.valid('param').accessCode);
      if (!transaction || c.var.deps.paymentProvider?.name !== 'sandbox') throw new HttpError('not_found', /*i18n*/ 'No such checkout');
      const plan = typeof transaction.metadata.plan === 'string' ? transaction.metadata.plan : null;
      return c.html(sandboxCheckoutPage({ ...transaction, plan, amount: formatMinorUnits(transaction.amountMinor, transaction.currency) }), 200);
    },
  ),
  publicRoute(
    createRoute({
      method: 'post',
      path: '/api/billing/sandbox/{accessCode}/{outcome}',
      tags: ['billing'],
      summary: 'The sandbox checkout decision; applies it through the same fulfilment as Paystack, then returns to the shop',
      request: { params: accessCodeParam.extend({ outcome: z.enum(['pay', 'decline']) }) },
      responses: { 303: { description: 'Back to the callback URL' } },
    }),
    async (c) => {
      const { accessCode, outcome } = c.req.valid('param');
      const { database } = c.var.deps;
      if (c.var.deps.paymentProvider?.name !== 'sandbox') throw new HttpError('not_found', /*i18n*/ 'No such checkout');
      const transaction = await decideSandboxTransaction(database, accessCode, outcome === 'pay' ? 'success' : 'failed');
      if (!transaction) throw new HttpError('not_found', /*i18n*/ 'No such checkout');
      await verifyAndApply(c.var.deps, transaction.reference);
      const back = new URL(transaction.callbackUrl);
      back.searchParams.set('reference', transaction.reference);
      back.searchParams.set('trxref', transaction.reference);
      return c.redirect(back.toString(), 303);
    },
  ),
];

function escapeHtml(value: string) {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function sandboxCheckoutPage(transaction: { accessCode: string; email: string; plan: string | null; amount: string; status: string; reference: string }) {
  const decided = transaction.status !== 'ongoing';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox checkout — Dukani</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f4f6f5;color:#1c2b24;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border:1px solid #dfe7e3;border-radius:12px;padding:28px;max-width:420px;width:calc(100% - 32px)}
.tag{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:4px 10px;font-size:12px;font-weight:600}
h1{font-size:20px;margin:14px 0 4px}.amount{font-size:32px;font-weight:700;margin:12px 0}.muted{color:#5b6b63;font-size:14px}
form{display:inline}button{font:inherit;border-radius:8px;padding:10px 18px;border:1px solid #166534;cursor:pointer;margin-top:18px}
.pay{background:#166534;color:#fff}.decline{background:#fff;color:#166534;margin-left:8px}</style></head>
<body><main><span class="tag">SANDBOX — no real money moves</span>
<h1>Dukani subscription${transaction.plan ? `: ${escapeHtml(transaction.plan)}` : ''}</h1><p class="muted">Billed to ${escapeHtml(transaction.email)} · reference ${escapeHtml(transaction.reference)}</p>
<div class="amount" data-testid="amount">${escapeHtml(transaction.amount)}</div>
${decided ? `<p>This checkout is already ${transaction.status === 'success' ? 'paid' : 'declined'}.</p>` : `<p class="muted">Paystack is not configured on this server, so this local page stands in for its checkout. Choose what the card payment does.</p>
<form method="post" action="/api/billing/sandbox/${transaction.accessCode}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="/api/billing/sandbox/${transaction.accessCode}/decline"><button class="decline" type="submit">Decline</button></form>`}
</main></body></html>`;
}
