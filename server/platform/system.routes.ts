import { createHash, timingSafeEqual } from 'node:crypto';
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { databaseOverviewSchema, systemHealthSchema, tenantRowsPageSchema, tenantRowsQuerySchema } from '../../core/platform/system.schemas';
import type { AppEnv } from '../http/context';
import { HttpError } from '../http/errors';
import { metricsOf, PROMETHEUS_CONTENT_TYPE, renderPrometheus } from '../http/metrics';
import { errorResponse, jsonResponse } from '../http/openapi-helpers';
import { isLoopbackClient } from '../http/request-meta';
import { platformRoute, publicRoute, type RouteDefinition } from '../http/routes';
import { readDatabaseOverview, readTenantRows } from './database.service';
import { readSystemHealth, systemGauges } from './system.service';

// The console's System Health and Database pages (issue 21, docs/platform.md), and /metrics for a
// monitoring stack (Prometheus text format).

export const systemRoutes: RouteDefinition[] = [
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/system',
      tags: ['platform'],
      summary: "This server's uptime, version, request and error rates, latency per route family; database connections, job queue, outboxes",
      responses: { 200: jsonResponse(systemHealthSchema, 'System health') },
    }),
    async (c) => c.json(await readSystemHealth(c.var.deps), 200),
  ),
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/database',
      tags: ['platform'],
      summary: 'Database size, the largest tables, migrations applied and pending, slow queries, backup commands',
      responses: { 200: jsonResponse(databaseOverviewSchema, 'The database') },
    }),
    async (c) => c.json(await readDatabaseOverview(c.var.deps), 200),
  ),
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/database/tenants',
      tags: ['platform'],
      summary: 'Rows per shop in the largest tables (sales, products, stock movements), biggest first, a page at a time',
      request: { query: tenantRowsQuerySchema },
      responses: { 200: jsonResponse(tenantRowsPageSchema, 'A page of shops') },
    }),
    async (c) => c.json(await readTenantRows(c.var.deps.database, c.req.valid('query')), 200),
  ),
];

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may scrape: with METRICS_TOKEN set, a request bearing it (compared in constant time);
 * without, requests from this machine only (the socket's peer on loopback, no proxy naming a
 * client elsewhere).
 */
function requireScraper(c: Context<AppEnv>): void {
  const token = c.var.deps.config.metricsToken;
  if (token) {
    const presented = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!presented || !timingSafeEqual(sha256(presented), sha256(token))) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new HttpError('unauthorized', /*i18n*/ 'A valid metrics token is required');
    }
    return;
  }
  if (!isLoopbackClient(c)) throw new HttpError('forbidden', /*i18n*/ 'Metrics are served to this machine only; set METRICS_TOKEN to scrape from elsewhere');
}

export const metricsRoutes: RouteDefinition[] = [
  publicRoute(
    createRoute({
      method: 'get',
      path: '/metrics',
      tags: ['health'],
      summary: 'Request, latency, database, job queue and outbox metrics in the Prometheus text format (METRICS_TOKEN, or loopback only)',
      responses: {
        200: { description: 'Prometheus text exposition format 0.0.4', content: { 'text/plain': { schema: z.string() } } },
        401: errorResponse('METRICS_TOKEN is set and the bearer token is missing or wrong'),
        403: errorResponse('No METRICS_TOKEN and the client is not on this machine'),
      },
    }),
    async (c) => {
      requireScraper(c);
      const text = renderPrometheus(metricsOf(c.var.deps), await systemGauges(c.var.deps));
      return c.body(text, 200, { 'Content-Type': PROMETHEUS_CONTENT_TYPE, 'Cache-Control': 'no-store' }) as never;
    },
  ),
];
