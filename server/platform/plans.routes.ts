import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { planActiveSchema, planInputSchema, platformPlanDetailSchema } from '../../core/platform/plans.schemas';
import type { AppEnv } from '../http/context';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { platformRoute, type RouteDefinition } from '../http/routes';
import { createPlan, deletePlan, listPlanDetails, setPlanActive, updatePlan } from './plans.service';
import type { PlatformActor } from './tenants.service';

// Plan Management's API (issue 21, docs/platform.md "Plan management"): platform admins only.

const idParam = z.object({ id: z.uuid() });
const actorOf = (c: Context<AppEnv>): PlatformActor => ({ userId: c.var.principal.userId, email: c.var.principal.email });

export const platformPlanRoutes: RouteDefinition[] = [
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/plans',
      tags: ['platform'],
      summary: 'Every billing plan, offered or retired, with its features and limits and the shops on it',
      responses: { 200: jsonResponse(z.array(platformPlanDetailSchema), 'Offered first, then by popularity and price') },
    }),
    async (c) => c.json(await listPlanDetails(c.var.deps), 200),
  ),
  platformRoute(
    createRoute({
      method: 'post',
      path: '/api/platform/plans',
      tags: ['platform'],
      summary: 'Creates a plan (price in KES cents, one period, features and limits over the spec §9 keys)',
      request: jsonBody(planInputSchema),
      responses: { 201: jsonResponse(platformPlanDetailSchema, 'Created'), 409: errorResponse('A plan with this name and period exists') },
    }),
    async (c) => c.json(await createPlan(c.var.deps, actorOf(c), c.req.valid('json')), 201),
  ),
  platformRoute(
    createRoute({
      method: 'put',
      path: '/api/platform/plans/{id}',
      tags: ['platform'],
      summary: "Edits a plan: features and limits count at once for its shops, a price from each shop's next payment",
      request: { params: idParam, ...jsonBody(planInputSchema) },
      responses: {
        200: jsonResponse(platformPlanDetailSchema, 'Saved'),
        404: errorResponse('No such plan'),
        409: errorResponse('Name taken, or a period change on a plan in use'),
      },
    }),
    async (c) => c.json(await updatePlan(c.var.deps, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  ),
  platformRoute(
    createRoute({
      method: 'post',
      path: '/api/platform/plans/{id}/active',
      tags: ['platform'],
      summary: 'Retires a plan (no longer offered; its shops keep it) or offers it again',
      request: { params: idParam, ...jsonBody(planActiveSchema) },
      responses: { 200: jsonResponse(platformPlanDetailSchema, 'Changed'), 404: errorResponse('No such plan'), 409: errorResponse('Already so') },
    }),
    async (c) => c.json(await setPlanActive(c.var.deps, actorOf(c), c.req.valid('param').id, c.req.valid('json').isActive), 200),
  ),
  platformRoute(
    createRoute({
      method: 'delete',
      path: '/api/platform/plans/{id}',
      tags: ['platform'],
      summary: 'Deletes a plan nothing refers to (else 409: retire it)',
      request: { params: idParam },
      responses: { 204: { description: 'Deleted' }, 404: errorResponse('No such plan'), 409: errorResponse('In use') },
    }),
    async (c) => {
      await deletePlan(c.var.deps, actorOf(c), c.req.valid('param').id);
      return c.body(null, 204);
    },
  ),
];
