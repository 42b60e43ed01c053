import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  purchaseListQuerySchema,
  purchaseOrderInputSchema,
  purchaseOrderListSchema,
  purchaseOrderSchema,
  purchaseOrderSendSchema,
  purchaseOrderTextSchema,
  reorderDraftsInputSchema,
  reorderDraftsSchema,
  reorderQuerySchema,
  reorderSuggestionsSchema,
  type PurchaseOrder,
} from '../../core/purchases/purchases.schemas';
import type { AppEnv } from '../http/context';
import { readIdempotencyKey } from '../http/idempotency';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { languageHints } from '../http/request-meta';
import { tenantRoute, type RouteDefinition } from '../http/routes';
import { emailLanguage } from '../i18n/email-language';
import type { DocumentAuthor, DocumentReader } from '../inventory/inventory-documents';
import { sendPurchaseOrder } from './purchase-order-email';
import { purchaseOrderPdf, purchaseOrderPlainText } from './purchase-order.pdf';
import {
  cancelPurchaseOrder,
  closePurchaseOrder,
  createPurchaseOrder,
  getPurchaseOrder,
  listPurchaseOrders,
  markOrdered,
  updatePurchaseOrder,
} from './purchase-orders.service';
import { createReorderDrafts, reorderSuggestions } from './reorder.service';

// Purchase orders and reorder suggestions (issue 16): managers and admins buy, a member limited to
// some locations for those only (issue 20). Handlers parse and call one service. The literal paths
// come before /{id}, which would otherwise answer for them.

const idParams = { params: z.object({ id: z.uuid({ message: /*i18n*/ 'Not a valid id' }) }) };
const tags = ['purchases'];

const notFoundResponse = errorResponse('Not found (or another shop’s, or for a location the person does not work at)');
const locationNotFoundResponse = errorResponse('The location is not one the person works at');
const conflictResponse = errorResponse('Refused in the order’s current state');
const invalidResponse = errorResponse('Invalid input, with a message per field');
const orderResponse = jsonResponse(purchaseOrderSchema, 'The order');

/** The language the person looking at a document reads (their choice, else the request's hints). */
const viewerLanguage = (c: Context<AppEnv>) => emailLanguage(c.var.deps.database, { userId: c.var.principal.userId }, languageHints(c, c.var.tenantId));

/** The reader of orders: the shop and the locations the person may work at (issue 20). */
function readerOf(c: Context<AppEnv>): DocumentReader {
  return { tenantId: c.var.tenantId, locationIds: c.var.memberAccess.locationIds };
}

function authorOf(c: Context<AppEnv>): DocumentAuthor {
  return { ...readerOf(c), userId: c.var.principal.userId, requestKey: readIdempotencyKey(c) };
}

/** A status change: POST /api/purchase-orders/{id}/{action}. */
function transitionRoute(action: string, summary: string, run: (c: Context<AppEnv>, id: string) => Promise<PurchaseOrder>) {
  return tenantRoute(
    { permission: 'purchases.manage' },
    createRoute({
      method: 'post',
      path: `/api/purchase-orders/{id}/${action}`,
      tags,
      summary,
      request: idParams,
      responses: { 200: orderResponse, 404: notFoundResponse, 409: conflictResponse },
    }),
    async (c) => c.json(await run(c, c.req.valid('param').id), 200),
  );
}

