import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { changedSides } from '../../core/audit/audit-diff.rules';
import { invitationSms } from '../../core/team/invitation.rules';
import { INVITATION_TTL_DAYS, memberQuerySchema, type CustomRole, type Invitation, type InvitationInput, type Member, type MemberPage, type MemberQuery, type MemberUpdate, type RoleInput, invitationInputSchema, memberUpdateSchema } from '../../core/team/team.schemas';
import { recordAudit } from '../audit/audit-events.service';
import { AUTH_RATE_LIMITS } from '../auth/rate-limits';
import { findMembershipIn } from '../auth/sign-in-policy';
import { createUserAccount } from '../auth/user-accounts.service';
import { assertUnderPlanLimit } from '../billing/plan-limits';
import { readSubscriptionState } from '../billing/subscription.service';
import { readChannelRows } from '../communications/channels.service';
import { queueMessage, readShop } from '../communications/messages.service';
import { wakeCommunications } from '../communications/outbox';
import { queryRows, type TenantTx } from '../db/client';
import { accounts, profiles, sessions, tenantUsers, users } from '../db/schema/auth';
import { locations } from '../db/schema/inventory';
import { teamInvitations, teamMemberLocations, teamMemberRoles, teamRoles } from '../db/schema/team';
import { tenants } from '../db/schema/tenancy';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';
import { countAttempt } from '../http/rate-limit';
import { recordSecurityEvent } from '../platform/security-events';
import type { InvitationEmail } from './team.emails';

// The team (issue 20, docs/decisions/0024-permissions-and-team.md): members, invitations, roles.
// Each change is written to the shop's audit log in its own transaction (team.*, decision 0025).

export const LAST_ADMIN_MESSAGE = /*i18n*/ 'The shop needs at least one active owner. Make someone else an owner first.';
const MEMBER_NOT_FOUND = /*i18n*/ 'Team member not found';
const INVITATION_NOT_FOUND = /*i18n*/ 'Invitation not found';
const ROLE_NOT_FOUND = /*i18n*/ 'Role not found';
const INVALID_INVITATION = /*i18n*/ 'This invitation link is invalid, used or expired. Ask your shop owner for a new one.';

export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Twelve characters a person can read out and type: no 0/O, 1/l/I. */
export function temporaryPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

// ── Members ────────────────────────────────────────────────────────────────

/**
 * A page of the shop's people. Names and e-mails are platform rows the tenant role cannot read
 * (server/db/platform-tables.ts), fetched by id; a shop's staff is small (max_staff_users), so the
 * search, sort and page run over the shop's memberships in memory.
 */
export async function listMembers(deps: AppDependencies, tenantId: string, query: MemberQuery): Promise<MemberPage> {
  const q = memberQuerySchema.parse(query);
  const all = await deps.database.withTenant(tenantId, async (tx) =>
    withAssignments(tx, await tx.select(MEMBERSHIP_COLUMNS).from(tenantUsers).where(q.status === 'all' ? undefined : eq(tenantUsers.isActive, q.status === 'active'))),
  );
  const named = await withNames(deps, all);
  const needle = q.search?.toLowerCase();
  const found = needle ? named.filter((m) => (m.fullName ?? '').toLowerCase().includes(needle) || m.email.toLowerCase().includes(needle)) : named;
  const byName = (a: Member, b: Member) => (a.fullName ?? a.email).localeCompare(b.fullName ?? b.email);
  const compare: Record<typeof q.sort, (a: Member, b: Member) => number> = {
    name: byName,
    email: (a, b) => a.email.localeCompare(b.email),
    role: (a, b) => (a.customRoleName ?? a.role).localeCompare(b.customRoleName ?? b.role) || byName(a, b),
    created: (a, b) => b.createdAt.localeCompare(a.createdAt),
  };
  const sorted = found.sort((a, b) => compare[q.sort](a, b) || a.id.localeCompare(b.id));
  return { items: sorted.slice((q.page - 1) * q.pageSize, q.page * q.pageSize), total: found.length, page: q.page, pageSize: q.pageSize };
}

const MEMBERSHIP_COLUMNS = {
  id: tenantUsers.id,
  userId: tenantUsers.userId,
  role: tenantUsers.role,
  isActive: tenantUsers.isActive,
  invitationStatus: tenantUsers.invitationStatus,
  createdAt: tenantUsers.createdAt,
};
type MembershipRow = { id: string; userId: string; role: string; isActive: boolean; invitationStatus: string | null; createdAt: Date };
type Assigned = Omit<Member, 'fullName' | 'email'>;

