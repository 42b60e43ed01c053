import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  etimsDeviceListSchema,
  etimsDeviceSchema,
  etimsDocumentListQuerySchema,
  etimsDocumentListSchema,
  etimsDocumentSchema,
  etimsItemClassListSchema,
  etimsItemClassQuerySchema,
  etimsItemInputSchema,
  etimsItemListQuerySchema,
  etimsItemListSchema,
  etimsItemRowSchema,
  etimsReceiptBlockSchema,
  etimsSettingsInputSchema,
  etimsUnitCodesSchema,
} from '../../core/etims/etims.schemas';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { tenantRoute, type RouteDefinition } from '../http/routes';
import { notFound } from '../http/errors';
import { exportDocumentsCsv, listDocuments, readDocumentCounts, readReceiptBlock, resendDocument } from './etims-documents.service';
import { listItems, listUnitCodes, refreshKraLists, registerItems, saveItemDetails, searchItemClasses } from './etims-items.service';
import { initialiseDevice, listDevices, saveDevice } from './etims-settings.service';
import { etimsWorkerDeps, wakeEtimsSigner } from './etims-worker';

// KRA eTIMS (issue 19). The device settings and their initialisation are the shop admin's (they
// bind the shop's tax identity); items and monitoring are for managers; the counts the dashboard
// and the register show, and a return's receipt block, for every member. eTIMS is on every plan:
// a legal requirement, not an upsell (docs/decisions/0023-etims-oscu.md).

const notFoundResponse = errorResponse('Not found (or another shop’s)');
const idParam = z.object({ id: z.uuid() });

