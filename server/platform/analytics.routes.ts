import { createRoute } from '@hono/zod-openapi';
import {
  analyticsPeriodSchema,
  analyticsSummarySchema,
  endingTrialPageSchema,
  endingTrialsQuerySchema,
  idleShopPageSchema,
  idleShopsQuerySchema,
} from '../../core/platform/analytics.schemas';
import { errorResponse, jsonResponse } from '../http/openapi-helpers';
import { platformRoute, type RouteDefinition } from '../http/routes';
import { listEndingTrials, listIdleShops, readAnalytics } from './analytics.service';

// Analytics' API (issue 21, docs/platform.md "Analytics"): platform admins only, reads only.

export const platformAnalyticsRoutes: RouteDefinition[] = [
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/analytics',
      tags: ['platform'],
      summary: 'Active shops, sales and transactions by day, feature usage and sign-up cohorts, across every shop',
      request: { query: analyticsPeriodSchema },
      responses: { 200: jsonResponse(analyticsSummarySchema, 'The analytics'), 400: errorResponse('Invalid period') },
    }),
    async (c) => c.json(await readAnalytics(c.var.deps.database, c.req.valid('query')), 200),
  ),
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/analytics/idle-shops',
      tags: ['platform'],
      summary: 'Trial and active shops with no sale for a number of days (default 14), longest idle first, a page at a time',
      request: { query: idleShopsQuerySchema },
      responses: { 200: jsonResponse(idleShopPageSchema, 'A page of idle shops'), 400: errorResponse('Invalid days or page') },
    }),
    async (c) => c.json(await listIdleShops(c.var.deps.database, c.req.valid('query')), 200),
  ),
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/analytics/ending-trials',
      tags: ['platform'],
      summary: 'Running trials that end within 7 days and never paid, soonest first, a page at a time',
      request: { query: endingTrialsQuerySchema },
      responses: { 200: jsonResponse(endingTrialPageSchema, 'A page of ending trials'), 400: errorResponse('Invalid page') },
    }),
    async (c) => c.json(await listEndingTrials(c.var.deps.database, c.req.valid('query')), 200),
  ),
];
