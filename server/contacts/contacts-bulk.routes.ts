import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { contactImportTemplateCsv } from '../../core/contacts/contact-import.rules';
import { contactImportPreviewSchema, contactImportResultSchema } from '../../core/contacts/contact-import.schemas';
import { contactListQuerySchema } from '../../core/contacts/contacts.schemas';
import type { AppEnv } from '../http/context';
import { HttpError } from '../http/errors';
import { readIdempotencyKey } from '../http/idempotency';
import { errorResponse, jsonResponse } from '../http/openapi-helpers';
import { tenantRoute, type RouteDefinition } from '../http/routes';
import { exportContactsCsv } from './contact-export.service';
import { commitContactImport, previewContactImport } from './contact-import.service';

// CSV import (bulk_operations) and export (data_export) of contacts, both for managers. Mounted
// before the contacts routes, so /api/contacts/import… and /api/contacts/export.csv are not taken
// for /api/contacts/{id}.

/** The import's path: its body may be as large as a product import's (server/app.ts). */
export const CONTACT_IMPORT_PATH = /^\/api\/contacts\/import(\/|$)/;


// A plain OpenAPI schema, not zod: with zod the router answers another content type with a bare
// 415; uploadedBytes answers 400 with a message instead.
const csvFileBody = {
  body: {
    content: {
      'multipart/form-data': {
        schema: { type: 'object' as const, properties: { file: { type: 'string' as const, format: 'binary' } }, required: ['file'] },
      },
    },
    required: true,
  },
};
const fileProblems = {
  400: errorResponse('Not a CSV, empty, no name column, too many rows, or (import) rows with problems as "row N.column"'),
  402: errorResponse('The plan lacks bulk operations'),
  413: errorResponse('The file is larger than the import limit'),
};

/** The uploaded file's bytes, or 400 when the form has no file. */
async function uploadedBytes(c: Context<AppEnv>): Promise<Uint8Array> {
  const form = await c.req.parseBody().catch(() => null);
  const file = form?.file;
  if (!(file instanceof File)) {
    throw new HttpError('validation_failed', /*i18n*/ 'Choose a CSV file to upload', { file: [/*i18n*/ 'Choose a CSV file to upload'] });
  }
  return new Uint8Array(await file.arrayBuffer());
}

const csvAttachment = (fileName: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${fileName}"`,
  'Cache-Control': 'no-store',
});

/** The list's filters (GET /api/contacts), as the export takes them. */
export const contactExportQuerySchema = contactListQuerySchema.pick({ q: true, type: true, groupId: true, tag: true, balance: true, archived: true });

export const contactBulkRoutes: RouteDefinition[] = [
  tenantRoute(
    { permission: 'contacts.manage', feature: 'bulk_operations' },
    createRoute({
      method: 'get',
      path: '/api/contacts/import/template.csv',
      tags: ['contacts'],
      summary: 'The contacts import template: the header row and three example rows',
      responses: { 200: { description: 'CSV file' } },
    }),
    (c) => c.body(contactImportTemplateCsv(), 200, csvAttachment('contacts-template.csv')),
  ),
  tenantRoute(
    { permission: 'contacts.manage', feature: 'bulk_operations' },
    createRoute({
      method: 'post',
      path: '/api/contacts/import/preview',
      tags: ['contacts'],
      summary: 'Check a contacts CSV (multipart "file") row by row without importing it',
      request: csvFileBody,
      responses: { 200: jsonResponse(contactImportPreviewSchema, 'Each row with its values and problems'), ...fileProblems },
    }),
    async (c) => c.json(await previewContactImport(c.var.deps.database, c.var.tenantId, await uploadedBytes(c)), 200),
  ),
  tenantRoute(
    { permission: 'contacts.manage', feature: 'bulk_operations' },
    createRoute({
      method: 'post',
      path: '/api/contacts/import',
      tags: ['contacts'],
      summary: 'Import a contacts CSV (multipart "file") with opening balances: every row or none; Idempotency-Key makes a retry answer with the first result',
      request: csvFileBody,
      responses: {
        201: jsonResponse(contactImportResultSchema, 'Imported'),
        200: jsonResponse(contactImportResultSchema, 'Already imported with this Idempotency-Key'),
        ...fileProblems,
      },
    }),
    async (c) => {
      const bytes = await uploadedBytes(c);
      // The key is bound to the file's bytes: the same file replays, another file with the key is refused.
      const actor = { tenantId: c.var.tenantId, userId: c.var.principal.userId, requestKey: readIdempotencyKey(c, bytes) };
      const { createdCount, replayed } = await commitContactImport(c.var.deps.database, actor, bytes);
      return c.json({ createdCount }, replayed ? 200 : 201);
    },
  ),
  tenantRoute(
    { permission: 'data.export', feature: 'data_export' },
    createRoute({
      method: 'get',
      path: '/api/contacts/export.csv',
      tags: ['contacts'],
      summary: 'The contacts of the list for the same filters, as CSV in the import columns (balances as opening balances)',
      request: { query: contactExportQuerySchema },
      responses: { 200: { description: 'CSV file' }, 402: errorResponse('The plan lacks data export') },
    }),
    (c) => {
      const date = new Date().toISOString().slice(0, 10);
      return c.body(exportContactsCsv(c.var.deps.database, c.var.tenantId, c.req.valid('query')), 200, csvAttachment(`contacts-${date}.csv`));
    },
  ),
];