export const etimsRoutes: RouteDefinition[] = [
  tenantRoute(
    { permission: 'settings.manage' },
    createRoute({
      method: 'get',
      path: '/api/etims/devices',
      tags: ['etims'],
      summary: 'The shop’s eTIMS devices (the shop’s and any location’s): never the communication key, only whether it is set and its last 4',
      responses: { 200: jsonResponse(etimsDeviceListSchema, 'The devices') },
    }),
    async (c) => c.json({ devices: await listDevices(c.var.deps, c.var.tenantId) }, 200),
  ),
  tenantRoute(
    { permission: 'settings.manage' },
    createRoute({
      method: 'put',
      path: '/api/etims/devices',
      tags: ['etims'],
      summary: 'Saves the shop’s (locationId null) or a location’s KRA PIN, branch, device serial and environment; changing them forgets the key',
      request: jsonBody(etimsSettingsInputSchema),
      responses: { 200: jsonResponse(etimsDeviceSchema, 'The device'), 400: errorResponse('Invalid input, with a message per field') },
    }),
    async (c) => c.json(await saveDevice(c.var.deps, c.var.tenantId, c.req.valid('json'), c.var.principal.userId), 200),
  ),
  tenantRoute(
    { permission: 'settings.manage' },
    createRoute({
      method: 'post',
      path: '/api/etims/devices/{id}/initialise',
      tags: ['etims'],
      summary: 'Initialises the device with KRA (selectInitOsdcInfo) and keeps the communication key sealed',
      request: { params: idParam },
      responses: {
        200: jsonResponse(etimsDeviceSchema, 'The initialised device'),
        404: notFoundResponse,
        409: errorResponse('KRA reports the device as already initialised'),
        422: errorResponse('KRA refused the device (its code and text on deviceSerial)'),
        503: errorResponse('KRA did not answer'),
      },
    }),
    async (c) => c.json(await initialiseDevice(etimsWorkerDeps(c.var.deps), c.var.tenantId, c.req.valid('param').id), 200),
  ),
  tenantRoute(
    { permission: 'etims.manage' },
    createRoute({
      method: 'get',
      path: '/api/etims/items',
      tags: ['etims'],
      summary: 'Product variants with their eTIMS item: all, missing data, ready to register, registered',
      request: { query: etimsItemListQuerySchema },
      responses: { 200: jsonResponse(etimsItemListSchema, 'A page of items') },
    }),
    async (c) => c.json(await listItems(c.var.deps.database, c.var.tenantId, c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'etims.manage' },
    createRoute({
      method: 'put',
      path: '/api/etims/items/{id}',
      tags: ['etims'],
      summary: 'Saves a variant’s classification, packaging and quantity units (the item code follows; the tax type is the product’s VAT class)',
      request: { params: idParam, ...jsonBody(etimsItemInputSchema) },
      responses: {
        200: jsonResponse(etimsItemRowSchema, 'The item'),
        400: errorResponse('Invalid input, with a message per field'),
        404: notFoundResponse,
        409: errorResponse('KRA already has the item: its units stay'),
      },
    }),
    async (c) => c.json(await saveItemDetails(c.var.deps.database, c.var.tenantId, c.req.valid('param').id, c.req.valid('json')), 200),
  ),
  tenantRoute(
    { permission: 'etims.manage' },
    createRoute({
      method: 'post',
      path: '/api/etims/items/register',
      tags: ['etims'],
      summary: 'Registers items with KRA (saveItem): the given variants, or every saved one not registered yet (up to 200)',
      request: jsonBody(z.object({ variantIds: z.array(z.uuid()).max(200).optional() })),
      responses: {
        200: jsonResponse(z.object({ registered: z.int(), failed: z.int() }), 'How many KRA took; the others keep KRA’s refusal'),
        400: errorResponse('A variant has no eTIMS details yet'),
        409: errorResponse('The device is not initialised'),
      },
    }),
    async (c) => c.json(await registerItems(etimsWorkerDeps(c.var.deps), c.var.tenantId, c.req.valid('json').variantIds ?? 'ready'), 200),
  ),
  tenantRoute(
    { permission: 'etims.manage' },
    createRoute({
      method: 'get',
      path: '/api/etims/item-classes',
      tags: ['etims'],
      summary: 'Searches KRA’s item classification list (code prefix or name)',
      request: { query: etimsItemClassQuerySchema },
      responses: { 200: jsonResponse(etimsItemClassListSchema, 'Matching classes') },
    }),
    async (c) => {
      const query = c.req.valid('query');
      return c.json(await searchItemClasses(c.var.deps.database, c.var.tenantId, query.q, query.limit), 200);
    },
  ),
  tenantRoute(
    { permission: 'etims.manage' },
    createRoute({
      method: 'post',
      path: '/api/etims/item-classes/refresh',
      tags: ['etims'],
      summary: 'Fetches KRA’s item classification list and unit code lists (selectItemClsList, selectCodeList) into the shop’s copy',
      responses: {
        200: jsonResponse(z.object({ classes: z.int(), codes: z.int() }), 'How many classes and unit codes KRA sent'),
        409: errorResponse('The device is not initialised'),
        422: errorResponse('KRA refused the request'),
        503: errorResponse('KRA did not answer'),
      },
    }),
    async (c) => c.json(await refreshKraLists(etimsWorkerDeps(c.var.deps), c.var.tenantId), 200),
  ),
  tenantRoute(
    { permission: 'etims.manage' },
    createRoute({
      method: 'get',
      path: '/api/etims/unit-codes',
      tags: ['etims'],
      summary: 'KRA’s packaging and quantity unit codes as the shop fetched them (empty lists until it did)',
      responses: { 200: jsonResponse(etimsUnitCodesSchema, 'The codes') },
    }),
    async (c) => c.json(await listUnitCodes(c.var.deps.database, c.var.tenantId), 200),
  ),
  tenantRoute(
    { permission: 'etims.manage' },
    createRoute({
      method: 'get',
      path: '/api/etims/documents',
      tags: ['etims'],
      summary: 'The documents sent to KRA: pending, failed (with KRA’s error text) and signed; filters, search, sort, pages',
      request: { query: etimsDocumentListQuerySchema },
      responses: { 200: jsonResponse(etimsDocumentListSchema, 'A page of documents and the counts') },
    }),
    async (c) => c.json(await listDocuments(c.var.deps.database, c.var.tenantId, c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'data.export' },
    createRoute({
      method: 'get',
      path: '/api/etims/documents/export.csv',
      tags: ['etims'],
      summary: 'The documents of the list for the same filters as CSV (up to 5,000)',
      request: { query: etimsDocumentListQuerySchema },
      responses: { 200: { description: 'CSV file' } },
    }),
    async (c) => {
      const date = new Date().toISOString().slice(0, 10);
      return c.body(await exportDocumentsCsv(c.var.deps.database, c.var.tenantId, c.req.valid('query')), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="etims-documents-${date}.csv"`,
      });
    },
  ),
  tenantRoute(
    { permission: 'etims.manage' },
    createRoute({
      method: 'post',
      path: '/api/etims/documents/{id}/resend',
      tags: ['etims'],
      summary: 'Puts a failed document back in the queue (sent again at once)',
      request: { params: idParam },
      responses: { 200: jsonResponse(etimsDocumentSchema, 'The document, pending'), 404: notFoundResponse, 409: errorResponse('The document has not failed') },
    }),
    async (c) => {
      const document = await resendDocument(c.var.deps.database, c.var.tenantId, c.req.valid('param').id);
      wakeEtimsSigner(c.var.tenantId);
      return c.json(document, 200);
    },
  ),
  tenantRoute(
    { permission: 'member' },
    createRoute({
      method: 'get',
      path: '/api/etims/status',
      tags: ['etims'],
      summary: 'How many documents are pending, failed, signed, and pending for over an hour (the dashboard’s warning)',
      responses: { 200: jsonResponse(etimsDocumentListSchema.shape.counts, 'The counts') },
    }),
    async (c) => c.json(await readDocumentCounts(c.var.deps.database, c.var.tenantId), 200),
  ),
  tenantRoute(
    { permission: 'sales.sell' },
    createRoute({
      method: 'get',
      path: '/api/etims/receipts/{id}',
      tags: ['etims'],
      summary: 'The eTIMS block of a sale’s or a return’s receipt (by the sale’s or return’s id)',
      request: { params: idParam },
      responses: { 200: jsonResponse(etimsReceiptBlockSchema, 'The block'), 404: notFoundResponse },
    }),
    async (c) => {
      const block = await c.var.deps.database.withTenant(c.var.tenantId, (tx) => readReceiptBlock(tx, c.req.valid('param').id));
      if (!block) throw notFound(/*i18n*/ 'No eTIMS document for this receipt');
      return c.json(block, 200);
    },
  ),
];
