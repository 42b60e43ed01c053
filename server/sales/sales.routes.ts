import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { apiErrorSchema } from '../../core/api/api-error.schemas';
import {
  checkoutInputSchema,
  checkoutResultSchema,
  saleListQuerySchema,
  saleListSchema,
  saleQuoteInputSchema,
  saleQuoteSchema,
  saleSchema,
} from '../../core/sales/sales.schemas';
import { hasPermission, mayWorkAt } from '../../core/team/permissions.rules';
import type { Context } from 'hono';
import type { AppEnv } from '../http/context';
import { errorBody, notFound } from '../http/errors';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { tenantRoute, type RouteDefinition } from '../http/routes';
import { checkout, PriceChangedError, quoteSale, type SaleActor } from './checkout.service';
import { exportSalesCsv, findSaleIdByReceipt, listSales, readSale, withCashierNames, type SaleReader } from './sale-read';

// Selling (issue 15): the checkout (exactly once by the register's sale id), the quote the
// register shows, the history list and its CSV export, one sale by id or by receipt code.
// Every seller may read any sale of their locations (the register opens sales for returns); the
// list shows everyone's only to those who see reports (reports.view, issue 20), others their own.
// A sale at a location the member may not work at is not found.

/** price_changed (409) carries the server's quote, for the register to show (sales and exchanges). */
export const priceChangedSchema = apiErrorSchema.extend({ quote: saleQuoteSchema.optional() });
const notFoundResponse = errorResponse('Not found (or another shop’s)');

/** Who sells, returns, exchanges or voids: the signed-in person in this shop, with their role there. */
export const saleActorOf = (c: Context<AppEnv>): SaleActor => ({
  tenantId: c.var.tenantId,
  userId: c.var.principal.userId,
  role: c.var.tenantRole ?? '',
  permissions: c.var.memberAccess.permissions,
  maxDiscountPercent: c.var.memberAccess.maxDiscountPercent,
  locationIds: c.var.memberAccess.locationIds,
});
const readerOf = (c: Context<AppEnv>): SaleReader => ({
  userId: c.var.principal.userId,
  ownOnly: !hasPermission(c.var.memberAccess, 'reports.view'),
  locationIds: c.var.memberAccess.locationIds,
});

async function saleById(c: Context<AppEnv>, saleId: string | null) {
  const sale = saleId ? await c.var.deps.database.withTenant(c.var.tenantId, (tx) => readSale(tx, saleId)) : null;
  if (!sale || !mayWorkAt(c.var.memberAccess.locationIds, sale.locationId)) throw notFound(/*i18n*/ 'Sale not found');
  const [named] = await withCashierNames(c.var.deps.database, [sale]);
  return named!;
}

export const saleRoutes: RouteDefinition[] = [
  tenantRoute(
    { permission: 'sales.sell', feature: 'basic_pos' },
    createRoute({
      method: 'post',
      path: '/api/sales',
      tags: ['sales'],
      summary: 'Complete a sale in one transaction; the body’s id is the sale’s key: a retry answers the first sale (200, replayed)',
      request: jsonBody(checkoutInputSchema),
      responses: {
        200: jsonResponse(checkoutResultSchema, 'A retry of a sale already completed: the first result'),
        201: jsonResponse(checkoutResultSchema, 'The sale'),
        400: errorResponse('Invalid input, with a message per field (lines.N, payments.N…)'),
        402: errorResponse('A tip or cart discount on a plan without advanced_pos'),
        404: errorResponse('No such shift on this register'),
        409: jsonResponse(
          priceChangedSchema,
          'sale_id_reused, price_changed (with the server’s quote), approval_required, approval_invalid, mpesa_code_used, credit_limit_exceeded, not enough stock',
        ),
      },
    }),
    async (c) => {
      try {
        const result = await checkout(c.var.deps.database, saleActorOf(c), c.req.valid('json'));
        return result.replayed ? c.json(result, 200) : c.json(result, 201);
      } catch (error) {
        if (error instanceof PriceChangedError) return c.json({ ...errorBody(error, c.var.requestId), quote: error.quote }, 409);
        throw error;
      }
    },
  ),
  tenantRoute(
    { permission: 'sales.sell', feature: 'basic_pos' },
    createRoute({
      method: 'post',
      path: '/api/sales/quote',
      tags: ['sales'],
      summary: 'Price a cart as the checkout would (no writes): lines, VAT per band, what needs approval, the customer',
      request: jsonBody(saleQuoteInputSchema),
      responses: {
        200: jsonResponse(saleQuoteSchema, 'The server’s figures'),
        400: errorResponse('Invalid input, with a message per field'),
        402: errorResponse('A tip or cart discount on a plan without advanced_pos'),
        404: notFoundResponse,
      },
    }),
    async (c) => c.json(await quoteSale(c.var.deps.database, saleActorOf(c), c.req.valid('json')), 200),
  ),
  tenantRoute(
    { permission: 'sales.sell', feature: 'basic_pos' },
    createRoute({
      method: 'get',
      path: '/api/sales',
      tags: ['sales'],
      summary: 'Sales history at the member’s locations: filters (days in the shop’s time zone), search by receipt code or customer; without reports.view, their own sales',
      request: { query: saleListQuerySchema },
      responses: { 200: jsonResponse(saleListSchema, 'A page of sales') },
    }),
    async (c) => c.json(await listSales(c.var.deps.database, c.var.tenantId, readerOf(c), c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'data.export', feature: 'data_export' },
    createRoute({
      method: 'get',
      path: '/api/sales/export.csv',
      tags: ['sales'],
      summary: 'The sales of the list for the same filters as CSV, one row per sale, oldest first',
      request: { query: saleListQuerySchema },
      responses: { 200: { description: 'CSV file' }, 402: errorResponse('The plan lacks data export') },
    }),
    (c) => {
      const date = new Date().toISOString().slice(0, 10);
      return c.body(exportSalesCsv(c.var.deps.database, c.var.tenantId, readerOf(c), c.req.valid('query')), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="sales-${date}.csv"`,
      });
    },
  ),
  tenantRoute(
    { permission: 'sales.sell', feature: 'basic_pos' },
    createRoute({
      method: 'get',
      path: '/api/sales/by-receipt/{code}',
      tags: ['sales'],
      summary: 'The sale a receipt code opens ("T1-000123", any case): the register’s search opens it for a return',
      request: { params: z.object({ code: z.string().min(1).max(40) }) },
      responses: { 200: jsonResponse(saleSchema, 'The sale'), 404: notFoundResponse },
    }),
    async (c) => {
      const code = c.req.valid('param').code;
      const saleId = await c.var.deps.database.withTenant(c.var.tenantId, (tx) => findSaleIdByReceipt(tx, code));
      return c.json(await saleById(c, saleId), 200);
    },
  ),
  tenantRoute(
    { permission: 'sales.sell', feature: 'basic_pos' },
    createRoute({
      method: 'get',
      path: '/api/sales/{id}',
      tags: ['sales'],
      summary: 'One sale with its lines, payments and returns',
      request: { params: z.object({ id: z.uuid() }) },
      responses: { 200: jsonResponse(saleSchema, 'The sale'), 404: notFoundResponse },
    }),
    async (c) => c.json(await saleById(c, c.req.valid('param').id), 200),
  ),
];
