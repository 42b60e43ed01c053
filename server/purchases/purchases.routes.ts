import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  billListSchema,
  billSchema,
  expiringSoonQuerySchema,
  expiringSoonSchema,
  goodsReceiptInputSchema,
  goodsReceiptListSchema,
  goodsReceiptSchema,
  purchaseListQuerySchema,
  serviceBillInputSchema,
  supplierInvoiceCheckQuerySchema,
  supplierInvoiceCheckSchema,
  supplierPaymentInputSchema,
  supplierPaymentSchema,
  supplierReturnInputSchema,
  supplierReturnListSchema,
  supplierReturnSchema,
} from '../../core/purchases/purchases.schemas';
import type { AppEnv } from '../http/context';
import type { DocumentReader } from '../inventory/inventory-documents';
import { readIdempotencyKey } from '../http/idempotency';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { tenantRoute, type RouteDefinition } from '../http/routes';
import { checkSupplierInvoice, createGoodsReceipt, getGoodsReceipt, listExpiringSoon, listGoodsReceipts } from './goods-receipts.service';
import { createServiceBill, getBill, listBills } from './supplier-bills.service';
import { recordSupplierPayment, type PurchaseAuthor } from './supplier-payments.service';
import { createSupplierReturn, getSupplierReturn, listSupplierReturns } from './supplier-returns.service';

// Goods receipts, supplier bills, supplier payments and returns to suppliers (issue 16). Handlers
// parse and call one service. Literal paths (invoice-check, expiring-soon) come before {id}. The
// services keep a member limited to some locations to the receipts and returns of theirs (issue 20).

const idParams = { params: z.object({ id: z.uuid() }) };

const notFoundResponse = errorResponse('Not found (or another shop’s, or at a location the person does not work at)');
const conflictResponse = errorResponse('Refused in its current state (over-receipt, repeated invoice, closed shift, not enough on hand…)');
const invalidResponse = errorResponse('Invalid input, with a message per field');

/** The reader of purchase documents: the shop and the locations the person may work at. */
function readerOf(c: Context<AppEnv>): DocumentReader {
  return { tenantId: c.var.tenantId, locationIds: c.var.memberAccess.locationIds };
}

/** The writer of a new document: the reader, the user, their permissions and the request's Idempotency-Key. */
function authorOf(c: Context<AppEnv>): PurchaseAuthor {
  return { ...readerOf(c), userId: c.var.principal.userId, permissions: c.var.memberAccess.permissions, requestKey: readIdempotencyKey(c) };
}

const receiptResponse = jsonResponse(goodsReceiptSchema, 'The goods receipt');

