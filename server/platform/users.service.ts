import { randomBytes } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { isPlatformAdminRole, normalizeRole, PLATFORM_ADMIN_ROLES } from '../../core/auth/roles.rules';
import {
  userListQuerySchema,
  type PasswordResetInput,
  type PlatformRole,
  type PlatformUser,
  type PlatformUserPage,
  type UserListQuery,
} from '../../core/platform/platform.schemas';
import type { RequestMeta } from '../auth/auth.service';
import { requestPasswordReset } from '../auth/credentials.service';
import { findMembership } from '../auth/sign-in-policy';
import { queryRows, type PlatformTx } from '../db/client';
import { accounts, profiles, sessions, users } from '../db/schema/auth';
import { userDeactivations } from '../db/schema/platform';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';
import type { RequestLanguageHints } from '../i18n/email-language';
import { temporaryPassword } from '../team/team.service';
import { unsafeReadAcrossTenants } from './cross-tenant-read';
import { recordPlatformAudit } from './platform-audit';
import { containsPattern, isoOrNull } from './platform-sql';
import type { PlatformActor } from './tenants.service';

// User management in the super-admin console (issue 21, docs/platform.md): every person across the
// shops, their platform role, deactivation, a forced password reset and the end of their sessions.
// Each change is written to the platform audit log in its own transaction.

const USER_NOT_FOUND = /*i18n*/ 'User not found';
const LAST_PLATFORM_ADMIN = /*i18n*/ 'The platform needs at least one active platform admin.';

/** The profile role, normalised as spec §6 does, in SQL. */
const NORMALISED_ROLE = sql.raw(`regexp_replace(lower(trim(coalesce(p.role, ''))), '[[:space:]-]+', '_', 'g')`);
const PLATFORM_ROLE_LIST = sql.raw(PLATFORM_ADMIN_ROLES.map((role) => `'${role}'`).join(', '));

interface UserRow {
  id: string;
  email: string;
  full_name: string | null;
  role: string | null;
  is_deactivated: boolean;
  created_at: Date | string;
  total: number;
}

interface MembershipRow {
  user_id: string;
  tenant_id: string;
  tenant_name: string;
  subdomain: string;
  role: string;
  is_active: boolean;
}

/** A page of people across the platform, by e-mail, with each one's shops and roles there. */
export async function listUsers(deps: AppDependencies, query: UserListQuery, options: { userId?: string } = {}): Promise<PlatformUserPage> {
  const q = userListQuerySchema.parse(query);
  const filters: SQL[] = [options.userId ? sql`u.id = ${options.userId}` : sql`true`];
  if (q.search) {
    const pattern = containsPattern(q.search);
    filters.push(sql`(u.email ilike ${pattern} or p.full_name ilike ${pattern} or u.name ilike ${pattern})`);
  }
  if (q.platformRole === 'any') filters.push(sql`${NORMALISED_ROLE} in (${PLATFORM_ROLE_LIST})`);
  else if (q.platformRole === 'none') filters.push(sql`${NORMALISED_ROLE} not in (${PLATFORM_ROLE_LIST})`);
  else if (q.platformRole) filters.push(sql`${NORMALISED_ROLE} = ${q.platformRole}`);
  if (q.tenantId) filters.push(sql`exists (select 1 from tenant_users tu where tu.user_id = u.id and tu.tenant_id = ${q.tenantId})`);
  if (q.status) filters.push(sql`${q.status === 'deactivated' ? sql`` : sql`not`} exists (select 1 from user_deactivations d where d.user_id = u.id)`);
  return unsafeReadAcrossTenants(deps.database, async (tx) => {
    const rows = await queryRows<UserRow>(
      tx,
      sql`with matching as (
            select u.id, u.email, u.created_at, p.full_name, p.role
              from users u left join profiles p on p.user_id = u.id
             where ${sql.join(filters, sql` and `)}
          ),
          page as (select * from matching order by email, id limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize})
          select page.*, exists (select 1 from user_deactivations d where d.user_id = page.id) as is_deactivated,
                 (select count(*)::int from matching) as total
            from page order by email, id`,
    );
    const ids = rows.map((row) => row.id);
    // One pass over the memberships for the whole page (there is no index by person alone).
    const memberships = ids.length
      ? await queryRows<MembershipRow>(
          tx,
          sql`select tu.user_id, tu.tenant_id, t.name as tenant_name, t.subdomain, tu.role, tu.is_active
                from tenant_users tu join tenants t on t.id = tu.tenant_id
               where tu.user_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
               order by t.name`,
        )
      : [];
    const total = rows[0]?.total ?? (q.page > 1 ? (await queryRows<{ total: number }>(tx, sql`select count(*)::int as total from users u left join profiles p on p.user_id = u.id where ${sql.join(filters, sql` and `)}`))[0]?.total ?? 0 : 0);
    return {
      items: rows.map((row) => ({
        id: row.id,
        email: row.email,
        fullName: row.full_name,
        role: row.role,
        platformRole: platformRoleOf(row.role),
        isDeactivated: row.is_deactivated,
        createdAt: isoOrNull(row.created_at)!,
        memberships: memberships
          .filter((membership) => membership.user_id === row.id)
          .map((membership) => ({ tenantId: membership.tenant_id, tenantName: membership.tenant_name, subdomain: membership.subdomain, role: membership.role, isActive: membership.is_active })),
      })),
      total,
    };
  });
}