async function withAssignments(tx: TenantTx, rows: MembershipRow[]): Promise<Assigned[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const roles = await tx
    .select({ memberId: teamMemberRoles.memberId, roleId: teamRoles.id, name: teamRoles.name })
    .from(teamMemberRoles)
    .innerJoin(teamRoles, eq(teamRoles.id, teamMemberRoles.roleId))
    .where(inArray(teamMemberRoles.memberId, ids));
  const places = await tx.select({ memberId: teamMemberLocations.memberId, locationId: teamMemberLocations.locationId }).from(teamMemberLocations).where(inArray(teamMemberLocations.memberId, ids));
  return rows.map((row) => {
    const custom = roles.find((role) => role.memberId === row.id);
    return {
      ...row,
      customRoleId: custom?.roleId ?? null,
      customRoleName: custom?.name ?? null,
      locationIds: places.filter((place) => place.memberId === row.id).map((place) => place.locationId),
      createdAt: row.createdAt.toISOString(),
    };
  });
}

async function withNames(deps: AppDependencies, members: Assigned[]): Promise<Member[]> {
  if (members.length === 0) return [];
  const people = await deps.database.platform.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, members.map((m) => m.userId)));
  return members.map((member) => {
    const person = people.find((p) => p.id === member.userId);
    return { ...member, fullName: person?.name || null, email: person?.email ?? '' };
  });
}

async function readAssigned(tx: TenantTx, memberId: string): Promise<Assigned> {
  const rows = await tx.select(MEMBERSHIP_COLUMNS).from(tenantUsers).where(eq(tenantUsers.id, memberId)).limit(1);
  if (rows.length === 0) throw new HttpError('not_found', MEMBER_NOT_FOUND);
  const [member] = await withAssignments(tx, rows);
  return member!;
}

export async function readMember(deps: AppDependencies, tenantId: string, memberId: string): Promise<Member> {
  const [member] = await withNames(deps, [await deps.database.withTenant(tenantId, (tx) => readAssigned(tx, memberId))]);
  return member!;
}

/**
 * The last active owner may not lose the role or be deactivated. A per-shop advisory lock held to
 * commit serialises owners changing each other, so two cannot demote each other at once.
 */
async function assertKeepsAnOwner(tx: TenantTx, tenantId: string, memberId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${tenantId}:team.owners`}, 0))`);
  const [others] = await tx
    .select({ n: count() })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.role, 'admin'), eq(tenantUsers.isActive, true), ne(tenantUsers.id, memberId)));
  if ((others?.n ?? 0) === 0) throw new HttpError('conflict', LAST_ADMIN_MESSAGE);
}

/** Checks the custom role and locations exist in this shop; answers the custom role's name. */
async function assertAssignment(tx: TenantTx, input: { customRoleId: string | null; locationIds: string[] }): Promise<string | null> {
  let customRoleName: string | null = null;
  if (input.customRoleId) {
    const [role] = await tx.select({ name: teamRoles.name }).from(teamRoles).where(eq(teamRoles.id, input.customRoleId)).limit(1);
    if (!role) throw new HttpError('validation_failed', ROLE_NOT_FOUND, { customRoleId: [ROLE_NOT_FOUND] });
    customRoleName = role.name;
  }
  if (input.locationIds.length) {
    const found = await tx.select({ id: locations.id }).from(locations).where(inArray(locations.id, input.locationIds));
    if (found.length !== new Set(input.locationIds).size) {
      throw new HttpError('validation_failed', /*i18n*/ 'Location not found', { locationIds: [/*i18n*/ 'Location not found'] });
    }
  }
  return customRoleName;
}

/** A member's role (built-in, or custom on a cashier's membership) and locations, replaced. */
async function writeAssignment(tx: TenantTx, tenantId: string, memberId: string, input: { role: string; customRoleId: string | null; locationIds: string[] }) {
  await tx.delete(teamMemberRoles).where(eq(teamMemberRoles.memberId, memberId));
  if (input.customRoleId) await tx.insert(teamMemberRoles).values({ tenantId, memberId, roleId: input.customRoleId });
  await tx.delete(teamMemberLocations).where(eq(teamMemberLocations.memberId, memberId));
  const unique = [...new Set(input.locationIds)];
  if (unique.length) await tx.insert(teamMemberLocations).values(unique.map((locationId) => ({ tenantId, memberId, locationId })));
}

const membershipRole = (input: { role: string; customRoleId: string | null }) => (input.customRoleId ? 'cashier' : input.role);

/** Who a team event is about, for the log's reader (names are platform rows, read before the shop's transaction). */
const personDetails = (member: Pick<Member, 'fullName' | 'email'>) => ({ name: member.fullName, email: member.email });

