import { createRoute } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { z } from 'zod';
import { sessionUserSchema } from '../../core/auth/session.schemas';
import {
  acceptInvitationSchema,
  createdInvitationSchema,
  customRoleSchema,
  invitationInputSchema,
  invitationPreviewSchema,
  invitationSchema,
  joinInvitationSchema,
  memberPageSchema,
  memberQuerySchema,
  memberSchema,
  memberUpdateSchema,
  roleInputSchema,
  temporaryPasswordSchema,
} from '../../core/team/team.schemas';
import { safeLine } from '../../core/api/text.schemas';
import { signIn } from '../auth/auth.service';
import { tenants } from '../db/schema/tenancy';
import type { AppEnv } from '../http/context';
import { HttpError } from '../http/errors';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { requireTrustedOrigin } from '../http/public-origin';
import { clientAddress, languageHints, requestMeta } from '../http/request-meta';
import { publicRoute, tenantRoute, type RouteDefinition } from '../http/routes';
import { emailLanguage } from '../i18n/email-language';
import { recordSecurityEvent } from '../platform/security-events';
import { teamInvitationEmail, type InvitationEmail } from './team.emails';
import {
  acceptInvitation,
  createInvitation,
  createRole,
  deleteRole,
  listInvitations,
  listMembers,
  joinWithAccount,
  listRoles,
  previewInvitation,
  readMember,
  resendInvitation,
  resetMemberPassword,
  revokeInvitation,
  setMemberActive,
  updateMember,
  updateRole,
  type InvitationSender,
} from './team.service';

// The team screen's API (issue 20, docs/decisions/0024-permissions-and-team.md): owners (team.manage).
const team = { permission: 'team.manage' } as const;
// Custom roles are the plan feature user_roles (402 with its upgrade message without it).
const customRoles = { permission: 'team.manage', feature: 'user_roles' } as const;

const idParam = z.object({ id: z.uuid() });
const tokenQuery = z.object({ token: safeLine().min(1).max(512) });

/** Where the invitation link points, and how it is e-mailed (in the recipient's or the shop's language). */
async function invitationSender(c: Context<AppEnv>): Promise<InvitationSender> {
  const origin = await requireTrustedOrigin(c);
  const { deps, tenantId } = c.var;
  const [shop] = await deps.database.platform.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  const hints = languageHints(c, tenantId);
  return {
    acceptUrl: (token: string) => `${origin}/accept-invitation?token=${encodeURIComponent(token)}`,
    sendEmail: async (email: InvitationEmail) => {
      const locale = await emailLanguage(deps.database, { email: email.to }, hints);
      await deps.mailer.send({ ...teamInvitationEmail(deps.i18n.of(locale), { ...email, shopName: shop?.name ?? '' }), tenantId });
    },
  };
}

/** Signs the person in with the password just accepted with, setting the session cookie (a sign-in for the Security page). */
async function signInAccepted(c: Context<AppEnv>, email: string, password: string) {
  const { setCookie, user } = await signIn(c.var.deps, { email, password }, requestMeta(c));
  await recordSecurityEvent(c.var.deps, { kind: 'sign_in_succeeded', email: user.email, userId: user.id, tenantId: user.tenantId, detail: { via: 'invitation' } });
  for (const cookie of setCookie) c.header('Set-Cookie', cookie, { append: true });
  return c.json({ user }, 200);
}

async function shopOfHost(c: Context<AppEnv>): Promise<string> {
  const { tenant } = await c.var.deps.tenantResolver.resolve(c.req.header('host'));
  if (!tenant) throw new HttpError('not_found', /*i18n*/ 'No shop at this address');
  return tenant.id;
}

