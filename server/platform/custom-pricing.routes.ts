import { createRoute, z } from '@hono/zod-openapi';
import { customPriceInputSchema, customPriceListSchema } from '../../core/platform/custom-pricing.schemas';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { platformRoute, type RouteDefinition } from '../http/routes';
import { endCustomPrice, listCustomPrices, setCustomPrice } from './custom-pricing.service';

// A shop's custom prices on its console page (issue 21, docs/platform.md "Custom pricing"): platform admins only.

const shopParam = z.object({ id: z.uuid() });
const priceParam = z.object({ id: z.uuid(), priceId: z.uuid() });

export const platformCustomPricingRoutes: RouteDefinition[] = [
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/tenants/{id}/custom-prices',
      tags: ['platform'],
      summary: "A shop's custom prices, newest start first: in force, scheduled and ended",
      request: { params: shopParam },
      responses: { 200: jsonResponse(customPriceListSchema, 'Custom prices'), 404: errorResponse('No such shop') },
    }),
    async (c) => c.json({ items: await listCustomPrices(c.var.deps, c.req.valid('param').id) }, 200),
  ),
  platformRoute(
    createRoute({
      method: 'post',
      path: '/api/platform/tenants/{id}/custom-prices',
      tags: ['platform'],
      summary: "Sets the shop's price and setup fee for a plan from a date (replacing the plan's earlier custom price); applies from its next payment and in MRR",
      request: { params: shopParam, ...jsonBody(customPriceInputSchema) },
      responses: { 201: jsonResponse(customPriceListSchema, 'Set'), 404: errorResponse('No such shop') },
    }),
    async (c) => c.json({ items: await setCustomPrice(c.var.deps, c.var.principal, c.req.valid('param').id, c.req.valid('json')) }, 201),
  ),
  platformRoute(
    createRoute({
      method: 'post',
      path: '/api/platform/tenants/{id}/custom-prices/{priceId}/end',
      tags: ['platform'],
      summary: 'Ends a custom price now: the plan\'s own price applies from the next payment',
      request: { params: priceParam },
      responses: { 200: jsonResponse(customPriceListSchema, 'Ended'), 404: errorResponse('No such shop or price'), 409: errorResponse('Already ended') },
    }),
    async (c) => {
      const { id, priceId } = c.req.valid('param');
      return c.json({ items: await endCustomPrice(c.var.deps, c.var.principal, id, priceId) }, 200);
    },
  ),
];