/** A member's role and locations as the audit log shows them (the custom role by name). */
const auditedAssignment = (assignment: { role: string; customRoleName: string | null; locationIds: string[] }) => ({
  role: assignment.role,
  customRole: assignment.customRoleName,
  locationIds: [...new Set(assignment.locationIds)].sort(),
});

export async function updateMember(deps: AppDependencies, tenantId: string, memberId: string, body: MemberUpdate, actorUserId: string): Promise<Member> {
  const input = memberUpdateSchema.parse(body);
  const person = await readMember(deps, tenantId, memberId);
  await deps.database.withTenant(tenantId, async (tx) => {
    const current = await readAssigned(tx, memberId);
    const role = membershipRole(input);
    if (current.role === 'admin' && role !== 'admin' && current.isActive) await assertKeepsAnOwner(tx, tenantId, memberId);
    const customRoleName = await assertAssignment(tx, input);
    await tx.update(tenantUsers).set({ role, updatedAt: new Date() }).where(eq(tenantUsers.id, memberId));
    await writeAssignment(tx, tenantId, memberId, input);
    const sides = changedSides(auditedAssignment(current), auditedAssignment({ role, customRoleName, locationIds: input.locationIds }));
    if (sides) {
      // A new role (built-in or custom) is what the log is searched for; locations alone are a member's other changes.
      const action = 'role' in sides.after || 'customRole' in sides.after ? 'team.role_changed' : 'team.member_updated';
      await recordAudit(tx, { tenantId, actorUserId, action, entity: 'team_member', entityId: memberId, ...sides, details: personDetails(person) });
    }
  });
  deps.tenantAccess.forgetTenant(tenantId);
  return readMember(deps, tenantId, memberId);
}

/**
 * Deactivation ends the person's sessions in this shop at once (their next request is signed out,
 * docs/decisions/0008); reactivation lets them sign in again.
 */
export async function setMemberActive(deps: AppDependencies, tenantId: string, memberId: string, active: boolean, actorUserId: string): Promise<Member> {
  const person = await readMember(deps, tenantId, memberId);
  const member = await deps.database.withTenant(tenantId, async (tx) => {
    const current = await readAssigned(tx, memberId);
    if (!active && current.userId === actorUserId) throw new HttpError('conflict', /*i18n*/ 'You cannot deactivate yourself.');
    if (!active && current.role === 'admin' && current.isActive) await assertKeepsAnOwner(tx, tenantId, memberId);
    const now = new Date();
    if (active && !current.isActive) {
      await assertUnderPlanLimit(tx, tenantId, 'max_staff_users', () => countStaff(tx, now));
    }
    await tx.update(tenantUsers).set({ isActive: active, deactivatedAt: active ? null : now, updatedAt: now }).where(eq(tenantUsers.id, memberId));
    if (current.isActive !== active) {
      await recordAudit(tx, {
        tenantId,
        actorUserId,
        action: active ? 'team.member_reactivated' : 'team.member_deactivated',
        entity: 'team_member',
        entityId: memberId,
        before: { isActive: current.isActive },
        after: { isActive: active },
        details: personDetails(person),
      });
    }
    return current;
  });
  if (!active) await deps.database.platform.delete(sessions).where(and(eq(sessions.userId, member.userId), eq(sessions.tenantId, tenantId)));
  deps.tenantAccess.forgetTenant(tenantId);
  return readMember(deps, tenantId, memberId);
}

/** A new temporary password, shown once to the admin; the person must change it at sign-in. Their sessions end. */
export async function resetMemberPassword(deps: AppDependencies, tenantId: string, memberId: string, actorUserId: string): Promise<{ temporaryPassword: string }> {
  const member = await readMember(deps, tenantId, memberId);
  // A person who also belongs to another shop keeps their own password: only the shop's staff accounts are reset here.
  const [home] = await deps.database.platform
    .select({ tenantId: profiles.tenantId, requirePasswordChange: profiles.requirePasswordChange })
    .from(profiles)
    .where(eq(profiles.userId, member.userId))
    .limit(1);
  if (home?.tenantId !== tenantId) throw new HttpError('conflict', /*i18n*/ 'This person signs in to another shop too; they can reset their password themselves.');
  const password = temporaryPassword();
  const context = await deps.auth.$context;
  const hash = await context.password.hash(password);
  const now = new Date();
  // The password (platform) and the audit event (the shop's) commit together.
  await deps.database.withPlatformThenTenant(async (tx, enterTenant) => {
    await tx.update(accounts).set({ password: hash, updatedAt: now }).where(and(eq(accounts.userId, member.userId), eq(accounts.providerId, 'credential')));
    await tx.update(profiles).set({ requirePasswordChange: true, tempPasswordCreatedAt: now, updatedAt: now }).where(eq(profiles.userId, member.userId));
    await tx.delete(sessions).where(eq(sessions.userId, member.userId));
    await recordAudit(await enterTenant(tenantId), {
      tenantId,
      actorUserId,
      action: 'team.password_reset',
      entity: 'team_member',
      entityId: memberId,
      before: { requirePasswordChange: home.requirePasswordChange },
      after: { requirePasswordChange: true },
      details: personDetails(member),
    });
  });
  return { temporaryPassword: password };
}

