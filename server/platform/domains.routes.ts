import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { addDomainSchema, tenantDomainSchema, tenantDomainsSchema } from '../../core/platform/domains.schemas';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { platformRoute, type RouteDefinition } from '../http/routes';
import { addDomain, listDomains, removeDomain, verifyDomain } from './domains.service';

// A shop's custom domains on its console page (issue 21, docs/platform.md "Custom domains"):
// platform admins only.

const idParam = z.object({ id: z.uuid() });
const domainParams = z.object({ id: z.uuid(), domainId: z.uuid() });

export const platformDomainRoutes: RouteDefinition[] = [
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/tenants/{id}/domains',
      tags: ['platform'],
      summary: "A shop's domain records with each custom domain's verification record and last check",
      request: { params: idParam },
      responses: { 200: jsonResponse(tenantDomainsSchema, 'The domains'), 404: errorResponse('No such shop') },
    }),
    async (c) => c.json(await listDomains(c.var.deps, c.req.valid('param').id), 200),
  ),
  platformRoute(
    createRoute({
      method: 'post',
      path: '/api/platform/tenants/{id}/domains',
      tags: ['platform'],
      summary: 'Adds a custom domain to the shop, unverified, with the TXT record that will verify it',
      request: { params: idParam, ...jsonBody(addDomainSchema) },
      responses: {
        201: jsonResponse(tenantDomainsSchema, 'Added'),
        404: errorResponse('No such shop'),
        409: errorResponse('A shop has this domain already'),
      },
    }),
    async (c) => c.json(await addDomain(c.var.deps, c.var.principal.userId, c.req.valid('param').id, c.req.valid('json').domain), 201),
  ),
  platformRoute(
    createRoute({
      method: 'post',
      path: '/api/platform/tenants/{id}/domains/{domainId}/verify',
      tags: ['platform'],
      summary: "Looks up the domain's _dukani-verification TXT record now: verified when it carries the token, otherwise why not",
      request: { params: domainParams },
      responses: { 200: jsonResponse(tenantDomainSchema, 'The domain after the check'), 404: errorResponse('No such domain') },
    }),
    async (c) => {
      const { id, domainId } = c.req.valid('param');
      return c.json(await verifyDomain(c.var.deps, c.var.principal.userId, id, domainId), 200);
    },
  ),
  platformRoute(
    createRoute({
      method: 'delete',
      path: '/api/platform/tenants/{id}/domains/{domainId}',
      tags: ['platform'],
      summary: 'Removes a custom domain: its host no longer reaches the shop',
      request: { params: domainParams },
      responses: { 200: jsonResponse(tenantDomainsSchema, 'Removed'), 404: errorResponse('No such domain') },
    }),
    async (c) => {
      const { id, domainId } = c.req.valid('param');
      return c.json(await removeDomain(c.var.deps, c.var.principal.userId, id, domainId), 200);
    },
  ),
];
