import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  brandInputSchema,
  brandSchema,
  categoryInputSchema,
  categoryPatchSchema,
  categorySchema,
  unitInputSchema,
  unitPatchSchema,
  unitSchema,
} from '../../core/products/products.schemas';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { tenantRoute } from '../http/routes';
import {
  createBrand,
  createCategory,
  createUnit,
  deleteBrand,
  deleteCategory,
  deleteUnit,
  listBrands,
  listCategories,
  listUnits,
  updateBrand,
  updateCategory,
  updateUnit,
} from './catalog-refs.service';

// Categories, brands and units: everyone reads them (the till filters by them); managers change
// categories, and brands and units need advanced inventory as well.

const idParams = z.object({ id: z.uuid() });
const itemsOf = <T extends z.ZodType>(item: T, description: string) => jsonResponse(z.object({ items: z.array(item) }), description);
const writeErrors = {
  400: errorResponse('Invalid input (field messages)'),
  404: errorResponse('Not found in this shop'),
  409: errorResponse('Name already used, or still in use'),
};

export const catalogRefRoutes = [
  tenantRoute(
    { permission: 'member' },
    createRoute({
      method: 'get',
      path: '/api/product-categories',
      tags: ['products'],
      summary: 'All categories with their path ("Drinks › Soft drinks") and product counts',
      responses: { 200: itemsOf(categorySchema, 'Categories') },
    }),
    async (c) => c.json({ items: await c.var.deps.database.withTenant(c.var.tenantId, listCategories) }, 200),
  ),
  tenantRoute(
    { permission: 'products.manage' },
    createRoute({
      method: 'post',
      path: '/api/product-categories',
      tags: ['products'],
      summary: 'Add a category, optionally inside another',
      request: jsonBody(categoryInputSchema),
      responses: { 201: jsonResponse(categorySchema, 'Created'), ...writeErrors },
    }),
    async (c) => {
      const tenantId = c.var.tenantId;
      const input = c.req.valid('json');
      return c.json(await c.var.deps.database.withTenant(tenantId, (tx) => createCategory(tx, tenantId, input)), 201);
    },
  ),
  tenantRoute(
    { permission: 'products.manage' },
    createRoute({
      method: 'patch',
      path: '/api/product-categories/{id}',
      tags: ['products'],
      summary: 'Rename or move a category (not into itself or one of its sub-categories)',
      request: { params: idParams, ...jsonBody(categoryPatchSchema) },
      responses: { 200: jsonResponse(categorySchema, 'Updated'), ...writeErrors },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const patch = c.req.valid('json');
      return c.json(await c.var.deps.database.withTenant(c.var.tenantId, (tx) => updateCategory(tx, id, patch)), 200);
    },
  ),
  tenantRoute(
    { permission: 'products.manage' },
    createRoute({
      method: 'delete',
      path: '/api/product-categories/{id}',
      tags: ['products'],
      summary: 'Delete an empty category (409 while it has products or sub-categories)',
      request: { params: idParams },
      responses: { 204: { description: 'Deleted' }, ...writeErrors },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await c.var.deps.database.withTenant(c.var.tenantId, (tx) => deleteCategory(tx, id));
      return c.body(null, 204);
    },
  ),

  tenantRoute(
    { permission: 'member' },
    createRoute({
      method: 'get',
      path: '/api/brands',
      tags: ['products'],
      summary: 'All brands with product counts',
      responses: { 200: itemsOf(brandSchema, 'Brands') },
    }),
    async (c) => c.json({ items: await c.var.deps.database.withTenant(c.var.tenantId, listBrands) }, 200),
  ),
  tenantRoute(
    { permission: 'products.manage', feature: 'advanced_inventory' },
    createRoute({
      method: 'post',
      path: '/api/brands',
      tags: ['products'],
      summary: 'Add a brand (advanced inventory)',
      request: jsonBody(brandInputSchema),
      responses: { 201: jsonResponse(brandSchema, 'Created'), ...writeErrors },
    }),
    async (c) => {
      const tenantId = c.var.tenantId;
      const input = c.req.valid('json');
      return c.json(await c.var.deps.database.withTenant(tenantId, (tx) => createBrand(tx, tenantId, input)), 201);
    },
  ),
  tenantRoute(
    { permission: 'products.manage', feature: 'advanced_inventory' },
    createRoute({
      method: 'patch',
      path: '/api/brands/{id}',
      tags: ['products'],
      summary: 'Rename a brand (advanced inventory)',
      request: { params: idParams, ...jsonBody(brandInputSchema) },
      responses: { 200: jsonResponse(brandSchema, 'Updated'), ...writeErrors },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      return c.json(await c.var.deps.database.withTenant(c.var.tenantId, (tx) => updateBrand(tx, id, input)), 200);
    },
  ),
  tenantRoute(
    { permission: 'products.manage', feature: 'advanced_inventory' },
    createRoute({
      method: 'delete',
      path: '/api/brands/{id}',
      tags: ['products'],
      summary: 'Delete a brand no product uses (advanced inventory)',
      request: { params: idParams },
      responses: { 204: { description: 'Deleted' }, ...writeErrors },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await c.var.deps.database.withTenant(c.var.tenantId, (tx) => deleteBrand(tx, id));
      return c.body(null, 204);
    },
  ),

  tenantRoute(
    { permission: 'member' },
    createRoute({
      method: 'get',
      path: '/api/units',
      tags: ['products'],
      summary: 'All units; a unit with a base unit is a pack of it (Box = 12 × Piece)',
      responses: { 200: itemsOf(unitSchema, 'Units') },
    }),
    async (c) => c.json({ items: await c.var.deps.database.withTenant(c.var.tenantId, listUnits) }, 200),
  ),
  tenantRoute(
    { permission: 'products.manage', feature: 'advanced_inventory' },
    createRoute({
      method: 'post',
      path: '/api/units',
      tags: ['products'],
      summary: 'Add a unit or a pack of another unit (advanced inventory)',
      request: jsonBody(unitInputSchema),
      responses: { 201: jsonResponse(unitSchema, 'Created'), ...writeErrors },
    }),
    async (c) => {
      const tenantId = c.var.tenantId;
      const input = c.req.valid('json');
      return c.json(await c.var.deps.database.withTenant(tenantId, (tx) => createUnit(tx, tenantId, input)), 201);
    },
  ),
  tenantRoute(
    { permission: 'products.manage', feature: 'advanced_inventory' },
    createRoute({
      method: 'patch',
      path: '/api/units/{id}',
      tags: ['products'],
      summary: 'Change a unit (advanced inventory); a pack may not contain itself',
      request: { params: idParams, ...jsonBody(unitPatchSchema) },
      responses: { 200: jsonResponse(unitSchema, 'Updated'), ...writeErrors },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const patch = c.req.valid('json');
      return c.json(await c.var.deps.database.withTenant(c.var.tenantId, (tx) => updateUnit(tx, id, patch)), 200);
    },
  ),
  tenantRoute(
    { permission: 'products.manage', feature: 'advanced_inventory' },
    createRoute({
      method: 'delete',
      path: '/api/units/{id}',
      tags: ['products'],
      summary: 'Delete a unit no product or pack uses (advanced inventory)',
      request: { params: idParams },
      responses: { 204: { description: 'Deleted' }, ...writeErrors },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await c.var.deps.database.withTenant(c.var.tenantId, (tx) => deleteUnit(tx, id));
      return c.body(null, 204);
    },
  ),
];
