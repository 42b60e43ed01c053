import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  exchangeInputSchema,
  exchangeResultSchema,
  parkCartInputSchema,
  parkedCartListQuerySchema,
  parkedCartListSchema,
  parkedCartSchema,
  returnInputSchema,
  returnResultSchema,
  saleReturnSchema,
  saleSchema,
  voidSaleInputSchema,
} from '../../core/sales/sales.schemas';
import { errorBody } from '../http/errors';
import { readIdempotencyKey } from '../http/idempotency';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { tenantRoute, type RouteDefinition } from '../http/routes';
import { PriceChangedError } from './checkout.service';
import { deleteParkedCart, listParkedCarts, parkCart } from './parked-carts.service';
import { createExchange, createReturn, getReturn } from './returns.service';
import { priceChangedSchema, saleActorOf } from './sales.routes';
import { voidSale } from './void.service';

// Returns, exchanges, voids and parked carts (issue 15). Cashiers return, exchange and park;
// a void is a manager's. Handlers parse and call one service.

const idParams = { params: z.object({ id: z.uuid() }) };
const notFoundResponse = errorResponse('Not found (or another shop’s)');
const badInput = errorResponse('Invalid input, with a message per field');

export const returnRoutes: RouteDefinition[] = [
  tenantRoute(
    { permission: 'sales.refund', feature: 'basic_pos' },
    createRoute({
      method: 'post',
      path: '/api/sale-returns',
      tags: ['sales'],
      summary: 'Return goods of a sale (or, with a manager, without a receipt: store credit); the body’s id is the return’s key: a retry answers the first (200, replayed)',
      request: jsonBody(returnInputSchema),
      responses: {
        200: jsonResponse(returnResultSchema, 'A retry of a return already made: the first result'),
        201: jsonResponse(returnResultSchema, 'The return (credit note)'),
        400: badInput,
        404: notFoundResponse,
        409: errorResponse('return_id_reused, return_exceeds_sold, approval_required, approval_invalid, shift_closed, mpesa_code_used, a voided sale'),
      },
    }),
    async (c) => {
      const result = await createReturn(c.var.deps.database, saleActorOf(c), c.req.valid('json'));
      return result.replayed ? c.json(result, 200) : c.json(result, 201);
    },
  ),
  tenantRoute(
    { permission: 'sales.sell', feature: 'basic_pos' },
    createRoute({
      method: 'get',
      path: '/api/sale-returns/{id}',
      tags: ['sales'],
      summary: 'One return with its lines and refunds',
      request: idParams,
      responses: { 200: jsonResponse(saleReturnSchema, 'The return'), 404: notFoundResponse },
    }),
    async (c) => c.json(await getReturn(c.var.deps.database, saleActorOf(c), c.req.valid('param').id), 200),
  ),
  tenantRoute(
    { permission: 'sales.refund', feature: 'basic_pos' },
    createRoute({
      method: 'post',
      path: '/api/sale-exchanges',
      tags: ['sales'],
      summary: 'A return and a new sale in one transaction: the return’s credit pays the sale first, any rest is refunded',
      request: jsonBody(exchangeInputSchema),
      responses: {
        200: jsonResponse(exchangeResultSchema, 'A retry of an exchange already made: the first result'),
        201: jsonResponse(exchangeResultSchema, 'The return and the new sale'),
        400: badInput,
        404: notFoundResponse,
        409: jsonResponse(priceChangedSchema, 'As for a return and a sale (price_changed with the server’s quote)'),
      },
    }),
    async (c) => {
      try {
        const result = await createExchange(c.var.deps.database, saleActorOf(c), c.req.valid('json'));
        return result.replayed ? c.json(result, 200) : c.json(result, 201);
      } catch (error) {
        if (error instanceof PriceChangedError) return c.json({ ...errorBody(error, c.var.requestId), quote: error.quote }, 409);
        throw error;
      }
    },
  ),
  tenantRoute(
    { permission: 'sales.void', feature: 'basic_pos' },
    createRoute({
      method: 'post',
      path: '/api/sales/{id}/void',
      tags: ['sales'],
      summary: 'Void a sale of the open shift (manager): stock, account, points and gift cards reversed with new entries',
      request: { ...idParams, ...jsonBody(voidSaleInputSchema) },
      responses: {
        200: jsonResponse(saleSchema, 'The voided sale'),
        400: badInput,
        404: notFoundResponse,
        409: errorResponse('Already voided, goods returned, or the shift is closed (shift_closed: make a return instead)'),
      },
    }),
    async (c) => c.json(await voidSale(c.var.deps.database, saleActorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  ),
  tenantRoute(
    { permission: 'sales.sell', feature: 'basic_pos' },
    createRoute({
      method: 'get',
      path: '/api/parked-carts',
      tags: ['sales'],
      summary: 'Carts parked at the register’s location, oldest first (any register there may resume them)',
      request: { query: parkedCartListQuerySchema },
      responses: { 200: jsonResponse(parkedCartListSchema, 'The parked carts'), 404: notFoundResponse },
    }),
    async (c) => c.json(await listParkedCarts(c.var.deps.database, saleActorOf(c), c.req.valid('query').registerId), 200),
  ),
  tenantRoute(
    { permission: 'sales.sell', feature: 'basic_pos' },
    createRoute({
      method: 'post',
      path: '/api/parked-carts',
      tags: ['sales'],
      summary: 'Park (hold) a cart with a name; reserves no stock (Idempotency-Key: a retry answers the first)',
      request: jsonBody(parkCartInputSchema),
      responses: { 201: jsonResponse(parkedCartSchema, 'The parked cart'), 400: badInput, 404: notFoundResponse },
    }),
    async (c) =>
      c.json(
        await parkCart(c.var.deps.database, { ...saleActorOf(c), requestKey: readIdempotencyKey(c) }, c.req.valid('json')),
        201,
      ),
  ),
  tenantRoute(
    { permission: 'sales.sell', feature: 'basic_pos' },
    createRoute({
      method: 'delete',
      path: '/api/parked-carts/{id}',
      tags: ['sales'],
      summary: 'Remove a parked cart (resumed at a register, or given up)',
      request: idParams,
      responses: { 204: { description: 'Removed' }, 404: notFoundResponse },
    }),
    async (c) => {
      await deleteParkedCart(c.var.deps.database, saleActorOf(c), c.req.valid('param').id);
      return c.body(null, 204);
    },
  ),
];
