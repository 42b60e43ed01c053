import { createRoute } from '@hono/zod-openapi';
import { paymentListQuerySchema, platformPaymentPageSchema, reconciliationSchema, revenuePeriodSchema, revenueSummarySchema } from '../../core/platform/revenue.schemas';
import { errorResponse, jsonResponse } from '../http/openapi-helpers';
import { platformRoute, type RouteDefinition } from '../http/routes';
import { exportPaymentsCsv, listPayments, readRevenueSummary, reconcileWithPaystack, resolvePeriod } from './revenue.service';

// Revenue's API (issue 21, docs/platform.md "Revenue"): platform admins only.

export const platformRevenueRoutes: RouteDefinition[] = [
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/revenue',
      tags: ['platform'],
      summary: 'MRR and ARR, and the payments of a period (by day, by plan, failures, refunds)',
      request: { query: revenuePeriodSchema },
      responses: { 200: jsonResponse(revenueSummarySchema, 'The revenue'), 400: errorResponse('Invalid period') },
    }),
    async (c) => c.json(await readRevenueSummary(c.var.deps.database, c.req.valid('query')), 200),
  ),
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/revenue/payments',
      tags: ['platform'],
      summary: 'Payments across every shop: a period, search by shop or reference, status filter, sort and pages',
      request: { query: paymentListQuerySchema },
      responses: { 200: jsonResponse(platformPaymentPageSchema, 'A page of payments'), 400: errorResponse('Invalid filters') },
    }),
    async (c) => c.json(await listPayments(c.var.deps.database, c.req.valid('query')), 200),
  ),
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/revenue/payments.csv',
      tags: ['platform'],
      summary: 'The payments of the list (same filters) as CSV, oldest first',
      request: { query: paymentListQuerySchema },
      responses: { 200: { description: 'CSV file' }, 400: errorResponse('Invalid filters') },
    }),
    (c) => {
      const query = c.req.valid('query');
      const period = resolvePeriod(query);
      return c.body(exportPaymentsCsv(c.var.deps.database, query), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="payments-${period.from}-to-${period.to}.csv"`,
      });
    },
  ),
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/revenue/reconciliation',
      tags: ['platform'],
      summary: "Our Paystack payments of a period against Paystack's transaction list: matched, only on one side, amounts that differ",
      request: { query: revenuePeriodSchema },
      responses: { 200: jsonResponse(reconciliationSchema, 'The reconciliation'), 400: errorResponse('Invalid period'), 503: errorResponse('Paystack unreachable') },
    }),
    async (c) => c.json(await reconcileWithPaystack(c.var.deps, c.req.valid('query')), 200),
  ),
];
