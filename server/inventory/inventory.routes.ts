import { createRoute } from '@hono/zod-openapi';
import { hasPermission, mayWorkAt } from '../../core/team/permissions.rules';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  adjustmentInputSchema,
  adjustmentListSchema,
  adjustmentSchema,
  documentListQuerySchema,
  inventorySettingsInputSchema,
  inventorySettingsSchema,
  inventorySummarySchema,
  locationFilterQuerySchema,
  locationInputSchema,
  locationListSchema,
  locationSchema,
  locationUpdateSchema,
  lowStockListSchema,
  movementListQuerySchema,
  movementListSchema,
  stockTakeCountSchema,
  stockTakeInputSchema,
  stockTakeListSchema,
  stockTakeSchema,
  transferInputSchema,
  transferListSchema,
  transferReceiptInputSchema,
  transferSchema,
} from '../../core/inventory/inventory.schemas';
import type { AppEnv } from '../http/context';
import { readIdempotencyKey } from '../http/idempotency';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { tenantRoute } from '../http/routes';
import { createAdjustment, getAdjustment, listAdjustments } from './adjustments.service';
import type { DocumentAuthor, DocumentReader } from './inventory-documents';
import { getInventorySettings, updateInventorySettings } from './inventory-settings.service';
import { createLocation, listLocations, updateLocation } from './locations.service';
import { cancelStockTake, getStockTake, listStockTakes, postStockTake, recordCount, removeCount, startStockTake } from './stock-takes.service';
import { inventorySummary, listLowStock, listMovements } from './stock-reports.service';
import { cancelTransfer, getTransfer, listTransfers, receiveTransfer, sendTransfer } from './transfers.service';

// Stock (issue "Products and inventory"): locations, the ledger, adjustments, transfers, stock
// takes, low stock, valuation and the inventory settings. Handlers parse and call one service; the
// services keep a member limited to some locations to theirs (issue 20).

const idParams = { params: z.object({ id: z.uuid() }) };
// Transfers need several locations: the plan's multi_location feature (402 without it).

const notFoundResponse = errorResponse('Not found (or another shop’s, or at a location the person does not work at)');
const locationNotFoundResponse = errorResponse('The location is not one the person works at');
const conflictResponse = errorResponse('Refused in its current state (not enough stock, already posted…)');
const invalidResponse = errorResponse('Invalid input, with a message per field');

/** The reader of stock documents: the shop and the locations the person may work at (issue 20). */
function readerOf(c: Context<AppEnv>): DocumentReader {
  return { tenantId: c.var.tenantId, locationIds: c.var.memberAccess.locationIds, seesCosts: hasPermission(c.var.memberAccess, 'costs.view') };
}

/** The writer of a new document: the reader, the user and the request's Idempotency-Key. */
function authorOf(c: Context<AppEnv>): DocumentAuthor {
  return { ...readerOf(c), userId: c.var.principal.userId, requestKey: readIdempotencyKey(c) };
}

