import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { safeLine } from '../../core/api/text.schemas';
import {
  forgotPasswordSchema,
  requiredPasswordChangeSchema,
  resetPasswordSchema,
  signInSchema,
} from '../../core/auth/auth.schemas';
import { sessionResponseSchema, sessionUserSchema } from '../../core/auth/session.schemas';
import { HttpError } from '../http/errors';
import { consumeRateLimit, countAttempt } from '../http/rate-limit';
import { trustedOrigin } from '../http/public-origin';
import { languageHints, requestMeta } from '../http/request-meta';
import { publicRoute, userRoute } from '../http/routes';
import { endSupportAccessOnSignOut } from '../platform/support-access.service';
import { loadSessionUser, signIn, signOut } from './auth.service';
import { changeRequiredPassword, confirmEmailChange, requestPasswordReset, resetPassword } from './credentials.service';
import { readPrincipal } from './principal';
import { AUTH_RATE_LIMITS } from './rate-limits';
import { hostTenantId, recordSecurityEvent } from '../platform/security-events';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';

const messageSchema = z.object({ message: z.string() });

export const authRoutes = [
  publicRoute(
    createRoute({
      method: 'post',
      path: '/api/auth/sign-in',
      tags: ['auth'],
      summary: "Sign in with e-mail and password on this host's tenant",
      request: jsonBody(signInSchema),
      responses: {
        200: jsonResponse(z.object({ user: sessionUserSchema }), 'Signed in; the session cookie is set'),
        401: errorResponse('Invalid email or password (also for a member of another shop)'),
        403: errorResponse('Deactivated, the shop is not active, or no shop at this address'),
        429: errorResponse('Too many attempts'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const meta = requestMeta(c);
      const address = meta.ipAddress ?? 'unknown';
      // Only failures count (README "Sign-in limits"): the attempt holds its place in both counters
      // until it is known not to be a wrong password.
      const attempt = await countAttempt(c.var.deps.database, [
        { rule: AUTH_RATE_LIMITS.failedSignInPerAddress, subject: address },
        { rule: AUTH_RATE_LIMITS.failedSignInPerAccountAndAddress, subject: `${input.email}@${address}` },
      ]);
      const { setCookie, user } = await signIn(c.var.deps, input, meta).catch(async (error: unknown) => {
        if (!(error instanceof HttpError && error.status === 401)) await attempt.release();
        // A wrong password (401) or a refusal of this person or host (403), for the Security page.
        if (error instanceof HttpError && (error.status === 401 || error.status === 403)) {
          await recordSecurityEvent(c.var.deps, { kind: 'sign_in_failed', email: input.email, tenantId: await hostTenantId(c), detail: { reason: error.status === 401 ? 'invalid_credentials' : 'refused' } });
        }
        throw error;
      });
      await attempt.release();
      await recordSecurityEvent(c.var.deps, { kind: 'sign_in_succeeded', email: user.email, userId: user.id, tenantId: user.tenantId });
      for (const cookie of setCookie) c.header('Set-Cookie', cookie, { append: true });
      return c.json({ user }, 200);
    },
  ),
  publicRoute(
    createRoute({
      method: 'post',
      path: '/api/auth/sign-out',
      tags: ['auth'],
      summary: 'Sign out: ends the session and clears its cookie',
      responses: { 204: { description: 'Signed out' } },
    }),
    async (c) => {
      const meta = requestMeta(c);
      const principal = await readPrincipal(c.var.deps, meta.headers);
      for (const cookie of await signOut(c.var.deps, principal, meta)) c.header('Set-Cookie', cookie, { append: true });
      if (principal) await endSupportAccessOnSignOut(c.var.deps, principal);
      return c.body(null, 204);
    },
  ),
  publicRoute(
    createRoute({
      method: 'get',
      path: '/api/auth/session',
      tags: ['auth'],
      summary: 'The signed-in user, or null',
      responses: { 200: jsonResponse(sessionResponseSchema, 'Current session') },
    }),
    async (c) => {
      const principal = await readPrincipal(c.var.deps, c.req.raw.headers);
      const user = principal ? await loadSessionUser(c.var.deps, principal.userId, principal.sessionTenantId, { supportAccess: principal.supportGrantId !== null }) : null;
      return c.json({ user }, 200);
    },
  ),
  publicRoute(
    createRoute({
      method: 'post',
      path: '/api/auth/forgot-password',
      tags: ['auth'],
      summary: 'E-mails a reset link when the address has an account (the answer never says whether it does)',
      request: jsonBody(forgotPasswordSchema),
      responses: { 202: jsonResponse(messageSchema, 'Accepted'), 429: errorResponse('Too many requests') },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const meta = requestMeta(c);
      await consumeRateLimit(c.var.deps.database, AUTH_RATE_LIMITS.resetPerAddress, meta.ipAddress ?? 'unknown');
      await consumeRateLimit(c.var.deps.database, AUTH_RATE_LIMITS.resetPerEmail, input.email);
      // A link built from an unknown Host could send the reset token to whoever named that host:
      // then no e-mail goes out, and the answer is the same.
      const origin = await trustedOrigin(c);
      if (origin) {
        const { tenant } = await c.var.deps.tenantResolver.resolve(c.req.header('host'));
        await requestPasswordReset(c.var.deps, input.email, `${origin}/reset-password`, meta, languageHints(c, tenant?.id ?? null));
      }
      return c.json({ message: /*i18n*/ 'If that address has an account, a reset link is on its way. Check your e-mail.' }, 202);
    },
  ),
  publicRoute(
    createRoute({
      method: 'post',
      path: '/api/auth/reset-password',
      tags: ['auth'],
      summary: 'Sets a new password with the token from a reset link; signs out every session',
      request: jsonBody(resetPasswordSchema),
      responses: { 200: jsonResponse(messageSchema, 'Password reset'), 400: errorResponse('Invalid or expired link') },
    }),
    async (c) => {
      await resetPassword(c.var.deps, c.req.valid('json'));
      return c.json({ message: /*i18n*/ 'Your password has been reset. Sign in with the new password.' }, 200);
    },
  ),
  userRoute(
    createRoute({
      method: 'post',
      path: '/api/auth/required-password-change',
      tags: ['auth'],
      summary: 'Replaces a temporary password (only while a change is required)',
      request: jsonBody(requiredPasswordChangeSchema),
      responses: {
        200: jsonResponse(z.object({ user: sessionUserSchema }), 'Password changed; the requirement is cleared'),
        409: errorResponse('No password change is required'),
      },
    }),
    async (c) => {
      const principal = c.var.principal;
      await changeRequiredPassword(c.var.deps, principal.userId, c.req.valid('json').newPassword);
      return c.json({ user: await loadSessionUser(c.var.deps, principal.userId, principal.sessionTenantId, { supportAccess: principal.supportGrantId !== null }) }, 200);
    },
  ),
  publicRoute(
    createRoute({
      method: 'post',
      path: '/api/auth/email-change/confirm',
      tags: ['auth'],
      summary: 'Completes an e-mail change with the token sent to the new address',
      request: jsonBody(z.object({ token: safeLine().min(1).max(512) })),
      responses: { 200: jsonResponse(z.object({ email: z.string() }), 'E-mail changed'), 400: errorResponse('Invalid or expired link') },
    }),
    async (c) => c.json(await confirmEmailChange(c.var.deps, c.req.valid('json').token), 200),
  ),
];
