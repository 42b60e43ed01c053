import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import { errorBody, HttpError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for cookie sessions: a browser names the page's origin on
 * every state-changing request; it must be this host. Requests without Origin (server-to-server,
 * webhooks, curl) carry no ambient cookie risk and pass. SameSite=Lax cookies are the first line.
 */
export const sameOriginWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const origin = c.req.header('origin');
  if (!origin || origin === 'null') return origin ? refuse(c) : next();
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return refuse(c);
  }
  if (originHost !== (c.req.header('host') ?? '').toLowerCase()) return refuse(c);
  return next();
};

function refuse(c: Parameters<MiddlewareHandler<AppEnv>>[0]) {
  return c.json(errorBody(new HttpError('forbidden', /*i18n*/ 'Cross-site request refused'), c.var.requestId), 403);
}
