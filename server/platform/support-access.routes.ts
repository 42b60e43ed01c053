import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { safeLine } from '../../core/api/text.schemas';
import {
  supportAccessEndedSchema,
  supportAccessGrantSchema,
  supportAccessInputSchema,
  supportAccessListSchema,
  supportAccessStartedSchema,
  supportSessionSchema,
} from '../../core/platform/support-access.schemas';
import type { AppEnv } from '../http/context';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { requestScheme } from '../http/public-origin';
import { requestMeta } from '../http/request-meta';
import { platformRoute, publicRoute, userRoute, type RouteDefinition } from '../http/routes';
import { shopOrigin, signupAddressFor } from '../tenancy/signup.service';
import {
  completeSupportHandoff,
  endSupportAccess,
  listSupportAccess,
  readSupportSession,
  requireSupportGrant,
  startSupportAccess,
} from './support-access.service';

// "View as" support access (issue 21, docs/platform.md "Support access"): given and revoked in the
// console (platform admins only), then used on the shop's own address: the one-time hand-over, the
// banner's question and its "End now".

const idParam = z.object({ id: z.uuid() });
const grantParam = idParam.extend({ grantId: z.uuid() });

/** How shops' addresses read from the console's host (the sign-up's rule: same root domain and port). */
function shopOriginFrom(c: Context<AppEnv>) {
  const { config } = c.var.deps;
  const scheme = config.publicUrl?.startsWith('https:') ? 'https' : requestScheme(c);
  const address = signupAddressFor(c.req.header('host'), scheme, config);
  return (subdomain: string) => shopOrigin(address, subdomain);
}

/** The shop's page in the console: at the public address, or the host this shop's subdomain sits under. */
async function consoleUrlFrom(c: Context<AppEnv>, tenantId: string): Promise<string | null> {
  const path = `/superadmin/tenants/${tenantId}`;
  const { config, tenantResolver } = c.var.deps;
  if (config.publicUrl) return new URL(path, config.publicUrl).toString();
  const host = c.req.header('host') ?? '';
  const subdomain = (await tenantResolver.resolve(host)).tenant?.subdomain;
  if (!subdomain || !host.startsWith(`${subdomain}.`)) return null;
  return `${requestScheme(c)}://${host.slice(subdomain.length + 1)}${path}`;
}

export const supportAccessRoutes: RouteDefinition[] = [
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/tenants/{id}/support-access',
      tags: ['platform'],
      summary: "A shop's support access, newest first (the last twenty): who, why, until when, ended by whom",
      request: { params: idParam },
      responses: { 200: jsonResponse(supportAccessListSchema, 'Support access'), 404: errorResponse('No such shop') },
    }),
    async (c) => c.json({ items: await listSupportAccess(c.var.deps.database.platform, c.req.valid('param').id) }, 200),
  ),
  platformRoute(
    createRoute({
      method: 'post',
      path: '/api/platform/tenants/{id}/support-access',
      tags: ['platform'],
      summary: "Opens read-only support access to the shop for 15, 30 or 60 minutes (reason required), in both audit logs; answers the one-time sign-in address at the shop",
      request: { params: idParam, ...jsonBody(supportAccessInputSchema) },
      responses: {
        201: jsonResponse(supportAccessStartedSchema, 'Opened'),
        404: errorResponse('No such shop'),
        409: errorResponse('The shop is not active or on a trial'),
      },
    }),
    async (c) => {
      const { principal } = c.var;
      const started = await startSupportAccess(c.var.deps, principal, c.req.valid('param').id, c.req.valid('json'), shopOriginFrom(c));
      return c.json(started, 201);
    },
  ),
  platformRoute(
    createRoute({
      method: 'post',
      path: '/api/platform/tenants/{id}/support-access/{grantId}/revoke',
      tags: ['platform'],
      summary: 'Ends running support access to the shop at once (its session with it), in both audit logs',
      request: { params: grantParam },
      responses: {
        200: jsonResponse(supportAccessGrantSchema, 'Revoked'),
        404: errorResponse('No such support access for this shop'),
        409: errorResponse('Already ended or expired'),
      },
    }),
    async (c) => {
      const { id, grantId } = c.req.valid('param');
      return c.json(await endSupportAccess(c.var.deps, c.var.principal, grantId, id, 'revoked'), 200);
    },
  ),
  publicRoute(
    createRoute({
      method: 'get',
      path: '/api/support-access/handoff',
      tags: ['platform'],
      summary: "Signs the platform admin in at the shop's address with support access's one-time token, then opens the shop's dashboard",
      request: { query: z.object({ token: safeLine().min(1).max(200) }) },
      responses: {
        303: { description: "To the shop's dashboard, signed in" },
        400: errorResponse('Invalid, used or expired token, or another shop’s'),
        403: errorResponse('The shop or the account may not sign in'),
      },
    }),
    async (c) => {
      const { setCookie } = await completeSupportHandoff(c.var.deps, c.req.valid('query').token, requestMeta(c));
      c.header('Set-Cookie', setCookie, { append: true });
      return c.redirect('/admin', 303);
    },
  ),
  userRoute(
    createRoute({
      method: 'get',
      path: '/api/support-access/session',
      tags: ['platform'],
      summary: "The support access this session was opened with (the shop's banner), or null",
      responses: { 200: jsonResponse(supportSessionSchema, 'The running grant, or null') },
    }),
    async (c) => c.json(await readSupportSession(c.var.deps.database.platform, c.var.principal.supportGrantId), 200),
  ),
  userRoute(
    createRoute({
      method: 'post',
      path: '/api/support-access/end',
      tags: ['platform'],
      summary: "Ends this session's support access now (the banner's End now), in both audit logs; answers the shop's page in the console",
      responses: { 200: jsonResponse(supportAccessEndedSchema, 'Ended; this session is gone'), 404: errorResponse('Not a support access session') },
    }),
    async (c) => {
      const { principal } = c.var;
      const grant = await requireSupportGrant(c.var.deps.database.platform, principal.supportGrantId);
      await endSupportAccess(c.var.deps, principal, grant.id, grant.tenantId, 'ended');
      return c.json({ consoleUrl: await consoleUrlFrom(c, grant.tenantId) }, 200);
    },
    { forSupportSession: true },
  ),
];
