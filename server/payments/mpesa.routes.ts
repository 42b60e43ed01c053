import { createRoute } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { hasPermission } from '../../core/team/permissions.rules';
import {
  mpesaDisputeInputSchema,
  mpesaLookupInputSchema,
  mpesaLookupResultSchema,
  mpesaPaymentListQuerySchema,
  mpesaPaymentListSchema,
  mpesaPaymentSchema,
  mpesaReconciliationQuerySchema,
  mpesaReconciliationSchema,
  mpesaSettingsInputSchema,
  mpesaSettingsQuerySchema,
  mpesaSettingsSchema,
  mpesaStatusQuerySchema,
  simulatedStkInputSchema,
  simulatedTillPaymentInputSchema,
  stkRequestInputSchema,
  stkRequestSchema,
} from '../../core/payments/mpesa.schemas';
import type { Context } from 'hono';
import { queryRows, type TenantTx } from '../db/client';
import type { AppEnv } from '../http/context';
import { HttpError } from '../http/errors';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { tenantRoute, type RouteDefinition } from '../http/routes';
import { lookupCode, readStatusQuery, registerConfirmationUrls, simulateTillPayment } from './c2b.service';
import { listPayments, readPaymentByCode, setDisputed } from './mpesa-payments.service';
import { paymentsCsv, reconcile } from './mpesa-reconciliation.service';
import { callbackBaseOf, openAccount, readSettingsRow, saveSettings, settingsView } from './mpesa-settings.service';
import { abandonStkRequest, answerSimulatedPrompt, createStkRequest, readStkRequest } from './stk.service';

// M-Pesa at the till (issue 19, docs/decisions/0022-mpesa-daraja.md). On every plan: a payment
// method, not an upsell, so no feature gate. Cashiers send prompts, read the inbox and type codes;
// managers reconcile and dispute; the Daraja credentials are the business owner's (admin).


const idParam = z.object({ id: z.uuid() });
const notFoundResponse = errorResponse('Not found (or another shop’s)');
const actorOf = (c: Context<AppEnv>) => ({ tenantId: c.var.tenantId, userId: c.var.principal.userId });
const callbackBase = (c: Context<AppEnv>) => callbackBaseOf(c.var.deps, c.req.url);

/** The sandbox routes answer only while the shop (or the register's location) has no credentials. */
async function requireSimulated(c: Context<AppEnv>, locationId: string | null) {
  const row = await c.var.deps.database.withTenant(c.var.tenantId, (tx) => readSettingsRow(tx, locationId));
  if (!openAccount(c.var.tenantId, row, c.var.deps.secretBox).simulated) {
    throw new HttpError('conflict', /*i18n*/ 'This shop takes real M-Pesa payments: the simulated phone is off');
  }
}

