import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  contactLoyaltyQuerySchema,
  contactLoyaltySchema,
  loyaltyAdjustmentInputSchema,
  loyaltyAdjustmentSchema,
  loyaltySettingsInputSchema,
  loyaltySettingsSchema,
} from '../../core/loyalty/loyalty.schemas';
import { readIdempotencyKey } from '../http/idempotency';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { tenantRoute, type RouteDefinition } from '../http/routes';
import { createLoyaltyAdjustment, getContactLoyalty, getLoyaltySettings, updateLoyaltySettings } from './loyalty.service';

// Loyalty (issue 14, plan feature `loyalty_program`: 402 without it). Settings are the owner's to
// change; a customer's points are read by anyone at the till, adjusted by managers with a reason.

const feature = 'loyalty_program' as const;
const contactParams = { params: z.object({ id: z.uuid() }) };
const planResponse = errorResponse('The plan lacks loyalty_program (upgrade message)');
const notFoundResponse = errorResponse('Not found (or another shop’s)');
const invalidResponse = errorResponse('Invalid input, with a message per field');

export const loyaltyRoutes: RouteDefinition[] = [
  tenantRoute(
    { permission: 'loyalty.manage', feature },
    createRoute({
      method: 'get',
      path: '/api/loyalty/settings',
      tags: ['loyalty'],
      summary: 'The loyalty programme: on/off, earn rate, point value, minimum to redeem, expiry',
      responses: { 200: jsonResponse(loyaltySettingsSchema, 'Settings'), 402: planResponse },
    }),
    async (c) => c.json(await getLoyaltySettings(c.var.deps.database, c.var.tenantId), 200),
  ),
  tenantRoute(
    { permission: 'settings.manage', feature },
    createRoute({
      method: 'put',
      path: '/api/loyalty/settings',
      tags: ['loyalty'],
      summary: 'Change the loyalty programme',
      request: jsonBody(loyaltySettingsInputSchema),
      responses: { 200: jsonResponse(loyaltySettingsSchema, 'Settings'), 400: invalidResponse, 402: planResponse },
    }),
    async (c) => c.json(await updateLoyaltySettings(c.var.deps.database, c.var.tenantId, c.req.valid('json'), c.var.principal.userId), 200),
  ),
  tenantRoute(
    { permission: 'contacts.edit', feature },
    createRoute({
      method: 'get',
      path: '/api/contacts/{id}/loyalty',
      tags: ['loyalty'],
      summary: 'A customer’s points, their value, and the points ledger (newest first, paged)',
      request: { ...contactParams, query: contactLoyaltyQuerySchema },
      responses: { 200: jsonResponse(contactLoyaltySchema, 'Points'), 402: planResponse, 404: notFoundResponse, 422: invalidResponse },
    }),
    async (c) => c.json(await getContactLoyalty(c.var.deps.database, c.var.tenantId, c.req.valid('param').id, c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'loyalty.manage', feature },
    createRoute({
      method: 'post',
      path: '/api/contacts/{id}/loyalty/adjustments',
      tags: ['loyalty'],
      summary: 'Add or take away points with a reason (never below zero; Idempotency-Key)',
      request: { ...contactParams, ...jsonBody(loyaltyAdjustmentInputSchema) },
      responses: {
        201: jsonResponse(loyaltyAdjustmentSchema, 'The entry and the new balance'),
        400: invalidResponse,
        402: planResponse,
        404: notFoundResponse,
        422: invalidResponse,
      },
    }),
    async (c) =>
      c.json(
        await createLoyaltyAdjustment(
          c.var.deps.database,
          { tenantId: c.var.tenantId, userId: c.var.principal.userId, requestKey: readIdempotencyKey(c) },
          c.req.valid('param').id,
          c.req.valid('json'),
        ),
        201,
      ),
  ),
];
