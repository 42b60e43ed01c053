import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { readDemoSalesProgress } from '../db/demo-sales';
import { jsonResponse } from '../http/openapi-helpers';
import { tenantRoute, type RouteDefinition } from '../http/routes';

// The demo shop's sales history is made in the background after the first start (DEMO_SALES_DAYS,
// server/db/demo-sales.ts): the sales screens ask how far it is ("being prepared: N of 90 days").

const demoHistoryProgressSchema = z.object({
  /** Null once the history is complete (or in any shop that never had one). */
  progress: z.object({ totalDays: z.int(), preparedDays: z.int() }).nullable(),
});

export const demoHistoryRoutes: RouteDefinition[] = [
  tenantRoute(
    { permission: 'sales.sell', feature: 'basic_pos' },
    createRoute({
      method: 'get',
      path: '/api/demo/sales-history',
      tags: ['sales'],
      summary: 'How far the demo sales history being made in the background is (null when none is being made)',
      responses: { 200: jsonResponse(demoHistoryProgressSchema, 'The progress, or null') },
    }),
    async (c) => c.json({ progress: await readDemoSalesProgress(c.var.deps.database, c.var.tenantId) }, 200),
  ),
];
