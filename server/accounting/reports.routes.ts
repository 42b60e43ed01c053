import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import type { ReportName } from './report-export';
import { errorResponse } from '../http/openapi-helpers';
import { languageHints } from '../http/request-meta';
import { tenantRoute, type RouteDefinition } from '../http/routes';
import { ACCOUNTING_REPORTS, accountingReport, type ReportQuery } from './reports.service';

// The accounting reports (issue 17) under /api/accounting/reports: JSON for the screens, or with
// format=csv or format=pdf the same report as a download. Managers and owners, on plans with
// advanced_accounting (402 otherwise).

const access = { permission: 'accounting.view', feature: 'advanced_accounting' } as const;

function reportRoute<Name extends ReportName>(name: Name): RouteDefinition {
  const definition = ACCOUNTING_REPORTS[name];
  return tenantRoute(
    access,
    createRoute({
      method: 'get',
      path: `/api/accounting/reports/${name}`,
      tags: ['accounting'],
      summary: definition.summary,
      request: { query: definition.query as z.ZodObject },
      responses: {
        200: {
          description: 'The report (JSON), or its CSV or PDF file',
          content: { 'application/json': { schema: definition.response }, 'text/csv': { schema: z.string() }, 'application/pdf': { schema: z.string() } },
        },
        400: errorResponse('Invalid dates, account or format, with a message per field'),
        402: errorResponse('The plan lacks advanced accounting'),
        404: errorResponse('Account not found (or another shop’s)'),
        422: errorResponse('A general ledger file for a period with more lines than a file holds'),
      },
    }),
    async (c) => {
      const query = c.req.valid('query') as ReportQuery<Name> & { format: 'json' | 'csv' | 'pdf' };
      const answer = await accountingReport(c.var.deps, c.var.tenantId, name, query, { userId: c.var.principal.userId, hints: languageHints(c, c.var.tenantId) });
      if ('report' in answer) return c.json(answer.report as object, 200);
      return c.body(answer.file.bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': answer.file.contentType,
        'Content-Disposition': `attachment; filename="${answer.file.fileName}"`,
        'Cache-Control': 'private, no-store',
      });
    },
  );
}

export const accountingReportRoutes: RouteDefinition[] = (Object.keys(ACCOUNTING_REPORTS) as ReportName[]).map((name) => reportRoute(name));