function platformRoleOf(role: string | null): PlatformRole | null {
  const normalised = normalizeRole(role);
  return (PLATFORM_ADMIN_ROLES as readonly string[]).includes(normalised) ? (normalised as PlatformRole) : null;
}

/** One person as the list shows them. */
export async function readUser(deps: AppDependencies, userId: string): Promise<PlatformUser> {
  const [user] = (await listUsers(deps, {}, { userId })).items;
  if (!user) throw new HttpError('not_found', USER_NOT_FOUND);
  return user;
}

async function requireProfile(tx: PlatformTx, userId: string) {
  const [profile] = await tx
    .select({ role: profiles.role, tenantId: profiles.tenantId, email: users.email })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!profile) throw new HttpError('not_found', USER_NOT_FOUND);
  return profile;
}

/**
 * Platform admins take turns changing who is one (a transaction-level advisory lock), so two admins
 * removing each other at the same moment cannot leave the platform with none.
 */
async function lockPlatformAdmins(tx: PlatformTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('platform.admins', 0))`);
}

/** Refuses a change that would leave no active platform admin but `leaving`. */
async function assertAnotherPlatformAdmin(tx: PlatformTx, leaving: string) {
  const [row] = await queryRows<{ others: number }>(
    tx,
    sql`select count(*)::int as others from profiles p
         where p.user_id <> ${leaving} and ${NORMALISED_ROLE} in (${PLATFORM_ROLE_LIST})
           and not exists (select 1 from user_deactivations d where d.user_id = p.user_id)`,
  );
  if ((row?.others ?? 0) === 0) throw new HttpError('conflict', LAST_PLATFORM_ADMIN);
}

/**
 * Gives a person a platform role, or takes it away: without one, their profile shows the role
 * their home shop gave them (their membership there), as before they were made an admin. Nobody
 * removes their own platform role, and the last platform admin keeps theirs.
 */
export async function setPlatformRole(deps: AppDependencies, actor: PlatformActor, userId: string, platformRole: PlatformRole | null): Promise<PlatformUser> {
  if (userId === actor.userId && platformRole === null) throw new HttpError('conflict', /*i18n*/ 'You cannot remove your own platform role.');
  const [home] = await deps.database.platform.select({ tenantId: profiles.tenantId }).from(profiles).where(eq(profiles.userId, userId));
  const homeMembership = home?.tenantId ? await findMembership(deps.database, home.tenantId, userId) : null;
  await deps.database.platform.transaction(async (tx) => {
    await lockPlatformAdmins(tx);
    const profile = await requireProfile(tx, userId);
    const role = platformRole ?? homeMembership?.role ?? null;
    if (normalizeRole(profile.role) === normalizeRole(role)) throw new HttpError('conflict', /*i18n*/ 'The person already has this role.');
    if (isPlatformAdminRole(profile.role) && !platformRole) await assertAnotherPlatformAdmin(tx, userId);
    await tx.update(profiles).set({ role, updatedAt: new Date() }).where(eq(profiles.userId, userId));
    await recordPlatformAudit(tx, {
      actorUserId: actor.userId,
      action: 'user.platform_role_changed',
      targetUserId: userId,
      before: { role: profile.role },
      after: { role },
      details: { email: profile.email },
    });
  });
  return readUser(deps, userId);
}

/**
 * Deactivation: the person is signed out everywhere at once and signs in nowhere until reactivated
 * (the sign-in policy reads user_deactivations). Their memberships keep their own flags, which are
 * their shops' to decide. Nobody deactivates themselves; the last platform admin stays active.
 */
export async function setUserActive(deps: AppDependencies, actor: PlatformActor, userId: string, active: boolean): Promise<PlatformUser> {
  if (!active && userId === actor.userId) throw new HttpError('conflict', /*i18n*/ 'You cannot deactivate yourself.');
  await deps.database.platform.transaction(async (tx) => {
    await lockPlatformAdmins(tx);
    const profile = await requireProfile(tx, userId);
    if (active) {
      const removed = await tx.delete(userDeactivations).where(eq(userDeactivations.userId, userId)).returning({ userId: userDeactivations.userId });
      if (removed.length === 0) throw new HttpError('conflict', /*i18n*/ 'The account is not deactivated.');
    } else {
      if (isPlatformAdminRole(profile.role)) await assertAnotherPlatformAdmin(tx, userId);
      const added = await tx.insert(userDeactivations).values({ userId, deactivatedBy: actor.userId }).onConflictDoNothing().returning({ userId: userDeactivations.userId });
      if (added.length === 0) throw new HttpError('conflict', /*i18n*/ 'The account is already deactivated.');
      await tx.delete(sessions).where(eq(sessions.userId, userId));
    }
    await recordPlatformAudit(tx, {
      actorUserId: actor.userId,
      action: active ? 'user.reactivated' : 'user.deactivated',
      targetUserId: userId,
      before: { deactivated: active },
      after: { deactivated: !active },
      details: { email: profile.email },
    });
  });
  return readUser(deps, userId);
}

/** How the reset e-mail is sent: the page its link opens, and the request it comes from. */
export interface ResetMailer {
  resetUrl: string;
  meta: RequestMeta;
  language: RequestLanguageHints;
}

/**
 * A forced password reset ends every session and stops the old password working:
 * - temporary_password: a new one shown once to the admin, to be changed at the next sign-in (the
 *   mandatory dialog, as the Team area's reset does);
 * - email: the password is replaced by a random one nobody knows, and the reset link "Forgot
 *   password" sends goes to the person's address.
 */
export async function forcePasswordReset(
  deps: AppDependencies,
  actor: PlatformActor,
  userId: string,
  input: PasswordResetInput,
  mailer: () => Promise<ResetMailer>,
): Promise<{ temporaryPassword: string | null }> {
  const password = input.method === 'temporary_password' ? temporaryPassword() : randomBytes(32).toString('base64url');
  const context = await deps.auth.$context;
  const hash = await context.password.hash(password);
  const delivery = input.method === 'email' ? await mailer() : null;
  const now = new Date();
  const email = await deps.database.platform.transaction(async (tx) => {
    const profile = await requireProfile(tx, userId);
    const changed = await tx
      .update(accounts)
      .set({ password: hash, updatedAt: now })
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
      .returning({ id: accounts.id });
    if (changed.length === 0) throw new HttpError('conflict', /*i18n*/ 'This person has no password to reset.');
    if (input.method === 'temporary_password') {
      await tx.update(profiles).set({ requirePasswordChange: true, tempPasswordCreatedAt: now, updatedAt: now }).where(eq(profiles.userId, userId));
    }
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await recordPlatformAudit(tx, { actorUserId: actor.userId, action: 'user.password_reset', targetUserId: userId, details: { email: profile.email, method: input.method } });
    return profile.email;
  });
  if (delivery) await requestPasswordReset(deps, email, delivery.resetUrl, delivery.meta, delivery.language);
  return { temporaryPassword: input.method === 'temporary_password' ? password : null };
}

/** Signs the person out on every device now. */
export async function revokeSessions(deps: AppDependencies, actor: PlatformActor, userId: string): Promise<PlatformUser> {
  await deps.database.platform.transaction(async (tx) => {
    const profile = await requireProfile(tx, userId);
    const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    await recordPlatformAudit(tx, { actorUserId: actor.userId, action: 'user.sessions_revoked', targetUserId: userId, details: { email: profile.email, sessions: ended.length } });
  });
  return readUser(deps, userId);
}