// ── Invitations ────────────────────────────────────────────────────────────

type InvitationRow = typeof teamInvitations.$inferSelect;

/** How a link reaches the person: the accept page's address for a token, and the e-mail. */
export interface InvitationSender {
  acceptUrl: (token: string) => string;
  sendEmail: (email: InvitationEmail) => Promise<void>;
}

/**
 * A temporary password's invitation is accepted by the person's first sign-in, which the
 * membership records (server/auth/auth.service.ts); a link's by its acceptance here.
 */
export function invitationState(row: Pick<InvitationRow, 'status' | 'expiresAt'>, memberAcceptedAt: Date | null, now = new Date()): Invitation['state'] {
  if (row.status === 'pending' && memberAcceptedAt) return 'accepted';
  if (row.status === 'pending' && row.expiresAt <= now) return 'expired';
  return row.status as Invitation['state'];
}

function toInvitation(row: InvitationRow, memberAcceptedAt: Date | null): Invitation {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    role: row.role as Invitation['role'],
    customRoleId: row.customRoleId,
    locationIds: row.locationIds,
    method: row.method as Invitation['method'],
    state: invitationState(row, memberAcceptedAt),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    acceptedAt: (row.acceptedAt ?? memberAcceptedAt)?.toISOString() ?? null,
  };
}

export async function listInvitations(tx: TenantTx): Promise<Invitation[]> {
  const rows = await tx
    .select({ invitation: teamInvitations, memberAcceptedAt: tenantUsers.invitationAcceptedAt })
    .from(teamInvitations)
    .leftJoin(tenantUsers, and(eq(tenantUsers.userId, teamInvitations.userId), eq(teamInvitations.method, 'temporary_password')))
    .orderBy(desc(teamInvitations.createdAt))
    .limit(200);
  return rows.map((row) => toInvitation(row.invitation, row.memberAcceptedAt));
}

const expiry = (now: Date) => new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 3600 * 1000);

async function countActiveMembers(tx: TenantTx): Promise<number> {
  const [members] = await tx.select({ n: count() }).from(tenantUsers).where(eq(tenantUsers.isActive, true));
  return members?.n ?? 0;
}

/** Active members plus invitation links still open: each will be a member once accepted. */
async function countStaff(tx: TenantTx, now: Date): Promise<number> {
  const [open] = await tx
    .select({ n: count() })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.status, 'pending'), eq(teamInvitations.method, 'link'), gt(teamInvitations.expiresAt, now)));
  return (await countActiveMembers(tx)) + (open?.n ?? 0);
}

const ALREADY_HAS_ACCOUNT = /*i18n*/ 'This e-mail address already has a Dukani account.';
const ALREADY_INVITED = /*i18n*/ 'This person already has an open invitation. Resend or revoke it.';
const ALREADY_MEMBER = /*i18n*/ 'This person is already a member of this shop.';
const ALREADY_MEMBER_DEACTIVATED = /*i18n*/ 'This person is already a member of this shop, deactivated. Reactivate them instead.';
const ACCOUNT_NEEDS_LINK = /*i18n*/ 'This person already has a Dukani account, so you cannot set their password. Send them an invitation link instead.';

/** The Dukani account an address belongs to, if any (staff of another shop). */
async function accountIdOf(deps: AppDependencies, email: string): Promise<string | null> {
  const [existing] = await deps.database.platform.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return existing?.id ?? null;
}

async function assertEmailFree(deps: AppDependencies, email: string) {
  if (await accountIdOf(deps, email)) throw new HttpError('conflict', ALREADY_HAS_ACCOUNT, { email: [ALREADY_HAS_ACCOUNT] });
}

/** 409 when the account is on this shop's team already, active or not. */
async function assertNotMember(tx: TenantTx, userId: string) {
  const membership = await findMembershipIn(tx, userId);
  if (!membership) return;
  const message = membership.isActive ? ALREADY_MEMBER : ALREADY_MEMBER_DEACTIVATED;
  throw new HttpError('conflict', message, { email: [message] });
}

