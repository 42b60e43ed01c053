import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { REPORTS, type ReportKey } from '../../core/reports/report-catalog';
import {
  dashboardQuerySchema,
  dashboardSchema,
  reportQuerySchema,
  reportResultSchema,
  reportSettingsInputSchema,
  reportSettingsSchema,
  savedReportInputSchema,
  savedReportListSchema,
  savedReportPatchSchema,
  savedReportSchema,
} from '../../core/reports/reports.schemas';
import type { AppEnv } from '../http/context';
import { readIdempotencyKey } from '../http/idempotency';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { languageHints } from '../http/request-meta';
import { tenantRoute, type RouteDefinition } from '../http/routes';
import { readDashboard } from './dashboard.service';
import { exportReport, readReport, type ReportViewer } from './reports.service';
import { createSavedReport, deleteSavedReport, listSavedReports, readReportSettings, updateReportSettings, updateSavedReport } from './saved-reports.service';

// The dashboard, the reports and the saved reports (issue 18). /api/dashboard is every member's
// (without reports.view, their own shift's); /api/reports/<key> needs reports.view on plans with
// advanced_reporting (the analyses need advanced_analytics, a file data_export: 402); saved reports
// need custom_reports, a pin dashboards; the daily summary e-mail is the owner's to set. A member
// limited to some locations gets the figures of those only (issue 20).

const reporting = { permission: 'reports.view', feature: 'advanced_reporting' } as const;
const idParams = { params: z.object({ id: z.uuid() }) };
const invalid = errorResponse('Invalid parameters, with a message per field');
const notFoundResponse = errorResponse('Not found (or another shop’s)');
const lacksFeature = errorResponse('The plan lacks the feature');

const viewerOf = (c: Context<AppEnv>): ReportViewer => ({
  userId: c.var.principal.userId,
  permissions: c.var.memberAccess.permissions,
  locationIds: c.var.memberAccess.locationIds,
  hints: languageHints(c, c.var.tenantId),
});

function reportRoute(key: ReportKey, summary: string): RouteDefinition {
  return tenantRoute(
    reporting,
    createRoute({
      method: 'get',
      path: `/api/reports/${key}`,
      tags: ['reports'],
      summary,
      request: { query: reportQuerySchema },
      responses: {
        200: {
          description: 'A page of the report (JSON), or the whole report as a CSV (streamed) or an A4 PDF',
          content: { 'application/json': { schema: reportResultSchema }, 'text/csv': { schema: z.string() }, 'application/pdf': { schema: z.string() } },
        },
        400: invalid,
        402: lacksFeature,
        404: notFoundResponse,
        422: errorResponse('Too many rows for a PDF'),
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      if (query.format === 'json') return c.json(await readReport(c.var.deps.database, c.var.tenantId, key, query, viewerOf(c)), 200);
      const file = await exportReport(c.var.deps, c.var.tenantId, key, query, viewerOf(c));
      return c.body(file.body as ReadableStream<Uint8Array>, 200, {
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${file.fileName}"`,
        'Cache-Control': 'private, no-store',
        'X-Report-Rows': String(file.rowCount),
      });
    },
  );
}

export const reportRoutes: RouteDefinition[] = [
  tenantRoute(
    { permission: 'member' },
    createRoute({
      method: 'get',
      path: '/api/dashboard',
      tags: ['reports'],
      summary: 'The dashboard for a day or a period (default today), the shop’s or, for a cashier, their own shift’s',
      request: { query: dashboardQuerySchema },
      responses: { 200: jsonResponse(dashboardSchema, 'The dashboard'), 400: invalid, 404: notFoundResponse },
    }),
    async (c) => {
      const { permissions, locationIds } = c.var.memberAccess;
      return c.json(await readDashboard(c.var.deps.database, c.var.tenantId, { userId: c.var.principal.userId, permissions, locationIds }, c.req.valid('query')), 200);
    },
  ),
  tenantRoute(
    { permission: 'reports.view', feature: 'advanced_reporting' },
    createRoute({
      method: 'get',
      path: '/api/reports/settings',
      tags: ['reports'],
      summary: 'The daily summary e-mail’s settings',
      responses: { 200: jsonResponse(reportSettingsSchema, 'The settings'), 402: lacksFeature },
    }),
    async (c) => c.json(await readReportSettings(c.var.deps.database, c.var.tenantId), 200),
  ),
  tenantRoute(
    { permission: 'settings.manage', feature: 'advanced_reporting' },
    createRoute({
      method: 'put',
      path: '/api/reports/settings',
      tags: ['reports'],
      summary: 'Turn the daily summary e-mail to the owners on or off, at the shop’s closing time',
      request: jsonBody(reportSettingsInputSchema),
      responses: { 200: jsonResponse(reportSettingsSchema, 'The settings'), 400: invalid, 402: lacksFeature },
    }),
    async (c) => c.json(await updateReportSettings(c.var.deps.database, c.var.tenantId, c.req.valid('json')), 200),
  ),
  ...REPORTS.map((report) => reportRoute(report.key, report.title)),
  tenantRoute(
    { permission: 'reports.view', feature: 'custom_reports' },
    createRoute({
      method: 'get',
      path: '/api/saved-reports',
      tags: ['reports'],
      summary: 'The shop’s saved reports, by name',
      responses: { 200: jsonResponse(savedReportListSchema, 'Saved reports'), 402: lacksFeature },
    }),
    async (c) => c.json({ items: await listSavedReports(c.var.deps.database, c.var.tenantId) }, 200),
  ),
  tenantRoute(
    { permission: 'reports.view', feature: 'custom_reports' },
    createRoute({
      method: 'post',
      path: '/api/saved-reports',
      tags: ['reports'],
      summary: 'Save a report with its filters and columns under a name (Idempotency-Key: a retry answers the first)',
      request: jsonBody(savedReportInputSchema),
      responses: { 201: jsonResponse(savedReportSchema, 'Saved'), 400: invalid, 402: lacksFeature, 422: errorResponse('Idempotency-Key reused') },
    }),
    async (c) =>
      c.json(await createSavedReport(c.var.deps.database, c.var.tenantId, c.var.principal.userId, c.req.valid('json'), readIdempotencyKey(c)), 201),
  ),
  tenantRoute(
    { permission: 'reports.view', feature: 'custom_reports' },
    createRoute({
      method: 'patch',
      path: '/api/saved-reports/{id}',
      tags: ['reports'],
      summary: 'Rename a saved report, change its filters, pin it to the dashboard or unpin it',
      request: { ...idParams, ...jsonBody(savedReportPatchSchema) },
      responses: { 200: jsonResponse(savedReportSchema, 'Saved'), 400: invalid, 402: lacksFeature, 404: notFoundResponse },
    }),
    async (c) => c.json(await updateSavedReport(c.var.deps.database, c.var.tenantId, c.req.valid('param').id, c.req.valid('json')), 200),
  ),
  tenantRoute(
    { permission: 'reports.view', feature: 'custom_reports' },
    createRoute({
      method: 'delete',
      path: '/api/saved-reports/{id}',
      tags: ['reports'],
      summary: 'Delete a saved report',
      request: idParams,
      responses: { 204: { description: 'Deleted' }, 402: lacksFeature, 404: notFoundResponse },
    }),
    async (c) => {
      await deleteSavedReport(c.var.deps.database, c.var.tenantId, c.req.valid('param').id);
      return c.body(null, 204);
    },
  ),
];