const receiptRoutes = [
  tenantRoute(
    // Cashiers reach it only for a cash purchase from their open shift when the shop allows it (the service decides, 403 otherwise).
    { permission: 'purchases.receive' },
    createRoute({
      method: 'post',
      path: '/api/goods-receipts',
      tags: ['purchases'],
      summary: 'Receive goods, against an order or not: stock, average cost, the bill, and the payment when paid now (Idempotency-Key)',
      request: jsonBody(goodsReceiptInputSchema),
      responses: {
        201: receiptResponse,
        400: invalidResponse,
        403: errorResponse('Not allowed to record this delivery'),
        404: errorResponse('The location is not one the person works at'),
        409: conflictResponse,
      },
    }),
    async (c) => c.json(await createGoodsReceipt(c.var.deps.database, authorOf(c), c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'purchases.manage' },
    createRoute({
      method: 'get',
      path: '/api/goods-receipts',
      tags: ['purchases'],
      summary: 'Goods receipts, newest first (supplier, location, dates; search GRN, supplier invoice or supplier)',
      request: { query: purchaseListQuerySchema },
      responses: { 200: jsonResponse(goodsReceiptListSchema, 'Goods receipts') },
    }),
    async (c) => c.json(await listGoodsReceipts(c.var.deps.database, readerOf(c), c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'purchases.manage' },
    createRoute({
      method: 'get',
      path: '/api/goods-receipts/invoice-check',
      tags: ['purchases'],
      summary: 'The receipt that already carries this supplier invoice number, if any',
      request: { query: supplierInvoiceCheckQuerySchema },
      responses: { 200: jsonResponse(supplierInvoiceCheckSchema, 'The receipt, or null') },
    }),
    async (c) => c.json(await checkSupplierInvoice(c.var.deps.database, c.var.tenantId, c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'purchases.manage' },
    createRoute({
      method: 'get',
      path: '/api/goods-receipts/expiring-soon',
      tags: ['purchases'],
      summary: 'Received batches that expire within the days given and may still be on hand',
      request: { query: expiringSoonQuerySchema },
      responses: { 200: jsonResponse(expiringSoonSchema, 'Expiring batches') },
    }),
    async (c) => c.json(await listExpiringSoon(c.var.deps.database, readerOf(c), c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'purchases.manage' },
    createRoute({
      method: 'get',
      path: '/api/goods-receipts/{id}',
      tags: ['purchases'],
      summary: 'One goods receipt with its lines and bill',
      request: idParams,
      responses: { 200: receiptResponse, 404: notFoundResponse },
    }),
    async (c) => c.json(await getGoodsReceipt(c.var.deps.database, readerOf(c), c.req.valid('param').id), 200),
  ),
];

const billResponse = jsonResponse(billSchema, 'The bill');

const billRoutes = [
  tenantRoute(
    { permission: 'purchases.pay_suppliers' },
    createRoute({
      method: 'get',
      path: '/api/supplier-bills',
      tags: ['purchases'],
      summary: 'Supplier bills (status paid, partly_paid, due or overdue; supplier; search), with what is open and overdue',
      request: { query: purchaseListQuerySchema },
      responses: { 200: jsonResponse(billListSchema, 'Bills'), 400: invalidResponse },
    }),
    async (c) => c.json(await listBills(c.var.deps.database, c.var.tenantId, c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'purchases.pay_suppliers' },
    createRoute({
      method: 'post',
      path: '/api/supplier-bills',
      tags: ['purchases'],
      summary: 'Enter a bill for services without stock: a charge on the supplier’s account (Idempotency-Key)',
      request: jsonBody(serviceBillInputSchema),
      responses: { 201: billResponse, 400: invalidResponse },
    }),
    async (c) => c.json(await createServiceBill(c.var.deps.database, authorOf(c), c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'purchases.pay_suppliers' },
    createRoute({
      method: 'get',
      path: '/api/supplier-bills/{id}',
      tags: ['purchases'],
      summary: 'One bill with the payments that settled it',
      request: idParams,
      responses: { 200: billResponse, 404: notFoundResponse },
    }),
    async (c) => c.json(await getBill(c.var.deps.database, c.var.tenantId, c.req.valid('param').id), 200),
  ),
  tenantRoute(
    { permission: 'purchases.pay_suppliers' },
    createRoute({
      method: 'post',
      path: '/api/supplier-payments',
      tags: ['purchases'],
      summary: 'Pay a supplier over the bills picked or the oldest first; cash may come from an open shift (Idempotency-Key)',
      request: jsonBody(supplierPaymentInputSchema),
      responses: { 201: jsonResponse(supplierPaymentSchema, 'The payment'), 400: invalidResponse, 409: conflictResponse },
    }),
    async (c) => c.json(await recordSupplierPayment(c.var.deps.database, authorOf(c), c.req.valid('json')), 201),
  ),
];

const returnResponse = jsonResponse(supplierReturnSchema, 'The return to the supplier');

const returnRoutes = [
  tenantRoute(
    { permission: 'purchases.manage' },
    createRoute({
      method: 'post',
      path: '/api/supplier-returns',
      tags: ['purchases'],
      summary: 'Return goods of one receipt to the supplier: stock out at the receipt’s cost, a credit note or a refund (Idempotency-Key)',
      request: jsonBody(supplierReturnInputSchema),
      responses: { 201: returnResponse, 400: invalidResponse, 409: conflictResponse },
    }),
    async (c) => c.json(await createSupplierReturn(c.var.deps.database, authorOf(c), c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'purchases.manage' },
    createRoute({
      method: 'get',
      path: '/api/supplier-returns',
      tags: ['purchases'],
      summary: 'Returns to suppliers, newest first (supplier, location, reason as status, dates; search)',
      request: { query: purchaseListQuerySchema },
      responses: { 200: jsonResponse(supplierReturnListSchema, 'Returns') },
    }),
    async (c) => c.json(await listSupplierReturns(c.var.deps.database, readerOf(c), c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'purchases.manage' },
    createRoute({
      method: 'get',
      path: '/api/supplier-returns/{id}',
      tags: ['purchases'],
      summary: 'One return to a supplier with its lines',
      request: idParams,
      responses: { 200: returnResponse, 404: notFoundResponse },
    }),
    async (c) => c.json(await getSupplierReturn(c.var.deps.database, readerOf(c), c.req.valid('param').id), 200),
  ),
];

export const purchaseRoutes: RouteDefinition[] = [...receiptRoutes, ...billRoutes, ...returnRoutes];
