import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  firstRunChecklistSchema,
  handoffResultSchema,
  handoffSchema,
  signupResultSchema,
  signupSchema,
  subdomainAvailabilitySchema,
  subdomainQuerySchema,
} from '../../core/tenancy/signup.schemas';
import { signupOptionsSchema } from '../../core/tenancy/signup-options.schemas';
import type { AppEnv } from '../http/context';
import { readIdempotencyKey } from '../http/idempotency';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { requestScheme } from '../http/public-origin';
import { consumeRateLimit } from '../http/rate-limit';
import { languageHints, requestMeta } from '../http/request-meta';
import { publicRoute, tenantRoute } from '../http/routes';
import { dismissFirstRunChecklist, readFirstRunChecklist } from './signup-checklist.service';
import { completeHandoff } from './signup-handoff';
import { SIGNUP_RATE_LIMITS, checkSubdomainAvailability, readSignupOptions, signUp, signupAddressFor } from './signup.service';

// Self-serve sign-up (issue 21, docs/signup.md): public on the main host, then the hand-over on the
// new shop's address; the first-run checklist is the new shop owner's.

/** This request's host for sign-up; shops' addresses are https whenever the public address is. */
function signupAddress(c: Context<AppEnv>) {
  const { config } = c.var.deps;
  const scheme = config.publicUrl?.startsWith('https:') ? 'https' : requestScheme(c);
  return signupAddressFor(c.req.header('host'), scheme, config);
}

const clientAddress = (c: Context<AppEnv>) => requestMeta(c).ipAddress ?? 'unknown';

export const signupRoutes = [
  publicRoute(
    createRoute({
      method: 'get',
      path: '/api/signup/options',
      tags: ['signup'],
      summary: 'The sign-up page: open on this host or where, the shop address suffix, the trial, the paid plans',
      responses: { 200: jsonResponse(signupOptionsSchema, 'Sign-up options') },
    }),
    async (c) => c.json(await readSignupOptions(c.var.deps, signupAddress(c)), 200),
  ),
  publicRoute(
    createRoute({
      method: 'get',
      path: '/api/signup/subdomain-availability',
      tags: ['signup'],
      summary: 'Whether a well-formed, unreserved shop address is free (asked as the owner types)',
      request: { query: subdomainQuerySchema },
      responses: {
        200: jsonResponse(subdomainAvailabilitySchema, 'Free or taken'),
        400: errorResponse('Not a shop address, or a reserved one'),
        429: errorResponse('Too many checks'),
      },
    }),
    async (c) => {
      await consumeRateLimit(c.var.deps.database, SIGNUP_RATE_LIMITS.availabilityPerAddress, clientAddress(c));
      return c.json(await checkSubdomainAvailability(c.var.deps, c.req.valid('query').subdomain), 200);
    },
  ),
  publicRoute(
    createRoute({
      method: 'post',
      path: '/api/signup',
      tags: ['signup'],
      summary: 'Opens a new shop with its owner and trial; answers the link that signs the owner in at its address',
      description:
        'Idempotency-Key (a uuid): the same request (and password) again answers the same shop with a new link; another request with the key is refused (422).',
      request: jsonBody(signupSchema),
      responses: {
        201: jsonResponse(signupResultSchema, 'The shop is open'),
        403: errorResponse('Not the main host'),
        409: errorResponse('The address is taken, or the e-mail already has an account'),
        422: errorResponse('idempotency_key_reused'),
        429: errorResponse('Too many new shops from this network'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      await consumeRateLimit(c.var.deps.database, SIGNUP_RATE_LIMITS.signUpPerAddress, clientAddress(c));
      const result = await signUp(c.var.deps, input, {
        address: signupAddress(c),
        requestKey: readIdempotencyKey(c, { ...input, password: undefined }),
        language: languageHints(c, null),
      });
      return c.json(result, 201);
    },
  ),
  publicRoute(
    createRoute({
      method: 'post',
      path: '/api/signup/handoff',
      tags: ['signup'],
      summary: "Signs the new owner in at the shop's address with the sign-up's one-time token",
      request: jsonBody(handoffSchema),
      responses: {
        200: jsonResponse(handoffResultSchema, 'Signed in; the session cookie is set'),
        400: errorResponse('Invalid, used or expired token, or another shop’s'),
        403: errorResponse('The shop or the account may not sign in'),
      },
    }),
    async (c) => {
      const { setCookie, ...handoff } = await completeHandoff(c.var.deps, c.req.valid('json').token, requestMeta(c));
      c.header('Set-Cookie', setCookie, { append: true });
      return c.json(handoff, 200);
    },
  ),
  tenantRoute(
    { permission: 'settings.manage' },
    createRoute({
      method: 'get',
      path: '/api/first-run-checklist',
      tags: ['signup'],
      summary: "A new shop's first steps and which are done (hidden for shops that did not sign up, or once put away)",
      responses: { 200: jsonResponse(firstRunChecklistSchema, 'The checklist') },
    }),
    async (c) => c.json(await c.var.deps.database.withTenant(c.var.tenantId, (tx) => readFirstRunChecklist(tx, c.var.tenantId, c.var.deps.secretBox)), 200),
  ),
  tenantRoute(
    { permission: 'settings.manage' },
    createRoute({
      method: 'post',
      path: '/api/first-run-checklist/dismiss',
      tags: ['signup'],
      summary: 'Puts the first-run checklist away',
      responses: { 200: jsonResponse(firstRunChecklistSchema, 'Hidden'), 404: errorResponse('This shop has no checklist') },
    }),
    async (c) => c.json(await c.var.deps.database.withTenant(c.var.tenantId, (tx) => dismissFirstRunChecklist(tx, c.var.principal.userId)), 200),
  ),
];
