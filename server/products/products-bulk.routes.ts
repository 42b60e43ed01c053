import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { importTemplateCsv } from '../../core/products/product-import.rules';
import {
  bulkArchiveSchema,
  bulkPriceUpdateSchema,
  bulkResultSchema,
  importPreviewSchema,
  importResultSchema,
  IMPORT_MAX_BYTES,
} from '../../core/products/products.schemas';
import type { AppEnv } from '../http/context';
import { HttpError } from '../http/errors';
import { readIdempotencyKey } from '../http/idempotency';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { tenantRoute } from '../http/routes';
import { bulkArchiveProducts, bulkUpdatePrices, exportCatalogCsv } from './bulk.service';
import { commitImport, fileTooLargeError, previewImport } from './import.service';

// Mounted before the products routes, so /api/products/import… and /api/products/export.csv are
// not taken for /api/products/{id}.

/** The CSV uploads, whose bodies may be larger than the API's usual limit (server/app.ts). */
export const PRODUCT_IMPORT_PATH = /^\/api\/products\/import(\/preview)?$/;
/** The largest file plus room for the multipart envelope. */
export const PRODUCT_IMPORT_BODY_BYTES = IMPORT_MAX_BYTES + 64 * 1024;
export { fileTooLargeError };

// The catalog export is the shop's own data: it goes with the shop on any plan, and stays open when
// the subscription has lapsed (issue 10 item 8, docs/decisions/0009).
// A plain OpenAPI schema, not zod: with zod the router answers another content type with a bare
// 415 (a 500 here); uploadedBytes answers 400 with a message instead.
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
  402: errorResponse('The plan lacks bulk operations, or the products would exceed the plan limit'),
  413: errorResponse('The file is larger than the import limit'),
};
const productsNotFound = errorResponse('An id is not one of this shop’s products (nothing changed)');

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

export const productBulkRoutes = [
  tenantRoute(
    { permission: 'products.manage', feature: 'bulk_operations' },
    createRoute({
      method: 'get',
      path: '/api/products/import/template.csv',
      tags: ['products'],
      summary: 'The import template: the header row and two example rows',
      responses: { 200: { description: 'CSV file' } },
    }),
    (c) => c.body(importTemplateCsv(), 200, csvAttachment('products-template.csv')),
  ),
  tenantRoute(
    { permission: 'products.manage', feature: 'bulk_operations' },
    createRoute({
      method: 'post',
      path: '/api/products/import/preview',
      tags: ['products'],
      summary: 'Check a product CSV (multipart "file") row by row without importing it',
      request: csvFileBody,
      responses: { 200: jsonResponse(importPreviewSchema, 'Each row with its values and problems'), ...fileProblems },
    }),
    async (c) => c.json(await previewImport(c.var.deps.database, c.var.tenantId, await uploadedBytes(c)), 200),
  ),
  tenantRoute(
    { permission: 'products.manage', feature: 'bulk_operations' },
    createRoute({
      method: 'post',
      path: '/api/products/import',
      tags: ['products'],
      summary: 'Import a product CSV (multipart "file"): every row or none; Idempotency-Key makes a retry answer with the first result',
      request: csvFileBody,
      responses: {
        201: jsonResponse(importResultSchema, 'Imported'),
        200: jsonResponse(importResultSchema, 'Already imported with this Idempotency-Key'),
        ...fileProblems,
        409: errorResponse('The catalog changed during the import (nothing imported)'),
      },
    }),
    async (c) => {
      const bytes = await uploadedBytes(c);
      // The key is bound to the file's bytes: the same file replays, another file with the key is refused.
      const actor = { tenantId: c.var.tenantId, userId: c.var.principal.userId, requestKey: readIdempotencyKey(c, bytes) };
      const { createdCount, replayed } = await commitImport(c.var.deps.database, actor, bytes);
      return c.json({ createdCount }, replayed ? 200 : 201);
    },
  ),
  tenantRoute(
    { permission: 'data.export', allowWithoutSubscription: true },
    createRoute({
      method: 'get',
      path: '/api/products/export.csv',
      tags: ['products'],
      summary: 'The active catalog as CSV in the import columns, one row per variant, stock summed over locations',
      responses: { 200: { description: 'CSV file' } },
    }),
    (c) => {
      const date = new Date().toISOString().slice(0, 10);
      return c.body(exportCatalogCsv(c.var.deps.database, c.var.tenantId), 200, csvAttachment(`products-${date}.csv`));
    },
  ),
  tenantRoute(
    { permission: 'products.manage', feature: 'bulk_operations' },
    createRoute({
      method: 'post',
      path: '/api/products/bulk/price',
      tags: ['products'],
      summary: 'Change the selling price of every variant of the chosen products (set, percent in basis points, amount)',
      request: jsonBody(bulkPriceUpdateSchema),
      responses: { 200: jsonResponse(bulkResultSchema, 'Products changed'), 400: errorResponse('A price would go below 0'), 404: productsNotFound },
    }),
    async (c) => c.json(await bulkUpdatePrices(c.var.deps.database, c.var.tenantId, c.req.valid('json')), 200),
  ),
  tenantRoute(
    { permission: 'products.manage', feature: 'bulk_operations' },
    createRoute({
      method: 'post',
      path: '/api/products/bulk/archive',
      tags: ['products'],
      summary: 'Archive ({ archived: true }) or restore the chosen products; restoring counts against the product limit',
      request: jsonBody(bulkArchiveSchema),
      responses: { 200: jsonResponse(bulkResultSchema, 'Products changed'), 402: errorResponse('Restoring would exceed the product limit'), 404: productsNotFound },
    }),
    async (c) => c.json(await bulkArchiveProducts(c.var.deps.database, c.var.tenantId, c.req.valid('json')), 200),
  ),
];
