import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { INVITATION_TTL_DAYS, memberQuerySchema, type CustomRole, type Invitation, type InvitationInput, type Member, type MemberPage, type MemberQuery, type MemberUpdate, type RoleInput, invitationInputSchema, memberUpdateSchema } from '../../core/team/team.schemas';
import { createUserAccount } from '../auth/user-accounts.service';
import { assertUnderPlanLimit } from '../billing/plan-limits';
import { queryRows, type TenantTx } from '../db/client';
import { accounts, profiles, sessions, tenantUsers, users } from '../db/schema/auth';
import { locations } from '../db/schema/inventory';
import { teamInvitations, teamMemberLocations, teamMemberRoles, teamRoles } from '../db/schema/team';
import { tenants } from '../db/schema/tenancy';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';

// The team (issue 20, docs/decisions/0024-permissions-and-team.md): members, invitations, roles.

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

async function assertAssignment(tx: TenantTx, input: { customRoleId: string | null; locationIds: string[] }) {
  if (input.customRoleId) {
    const [role] = await tx.select({ id: teamRoles.id }).from(teamRoles).where(eq(teamRoles.id, input.customRoleId)).limit(1);
    if (!role) throw new HttpError('validation_failed', ROLE_NOT_FOUND, { customRoleId: [ROLE_NOT_FOUND] });
  }
  if (input.locationIds.length) {
    const found = await tx.select({ id: locations.id }).from(locations).where(inArray(locations.id, input.locationIds));
    if (found.length !== new Set(input.locationIds).size) {
      throw new HttpError('validation_failed', /*i18n*/ 'Location not found', { locationIds: [/*i18n*/ 'Location not found'] });
    }
  }
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

export async function updateMember(deps: AppDependencies, tenantId: string, memberId: string, body: MemberUpdate): Promise<Member> {
  const input = memberUpdateSchema.parse(body);
  await deps.database.withTenant(tenantId, async (tx) => {
    const current = await readAssigned(tx, memberId);
    const role = membershipRole(input);
    if (current.role === 'admin' && role !== 'admin' && current.isActive) await assertKeepsAnOwner(tx, tenantId, memberId);
    await assertAssignment(tx, input);
    await tx.update(tenantUsers).set({ role, updatedAt: new Date() }).where(eq(tenantUsers.id, memberId));
    await writeAssignment(tx, tenantId, memberId, input);
  });
  deps.tenantAccess.forgetTenant(tenantId);
  return readMember(deps, tenantId, memberId);
}

/**
 * Deactivation ends the person's sessions in this shop at once (their next request is signed out,
 * docs/decisions/0008); reactivation lets them sign in again.
 */
export async function setMemberActive(deps: AppDependencies, tenantId: string, memberId: string, active: boolean, actorUserId: string): Promise<Member> {
  const member = await deps.database.withTenant(tenantId, async (tx) => {
    const current = await readAssigned(tx, memberId);
    if (!active && current.userId === actorUserId) throw new HttpError('conflict', /*i18n*/ 'You cannot deactivate yourself.');
    if (!active && current.role === 'admin' && current.isActive) await assertKeepsAnOwner(tx, tenantId, memberId);
    const now = new Date();
    if (active && !current.isActive) {
      await assertUnderPlanLimit(tx, tenantId, 'max_staff_users', () => countStaff(tx, now));
    }
    await tx.update(tenantUsers).set({ isActive: active, deactivatedAt: active ? null : now, updatedAt: now }).where(eq(tenantUsers.id, memberId));
    return current;
  });
  if (!active) await deps.database.platform.delete(sessions).where(and(eq(sessions.userId, member.userId), eq(sessions.tenantId, tenantId)));
  deps.tenantAccess.forgetTenant(tenantId);
  return readMember(deps, tenantId, memberId);
}

/** A new temporary password, shown once to the admin; the person must change it at sign-in. Their sessions end. */
export async function resetMemberPassword(deps: AppDependencies, tenantId: string, memberId: string): Promise<{ temporaryPassword: string }> {
  const member = await deps.database.withTenant(tenantId, (tx) => readAssigned(tx, memberId));
  // A person who also belongs to another shop keeps their own password: only the shop's staff accounts are reset here.
  const [home] = await deps.database.platform.select({ tenantId: profiles.tenantId }).from(profiles).where(eq(profiles.userId, member.userId)).limit(1);
  if (home?.tenantId !== tenantId) throw new HttpError('conflict', /*i18n*/ 'This person signs in to another shop too; they can reset their password themselves.');
  const password = temporaryPassword();
  const context = await deps.auth.$context;
  const hash = await context.password.hash(password);
  const now = new Date();
  await deps.database.platform.transaction(async (tx) => {
    await tx.update(accounts).set({ password: hash, updatedAt: now }).where(and(eq(accounts.userId, member.userId), eq(accounts.providerId, 'credential')));
    await tx.update(profiles).set({ requirePasswordChange: true, tempPasswordCreatedAt: now, updatedAt: now }).where(eq(profiles.userId, member.userId));
    await tx.delete(sessions).where(eq(sessions.userId, member.userId));
  });
  return { temporaryPassword: password };
}

// ── Invitations ────────────────────────────────────────────────────────────

type InvitationRow = typeof teamInvitations.$inferSelect;

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

/** Active members plus invitation links still open: each will be a member once accepted. */
async function countStaff(tx: TenantTx, now: Date): Promise<number> {
  const [members] = await tx.select({ n: count() }).from(tenantUsers).where(eq(tenantUsers.isActive, true));
  const [open] = await tx
    .select({ n: count() })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.status, 'pending'), eq(teamInvitations.method, 'link'), gt(teamInvitations.expiresAt, now)));
  return (members?.n ?? 0) + (open?.n ?? 0);
}

