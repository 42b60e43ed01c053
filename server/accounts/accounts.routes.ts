import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  accountEntryListQuerySchema,
  accountEntryListSchema,
  adjustmentInputSchema,
  balanceListQuerySchema,
  balanceListSchema,
  contactAccountSchema,
  creditNoteInputSchema,
  creditSettingsInputSchema,
  creditSettingsSchema,
  paymentInputSchema,
  paymentReceiptSchema,
  postedEntrySchema,
  sideQuerySchema,
  writeOffInputSchema,
} from '../../core/accounts/accounts.schemas';
import type { AppEnv } from '../http/context';
import { readIdempotencyKey } from '../http/idempotency';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { tenantRoute, type RouteDefinition } from '../http/routes';
import {
  getContactAccount,
  getCreditSettings,
  getPaymentReceipt,
  getPostedEntry,
  listBalances,
  listContactEntries,
  postContactAdjustment,
  postContactCreditNote,
  postContactWriteOff,
  recordContactPayment,
  updateCreditSettings,
  type AccountAuthor,
} from './accounts.service';

// Credit accounts (issue 14): cashiers record payments and read accounts; managers post credit
// notes and adjustments; admins write off and set the credit limit policy. `customers` is on in
// every plan, so no feature gate. Handlers parse and call one service function.

const contactParams = { params: z.object({ id: z.uuid() }) };

const notFoundResponse = errorResponse('Not found (or another shop’s)');
const invalidResponse = errorResponse('Invalid input, with a message per field');
const conflictResponse = errorResponse('Refused: M-Pesa code already used, or past the credit limit');

function authorOf(c: Context<AppEnv>): AccountAuthor {
  return { tenantId: c.var.tenantId, userId: c.var.principal.userId, requestKey: readIdempotencyKey(c) };
}

const postedResponses = {
  201: jsonResponse(postedEntrySchema, 'The entry, what it settled, what is left as a deposit and the balance after it'),
  400: invalidResponse,
  404: notFoundResponse,
  409: conflictResponse,
  422: errorResponse('Idempotency-Key reused for another request'),
};

