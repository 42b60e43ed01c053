import { OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type { FeatureKey } from '../../core/billing/plan-features.rules';
import { SUPPORT_ACCESS_READ_ONLY_MESSAGE } from '../../core/platform/support-access.schemas';
import type { RoutePermission } from '../../core/team/permissions.rules';
import { recordAuditEvent } from '../audit/audit-events.service';
import { renewSessionIfDue, requirePrincipal, requireTenantAccess, type Principal } from '../auth/principal';
import { withHoldingScope } from '../db/held-transaction';
import type { AppEnv } from './context';
import { errorBody, HttpError, validationError } from './errors';

// Every route declares who may call it (docs/decisions/0005-api-conventions.md). A route reaches
// the app only through mountRoutes, which takes nothing but RouteDefinitions made by these builders.
export type RouteAccess =
  | { level: 'public' }
  | { level: 'user' }
  | { level: 'tenant'; permission: RoutePermission; feature?: FeatureKey; allowWithoutSubscription?: boolean }
  | { level: 'platform' };

export interface RouteDefinition {
  readonly access: RouteAccess;
  readonly route: RouteConfig;
  readonly handler: RouteHandler<RouteConfig, AppEnv>;
  readonly guards: MiddlewareHandler<AppEnv>[];
}

/** A route anyone may call, signed in or not. */
export function publicRoute<R extends RouteConfig>(route: R, handler: RouteHandler<R, AppEnv>): RouteDefinition {
  return define({ level: 'public' }, route, handler, []);
}

/**
 * Any signed-in person, with or without a tenant (the profile screen). A support access session
 * only reads here too (the admin's own profile is not what it was opened for), unless the route
 * is `forSupportSession` (its "End now").
 */
export function userRoute<R extends RouteConfig>(route: R, handler: RouteHandler<R, AppEnv>, { forSupportSession = false } = {}): RouteDefinition {
  return define({ level: 'user' }, route, handler, [forSupportSession ? signedIn : signedInReadOnlyForSupport]);
}

/**
 * An active member of the request's tenant whose role holds `permission` (`member`: any member;
 * platform admins pass, logged; docs/decisions/0024-permissions-and-team.md).
 * The tenant's subscription must pass the gate (spec §4) unless allowWithoutSubscription (billing,
 * so a lapsed shop can pay its way back in), and the plan must include `feature` when one is named:
 * otherwise 402 with the feature's upgrade message.
 */
export function tenantRoute<R extends RouteConfig>(
  access: { permission: RoutePermission; feature?: FeatureKey; allowWithoutSubscription?: boolean },
  route: R,
  handler: RouteHandler<R, AppEnv>,
): RouteDefinition {
  const tenantMember: MiddlewareHandler<AppEnv> = (c, next) =>
    withHoldingScope(async () => {
      const principal = await authenticate(c, await heldTenantOf(c));
      const { tenantId, role, memberAccess } = await requireTenantAccess(c.var.deps, principal, c.req.header('host'), {
        permission: access.permission,
        feature: access.feature,
        // Platform administrators look into lapsed shops too; features still follow the plan.
        checkGate: !access.allowWithoutSubscription && !principal.isPlatformAdmin,
      });
      refuseSupportWrite(c, principal);
      if (principal.isPlatformAdmin) await recordPlatformAdminRequest(c, principal, tenantId, route);
      c.set('principal', principal);
      c.set('tenantId', tenantId);
      c.set('tenantRole', role);
      c.set('memberAccess', memberAccess);
      await next();
    });
  return define({ level: 'tenant', ...access }, route, handler, [tenantMember]);
}

/**
 * A platform admin's request in a shop goes into that shop's audit trail before it runs (issue 11),
 * reads as well as writes: looking at a shop's data is access to it. Should the event not be
 * written, the request fails: no platform admin acts in a shop unrecorded.
 */
async function recordPlatformAdminRequest(c: Context<AppEnv>, principal: Principal, tenantId: string, route: RouteConfig) {
  const action = `${route.method.toUpperCase()} ${route.path}`;
  c.var.logger.warn({ userId: principal.userId, tenantId, action }, 'Platform admin acting in a tenant');
  await recordAuditEvent(c.var.deps.database, tenantId, {
    actorUserId: principal.userId,
    action,
    details: { path: c.req.path, actorRole: principal.role },
    requestId: c.var.requestId,
  });
}

/** Platform administrators only (superadmin, super_admin, platform_admin, sysadmin), never through a support access session. */
export function platformRoute<R extends RouteConfig>(route: R, handler: RouteHandler<R, AppEnv>): RouteDefinition {
  const platformAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
    const principal = await authenticate(c);
    if (!principal.isPlatformAdmin || principal.supportGrantId) throw new HttpError('not_found', /*i18n*/ 'Not found');
    c.set('principal', principal);
    await next();
  };
  return define({ level: 'platform' }, route, handler, [platformAdmin]);
}

const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('principal', await authenticate(c));
  await next();
};

const signedInReadOnlyForSupport: MiddlewareHandler<AppEnv> = async (c, next) => {
  const principal = await authenticate(c);
  refuseSupportWrite(c, principal);
  c.set('principal', principal);
  await next();
};

/** Support access looks and never changes anything (issue 21): 403 for any request but a read. */
function refuseSupportWrite(c: Context<AppEnv>, principal: Principal) {
  if (principal.supportGrantId && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    throw new HttpError('forbidden', SUPPORT_ACCESS_READ_ONLY_MESSAGE);
  }
}

/**
 * The tenant whose transaction a read request's session read opens and holds for the handler
 * (docs/decisions/0018): the host's shop, for GET and HEAD. Not for a request with a body, which
 * its client sends at its own pace after the guard has run.
 */
async function heldTenantOf(c: Context<AppEnv>): Promise<string | null> {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return null;
  return (await c.var.deps.tenantResolver.resolve(c.req.header('host'))).tenant?.id ?? null;
}

/** The request's signed-in principal (401 without one); renews a session that is due. */
async function authenticate(c: Context<AppEnv>, holdTenantId: string | null = null): Promise<Principal> {
  const principal = await requirePrincipal(c.var.deps, c.req.raw.headers, { holdTenantId });
  const renewedCookie = await renewSessionIfDue(c.var.deps, principal);
  if (renewedCookie) c.header('Set-Cookie', renewedCookie, { append: true });
  return principal;
}

function define<R extends RouteConfig>(
  access: RouteAccess,
  route: R,
  handler: RouteHandler<R, AppEnv>,
  guards: MiddlewareHandler<AppEnv>[],
): RouteDefinition {
  return {
    access,
    route: { ...route, 'x-access': access } as RouteConfig,
    handler: handler as unknown as RouteHandler<RouteConfig, AppEnv>,
    guards,
  };
}

export interface MountedRoute {
  method: string;
  path: string;
  access: RouteAccess;
}

/** Registers the definitions and records each one's access level for tests and docs. */
export function mountRoutes(app: OpenAPIHono<AppEnv>, definitions: RouteDefinition[], registry: MountedRoute[]) {
  for (const definition of definitions) {
    const route = definition.guards.length
      ? ({ ...definition.route, middleware: definition.guards } as RouteConfig)
      : definition.route;
    app.openapi(route, definition.handler);
    registry.push({
      method: definition.route.method.toUpperCase(),
      path: definition.route.path,
      access: definition.access,
    });
  }
}

/** An OpenAPI router whose invalid input never reaches a handler: 400 with a message per field. */
export function createApiRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json(errorBody(validationError(result.error), c.var.requestId), 400);
      }
    },
  });
}
