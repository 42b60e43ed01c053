import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  changePlanSchema,
  extendTrialSchema,
  passwordResetResultSchema,
  passwordResetSchema,
  platformAlertsSchema,
  platformOverviewSchema,
  platformSearchQuerySchema,
  platformSearchSchema,
  platformTenantPageSchema,
  platformTenantSchema,
  platformUserPageSchema,
  platformUserSchema,
  setPlatformRoleSchema,
  shopSuspensionSchema,
  suspendTenantSchema,
  tenantListQuerySchema,
  userListQuerySchema,
} from '../../core/platform/platform.schemas';
import type { AppEnv } from '../http/context';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { requireTrustedOrigin } from '../http/public-origin';
import { languageHints, requestMeta } from '../http/request-meta';
import { platformRoute, userRoute, type RouteDefinition } from '../http/routes';
import { markAlertsSeen, readAlerts, readOverview, searchPlatform } from './overview.service';
import { readShopSuspension } from './shop-suspension';
import { changePlan, extendTrial, listTenants, reactivateTenant, readTenant, suspendTenant, type PlatformActor } from './tenants.service';
import { forcePasswordReset, listUsers, revokeSessions, setPlatformRole, setUserActive } from './users.service';

// The super-admin console's API (issue 21, docs/platform.md): platform admins only (404 for anyone
// else signed in, 401 without a session; platform-routes.test.ts checks every route).

const idParam = z.object({ id: z.uuid() });

const actorOf = (c: Context<AppEnv>): PlatformActor => ({ userId: c.var.principal.userId, email: c.var.principal.email });