/** The name the invitation is sent in (the e-mail's "X invited you"), else the inviter's address. */
async function inviterNameOf(deps: AppDependencies, actorUserId: string): Promise<string> {
  const [inviter] = await deps.database.platform.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, actorUserId)).limit(1);
  return inviter?.name || inviter?.email || '';
}

/**
 * The link by SMS too, queued with the invitation in its transaction, when the invitation has a
 * phone and the shop can message: its plan has messaging and its SMS channel is on (the sandbox,
 * without credentials, counts). A staff member is not a customer: no consent rule applies. Quiet
 * hours do: the e-mail goes at once, the SMS does not wake anyone at night.
 */
async function queueInvitationSms(tx: TenantTx, tenantId: string, actorUserId: string, invitation: { phone: string | null; link: string; inviterName: string }, now: Date): Promise<boolean> {
  if (!invitation.phone) return false;
  const { entitlements } = await readSubscriptionState(tx, now);
  const sms = (await readChannelRows(tx)).find((row) => row.channel === 'sms');
  if (!entitlements.features.advanced_notifications || sms?.enabled === false) return false;
  const shop = await readShop(tx, tenantId);
  await queueMessage(
    tx,
    tenantId,
    {
      channel: 'sms',
      kind: 'team_invitation',
      contactId: null,
      recipient: invitation.phone,
      body: invitationSms(shop.language, { inviter: invitation.inviterName, shop: shop.name, link: invitation.link }),
      language: shop.language,
      createdBy: actorUserId,
    },
    now,
  );
  return true;
}

export async function createInvitation(
  deps: AppDependencies,
  tenantId: string,
  actorUserId: string,
  body: InvitationInput,
  sender: InvitationSender,
): Promise<{ invitation: Invitation; temporaryPassword: string | null }> {
  const input = invitationInputSchema.parse(body);
  const accountId = await accountIdOf(deps, input.email);
  const customRoleName = await deps.database.withTenant(tenantId, async (tx) => {
    if (accountId) await assertNotMember(tx, accountId);
    return assertAssignment(tx, input);
  });
  const now = new Date();
  const role = membershipRole(input);
  const invited = { tenantId, actorUserId, input, role, customRoleName, now };
  if (input.method === 'temporary_password') {
    // Setting a password here would change the one the person signs in to their other shops with.
    if (accountId) throw new HttpError('conflict', ACCOUNT_NEEDS_LINK, { method: [ACCOUNT_NEEDS_LINK] });
    const password = temporaryPassword();
    let invitation: InvitationRow | undefined;
    await createUserAccount(deps.database, deps.auth, {
      email: input.email,
      password,
      fullName: input.fullName,
      role,
      tenantId,
      requirePasswordChange: true,
      withMembership: async (tx, { memberId, userId }) => {
        await writeAssignment(tx, tenantId, memberId, { ...input, role });
        invitation = await insertInvitation(tx, { ...invited, tokenHash: null, userId, existingAccount: false });
      },
    });
    deps.tenantAccess.forgetTenant(tenantId);
    return { invitation: toInvitation(invitation!, null), temporaryPassword: password };
  }
  const token = randomBytes(32).toString('base64url');
  const link = sender.acceptUrl(token);
  const inviterName = await inviterNameOf(deps, actorUserId);
  const existingAccount = accountId !== null;
  const { invitation, smsQueued } = await deps.database.withTenant(tenantId, async (tx) => {
    await assertUnderPlanLimit(tx, tenantId, 'max_staff_users', () => countStaff(tx, now));
    const row = await insertInvitation(tx, { ...invited, tokenHash: hashInvitationToken(token), userId: null, existingAccount });
    return { invitation: row, smsQueued: await queueInvitationSms(tx, tenantId, actorUserId, { phone: row.phone, link, inviterName }, now) };
  });
  if (smsQueued) wakeCommunications(tenantId);
  await sender.sendEmail({ to: input.email, name: input.fullName, link, inviterName, existingAccount });
  return { invitation: toInvitation(invitation, null), temporaryPassword: null };
}