const ALREADY_HAS_ACCOUNT = /*i18n*/ 'This e-mail address already has a Dukani account.';
const ALREADY_INVITED = /*i18n*/ 'This person already has an open invitation. Resend or revoke it.';

async function assertEmailFree(deps: AppDependencies, email: string) {
  const [existing] = await deps.database.platform.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) throw new HttpError('conflict', ALREADY_HAS_ACCOUNT, { email: [ALREADY_HAS_ACCOUNT] });
}

export async function createInvitation(
  deps: AppDependencies,
  tenantId: string,
  actorUserId: string,
  body: InvitationInput,
  acceptUrl: (token: string) => string,
  sendEmail: (to: string, link: string, name: string) => Promise<void>,
): Promise<{ invitation: Invitation; temporaryPassword: string | null }> {
  const input = invitationInputSchema.parse(body);
  await deps.database.withTenant(tenantId, (tx) => assertAssignment(tx, input));
  await assertEmailFree(deps, input.email);
  const now = new Date();
  const role = membershipRole(input);
  if (input.method === 'temporary_password') {
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
        invitation = await insertInvitation(tx, tenantId, actorUserId, input, role, now, null, userId);
      },
    });
    deps.tenantAccess.forgetTenant(tenantId);
    return { invitation: toInvitation(invitation!, null), temporaryPassword: password };
  }
  const token = randomBytes(32).toString('base64url');
  const invitation = await deps.database.withTenant(tenantId, async (tx) => {
    await assertUnderPlanLimit(tx, tenantId, 'max_staff_users', () => countStaff(tx, now));
    return insertInvitation(tx, tenantId, actorUserId, input, role, now, hashInvitationToken(token));
  });
  await sendEmail(input.email, acceptUrl(token), input.fullName);
  return { invitation: toInvitation(invitation, null), temporaryPassword: null };
}

async function insertInvitation(
  tx: TenantTx,
  tenantId: string,
  actorUserId: string,
  input: ReturnType<typeof invitationInputSchema.parse>,
  role: string,
  now: Date,
  tokenHash: string | null,
  userId: string | null = null,
) {
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
      tokenHash,
      expiresAt: expiry(now),
      userId,
      invitedBy: actorUserId,
      sentAt: input.method === 'link' ? now : null,
    })
    .returning();
  return row!;
}

async function pendingInvitation(tx: TenantTx, invitationId: string) {
  const [row] = await tx.select().from(teamInvitations).where(eq(teamInvitations.id, invitationId)).limit(1);
  if (!row) throw new HttpError('not_found', INVITATION_NOT_FOUND);
  if (row.status !== 'pending' || row.method !== 'link') throw new HttpError('conflict', /*i18n*/ 'Only an open invitation link can be resent or revoked.');
  return row;
}