const locationRoutes = [
  tenantRoute(
    { permission: 'member' },
    createRoute({
      method: 'get',
      path: '/api/locations',
      tags: ['inventory'],
      summary: 'Every location (open and closed), the default first',
      responses: { 200: jsonResponse(locationListSchema, 'Locations') },
    }),
    // A member limited to some locations sees only those (issue 20).
    async (c) => c.json({ items: (await listLocations(c.var.deps.database, c.var.tenantId)).filter((l) => mayWorkAt(c.var.memberAccess.locationIds, l.id)) }, 200),
  ),
  tenantRoute(
    { permission: 'settings.manage' },
    createRoute({
      method: 'post',
      path: '/api/locations',
      tags: ['inventory'],
      summary: 'Add a branch or warehouse (max_locations per plan; Idempotency-Key)',
      request: jsonBody(locationInputSchema),
      responses: { 201: jsonResponse(locationSchema, 'The new location'), 400: invalidResponse, 402: errorResponse('Plan limit reached'), 409: conflictResponse },
    }),
    async (c) => c.json(await createLocation(c.var.deps.database, authorOf(c), c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'settings.manage' },
    createRoute({
      method: 'patch',
      path: '/api/locations/{id}',
      tags: ['inventory'],
      summary: 'Rename, close, reopen (max_locations) or make default',
      request: { ...idParams, ...jsonBody(locationUpdateSchema) },
      responses: { 200: jsonResponse(locationSchema, 'The location'), 402: errorResponse('Plan limit reached'), 404: notFoundResponse, 409: conflictResponse },
    }),
    async (c) => c.json(await updateLocation(c.var.deps.database, c.var.tenantId, c.req.valid('param').id, c.req.valid('json')), 200),
  ),
];

const ledgerRoutes = [
  tenantRoute(
    { permission: 'inventory.manage' },
    createRoute({
      method: 'get',
      path: '/api/inventory/movements',
      tags: ['inventory'],
      summary: 'The stock ledger, newest first',
      request: { query: movementListQuerySchema },
      responses: { 200: jsonResponse(movementListSchema, 'Movements') },
    }),
    async (c) => c.json(await listMovements(c.var.deps.database, readerOf(c), c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'inventory.manage' },
    createRoute({
      method: 'get',
      path: '/api/inventory/low-stock',
      tags: ['inventory'],
      summary: 'Items at or below their reorder level, per location',
      request: { query: locationFilterQuerySchema },
      responses: { 200: jsonResponse(lowStockListSchema, 'Low stock') },
    }),
    async (c) => c.json({ items: await listLowStock(c.var.deps.database, readerOf(c), c.req.valid('query').locationId) }, 200),
  ),
  tenantRoute(
    { permission: 'inventory.manage' },
    createRoute({
      method: 'get',
      path: '/api/inventory/summary',
      tags: ['inventory'],
      summary: 'Stock valuation at average cost and counts, at a location or everywhere',
      request: { query: locationFilterQuerySchema },
      responses: { 200: jsonResponse(inventorySummarySchema, 'Summary') },
    }),
    async (c) => c.json(await inventorySummary(c.var.deps.database, readerOf(c), c.req.valid('query').locationId), 200),
  ),
];

const adjustmentRoutes = [
  tenantRoute(
    { permission: 'inventory.manage' },
    createRoute({
      method: 'post',
      path: '/api/inventory/adjustments',
      tags: ['inventory'],
      summary: 'Adjust stock with a reason (all lines or none; Idempotency-Key)',
      request: jsonBody(adjustmentInputSchema),
      responses: { 201: jsonResponse(adjustmentSchema, 'The adjustment'), 400: invalidResponse, 404: locationNotFoundResponse, 409: conflictResponse },
    }),
    async (c) => c.json(await createAdjustment(c.var.deps.database, authorOf(c), c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'inventory.manage' },
    createRoute({
      method: 'get',
      path: '/api/inventory/adjustments',
      tags: ['inventory'],
      summary: 'Adjustments, newest first',
      request: { query: documentListQuerySchema },
      responses: { 200: jsonResponse(adjustmentListSchema, 'Adjustments') },
    }),
    async (c) => c.json(await listAdjustments(c.var.deps.database, readerOf(c), c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'inventory.manage' },
    createRoute({
      method: 'get',
      path: '/api/inventory/adjustments/{id}',
      tags: ['inventory'],
      summary: 'One adjustment with its lines',
      request: idParams,
      responses: { 200: jsonResponse(adjustmentSchema, 'The adjustment'), 404: notFoundResponse },
    }),
    async (c) => c.json(await getAdjustment(c.var.deps.database, readerOf(c), c.req.valid('param').id), 200),
  ),
];

const transferResponse = jsonResponse(transferSchema, 'The transfer');

const transferRoutes = [
  tenantRoute(
    { permission: 'inventory.manage', feature: 'multi_location' },
    createRoute({
      method: 'post',
      path: '/api/inventory/transfers',
      tags: ['inventory'],
      summary: 'Send stock to another location (Idempotency-Key)',
      request: jsonBody(transferInputSchema),
      responses: { 201: transferResponse, 400: invalidResponse, 402: errorResponse('Plan lacks multi_location'), 404: errorResponse('The source is not a location the person works at'), 409: conflictResponse },
    }),
    async (c) => c.json(await sendTransfer(c.var.deps.database, authorOf(c), c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'inventory.manage', feature: 'multi_location' },
    createRoute({
      method: 'post',
      path: '/api/inventory/transfers/{id}/receive',
      tags: ['inventory'],
      summary: 'Receive the transfer, or part of it: per product what arrived and what was lost in transit; without lines, everything still in transit (Idempotency-Key)',
      request: { ...idParams, body: { content: { 'application/json': { schema: transferReceiptInputSchema } }, required: false } },
      responses: { 200: transferResponse, 400: invalidResponse, 403: errorResponse('The person does not work at the destination'), 404: notFoundResponse, 409: conflictResponse },
    }),
    async (c) => c.json(await receiveTransfer(c.var.deps.database, authorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  ),
  tenantRoute(
    { permission: 'inventory.manage', feature: 'multi_location' },
    createRoute({
      method: 'post',
      path: '/api/inventory/transfers/{id}/cancel',
      tags: ['inventory'],
      summary: 'Cancel a transfer on its way: stock returns to the source',
      request: idParams,
      responses: { 200: transferResponse, 403: errorResponse('The person does not work at the source'), 404: notFoundResponse, 409: conflictResponse },
    }),
    async (c) => c.json(await cancelTransfer(c.var.deps.database, authorOf(c), c.req.valid('param').id), 200),
  ),
  tenantRoute(
    { permission: 'inventory.manage', feature: 'multi_location' },
    createRoute({
      method: 'get',
      path: '/api/inventory/transfers',
      tags: ['inventory'],
      summary: 'Transfers, newest first (filter by status and location)',
      request: { query: documentListQuerySchema },
      responses: { 200: jsonResponse(transferListSchema, 'Transfers') },
    }),
    async (c) => c.json(await listTransfers(c.var.deps.database, readerOf(c), c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'inventory.manage', feature: 'multi_location' },
    createRoute({
      method: 'get',
      path: '/api/inventory/transfers/{id}',
      tags: ['inventory'],
      summary: 'One transfer with its lines',
      request: idParams,
      responses: { 200: transferResponse, 404: notFoundResponse },
    }),
    async (c) => c.json(await getTransfer(c.var.deps.database, readerOf(c), c.req.valid('param').id), 200),
  ),
];

const stockTakeResponse = jsonResponse(stockTakeSchema, 'The stock take');

const stockTakeRoutes = [
  tenantRoute(
    { permission: 'inventory.manage' },
    createRoute({
      method: 'post',
      path: '/api/inventory/stock-takes',
      tags: ['inventory'],
      summary: 'Start a stock take at a location that has none open, blind or not (Idempotency-Key)',
      request: jsonBody(stockTakeInputSchema),
      responses: { 201: stockTakeResponse, 400: invalidResponse, 404: locationNotFoundResponse, 409: errorResponse('A stock take is already open at that location') },
    }),
    async (c) => c.json(await startStockTake(c.var.deps.database, authorOf(c), c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'inventory.manage' },
    createRoute({
      method: 'get',
      path: '/api/inventory/stock-takes',
      tags: ['inventory'],
      summary: 'Stock takes, newest first (filter by status and location)',
      request: { query: documentListQuerySchema },
      responses: { 200: jsonResponse(stockTakeListSchema, 'Stock takes') },
    }),
    async (c) => c.json(await listStockTakes(c.var.deps.database, readerOf(c), c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'inventory.manage' },
    createRoute({
      method: 'get',
      path: '/api/inventory/stock-takes/{id}',
      tags: ['inventory'],
      summary: 'One stock take with its counts, expected figures and variances (not while a blind take is counted)',
      request: idParams,
      responses: { 200: stockTakeResponse, 404: notFoundResponse },
    }),
    async (c) => c.json(await getStockTake(c.var.deps.database, readerOf(c), c.req.valid('param').id), 200),
  ),
  tenantRoute(
    { permission: 'inventory.manage' },
    createRoute({
      method: 'put',
      path: '/api/inventory/stock-takes/{id}/counts',
      tags: ['inventory'],
      summary: 'Set the count of one item',
      request: { ...idParams, ...jsonBody(stockTakeCountSchema) },
      responses: { 200: stockTakeResponse, 400: invalidResponse, 404: notFoundResponse, 409: conflictResponse },
    }),
    async (c) => c.json(await recordCount(c.var.deps.database, authorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  ),
  tenantRoute(
    { permission: 'inventory.manage' },
    createRoute({
      method: 'delete',
      path: '/api/inventory/stock-takes/{id}/counts/{variantId}',
      tags: ['inventory'],
      summary: 'Remove the count of one item',
      request: { params: z.object({ id: z.uuid(), variantId: z.uuid() }) },
      responses: { 200: stockTakeResponse, 404: notFoundResponse, 409: conflictResponse },
    }),
    async (c) => {
      const { id, variantId } = c.req.valid('param');
      return c.json(await removeCount(c.var.deps.database, readerOf(c), id, variantId), 200);
    },
  ),
  tenantRoute(
    { permission: 'inventory.manage' },
    createRoute({
      method: 'post',
      path: '/api/inventory/stock-takes/{id}/post',
      tags: ['inventory'],
      summary: 'Post the variances as movements (stock becomes the counted figures)',
      request: idParams,
      responses: { 200: stockTakeResponse, 404: notFoundResponse, 409: conflictResponse },
    }),
    async (c) => c.json(await postStockTake(c.var.deps.database, authorOf(c), c.req.valid('param').id), 200),
  ),
  tenantRoute(
    { permission: 'inventory.manage' },
    createRoute({
      method: 'post',
      path: '/api/inventory/stock-takes/{id}/cancel',
      tags: ['inventory'],
      summary: 'Abandon a stock take (nothing moves)',
      request: idParams,
      responses: { 200: stockTakeResponse, 404: notFoundResponse, 409: conflictResponse },
    }),
    async (c) => c.json(await cancelStockTake(c.var.deps.database, readerOf(c), c.req.valid('param').id), 200),
  ),
];

const settingsResponse = jsonResponse(inventorySettingsSchema, 'Inventory settings');

const inventorySettingsRoutes = [
  tenantRoute(
    { permission: 'member' },
    createRoute({
      method: 'get',
      path: '/api/settings/inventory',
      tags: ['inventory'],
      summary: 'VAT rates and the negative-stock setting',
      responses: { 200: settingsResponse },
    }),
    async (c) => c.json(await getInventorySettings(c.var.deps.database, c.var.tenantId), 200),
  ),
  tenantRoute(
    { permission: 'settings.manage' },
    createRoute({
      method: 'patch',
      path: '/api/settings/inventory',
      tags: ['inventory'],
      summary: 'Change VAT rates or allow negative stock (advanced_inventory)',
      request: jsonBody(inventorySettingsInputSchema),
      responses: { 200: settingsResponse, 400: invalidResponse, 402: errorResponse('Plan lacks advanced_inventory') },
    }),
    async (c) => c.json(await updateInventorySettings(c.var.deps.database, c.var.tenantId, c.req.valid('json'), c.var.principal.userId), 200),
  ),
];

export const inventoryRoutes = [
  ...locationRoutes,
  ...ledgerRoutes,
  ...adjustmentRoutes,
  ...transferRoutes,
  ...stockTakeRoutes,
  ...inventorySettingsRoutes,
];
