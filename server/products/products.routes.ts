import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { safeLine } from '../../core/api/text.schemas';
import {
  barcodeLookupSchema,
  productInputSchema,
  productListQuerySchema,
  productListSchema,
  productSchema,
} from '../../core/products/products.schemas';
import { HttpError } from '../http/errors';
import { readIdempotencyKey } from '../http/idempotency';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { tenantRoute } from '../http/routes';
import { productForViewer, productListForViewer } from './cost-visibility';
import { removeProductImage, storeProductImage } from './product-images';
import { listProducts, lookupCode } from './product-list.query';
import { createProductForRequest, getProduct, updateProductForRequest } from './products.service';

const productResponse = jsonResponse(productSchema, 'The product');
const productParams = z.object({ id: z.uuid() });
const notFoundResponse = errorResponse('No such product in this shop');
/** The photo upload, whose body may be larger than the API's usual limit (server/app.ts). */
export const PRODUCT_IMAGE_PATH = /^\/api\/products\/[^/]+\/image$/;

export const productRoutes = [
  tenantRoute(
    { permission: 'member' },
    createRoute({
      method: 'get',
      path: '/api/products',
      tags: ['products'],
      summary: 'One page of the catalog: search by name, SKU or barcode; filter by category, brand, stock; sort',
      request: { query: productListQuerySchema },
      responses: { 200: jsonResponse(productListSchema, 'Products') },
    }),
    async (c) => {
      const tenantId = c.var.tenantId;
      const query = c.req.valid('query');
      const list = await c.var.deps.database.withTenant(tenantId, (tx) => listProducts(tx, tenantId, query));
      return c.json(productListForViewer(list, c.var.memberAccess.permissions), 200);
    },
  ),
  // Before /api/products/{id}, which would otherwise take "lookup" for an id.
  tenantRoute(
    { permission: 'member' },
    createRoute({
      method: 'get',
      path: '/api/products/lookup',
      tags: ['products'],
      summary: 'The active variant with exactly this barcode, else this SKU (scanners); stock at locationId or everywhere',
      request: { query: z.object({ code: safeLine().trim().min(1, { message: /*i18n*/ 'Enter a barcode or SKU' }).max(64), locationId: z.uuid().optional() }) },
      responses: { 200: jsonResponse(barcodeLookupSchema, 'The variant'), 404: errorResponse('No product has that code') },
    }),
    async (c) => {
      const tenantId = c.var.tenantId;
      const { code, locationId } = c.req.valid('query');
      return c.json(await c.var.deps.database.withTenant(tenantId, (tx) => lookupCode(tx, tenantId, code, locationId)), 200);
    },
  ),
  tenantRoute(
    { permission: 'products.manage' },
    createRoute({
      method: 'post',
      path: '/api/products',
      tags: ['products'],
      summary: 'Create a product (Idempotency-Key: a retry answers with the first product); opening stock goes to the ledger',
      request: jsonBody(productInputSchema),
      responses: {
        201: jsonResponse(productSchema, 'Created'),
        200: jsonResponse(productSchema, 'Already created with this Idempotency-Key'),
        400: errorResponse('Invalid input (field messages)'),
        402: errorResponse('Product limit reached, or an advanced-inventory field without the feature'),
        409: errorResponse('SKU or barcode already used'),
      },
    }),
    async (c) => {
      const actor = { tenantId: c.var.tenantId, userId: c.var.principal.userId, requestKey: readIdempotencyKey(c) };
      const { product, replayed } = await createProductForRequest(c.var.deps.database, actor, c.req.valid('json'));
      const shaped = productForViewer(product, c.var.memberAccess.permissions);
      return replayed ? c.json(shaped, 200) : c.json(shaped, 201);
    },
  ),
  tenantRoute(
    { permission: 'member' },
    createRoute({
      method: 'get',
      path: '/api/products/{id}',
      tags: ['products'],
      summary: 'A product with its variants, barcodes, price tiers, stock per location and combo components',
      request: { params: productParams },
      responses: { 200: productResponse, 404: notFoundResponse },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const product = await c.var.deps.database.withTenant(c.var.tenantId, (tx) => getProduct(tx, id));
      return c.json(productForViewer(product, c.var.memberAccess.permissions), 200);
    },
  ),
  tenantRoute(
    { permission: 'products.manage' },
    createRoute({
      method: 'put',
      path: '/api/products/{id}',
      tags: ['products'],
      summary: 'Replace a product; variants without id are added, missing ones removed unless they have stock history (409)',
      request: { params: productParams, ...jsonBody(productInputSchema) },
      responses: {
        200: productResponse,
        400: errorResponse('Invalid input (field messages)'),
        402: errorResponse('Product limit reached on unarchiving, or an advanced-inventory field without the feature'),
        404: notFoundResponse,
        409: errorResponse('SKU or barcode already used, or a removed variant has stock history'),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const actor = { tenantId: c.var.tenantId, userId: c.var.principal.userId };
      const product = await updateProductForRequest(c.var.deps.database, actor, id, c.req.valid('json'));
      return c.json(productForViewer(product, c.var.memberAccess.permissions), 200);
    },
  ),
  tenantRoute(
    { permission: 'products.manage' },
    createRoute({
      method: 'post',
      path: '/api/products/{id}/image',
      tags: ['products'],
      summary: 'Upload the product photo (multipart field "image": PNG, JPEG or WebP up to 5 MB; stored as WebP within 800×800)',
      request: { params: productParams, body: { content: { 'multipart/form-data': { schema: z.object({ image: z.any() }) } }, required: true } },
      responses: { 200: productResponse, 400: errorResponse('Not an acceptable image'), 404: notFoundResponse },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { image } = c.req.valid('form') as { image: unknown };
      if (!(image instanceof File)) throw new HttpError('validation_failed', /*i18n*/ 'Choose an image to upload', { image: [/*i18n*/ 'Choose an image to upload'] });
      return c.json(productForViewer(await storeProductImage(c.var.deps, c.var.tenantId, id, image), c.var.memberAccess.permissions), 200);
    },
  ),
  tenantRoute(
    { permission: 'products.manage' },
    createRoute({
      method: 'delete',
      path: '/api/products/{id}/image',
      tags: ['products'],
      summary: 'Remove the product photo',
      request: { params: productParams },
      responses: { 200: productResponse, 404: notFoundResponse },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(productForViewer(await removeProductImage(c.var.deps, c.var.tenantId, id), c.var.memberAccess.permissions), 200);
    },
  ),
];
