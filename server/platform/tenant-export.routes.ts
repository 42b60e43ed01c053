import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { tenantExportParamsSchema } from '../../core/platform/tenant-export.schemas';
import type { AppEnv } from '../http/context';
import { errorResponse } from '../http/openapi-helpers';
import { platformRoute, tenantRoute, type RouteDefinition } from '../http/routes';
import { startTenantExport, type TenantExport } from './tenant-export.service';

// The per-shop export archive (issue 21, docs/platform.md "Per-shop export"): a platform admin
// downloads any shop's from its page in the console; a shop's owner downloads their own from
// Settings when the plan includes backup_restore.

const archiveResponse = { description: 'The shop’s data as a .tar.gz (manifest.json and one JSON Lines file per table)', content: { 'application/gzip': { schema: { type: 'string' as const, format: 'binary' } } } };

const sendArchive = (c: Context<AppEnv>, archive: TenantExport) =>
  c.body(archive.body, 200, {
    'Content-Type': 'application/gzip',
    'Content-Disposition': `attachment; filename="${archive.fileName}"`,
    'Cache-Control': 'no-store',
  });

export const tenantExportRoutes: RouteDefinition[] = [
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/tenants/{id}/export',
      tags: ['platform'],
      summary: "Downloads all of a shop's data as an archive; recorded in the platform audit log and the shop's own",
      request: { params: tenantExportParamsSchema },
      responses: { 200: archiveResponse, 404: errorResponse('No such shop') },
    }),
    async (c) => sendArchive(c, await startTenantExport(c.var.deps, c.req.valid('param').id, { userId: c.var.principal.userId, as: 'platform' })),
  ),
  tenantRoute(
    { permission: 'settings.manage', feature: 'backup_restore' },
    createRoute({
      method: 'get',
      path: '/api/shop-export',
      tags: ['settings'],
      summary: "Downloads all of the shop's data as an archive (the owner; plan feature backup_restore); recorded in the shop's audit log",
      responses: { 200: archiveResponse, 402: errorResponse('The plan does not include backup and restore') },
    }),
    async (c) => sendArchive(c, await startTenantExport(c.var.deps, c.var.tenantId, { userId: c.var.principal.userId, as: 'owner' })),
  ),
];