export const purchaseOrderRoutes: RouteDefinition[] = [
  tenantRoute(
    { permission: 'purchases.manage' },
    createRoute({
      method: 'get',
      path: '/api/purchase-orders/reorder-suggestions',
      tags,
      summary: 'Low items at a location (on hand + on order ≤ reorder level) with 30 days’ sales and suggested packs, per preferred supplier',
      request: { query: reorderQuerySchema },
      responses: { 200: jsonResponse(reorderSuggestionsSchema, 'Suggestions'), 400: invalidResponse, 404: locationNotFoundResponse },
    }),
    async (c) => c.json(await reorderSuggestions(c.var.deps.database, readerOf(c), c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'purchases.manage' },
    createRoute({
      method: 'post',
      path: '/api/purchase-orders/reorder-drafts',
      tags,
      summary: 'One draft order per supplier from (edited) suggestions, all in one transaction (Idempotency-Key)',
      request: jsonBody(reorderDraftsInputSchema),
      responses: { 201: jsonResponse(reorderDraftsSchema, 'The drafts'), 400: invalidResponse, 404: locationNotFoundResponse },
    }),
    async (c) => c.json(await createReorderDrafts(c.var.deps.database, authorOf(c), c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'purchases.manage' },
    createRoute({
      method: 'get',
      path: '/api/purchase-orders',
      tags,
      summary: 'Orders, filtered by supplier, status, location and dates; searched by number, supplier reference or supplier name',
      request: { query: purchaseListQuerySchema },
      responses: { 200: jsonResponse(purchaseOrderListSchema, 'A page of orders'), 400: invalidResponse },
    }),
    async (c) => c.json(await listPurchaseOrders(c.var.deps.database, readerOf(c), c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'purchases.manage' },
    createRoute({
      method: 'post',
      path: '/api/purchase-orders',
      tags,
      summary: 'A new draft order PO-000001 (Idempotency-Key)',
      request: jsonBody(purchaseOrderInputSchema),
      responses: { 201: orderResponse, 400: invalidResponse, 404: locationNotFoundResponse },
    }),
    async (c) => c.json(await createPurchaseOrder(c.var.deps.database, authorOf(c), c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'purchases.manage' },
    createRoute({
      method: 'get',
      path: '/api/purchase-orders/{id}',
      tags,
      summary: 'An order with its lines and the receipts against it',
      request: idParams,
      responses: { 200: orderResponse, 404: notFoundResponse },
    }),
    async (c) => c.json(await getPurchaseOrder(c.var.deps.database, readerOf(c), c.req.valid('param').id), 200),
  ),
  tenantRoute(
    { permission: 'purchases.manage' },
    createRoute({
      method: 'put',
      path: '/api/purchase-orders/{id}',
      tags,
      summary: 'Replace a draft’s header and lines (409 once ordered)',
      request: { ...idParams, ...jsonBody(purchaseOrderInputSchema) },
      responses: { 200: orderResponse, 400: invalidResponse, 404: notFoundResponse, 409: conflictResponse },
    }),
    async (c) => c.json(await updatePurchaseOrder(c.var.deps.database, { ...readerOf(c), userId: c.var.principal.userId }, c.req.valid('param').id, c.req.valid('json')), 200),
  ),
  transitionRoute('order', 'Mark a draft as ordered without sending it', (c, id) => markOrdered(c.var.deps.database, readerOf(c), id)),
  transitionRoute('cancel', 'Cancel a draft or ordered order', (c, id) => cancelPurchaseOrder(c.var.deps.database, readerOf(c), id)),
  transitionRoute('close', 'Close a partly or fully received order: the rest is no longer expected', (c, id) => closePurchaseOrder(c.var.deps.database, readerOf(c), id)),
  tenantRoute(
    { permission: 'purchases.manage' },
    createRoute({
      method: 'post',
      path: '/api/purchase-orders/{id}/send',
      tags,
      summary: 'Send: e-mail the PDF to the supplier (or `email`), or record it printed or shared; a draft becomes ordered',
      request: { ...idParams, ...jsonBody(purchaseOrderSendSchema) },
      responses: { 200: orderResponse, 400: invalidResponse, 404: notFoundResponse, 409: conflictResponse },
    }),
    async (c) => c.json(await sendPurchaseOrder(c.var.deps, readerOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  ),
  tenantRoute(
    { permission: 'purchases.manage' },
    createRoute({
      method: 'get',
      path: '/api/purchase-orders/{id}/pdf',
      tags,
      summary: 'The order as an A4 PDF on the shop’s letterhead (in the viewer’s language)',
      request: idParams,
      responses: { 200: { description: 'PDF file', content: { 'application/pdf': { schema: z.string() } } }, 404: notFoundResponse },
    }),
    async (c) => {
      const { pdf, fileName } = await purchaseOrderPdf(c.var.deps, readerOf(c), c.req.valid('param').id, await viewerLanguage(c));
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Cache-Control': 'private, no-store',
      });
    },
  ),
  tenantRoute(
    { permission: 'purchases.manage' },
    createRoute({
      method: 'get',
      path: '/api/purchase-orders/{id}/text',
      tags,
      summary: 'The order as plain text to paste into WhatsApp or an SMS (in the viewer’s language)',
      request: idParams,
      responses: { 200: jsonResponse(purchaseOrderTextSchema, 'The text'), 404: notFoundResponse },
    }),
    async (c) => c.json(await purchaseOrderPlainText(c.var.deps, readerOf(c), c.req.valid('param').id, await viewerLanguage(c)), 200),
  ),
];
