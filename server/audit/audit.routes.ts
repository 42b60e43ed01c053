import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { auditActorsSchema, auditEventSchema, auditListQuerySchema, auditListSchema } from '../../core/audit/audit.schemas';
import { notFound } from '../http/errors';
import { errorResponse, jsonResponse } from '../http/openapi-helpers';
import { tenantRoute, type RouteDefinition } from '../http/routes';
import { exportAuditCsv, listAuditActors, listAuditEvents, readAuditEvent } from './audit-events.service';

// The shop's audit log (issue 20): admins read it; its CSV download is itself recorded
// (export.csv, by server/audit/audit-context.ts, like every download).

const auditor = { permission: 'audit.view' } as const;
const notFoundResponse = errorResponse('No such event in this shop');

export const auditRoutes: RouteDefinition[] = [
  tenantRoute(
    auditor,
    createRoute({
      method: 'get',
      path: '/api/audit-events',
      tags: ['audit'],
      summary: 'The audit log: by person, action and days (the shop’s time zone), newest first, a page at a time',
      request: { query: auditListQuerySchema },
      responses: { 200: jsonResponse(auditListSchema, 'A page of events'), 400: errorResponse('Invalid filters') },
    }),
    async (c) => c.json(await listAuditEvents(c.var.deps.database, c.var.tenantId, c.req.valid('query')), 200),
  ),
  tenantRoute(
    auditor,
    createRoute({
      method: 'get',
      path: '/api/audit-events/actors',
      tags: ['audit'],
      summary: 'The people who appear in the audit log, for its person filter',
      responses: { 200: jsonResponse(auditActorsSchema, 'People by name') },
    }),
    async (c) => c.json({ items: await listAuditActors(c.var.deps.database, c.var.tenantId) }, 200),
  ),
  tenantRoute(
    auditor,
    createRoute({
      method: 'get',
      path: '/api/audit-events/export.csv',
      tags: ['audit'],
      summary: 'The audit log for the same filters as CSV, oldest first (at most 10,000 events); the download is recorded',
      request: { query: auditListQuerySchema },
      responses: { 200: { description: 'CSV file', content: { 'text/csv': { schema: z.string() } } }, 400: errorResponse('Invalid filters') },
    }),
    async (c) => {
      const date = new Date().toISOString().slice(0, 10);
      return c.body(await exportAuditCsv(c.var.deps.database, c.var.tenantId, c.req.valid('query')), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="audit-log-${date}.csv"`,
      });
    },
  ),
  tenantRoute(
    auditor,
    createRoute({
      method: 'get',
      path: '/api/audit-events/{id}',
      tags: ['audit'],
      summary: 'One event with its before and after',
      request: { params: z.object({ id: z.uuid() }) },
      responses: { 200: jsonResponse(auditEventSchema, 'The event'), 404: notFoundResponse },
    }),
    async (c) => {
      const event = await readAuditEvent(c.var.deps.database, c.var.tenantId, c.req.valid('param').id);
      if (!event) throw notFound(/*i18n*/ 'No such event in this shop');
      return c.json(event, 200);
    },
  ),
];
