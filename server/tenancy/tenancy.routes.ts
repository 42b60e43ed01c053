import { createRoute } from '@hono/zod-openapi';
import { tenantContextSchema } from '../../core/tenancy/tenancy.schemas';
import { publicRoute } from '../http/routes';
import { readTenantContext } from './tenancy.service';

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
    async (c) => c.json(await readTenantContext(c.var.deps.database, c.var.deps.tenantResolver, c.req.header('host')), 200),
  ),
];
