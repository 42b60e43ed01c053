import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  auditLogPageSchema,
  auditLogQuerySchema,
  platformSessionPageSchema,
  securityEventListQuerySchema,
  securityEventPageSchema,
  securitySummarySchema,
  sessionListQuerySchema,
  signInLockListQuerySchema,
  signInLockPageSchema,
  signInLockSchema,
  unlockInputSchema,
} from '../../core/platform/security.schemas';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { platformRoute, type RouteDefinition } from '../http/routes';
import { listPlatformAuditEvents } from './platform-audit';
import { listSecurityEvents, listSessions, listSignInLocks, readSecuritySummary, revokeSession, unlockSignIn } from './security.service';

// The console's Security page (issue 21, docs/platform.md "Security"): platform admins only.

export const platformSecurityRoutes: RouteDefinition[] = [
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/security',
      tags: ['platform'],
      summary: 'Sign-ins, failures, rate-limit refusals and refused callbacks of the last 24 hours and 7 days; the addresses and accounts failing most; the latest refused callbacks',
      responses: { 200: jsonResponse(securitySummarySchema, 'The figures') },
    }),
    async (c) => c.json(await readSecuritySummary(c.var.deps.database), 200),
  ),
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/security/events',
      tags: ['platform'],
      summary: 'Recorded security events, a page at a time: one kind or all, searched by e-mail or client address',
      request: { query: securityEventListQuerySchema },
      responses: { 200: jsonResponse(securityEventPageSchema, 'A page of events') },
    }),
    async (c) => c.json(await listSecurityEvents(c.var.deps.database, c.req.valid('query')), 200),
  ),
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/security/locks',
      tags: ['platform'],
      summary: 'Accounts (from one address) and addresses over a sign-in limit now, a page at a time',
      request: { query: signInLockListQuerySchema },
      responses: { 200: jsonResponse(signInLockPageSchema, 'A page of locks') },
    }),
    async (c) => c.json(await listSignInLocks(c.var.deps.database, c.req.valid('query')), 200),
  ),
  platformRoute(
    createRoute({
      method: 'post',
      path: '/api/platform/security/locks/unlock',
      tags: ['platform'],
      summary: 'Ends a sign-in lock (deletes its counter) so the account or address may sign in at once; audited',
      request: jsonBody(unlockInputSchema),
      responses: { 200: jsonResponse(signInLockSchema, 'The lock that ended'), 404: errorResponse('No such lock') },
    }),
    async (c) => c.json(await unlockSignIn(c.var.deps, c.var.principal.userId, c.req.valid('json').key), 200),
  ),
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/security/sessions',
      tags: ['platform'],
      summary: 'Every session not yet expired, across the platform, a page at a time, searched by e-mail or client address',
      request: { query: sessionListQuerySchema },
      responses: { 200: jsonResponse(platformSessionPageSchema, 'A page of sessions') },
    }),
    async (c) => c.json(await listSessions(c.var.deps.database, c.var.principal.sessionId, c.req.valid('query')), 200),
  ),
  platformRoute(
    createRoute({
      method: 'post',
      path: '/api/platform/security/sessions/{id}/revoke',
      tags: ['platform'],
      summary: "Ends one session (its next request is 401); audited. Not the admin's own: sign out instead",
      request: { params: z.object({ id: z.uuid() }) },
      responses: { 204: { description: 'Ended' }, 404: errorResponse('No such session'), 409: errorResponse('Your own session') },
    }),
    async (c) => {
      await revokeSession(c.var.deps, c.var.principal, c.req.valid('param').id);
      return c.body(null, 204);
    },
  ),
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/security/audit',
      tags: ['platform'],
      summary: 'The platform audit log (every platform admin action), newest first, a page at a time, optionally one action',
      request: { query: auditLogQuerySchema },
      responses: { 200: jsonResponse(auditLogPageSchema, 'A page of the log') },
    }),
    async (c) => c.json(await listPlatformAuditEvents(c.var.deps.database.platform, c.req.valid('query')), 200),
  ),
];