/** The invitation, and its audit event (team.member_invited) in the same transaction. */
async function insertInvitation(
  tx: TenantTx,
  invited: {
    tenantId: string;
    actorUserId: string;
    input: ReturnType<typeof invitationInputSchema.parse>;
    role: string;
    customRoleName: string | null;
    now: Date;
    tokenHash: string | null;
    userId: string | null;
    existingAccount: boolean;
  },
) {
  const { tenantId, actorUserId, input, role, now } = invited;
  // A retried request meets the open invitation (unique per address) instead of making a second.
  const [open] = await tx.select({ id: teamInvitations.id }).from(teamInvitations).where(and(eq(teamInvitations.status, 'pending'), sql`lower(${teamInvitations.email}) = ${input.email}`)).limit(1);
  if (open) throw new HttpError('conflict', ALREADY_INVITED, { email: [ALREADY_INVITED] });
  const [row] = await tx
    .insert(teamInvitations)
    .values({
      tenantId,
      email: input.email,
      phone: input.phone,
      fullName: input.fullName,
      role,
      customRoleId: input.customRoleId,
      locationIds: [...new Set(input.locationIds)],
      method: input.method,
      tokenHash: invited.tokenHash,
      expiresAt: expiry(now),
      userId: invited.userId,
      invitedBy: actorUserId,
      sentAt: input.method === 'link' ? now : null,
    })
    .returning();
  await recordAudit(tx, {
    tenantId,
    actorUserId,
    action: 'team.member_invited',
    entity: 'team_invitation',
    entityId: row!.id,
    before: null,
    after: { fullName: row!.fullName, email: row!.email, phone: row!.phone, method: row!.method, ...auditedAssignment({ role, customRoleName: invited.customRoleName, locationIds: row!.locationIds }) },
    details: invited.existingAccount ? { existingAccount: true } : undefined,
  });
  return row!;
}

async function pendingInvitation(tx: TenantTx, invitationId: string) {
  const [row] = await tx.select().from(teamInvitations).where(eq(teamInvitations.id, invitationId)).limit(1);
  if (!row) throw new HttpError('not_found', INVITATION_NOT_FOUND);
  if (row.status !== 'pending' || row.method !== 'link') throw new HttpError('conflict', /*i18n*/ 'Only an open invitation link can be resent or revoked.');
  return row;
}

/** A new link (the old one stops working) and a new week, by e-mail and, as when it was made, by SMS. */
export async function resendInvitation(deps: AppDependencies, tenantId: string, invitationId: string, actorUserId: string, sender: InvitationSender): Promise<Invitation> {
  const token = randomBytes(32).toString('base64url');
  const link = sender.acceptUrl(token);
  const now = new Date();
  const inviterName = await inviterNameOf(deps, actorUserId);
  const { row, smsQueued } = await deps.database.withTenant(tenantId, async (tx) => {
    const open = await pendingInvitation(tx, invitationId);
    const [updated] = await tx
      .update(teamInvitations)
      .set({ tokenHash: hashInvitationToken(token), expiresAt: expiry(now), sentAt: now, updatedAt: now })
      .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.status, 'pending')))
      .returning();
    await recordAudit(tx, {
      tenantId,
      actorUserId,
      action: 'team.invitation_resent',
      entity: 'team_invitation',
      entityId: invitationId,
      before: { expiresAt: open.expiresAt.toISOString() },
      after: { expiresAt: updated!.expiresAt.toISOString() },
      details: { email: open.email },
    });
    return { row: updated!, smsQueued: await queueInvitationSms(tx, tenantId, actorUserId, { phone: updated!.phone, link, inviterName }, now) };
  });
  if (smsQueued) wakeCommunications(tenantId);
  await sender.sendEmail({ to: row.email, name: row.fullName, link, inviterName, existingAccount: (await accountIdOf(deps, row.email)) !== null });
  return toInvitation(row, null);
}

export async function revokeInvitation(deps: AppDependencies, tenantId: string, invitationId: string, actorUserId: string): Promise<Invitation> {
  return deps.database.withTenant(tenantId, async (tx) => {
    const open = await pendingInvitation(tx, invitationId);
    const now = new Date();
    const [row] = await tx.update(teamInvitations).set({ status: 'revoked', revokedAt: now, updatedAt: now }).where(eq(teamInvitations.id, invitationId)).returning();
    await recordAudit(tx, {
      tenantId,
      actorUserId,
      action: 'team.invitation_revoked',
      entity: 'team_invitation',
      entityId: invitationId,
      before: { status: open.status },
      after: { status: row!.status },
      details: { email: open.email },
    });
    return toInvitation(row!, null);
  });
}

async function openInvitationByToken(tx: TenantTx, token: string) {
  const [row] = await tx
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.tokenHash, hashInvitationToken(token)), eq(teamInvitations.status, 'pending'), gt(teamInvitations.expiresAt, new Date()), isNull(teamInvitations.userId)))
    .limit(1);
  if (!row) throw new HttpError('bad_request', INVALID_INVITATION);
  return row;
}

