import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { changePasswordSchema, verifyEmailSchema } from '../../core/auth/auth.schemas';
import {
  activityResponseSchema,
  changeEmailSchema,
  contactProfileResponseSchema,
  contactProfileSchema,
  contactViewSchema,
  profileViewSchema,
  updateLanguageSchema,
  updateProfileSchema,
} from '../../core/profile/profile.schemas';
import { changePassword, requestEmailChange } from '../auth/credentials.service';
import { AUTH_RATE_LIMITS } from '../auth/rate-limits';
import { consumeRateLimit } from '../http/rate-limit';
import { requireTrustedOrigin } from '../http/public-origin';
import { languageHints, requestMeta } from '../http/request-meta';
import { userRoute } from '../http/routes';
import {
  deactivateOwnAccount,
  getActivity,
  getContactProfile,
  getProfile,
  saveContactProfile,
  sendEmailVerificationCode,
  updateLanguage,
  updateProfile,
  verifyEmailCode,
} from './profile.service';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';

const messageSchema = z.object({ message: z.string() });

// The profile screen (spec §2): every signed-in person edits only their own profile.
export const profileRoutes = [
  userRoute(
    createRoute({
      method: 'get',
      path: '/api/profile',
      tags: ['profile'],
      summary: 'My profile',
      responses: { 200: jsonResponse(profileViewSchema, 'Profile'), 404: errorResponse('Profile not found') },
    }),
    async (c) => c.json(await getProfile(c.var.deps, c.var.principal), 200),
  ),
  userRoute(
    createRoute({
      method: 'patch',
      path: '/api/profile',
      tags: ['profile'],
      summary: 'Update my full name (trimmed; empty is stored as null)',
      request: jsonBody(updateProfileSchema),
      responses: { 200: jsonResponse(profileViewSchema, 'Updated profile') },
    }),
    async (c) => c.json(await updateProfile(c.var.deps, c.var.principal, c.req.valid('json')), 200),
  ),
  userRoute(
    createRoute({
      method: 'put',
      path: '/api/profile/language',
      tags: ['profile'],
      summary: 'Set my language (en or sw): the web app on every device I sign in on, and the e-mails I receive',
      request: jsonBody(updateLanguageSchema),
      responses: { 200: jsonResponse(profileViewSchema, 'Updated profile'), 400: errorResponse('Not a language Dukani speaks') },
    }),
    async (c) => c.json(await updateLanguage(c.var.deps, c.var.principal, c.req.valid('json').language), 200),
  ),
  userRoute(
    createRoute({
      method: 'get',
      path: '/api/profile/contact',
      tags: ['profile'],
      summary: 'My contact profile in this shop, if any',
      responses: { 200: jsonResponse(contactProfileResponseSchema, 'Contact profile') },
    }),
    async (c) => c.json(await getContactProfile(c.var.deps, c.var.principal), 200),
  ),
  userRoute(
    createRoute({
      method: 'put',
      path: '/api/profile/contact',
      tags: ['profile'],
      summary: 'Create or update my contact profile (type customer; blanks stored as null)',
      request: jsonBody(contactProfileSchema),
      responses: { 200: jsonResponse(contactViewSchema, 'Saved contact profile'), 422: errorResponse('No shop for this account') },
    }),
    async (c) => c.json(await saveContactProfile(c.var.deps, c.var.principal, c.req.valid('json')), 200),
  ),
  userRoute(
    createRoute({
      method: 'post',
      path: '/api/profile/password',
      tags: ['profile'],
      summary: 'Change my password (current password required; other sessions are signed out)',
      request: jsonBody(changePasswordSchema),
      responses: { 200: jsonResponse(messageSchema, 'Password changed'), 400: errorResponse('Current password is incorrect') },
    }),
    async (c) => {
      const cookies = await changePassword(c.var.deps, c.var.principal, c.req.valid('json'), requestMeta(c));
      for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
      return c.json({ message: /*i18n*/ 'Password changed successfully' }, 200);
    },
  ),
  userRoute(
    createRoute({
      method: 'post',
      path: '/api/profile/email-verification',
      tags: ['profile'],
      summary: 'Send a 6-digit verification code to my e-mail (60 s between sends)',
      responses: { 200: jsonResponse(z.object({ resendAfterSeconds: z.number() }), 'Code sent'), 429: errorResponse('Sent too recently') },
    }),
    async (c) => {
      const principal = c.var.principal;
      await consumeRateLimit(c.var.deps.database, AUTH_RATE_LIMITS.verificationCode, principal.userId);
      await sendEmailVerificationCode(c.var.deps, principal, languageHints(c, principal.sessionTenantId));
      return c.json({ resendAfterSeconds: AUTH_RATE_LIMITS.verificationCode.windowSeconds }, 200);
    },
  ),
  userRoute(
    createRoute({
      method: 'post',
      path: '/api/profile/email-verification/verify',
      tags: ['profile'],
      summary: 'Verify my e-mail with the code (5 wrong tries void the code)',
      request: jsonBody(verifyEmailSchema),
      responses: { 200: jsonResponse(profileViewSchema, 'E-mail verified'), 400: errorResponse('Invalid or expired verification code') },
    }),
    async (c) => c.json(await verifyEmailCode(c.var.deps, c.var.principal, c.req.valid('json').code), 200),
  ),
  userRoute(
    createRoute({
      method: 'post',
      path: '/api/profile/email-change',
      tags: ['profile'],
      summary: 'Ask to change my e-mail: a confirmation link goes to the new address',
      request: jsonBody(changeEmailSchema),
      responses: {
        202: jsonResponse(messageSchema, 'Confirmation sent'),
        400: errorResponse('Not a known address of this shop, so no link can be sent from it'),
        409: errorResponse('Address in use'),
      },
    }),
    async (c) => {
      const principal = c.var.principal;
      await consumeRateLimit(c.var.deps.database, AUTH_RATE_LIMITS.emailChange, principal.userId);
      const origin = await requireTrustedOrigin(c);
      await requestEmailChange(c.var.deps, principal, c.req.valid('json').newEmail, origin, languageHints(c, principal.sessionTenantId));
      return c.json({ message: /*i18n*/ 'Email update initiated. Please check your new email for verification.' }, 202);
    },
  ),
  userRoute(
    createRoute({
      method: 'get',
      path: '/api/profile/activity',
      tags: ['profile'],
      summary: 'My 10 most recent sign-ins in this shop, and the current session',
      responses: { 200: jsonResponse(activityResponseSchema, 'Activity') },
    }),
    async (c) => c.json(await getActivity(c.var.deps, c.var.principal), 200),
  ),
  userRoute(
    createRoute({
      method: 'post',
      path: '/api/profile/deactivate',
      tags: ['profile'],
      summary: 'Deactivate my account: membership inactive, every session revoked',
      responses: { 200: jsonResponse(messageSchema, 'Deactivated and signed out'), 422: errorResponse('Not possible for this account') },
    }),
    async (c) => {
      await deactivateOwnAccount(c.var.deps, c.var.principal, requestMeta(c));
      const expired = await c.var.deps.auth.$context;
      c.header('Set-Cookie', `${expired.authCookies.sessionToken.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`, { append: true });
      return c.json({ message: /*i18n*/ 'Account deactivated successfully' }, 200);
    },
  ),
];
