import { createRoute } from '@hono/zod-openapi';
import { tenantContextSchema } from '../../core/tenancy/tenancy.schemas';
import { publicRoute } from '../http/routes';

export const tenancyRoutes = [
  publicRoute(
    createRoute({
      method: 'get',
      path: '/api/tenant-context',
      tags: ['tenancy'],
      summary: "The tenant for the request's Host, or null, and whether tenantless sign-in is allowed",
      responses: {
        200: { description: 'Tenant context', content: { 'application/json': { schema: tenantContextSchema } } },
      },
    }),
    async (c) => c.json(await c.var.deps.tenantResolver.resolve(c.req.header('host')), 200),
  ),
];