/** What the acceptance page shows: who is invited where, and whether they accept with the account they have. */
export async function previewInvitation(deps: AppDependencies, tenantId: string, token: string) {
  const row = await deps.database.withTenant(tenantId, (tx) => openInvitationByToken(tx, token));
  const [shop] = await deps.database.platform.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return { fullName: row.fullName, email: row.email, shopName: shop?.name ?? '', existingAccount: (await accountIdOf(deps, row.email)) !== null };
}

/**
 * Uses the invitation up and gives the new membership its role and locations (those still in the
 * shop), in the acceptance's transaction: a second acceptance, or a race of two, finds nothing open.
 */
async function takeUpInvitation(tx: TenantTx, tenantId: string, row: InvitationRow, membership: { memberId: string; userId: string }, now: Date) {
  const used = await tx
    .update(teamInvitations)
    .set({ status: 'accepted', acceptedAt: now, userId: membership.userId, updatedAt: now })
    .where(and(eq(teamInvitations.id, row.id), eq(teamInvitations.status, 'pending'), gt(teamInvitations.expiresAt, now)))
    .returning({ id: teamInvitations.id });
  if (used.length === 0) throw new HttpError('bad_request', INVALID_INVITATION);
  const existingLocations = row.locationIds.length ? await tx.select({ id: locations.id }).from(locations).where(inArray(locations.id, row.locationIds)) : [];
  await writeAssignment(tx, tenantId, membership.memberId, { role: row.role, customRoleId: row.customRoleId, locationIds: existingLocations.map((l) => l.id) });
}

/** Accepting as a new person makes the account, the membership, its role and locations in one transaction. */
export async function acceptInvitation(deps: AppDependencies, tenantId: string, token: string, password: string): Promise<{ email: string }> {
  const row = await deps.database.withTenant(tenantId, (tx) => openInvitationByToken(tx, token));
  await assertEmailFree(deps, row.email);
  const now = new Date();
  await createUserAccount(deps.database, deps.auth, {
    email: row.email,
    password,
    fullName: row.fullName,
    role: row.role,
    tenantId,
    emailVerified: true,
    withMembership: (tx, membership) => takeUpInvitation(tx, tenantId, row, membership, now),
  });
  deps.tenantAccess.forgetTenant(tenantId);
  return { email: row.email };
}

const WRONG_PASSWORD = /*i18n*/ 'This is not the password of your Dukani account. Use the one you sign in to your other shop with.';
const NO_ACCOUNT_YET = /*i18n*/ 'This address has no Dukani account yet. Reload the page to choose a password.';

/**
 * Someone who has a Dukani account (staff of another shop) accepts with its password: no new
 * password, their other shops untouched. The password is checked first, so a wrong one writes
 * nothing, and counts as a failed sign-in of the account from this address (the same limits as
 * the sign-in form); then the membership, its role and locations are made and the token used up
 * in one transaction (max_staff_users counted there, as for a new account).
 */
export async function joinWithAccount(deps: AppDependencies, tenantId: string, token: string, password: string, clientAddress: string): Promise<{ email: string }> {
  const row = await deps.database.withTenant(tenantId, (tx) => openInvitationByToken(tx, token));
  const [account] = await deps.database.platform
    .select({ id: users.id, passwordHash: accounts.password })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(eq(users.email, row.email))
    .limit(1);
  if (!account) throw new HttpError('bad_request', NO_ACCOUNT_YET);
  const attempt = await countAttempt(deps.database, [
    { rule: AUTH_RATE_LIMITS.failedSignInPerAddress, subject: clientAddress },
    { rule: AUTH_RATE_LIMITS.failedSignInPerAccountAndAddress, subject: `${row.email}@${clientAddress}` },
  ]);
  const context = await deps.auth.$context;
  // A field message, not 401: someone else signed in on this browser stays signed in.
  if (!account.passwordHash || !(await context.password.verify({ hash: account.passwordHash, password }))) {
    await recordSecurityEvent(deps, { kind: 'sign_in_failed', email: row.email, tenantId, detail: { reason: 'invalid_credentials', via: 'invitation' } });
    throw new HttpError('validation_failed', WRONG_PASSWORD, { password: [WRONG_PASSWORD] });
  }
  await attempt.release();
  const now = new Date();
  await deps.database.withTenant(tenantId, async (tx) => {
    await assertNotMember(tx, account.id);
    await assertUnderPlanLimit(tx, tenantId, 'max_staff_users', () => countActiveMembers(tx));
    const [membership] = await tx
      .insert(tenantUsers)
      .values({ tenantId, userId: account.id, role: row.role, invitationStatus: 'accepted', invitationAcceptedAt: now, isActive: true })
      .returning({ id: tenantUsers.id });
    await takeUpInvitation(tx, tenantId, row, { memberId: membership!.id, userId: account.id }, now);
  });
  deps.tenantAccess.forgetTenant(tenantId);
  return { email: row.email };
}

