import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { publicRoute } from '../http/routes';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  db: z.enum(['up', 'down']),
  version: z.string(),
});

export const healthRoutes = [
  publicRoute(
    createRoute({
      method: 'get',
      path: '/api/health',
      tags: ['health'],
      summary: 'Liveness and database reachability',
      responses: {
        200: { description: 'Healthy', content: { 'application/json': { schema: healthSchema } } },
        503: { description: 'Database unreachable', content: { 'application/json': { schema: healthSchema } } },
      },
    }),
    async (c) => {
      const { database, config } = c.var.deps;
      const isDatabaseUp = await database.ping();
      return isDatabaseUp
        ? c.json({ status: 'ok' as const, db: 'up' as const, version: config.version }, 200)
        : c.json({ status: 'unavailable' as const, db: 'down' as const, version: config.version }, 503);
    },
  ),
];