export const teamRoutes: RouteDefinition[] = [
  tenantRoute(
    team,
    createRoute({
      method: 'get',
      path: '/api/team/members',
      tags: ['team'],
      summary: "The shop's people: search, sort and page",
      request: { query: memberQuerySchema },
      responses: { 200: jsonResponse(memberPageSchema, 'A page of members') },
    }),
    async (c) => c.json(await listMembers(c.var.deps, c.var.tenantId, c.req.valid('query')), 200),
  ),
  tenantRoute(
    team,
    createRoute({
      method: 'get',
      path: '/api/team/members/{id}',
      tags: ['team'],
      summary: 'One member',
      request: { params: idParam },
      responses: { 200: jsonResponse(memberSchema, 'The member'), 404: errorResponse('No such member in this shop') },
    }),
    async (c) => c.json(await readMember(c.var.deps, c.var.tenantId, c.req.valid('param').id), 200),
  ),
  tenantRoute(
    team,
    createRoute({
      method: 'patch',
      path: '/api/team/members/{id}',
      tags: ['team'],
      summary: "A member's role and locations (the last active owner keeps the role)",
      request: { params: idParam, ...jsonBody(memberUpdateSchema) },
      responses: { 200: jsonResponse(memberSchema, 'Updated'), 404: errorResponse('No such member'), 409: errorResponse('The last active owner') },
    }),
    async (c) => c.json(await updateMember(c.var.deps, c.var.tenantId, c.req.valid('param').id, c.req.valid('json'), c.var.principal.userId), 200),
  ),
  ...(['deactivate', 'reactivate'] as const).map((action) =>
    tenantRoute(
      team,
      createRoute({
        method: 'post',
        path: `/api/team/members/{id}/${action}`,
        tags: ['team'],
        summary: action === 'deactivate' ? 'Deactivates a member and ends their sessions at once' : 'Lets a deactivated member sign in again',
        request: { params: idParam },
        responses: { 200: jsonResponse(memberSchema, 'Done'), 404: errorResponse('No such member'), 409: errorResponse('The last active owner, or yourself') },
      }),
      async (c) => c.json(await setMemberActive(c.var.deps, c.var.tenantId, c.req.valid('param').id, action === 'reactivate', c.var.principal.userId), 200),
    ),
  ),
  tenantRoute(
    team,
    createRoute({
      method: 'post',
      path: '/api/team/members/{id}/reset-password',
      tags: ['team'],
      summary: 'A temporary password, shown once; the member must change it at sign-in',
      request: { params: idParam },
      responses: { 200: jsonResponse(temporaryPasswordSchema, 'The temporary password'), 404: errorResponse('No such member') },
    }),
    async (c) => c.json(await resetMemberPassword(c.var.deps, c.var.tenantId, c.req.valid('param').id, c.var.principal.userId), 200),
  ),
  tenantRoute(
    team,
    createRoute({
      method: 'get',
      path: '/api/team/invitations',
      tags: ['team'],
      summary: 'Invitations with their state (pending, accepted, expired, revoked)',
      responses: { 200: jsonResponse(z.array(invitationSchema), 'Invitations, newest first') },
    }),
    async (c) => c.json(await c.var.deps.database.withTenant(c.var.tenantId, listInvitations), 200),
  ),
  tenantRoute(
    team,
    createRoute({
      method: 'post',
      path: '/api/team/invitations',
      tags: ['team'],
      summary:
        'Invites a person: a link by e-mail (and SMS to the phone when the shop can message), or a temporary password shown once (max_staff_users). Someone with a Dukani account joins by link with their own password',
      request: jsonBody(invitationInputSchema),
      responses: {
        201: jsonResponse(createdInvitationSchema, 'Invited'),
        402: errorResponse('The plan has no room for another staff member'),
        409: errorResponse('Already a member, an open invitation, or a temporary password for someone with an account'),
      },
    }),
    async (c) => c.json(await createInvitation(c.var.deps, c.var.tenantId, c.var.principal.userId, c.req.valid('json'), await invitationSender(c)), 201),
  ),
  tenantRoute(
    team,
    createRoute({
      method: 'post',
      path: '/api/team/invitations/{id}/resend',
      tags: ['team'],
      summary: 'A new link (the old one stops working), valid for another 7 days',
      request: { params: idParam },
      responses: { 200: jsonResponse(invitationSchema, 'Sent'), 404: errorResponse('No such invitation'), 409: errorResponse('Not an open link') },
    }),
    async (c) => c.json(await resendInvitation(c.var.deps, c.var.tenantId, c.req.valid('param').id, c.var.principal.userId, await invitationSender(c)), 200),
  ),
  tenantRoute(
    team,
    createRoute({
      method: 'post',
      path: '/api/team/invitations/{id}/revoke',
      tags: ['team'],
      summary: 'Revokes an open invitation link',
      request: { params: idParam },
      responses: { 200: jsonResponse(invitationSchema, 'Revoked'), 404: errorResponse('No such invitation'), 409: errorResponse('Not an open link') },
    }),
    async (c) => c.json(await revokeInvitation(c.var.deps, c.var.tenantId, c.req.valid('param').id, c.var.principal.userId), 200),
  ),
  tenantRoute(
    team,
    createRoute({
      method: 'get',
      path: '/api/team/roles',
      tags: ['team'],
      summary: "The shop's custom roles",
      responses: { 200: jsonResponse(z.array(customRoleSchema), 'Roles by name') },
    }),
    async (c) => c.json(await c.var.deps.database.withTenant(c.var.tenantId, listRoles), 200),
  ),
  tenantRoute(
    customRoles,
    createRoute({
      method: 'post',
      path: '/api/team/roles',
      tags: ['team'],
      summary: 'A custom role from the permission matrix',
      request: jsonBody(roleInputSchema),
      responses: { 201: jsonResponse(customRoleSchema, 'Created'), 409: errorResponse('The name is taken') },
    }),
    async (c) => c.json(await c.var.deps.database.withTenant(c.var.tenantId, (tx) => createRole(tx, c.var.tenantId, c.req.valid('json'), c.var.principal.userId)), 201),
  ),
  tenantRoute(
    customRoles,
    createRoute({
      method: 'put',
      path: '/api/team/roles/{id}',
      tags: ['team'],
      summary: "Changes a custom role (its members' next request uses it)",
      request: { params: idParam, ...jsonBody(roleInputSchema) },
      responses: { 200: jsonResponse(customRoleSchema, 'Updated'), 404: errorResponse('No such role'), 409: errorResponse('The name is taken') },
    }),
    async (c) => c.json(await c.var.deps.database.withTenant(c.var.tenantId, (tx) => updateRole(tx, c.var.tenantId, c.req.valid('param').id, c.req.valid('json'), c.var.principal.userId)), 200),
  ),
  tenantRoute(
    customRoles,
    createRoute({
      method: 'delete',
      path: '/api/team/roles/{id}',
      tags: ['team'],
      summary: 'Deletes a custom role nobody holds',
      request: { params: idParam },
      responses: { 204: { description: 'Deleted' }, 404: errorResponse('No such role'), 409: errorResponse('People hold it') },
    }),
    async (c) => {
      await c.var.deps.database.withTenant(c.var.tenantId, (tx) => deleteRole(tx, c.var.tenantId, c.req.valid('param').id, c.var.principal.userId));
      return c.body(null, 204);
    },
  ),
  publicRoute(
    createRoute({
      method: 'get',
      path: '/api/team/invitation',
      tags: ['team'],
      summary: 'What an open invitation link is for (the acceptance page)',
      request: { query: tokenQuery },
      responses: { 200: jsonResponse(invitationPreviewSchema, 'The invitation'), 400: errorResponse('Invalid, used or expired') },
    }),
    async (c) => c.json(await previewInvitation(c.var.deps, await shopOfHost(c), c.req.valid('query').token), 200),
  ),
  publicRoute(
    createRoute({
      method: 'post',
      path: '/api/team/invitation/accept',
      tags: ['team'],
      summary: 'Accepts an invitation link with a new password, once, and signs in',
      request: jsonBody(acceptInvitationSchema),
      responses: { 200: jsonResponse(z.object({ user: sessionUserSchema }), 'Signed in'), 400: errorResponse('Invalid, used or expired') },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const { email } = await acceptInvitation(c.var.deps, await shopOfHost(c), input.token, input.newPassword);
      return signInAccepted(c, email, input.newPassword);
    },
  ),
  publicRoute(
    createRoute({
      method: 'post',
      path: '/api/team/invitation/join',
      tags: ['team'],
      summary: 'Accepts an invitation link, once, with the password of the Dukani account the address has, and signs in',
      request: jsonBody(joinInvitationSchema),
      responses: {
        200: jsonResponse(z.object({ user: sessionUserSchema }), 'Signed in'),
        400: errorResponse('Invalid, used or expired; the wrong password'),
        409: errorResponse('Already a member'),
        429: errorResponse('Too many wrong passwords'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const { email } = await joinWithAccount(c.var.deps, await shopOfHost(c), input.token, input.password, clientAddress(c) ?? 'unknown');
      return signInAccepted(c, email, input.password);
    },
  ),
];