export const accountRoutes: RouteDefinition[] = [
  tenantRoute(
    { permission: 'accounts.collect' },
    createRoute({
      method: 'get',
      path: '/api/contacts/{id}/account',
      tags: ['accounts'],
      summary: 'A contact’s account on one side: balance, aging, open items, deposits',
      request: { ...contactParams, query: sideQuerySchema },
      responses: { 200: jsonResponse(contactAccountSchema, 'The account'), 404: notFoundResponse },
    }),
    async (c) => c.json(await getContactAccount(c.var.deps.database, c.var.tenantId, c.req.valid('param').id, c.req.valid('query').side), 200),
  ),
  tenantRoute(
    { permission: 'accounts.collect' },
    createRoute({
      method: 'get',
      path: '/api/contacts/{id}/account-entries',
      tags: ['accounts'],
      summary: 'A contact’s ledger entries on one side, newest first',
      request: { ...contactParams, query: accountEntryListQuerySchema },
      responses: { 200: jsonResponse(accountEntryListSchema, 'Entries'), 404: notFoundResponse },
    }),
    async (c) => c.json(await listContactEntries(c.var.deps.database, c.var.tenantId, c.req.valid('param').id, c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'accounts.collect' },
    createRoute({
      method: 'post',
      path: '/api/contacts/{id}/payments',
      tags: ['accounts'],
      summary: 'Record a payment received (receivable) or made (payable); oldest charges first or the ones picked (Idempotency-Key)',
      request: { ...contactParams, ...jsonBody(paymentInputSchema) },
      responses: postedResponses,
    }),
    async (c) => c.json(await recordContactPayment(c.var.deps.database, authorOf(c), c.req.valid('param').id, c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'accounts.adjust' },
    createRoute({
      method: 'post',
      path: '/api/contacts/{id}/credit-notes',
      tags: ['accounts'],
      summary: 'A credit note with a reason (Idempotency-Key)',
      request: { ...contactParams, ...jsonBody(creditNoteInputSchema) },
      responses: postedResponses,
    }),
    async (c) => c.json(await postContactCreditNote(c.var.deps.database, authorOf(c), c.req.valid('param').id, c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'accounts.adjust' },
    createRoute({
      method: 'post',
      path: '/api/contacts/{id}/adjustments',
      tags: ['accounts'],
      summary: 'An adjustment with a reason: positive raises what is owed, negative lowers it (Idempotency-Key)',
      request: { ...contactParams, ...jsonBody(adjustmentInputSchema) },
      responses: postedResponses,
    }),
    async (c) => c.json(await postContactAdjustment(c.var.deps.database, authorOf(c), c.req.valid('param').id, c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'accounts.write_off' },
    createRoute({
      method: 'post',
      path: '/api/contacts/{id}/write-offs',
      tags: ['accounts'],
      summary: 'Write off debt that will not be paid, at most what is open (Idempotency-Key)',
      request: { ...contactParams, ...jsonBody(writeOffInputSchema) },
      responses: postedResponses,
    }),
    async (c) => c.json(await postContactWriteOff(c.var.deps.database, authorOf(c), c.req.valid('param').id, c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'accounts.collect' },
    createRoute({
      method: 'get',
      path: '/api/account-entries/{id}',
      tags: ['accounts'],
      summary: 'One ledger entry with what it settled and the balance after it',
      request: contactParams,
      responses: { 200: jsonResponse(postedEntrySchema, 'The entry'), 404: notFoundResponse },
    }),
    async (c) => c.json(await getPostedEntry(c.var.deps.database, c.var.tenantId, c.req.valid('param').id), 200),
  ),
  tenantRoute(
    { permission: 'accounts.collect' },
    createRoute({
      method: 'get',
      path: '/api/account-entries/{id}/receipt',
      tags: ['accounts'],
      summary: 'A payment’s receipt, for the 80 mm print page',
      request: contactParams,
      responses: { 200: jsonResponse(paymentReceiptSchema, 'The receipt'), 404: notFoundResponse },
    }),
    async (c) => c.json(await getPaymentReceipt(c.var.deps.database, c.var.tenantId, c.req.valid('param').id), 200),
  ),
  tenantRoute(
    { permission: 'accounts.collect' },
    createRoute({
      method: 'get',
      path: '/api/accounts/debtors',
      tags: ['accounts'],
      summary: 'Customers who owe, with overdue amounts and aging, and totals',
      request: { query: balanceListQuerySchema },
      responses: { 200: jsonResponse(balanceListSchema, 'Debtors') },
    }),
    async (c) => c.json(await listBalances(c.var.deps.database, c.var.tenantId, 'receivable', c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'accounts.collect' },
    createRoute({
      method: 'get',
      path: '/api/accounts/creditors',
      tags: ['accounts'],
      summary: 'Suppliers the shop owes, with overdue amounts and aging, and totals',
      request: { query: balanceListQuerySchema },
      responses: { 200: jsonResponse(balanceListSchema, 'Creditors') },
    }),
    async (c) => c.json(await listBalances(c.var.deps.database, c.var.tenantId, 'payable', c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'member' },
    createRoute({
      method: 'get',
      path: '/api/accounts/settings',
      tags: ['accounts'],
      summary: 'The credit limit policy: block (default) or warn',
      responses: { 200: jsonResponse(creditSettingsSchema, 'Settings') },
    }),
    async (c) => c.json(await getCreditSettings(c.var.deps.database, c.var.tenantId), 200),
  ),
  tenantRoute(
    { permission: 'settings.manage' },
    createRoute({
      method: 'put',
      path: '/api/accounts/settings',
      tags: ['accounts'],
      summary: 'Set the credit limit policy',
      request: jsonBody(creditSettingsInputSchema),
      responses: { 200: jsonResponse(creditSettingsSchema, 'Settings'), 400: invalidResponse },
    }),
    async (c) => c.json(await updateCreditSettings(c.var.deps.database, c.var.tenantId, c.req.valid('json')), 200),
  ),
];