export const mpesaRoutes: RouteDefinition[] = [
  tenantRoute(
    { permission: 'settings.manage' },
    createRoute({
      method: 'get',
      path: '/api/mpesa/settings',
      tags: ['mpesa'],
      summary: 'The shop’s (or a location’s) Daraja settings: secrets only as set + last 4, and the callback URLs to give Safaricom',
      request: { query: mpesaSettingsQuerySchema },
      responses: { 200: jsonResponse(mpesaSettingsSchema, 'Settings') },
    }),
    async (c) => {
      const locationId = c.req.valid('query').locationId ?? null;
      const { database, secretBox } = c.var.deps;
      const row = await database.withTenant(c.var.tenantId, (tx) => readSettingsRow(tx, locationId, true));
      return c.json(settingsView(c.var.tenantId, row, secretBox, callbackBase(c), locationId), 200);
    },
  ),
  tenantRoute(
    { permission: 'settings.manage' },
    createRoute({
      method: 'put',
      path: '/api/mpesa/settings',
      tags: ['mpesa'],
      summary: 'Save the Daraja settings; a secret left out is kept, clearCredentials removes them all (back to the simulated phone)',
      request: jsonBody(mpesaSettingsInputSchema),
      responses: { 200: jsonResponse(mpesaSettingsSchema, 'Settings'), 400: errorResponse('Invalid input') },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const { database, secretBox } = c.var.deps;
      const row = await database.withTenant(c.var.tenantId, async (tx) => {
        if (input.locationId) {
          const [location] = await queryRows<{ id: string }>(tx, sql`select id from locations where id = ${input.locationId}::uuid`);
          if (!location) throw new HttpError('validation_failed', /*i18n*/ 'Location not found', { locationId: [/*i18n*/ 'Location not found'] });
        }
        return saveSettings(tx, c.var.tenantId, secretBox, input, c.var.principal.userId);
      });
      return c.json(settingsView(c.var.tenantId, row, secretBox, callbackBase(c), input.locationId), 200);
    },
  ),
  tenantRoute(
    { permission: 'settings.manage' },
    createRoute({
      method: 'post',
      path: '/api/mpesa/settings/register-urls',
      tags: ['mpesa'],
      summary: 'Register this server’s C2B confirmation and validation URLs for the till or paybill with Daraja',
      request: jsonBody(z.object({ locationId: z.uuid().nullable().default(null) })),
      responses: { 200: jsonResponse(mpesaSettingsSchema, 'Settings'), 409: errorResponse('No credentials yet'), 503: errorResponse('Daraja refused') },
    }),
    async (c) => {
      const { locationId } = c.req.valid('json');
      const { database, secretBox } = c.var.deps;
      await registerConfirmationUrls(c.var.deps, c.var.tenantId, locationId, callbackBase(c));
      const row = await database.withTenant(c.var.tenantId, (tx) => readSettingsRow(tx, locationId, true));
      return c.json(settingsView(c.var.tenantId, row, secretBox, callbackBase(c), locationId), 200);
    },
  ),
  tenantRoute(
    { permission: 'member' },
    createRoute({
      method: 'get',
      path: '/api/mpesa/mode',
      tags: ['mpesa'],
      summary: 'Whether this register’s location takes real M-Pesa payments or the simulated phone answers',
      request: { query: z.object({ registerId: z.uuid() }) },
      responses: { 200: jsonResponse(z.object({ mode: z.enum(['simulated', 'live']) }), 'Mode'), 404: notFoundResponse },
    }),
    async (c) => {
      const { registerId } = c.req.valid('query');
      const { database, secretBox } = c.var.deps;
      const simulated = await database.withTenant(c.var.tenantId, async (tx) => {
        const location = await locationOfRegister(tx, registerId);
        return openAccount(c.var.tenantId, await readSettingsRow(tx, location), secretBox).simulated;
      });
      return c.json({ mode: simulated ? ('simulated' as const) : ('live' as const) }, 200);
    },
  ),
  tenantRoute(
    { permission: 'sales.sell' },
    createRoute({
      method: 'post',
      path: '/api/mpesa/stk-requests',
      tags: ['mpesa'],
      summary: 'Send an M-Pesa prompt to the customer’s phone; the id is the register’s: a retry answers the first prompt',
      request: jsonBody(stkRequestInputSchema),
      responses: {
        200: jsonResponse(stkRequestSchema, 'A retry: the prompt as it is'),
        201: jsonResponse(stkRequestSchema, 'The prompt (failed when Daraja refused it)'),
        400: errorResponse('Invalid phone or amount'),
        404: notFoundResponse,
        409: errorResponse('The id was used for another prompt'),
      },
    }),
    async (c) => {
      const { request, replayed } = await createStkRequest(c.var.deps, actorOf(c), c.req.valid('json'), callbackBase(c));
      return replayed ? c.json(request, 200) : c.json(request, 201);
    },
  ),
  tenantRoute(
    { permission: 'sales.sell' },
    createRoute({
      method: 'get',
      path: '/api/mpesa/stk-requests/{id}',
      tags: ['mpesa'],
      summary: 'The prompt’s state for the waiting register; asks Daraja (STK query) when the callback is late',
      request: { params: idParam },
      responses: { 200: jsonResponse(stkRequestSchema, 'The prompt'), 404: notFoundResponse },
    }),
    async (c) => c.json(await readStkRequest(c.var.deps, c.var.tenantId, c.req.valid('param').id), 200),
  ),
  tenantRoute(
    { permission: 'sales.sell' },
    createRoute({
      method: 'post',
      path: '/api/mpesa/stk-requests/{id}/abandon',
      tags: ['mpesa'],
      summary: 'The cashier closed the prompt; a payment that still arrives waits in the inbox',
      request: { params: idParam },
      responses: { 200: jsonResponse(stkRequestSchema, 'The prompt'), 404: notFoundResponse },
    }),
    async (c) => c.json(await abandonStkRequest(c.var.deps, c.var.tenantId, c.req.valid('param').id), 200),
  ),
  tenantRoute(
    { permission: 'sales.sell' },
    createRoute({
      method: 'post',
      path: '/api/mpesa/sandbox/stk-requests/{id}',
      tags: ['mpesa'],
      summary: 'The simulated phone answers a simulated prompt (approve, cancel, time out…) through the real callback code',
      request: { params: idParam, ...jsonBody(simulatedStkInputSchema) },
      responses: { 200: jsonResponse(stkRequestSchema, 'The prompt'), 404: notFoundResponse, 409: errorResponse('The shop has real credentials') },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { outcome } = c.req.valid('json');
      return c.json(await answerSimulatedPrompt(c.var.deps, c.var.tenantId, id, outcome), 200);
    },
  ),
  tenantRoute(
    { permission: 'sales.sell' },
    createRoute({
      method: 'post',
      path: '/api/mpesa/sandbox/till-payments',
      tags: ['mpesa'],
      summary: 'A simulated customer pays the till: a C2B confirmation through the real callback code (shops without credentials only)',
      request: jsonBody(simulatedTillPaymentInputSchema),
      responses: { 201: jsonResponse(mpesaPaymentSchema, 'The payment, in the inbox'), 409: errorResponse('The shop has real credentials') },
    }),
    async (c) => {
      await requireSimulated(c, null);
      const transId = await simulateTillPayment(c.var.deps, c.var.tenantId, c.req.valid('json'));
      const payment = await c.var.deps.database.withTenant(c.var.tenantId, (tx) => readPaymentByCode(tx, transId));
      return c.json(payment!, 201);
    },
  ),
  tenantRoute(
    { permission: 'sales.sell' },
    createRoute({
      method: 'get',
      path: '/api/mpesa/payments',
      tags: ['mpesa'],
      summary: 'Payments received, latest first: the register’s inbox (status=unallocated, an amount, the last minutes); other lists for managers',
      request: { query: mpesaPaymentListQuerySchema },
      responses: { 200: jsonResponse(mpesaPaymentListSchema, 'A page of payments'), 403: errorResponse('A cashier sees the unallocated payments only') },
    }),
    async (c) => {
      const query = c.req.valid('query');
      if (query.status !== 'unallocated' && !hasPermission(c.var.memberAccess, 'payments.reconcile')) {
        throw new HttpError('forbidden', /*i18n*/ 'Only managers see payments already allocated');
      }
      return c.json(await c.var.deps.database.withTenant(c.var.tenantId, (tx) => listPayments(tx, query)), 200);
    },
  ),
  tenantRoute(
    { permission: 'data.export' },
    createRoute({
      method: 'get',
      path: '/api/mpesa/payments/export',
      tags: ['mpesa'],
      summary: 'The payments of the list’s filters as CSV',
      request: { query: mpesaPaymentListQuerySchema },
      responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } } },
    }),
    async (c) => {
      const csv = await c.var.deps.database.withTenant(c.var.tenantId, (tx) => paymentsCsv(tx, c.req.valid('query')));
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="mpesa-payments-${new Date().toISOString().slice(0, 10)}.csv"`,
      });
    },
  ),
  tenantRoute(
    { permission: 'sales.sell' },
    createRoute({
      method: 'post',
      path: '/api/mpesa/payments/lookup',
      tags: ['mpesa'],
      summary: 'A code the customer read out: found (take it), already used (409), or being checked with Safaricom (poll the query)',
      request: jsonBody(mpesaLookupInputSchema.extend({ registerId: z.uuid().optional() })),
      responses: { 200: jsonResponse(mpesaLookupResultSchema, 'Found, or checking'), 400: errorResponse('Not a code'), 409: errorResponse('Already used, or disputed') },
    }),
    async (c) => {
      const { code, registerId } = c.req.valid('json');
      const location = registerId ? await c.var.deps.database.withTenant(c.var.tenantId, (tx) => locationOfRegister(tx, registerId)) : null;
      return c.json(await lookupCode(c.var.deps, actorOf(c), code, location, callbackBase(c)), 200);
    },
  ),
  tenantRoute(
    { permission: 'sales.sell' },
    createRoute({
      method: 'get',
      path: '/api/mpesa/status-queries/{id}',
      tags: ['mpesa'],
      summary: 'A code being checked with Safaricom: pending, found (with the payment), not found',
      request: { params: idParam },
      responses: { 200: jsonResponse(mpesaStatusQuerySchema, 'The check'), 404: notFoundResponse },
    }),
    async (c) => c.json(await readStatusQuery(c.var.deps, c.var.tenantId, c.req.valid('param').id), 200),
  ),
  tenantRoute(
    { permission: 'payments.reconcile' },
    createRoute({
      method: 'post',
      path: '/api/mpesa/payments/{id}/dispute',
      tags: ['mpesa'],
      summary: 'Mark an unallocated payment disputed (with a note), or back to unallocated',
      request: { params: idParam, ...jsonBody(mpesaDisputeInputSchema) },
      responses: { 200: jsonResponse(mpesaPaymentSchema, 'The payment'), 404: notFoundResponse, 409: errorResponse('Already allocated') },
    }),
    async (c) => {
      const { disputed, note } = c.req.valid('json');
      return c.json(await c.var.deps.database.withTenant(c.var.tenantId, (tx) => setDisputed(tx, c.req.valid('param').id, disputed, note)), 200);
    },
  ),
  tenantRoute(
    { permission: 'payments.reconcile' },
    createRoute({
      method: 'get',
      path: '/api/mpesa/reconciliation',
      tags: ['mpesa'],
      summary: 'M-Pesa received against M-Pesa tenders and account payments, per day or per shift',
      request: { query: mpesaReconciliationQuerySchema },
      responses: { 200: jsonResponse(mpesaReconciliationSchema, 'Rows, latest first') },
    }),
    async (c) => c.json(await c.var.deps.database.withTenant(c.var.tenantId, (tx) => reconcile(tx, c.req.valid('query'))), 200),
  ),
];

async function locationOfRegister(tx: TenantTx, registerId: string): Promise<string> {
  const [row] = await queryRows<{ location_id: string }>(tx, sql`select location_id from registers where id = ${registerId}::uuid`);
  const location = row?.location_id;
  if (!location) throw new HttpError('not_found', /*i18n*/ 'Register not found');
  return location;
}