// ── Roles ──────────────────────────────────────────────────────────────────

export async function listRoles(tx: TenantTx): Promise<CustomRole[]> {
  const rows = await queryRows<{ id: string; name: string; permissions: string[]; max_discount_percent: number; members: number }>(
    tx,
    sql`select r.id, r.name, r.permissions, r.max_discount_percent,
               (select count(*)::int from team_member_roles m where m.role_id = r.id and m.tenant_id = r.tenant_id) as members
          from team_roles r order by lower(r.name)`,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, permissions: row.permissions as CustomRole['permissions'], maxDiscountPercent: row.max_discount_percent, members: Number(row.members) }));
}

const ROLE_NAME_TAKEN = /*i18n*/ 'A role with this name exists already';

async function assertRoleNameFree(tx: TenantTx, name: string, exceptId: string | null) {
  const [taken] = await tx
    .select({ id: teamRoles.id })
    .from(teamRoles)
    .where(and(sql`lower(${teamRoles.name}) = lower(${name})`, exceptId ? ne(teamRoles.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw new HttpError('conflict', ROLE_NAME_TAKEN, { name: [ROLE_NAME_TAKEN] });
}

/** A custom role as the audit log shows it (permissions in name order, so a reordering is no change). */
const auditedRole = (role: { name: string; permissions: string[]; maxDiscountPercent: number }) => ({
  name: role.name,
  permissions: [...new Set(role.permissions)].sort(),
  maxDiscountPercent: role.maxDiscountPercent,
});

async function readRole(tx: TenantTx, roleId: string) {
  const [role] = await tx.select({ name: teamRoles.name, permissions: teamRoles.permissions, maxDiscountPercent: teamRoles.maxDiscountPercent }).from(teamRoles).where(eq(teamRoles.id, roleId)).limit(1);
  if (!role) throw new HttpError('not_found', ROLE_NOT_FOUND);
  return role;
}

export async function createRole(tx: TenantTx, tenantId: string, input: RoleInput, actorUserId: string): Promise<CustomRole> {
  await assertRoleNameFree(tx, input.name, null);
  const [row] = await tx.insert(teamRoles).values({ tenantId, name: input.name, permissions: [...new Set(input.permissions)], maxDiscountPercent: input.maxDiscountPercent }).returning({ id: teamRoles.id });
  await recordAudit(tx, { tenantId, actorUserId, action: 'team.custom_role_created', entity: 'team_role', entityId: row!.id, before: null, after: auditedRole(input) });
  return (await listRoles(tx)).find((role) => role.id === row!.id)!;
}

export async function updateRole(tx: TenantTx, tenantId: string, roleId: string, input: RoleInput, actorUserId: string): Promise<CustomRole> {
  const current = await readRole(tx, roleId);
  await assertRoleNameFree(tx, input.name, roleId);
  await tx
    .update(teamRoles)
    .set({ name: input.name, permissions: [...new Set(input.permissions)], maxDiscountPercent: input.maxDiscountPercent, updatedAt: new Date() })
    .where(eq(teamRoles.id, roleId));
  const sides = changedSides(auditedRole(current), auditedRole(input));
  if (sides) await recordAudit(tx, { tenantId, actorUserId, action: 'team.custom_role_updated', entity: 'team_role', entityId: roleId, ...sides, details: { role: input.name } });
  return (await listRoles(tx)).find((role) => role.id === roleId)!;
}

export async function deleteRole(tx: TenantTx, tenantId: string, roleId: string, actorUserId: string) {
  const current = await readRole(tx, roleId);
  const [held] = await tx.select({ n: count() }).from(teamMemberRoles).where(eq(teamMemberRoles.roleId, roleId));
  const [invited] = await tx.select({ n: count() }).from(teamInvitations).where(and(eq(teamInvitations.customRoleId, roleId), eq(teamInvitations.status, 'pending')));
  if ((held?.n ?? 0) + (invited?.n ?? 0) > 0) throw new HttpError('conflict', /*i18n*/ 'People hold this role. Give them another role first.');
  await tx.delete(teamRoles).where(eq(teamRoles.id, roleId));
  await recordAudit(tx, { tenantId, actorUserId, action: 'team.custom_role_deleted', entity: 'team_role', entityId: roleId, before: auditedRole(current), after: null });
}