/** A new link (the old one stops working) and a new week. */
export async function resendInvitation(
  deps: AppDependencies,
  tenantId: string,
  invitationId: string,
  acceptUrl: (token: string) => string,
  sendEmail: (to: string, link: string, name: string) => Promise<void>,
): Promise<Invitation> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const row = await deps.database.withTenant(tenantId, async (tx) => {
    await pendingInvitation(tx, invitationId);
    const [updated] = await tx
      .update(teamInvitations)
      .set({ tokenHash: hashInvitationToken(token), expiresAt: expiry(now), sentAt: now, updatedAt: now })
      .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.status, 'pending')))
      .returning();
    return updated!;
  });
  await sendEmail(row.email, acceptUrl(token), row.fullName);
  return toInvitation(row, null);
}

export async function revokeInvitation(deps: AppDependencies, tenantId: string, invitationId: string): Promise<Invitation> {
  return deps.database.withTenant(tenantId, async (tx) => {
    await pendingInvitation(tx, invitationId);
    const now = new Date();
    const [row] = await tx.update(teamInvitations).set({ status: 'revoked', revokedAt: now, updatedAt: now }).where(eq(teamInvitations.id, invitationId)).returning();
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

/** What the acceptance page shows before the person sets a password. */
export async function previewInvitation(deps: AppDependencies, tenantId: string, token: string) {
  const row = await deps.database.withTenant(tenantId, (tx) => openInvitationByToken(tx, token));
  const [shop] = await deps.database.platform.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return { fullName: row.fullName, email: row.email, shopName: shop?.name ?? '' };
}

/**
 * Accepting makes the account, the membership, its role and locations in one transaction, and
 * uses the token up in it: a second acceptance (or a race of two) finds no open invitation.
 */
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
    withMembership: async (tx, { memberId }) => {
      const used = await tx
        .update(teamInvitations)
        .set({ status: 'accepted', acceptedAt: now, updatedAt: now })
        .where(and(eq(teamInvitations.id, row.id), eq(teamInvitations.status, 'pending'), gt(teamInvitations.expiresAt, now)))
        .returning({ id: teamInvitations.id });
      if (used.length === 0) throw new HttpError('bad_request', INVALID_INVITATION);
      const existingLocations = row.locationIds.length ? await tx.select({ id: locations.id }).from(locations).where(inArray(locations.id, row.locationIds)) : [];
      await writeAssignment(tx, tenantId, memberId, { role: row.role, customRoleId: row.customRoleId, locationIds: existingLocations.map((l) => l.id) });
    },
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

export async function createRole(tx: TenantTx, tenantId: string, input: RoleInput): Promise<CustomRole> {
  await assertRoleNameFree(tx, input.name, null);
  const [row] = await tx.insert(teamRoles).values({ tenantId, name: input.name, permissions: [...new Set(input.permissions)], maxDiscountPercent: input.maxDiscountPercent }).returning({ id: teamRoles.id });
  return (await listRoles(tx)).find((role) => role.id === row!.id)!;
}

export async function updateRole(tx: TenantTx, roleId: string, input: RoleInput): Promise<CustomRole> {
  await assertRoleNameFree(tx, input.name, roleId);
  const updated = await tx
    .update(teamRoles)
    .set({ name: input.name, permissions: [...new Set(input.permissions)], maxDiscountPercent: input.maxDiscountPercent, updatedAt: new Date() })
    .where(eq(teamRoles.id, roleId))
    .returning({ id: teamRoles.id });
  if (updated.length === 0) throw new HttpError('not_found', ROLE_NOT_FOUND);
  return (await listRoles(tx)).find((role) => role.id === roleId)!;
}

export async function deleteRole(tx: TenantTx, roleId: string) {
  const [role] = await tx.select({ id: teamRoles.id }).from(teamRoles).where(eq(teamRoles.id, roleId)).limit(1);
  if (!role) throw new HttpError('not_found', ROLE_NOT_FOUND);
  const [held] = await tx.select({ n: count() }).from(teamMemberRoles).where(eq(teamMemberRoles.roleId, roleId));
  const [invited] = await tx.select({ n: count() }).from(teamInvitations).where(and(eq(teamInvitations.customRoleId, roleId), eq(teamInvitations.status, 'pending')));
  if ((held?.n ?? 0) + (invited?.n ?? 0) > 0) throw new HttpError('conflict', /*i18n*/ 'People hold this role. Give them another role first.');
  await tx.delete(teamRoles).where(eq(teamRoles.id, roleId));
}
