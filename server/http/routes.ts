import { OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import { errorBody, fieldMessages, HttpError } from './errors';

// Every route declares who may call it (docs/decisions/0005-api-conventions.md). A route reaches
// the app only through mountRoutes, which takes nothing but RouteDefinitions made by these builders.
export type RouteAccess = { level: 'public' };

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
        const error = new HttpError('validation_failed', 'Some fields are invalid', fieldMessages(result.error));
        return c.json(errorBody(error, c.var.requestId), 400);
      }
    },
  });
}