export const platformRoutes: RouteDefinition[] = [
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/overview',
      tags: ['platform'],
      summary: 'Shops by status, sign-ups this week, MRR, sales today and the alerts',
      responses: { 200: jsonResponse(platformOverviewSchema, 'The overview') },
    }),
    async (c) => c.json(await readOverview(c.var.deps.database), 200),
  ),
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/alerts',
      tags: ['platform'],
      summary: "The platform alerts and whether any is new since this admin last looked",
      responses: { 200: jsonResponse(platformAlertsSchema, 'The alerts') },
    }),
    async (c) => c.json(await readAlerts(c.var.deps.database, c.var.principal.userId), 200),
  ),
  platformRoute(
    createRoute({
      method: 'post',
      path: '/api/platform/alerts/seen',
      tags: ['platform'],
      summary: 'Marks the alerts seen by this admin (the bell loses its dot)',
      responses: { 200: jsonResponse(platformAlertsSchema, 'The alerts') },
    }),
    async (c) => c.json(await markAlertsSeen(c.var.deps.database, c.var.principal.userId), 200),
  ),
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/search',
      tags: ['platform'],
      summary: "The header search: shops by name, subdomain or owner's e-mail, people by name or e-mail",
      request: { query: platformSearchQuerySchema },
      responses: { 200: jsonResponse(platformSearchSchema, 'Up to five of each') },
    }),
    async (c) => c.json(await searchPlatform(c.var.deps.database, c.req.valid('query').q), 200),
  ),
  // GET /api/platform/plans: Plan Management's list (server/platform/plans.routes.ts).
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/tenants',
      tags: ['platform'],
      summary: 'Shops across the platform: search, filter by status and plan, sort and page',
      request: { query: tenantListQuerySchema },
      responses: { 200: jsonResponse(platformTenantPageSchema, 'A page of shops') },
    }),
    async (c) => c.json(await listTenants(c.var.deps, c.req.valid('query')), 200),
  ),
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/tenants/{id}',
      tags: ['platform'],
      summary: "A shop: status, subscription, usage against its limits, domains, staff, activity and history",
      request: { params: idParam },
      responses: { 200: jsonResponse(platformTenantSchema, 'The shop'), 404: errorResponse('No such shop') },
    }),
    async (c) => c.json(await readTenant(c.var.deps, c.req.valid('param').id), 200),
  ),
  platformRoute(
    createRoute({
      method: 'post',
      path: '/api/platform/tenants/{id}/extend-trial',
      tags: ['platform'],
      summary: "Adds days to a shop's trial (from its end, or from now once it has ended)",
      request: { params: idParam, ...jsonBody(extendTrialSchema) },
      responses: { 200: jsonResponse(platformTenantSchema, 'Extended'), 404: errorResponse('No such shop'), 409: errorResponse('The shop pays for its plan') },
    }),
    async (c) => c.json(await extendTrial(c.var.deps, actorOf(c), c.req.valid('param').id, c.req.valid('json').days), 200),
  ),
  platformRoute(
    createRoute({
      method: 'post',
      path: '/api/platform/tenants/{id}/plan',
      tags: ['platform'],
      summary: 'Puts the shop on another offered plan (features and limits follow at once)',
      request: { params: idParam, ...jsonBody(changePlanSchema) },
      responses: { 200: jsonResponse(platformTenantSchema, 'Changed'), 404: errorResponse('No such shop'), 409: errorResponse('Already on this plan') },
    }),
    async (c) => c.json(await changePlan(c.var.deps, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  ),
  platformRoute(
    createRoute({
      method: 'post',
      path: '/api/platform/tenants/{id}/suspend',
      tags: ['platform'],
      summary: 'Suspends a shop with a reason: its people see the suspended page, its API answers shop_suspended',
      request: { params: idParam, ...jsonBody(suspendTenantSchema) },
      responses: { 200: jsonResponse(platformTenantSchema, 'Suspended'), 404: errorResponse('No such shop'), 409: errorResponse('Already suspended, or cancelled') },
    }),
    async (c) => c.json(await suspendTenant(c.var.deps, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  ),
  platformRoute(
    createRoute({
      method: 'post',
      path: '/api/platform/tenants/{id}/reactivate',
      tags: ['platform'],
      summary: 'Gives a suspended shop back the status it had',
      request: { params: idParam },
      responses: { 200: jsonResponse(platformTenantSchema, 'Reactivated'), 404: errorResponse('No such shop'), 409: errorResponse('Not suspended') },
    }),
    async (c) => c.json(await reactivateTenant(c.var.deps, actorOf(c), c.req.valid('param').id), 200),
  ),
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/users',
      tags: ['platform'],
      summary: 'People across the platform: search, filter by platform role, shop and status, page',
      request: { query: userListQuerySchema },
      responses: { 200: jsonResponse(platformUserPageSchema, 'A page of people') },
    }),
    async (c) => c.json(await listUsers(c.var.deps, c.req.valid('query')), 200),
  ),
  platformRoute(
    createRoute({
      method: 'put',
      path: '/api/platform/users/{id}/platform-role',
      tags: ['platform'],
      summary: "Gives or takes a person's platform role (not one's own; the last platform admin keeps theirs)",
      request: { params: idParam, ...jsonBody(setPlatformRoleSchema) },
      responses: { 200: jsonResponse(platformUserSchema, 'Changed'), 404: errorResponse('No such person'), 409: errorResponse('Yourself, the last platform admin, or no change') },
    }),
    async (c) => c.json(await setPlatformRole(c.var.deps, actorOf(c), c.req.valid('param').id, c.req.valid('json').platformRole), 200),
  ),
  ...(['deactivate', 'reactivate'] as const).map((action) =>
    platformRoute(
      createRoute({
        method: 'post',
        path: `/api/platform/users/{id}/${action}`,
        tags: ['platform'],
        summary: action === 'deactivate' ? 'Deactivates an account: signed out everywhere, signs in nowhere' : 'Lets a deactivated account sign in again',
        request: { params: idParam },
        responses: { 200: jsonResponse(platformUserSchema, 'Done'), 404: errorResponse('No such person'), 409: errorResponse('Yourself, the last platform admin, or no change') },
      }),
      async (c) => c.json(await setUserActive(c.var.deps, actorOf(c), c.req.valid('param').id, action === 'reactivate'), 200),
    ),
  ),
  platformRoute(
    createRoute({
      method: 'post',
      path: '/api/platform/users/{id}/password-reset',
      tags: ['platform'],
      summary: 'Forces a password reset: a temporary password shown once, or a reset e-mail; every session ends',
      request: { params: idParam, ...jsonBody(passwordResetSchema) },
      responses: { 200: jsonResponse(passwordResetResultSchema, 'Reset'), 404: errorResponse('No such person'), 409: errorResponse('No password to reset') },
    }),
    async (c) => {
      const mailer = async () => ({ resetUrl: `${await requireTrustedOrigin(c)}/reset-password`, meta: requestMeta(c), language: languageHints(c, null) });
      return c.json(await forcePasswordReset(c.var.deps, actorOf(c), c.req.valid('param').id, c.req.valid('json'), mailer), 200);
    },
  ),
  platformRoute(
    createRoute({
      method: 'post',
      path: '/api/platform/users/{id}/revoke-sessions',
      tags: ['platform'],
      summary: 'Signs a person out on every device',
      request: { params: idParam },
      responses: { 200: jsonResponse(platformUserSchema, 'Signed out'), 404: errorResponse('No such person') },
    }),
    async (c) => c.json(await revokeSessions(c.var.deps, actorOf(c), c.req.valid('param').id), 200),
  ),
];

/** A suspended shop's page asks why (issue 21): any signed-in person, about the shop of their session. */
export const shopSuspensionRoutes: RouteDefinition[] = [
  userRoute(
    createRoute({
      method: 'get',
      path: '/api/shop-suspension',
      tags: ['platform'],
      summary: "The session's shop's suspension (reason, whom to contact), or null",
      responses: { 200: jsonResponse(shopSuspensionSchema, 'The suspension, if any') },
    }),
    async (c) => {
      const tenantId = c.var.principal.sessionTenantId;
      return c.json({ suspension: tenantId ? await readShopSuspension(c.var.deps.database, tenantId) : null }, 200);
    },
  ),
];
