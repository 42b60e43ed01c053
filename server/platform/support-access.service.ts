import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SupportAccessGrant, SupportAccessStarted, SupportSession } from '../../core/platform/support-access.schemas';
import { isUsableTenantStatus } from '../../core/tenancy/tenancy.rules';
import { recordAudit } from '../audit/audit-events.service';
import type { RequestMeta } from '../auth/auth.service';
import type { Principal } from '../auth/principal';
import { serializeSessionCookie } from '../auth/session-cookie';
import { SignInRefused, decideSignIn } from '../auth/sign-in-policy';
import type { PlatformDb, PlatformTx } from '../db/client';
import { sessions, users } from '../db/schema/auth';
import { supportAccessGrants } from '../db/schema/support-access';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';
import { HANDOFF_INVALID_MESSAGE, HANDOFF_TTL_SECONDS } from '../tenancy/signup-handoff';
import { recordPlatformAudit } from './platform-audit';
import { requireTenant, type PlatformActor } from './tenants.service';

// "View as" support access (issue 21, docs/platform.md "Support access"). A platform admin gives a
// reason and a length; the grant is recorded in the platform audit log and in the shop's own, where
// its owner reads it. The admin reaches the shop's address with a one-time link (cookies belong to
// one host, as at sign-up's hand-over) that opens a session ending with the grant; the guard lets
// that session read the shop and nothing else (server/auth/principal.ts, server/http/routes.ts).

const GRANT_NOT_FOUND = /*i18n*/ 'No such support access for this shop';
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const isRunning = (now: Date) => and(isNull(supportAccessGrants.endedAt), gt(supportAccessGrants.expiresAt, now));

/**
 * Opens support access to a usable shop for `minutes`: the grant and both audit entries in one
 * transaction, and the one-time address (on the shop's own host) that signs the admin in there.
 */
export async function startSupportAccess(
  deps: AppDependencies,
  actor: PlatformActor,
  tenantId: string,
  input: { reason: string; minutes: number },
  shopOriginOf: (subdomain: string) => string,
): Promise<SupportAccessStarted> {
  const tenant = await requireTenant(deps.database.platform, tenantId);
  // A suspended or closed shop signs nobody in at its address; its page in the console says enough.
  if (!isUsableTenantStatus(tenant.status)) throw new HttpError('conflict', /*i18n*/ 'Only an active or trial shop can be viewed.');
  const admin = await readAdmin(deps.database.platform, actor.userId);
  const startedAt = new Date();
  const expiresAt = new Date(startedAt.getTime() + input.minutes * 60_000);
  const token = randomBytes(32).toString('base64url');
  const grant = await deps.database.withPlatformThenTenant(async (platformTx, enterTenant) => {
    const [row] = await platformTx
      .insert(supportAccessGrants)
      .values({
        tenantId,
        userId: actor.userId,
        reason: input.reason,
        startedAt,
        expiresAt,
        handoffTokenHash: tokenHash(token),
        handoffExpiresAt: new Date(startedAt.getTime() + HANDOFF_TTL_SECONDS * 1000),
      })
      .returning();
    await recordPlatformAudit(platformTx, {
      actorUserId: actor.userId,
      action: 'tenant.support_access_started',
      tenantId,
      details: { grantId: row!.id, reason: input.reason, minutes: input.minutes, expiresAt: expiresAt.toISOString() },
    });
    const tx = await enterTenant(tenantId);
    await recordAudit(tx, {
      tenantId,
      actorUserId: actor.userId,
      action: 'support.access_started',
      entity: 'support_access',
      entityId: row!.id,
      details: { supportName: admin.name, supportEmail: admin.email, reason: input.reason, until: expiresAt.toISOString() },
    });
    return row!;
  });
  return {
    grant: grantView(grant, admin.email, null, startedAt),
    url: `${shopOriginOf(tenant.subdomain)}/api/support-access/handoff?token=${encodeURIComponent(token)}`,
  };
}

/**
 * Exchanges the one-time token, on the grant's own shop's address, for a session that ends when the
 * grant does. The sign-in policy is asked as for a password (the shop usable, the account active,
 * still a platform admin). Using the token and opening the session are one transaction.
 */
export async function completeSupportHandoff(deps: AppDependencies, token: string, meta: RequestMeta): Promise<{ setCookie: string }> {
  const invalid = new HttpError('bad_request', HANDOFF_INVALID_MESSAGE);
  const tenantContext = await deps.tenantResolver.resolve(meta.headers.get('host') ?? undefined);
  if (!tenantContext.tenant) throw invalid;
  const now = new Date();
  const open = and(
    eq(supportAccessGrants.handoffTokenHash, tokenHash(token)),
    eq(supportAccessGrants.tenantId, tenantContext.tenant.id),
    gt(supportAccessGrants.handoffExpiresAt, now),
    isRunning(now),
  );
  const [grant] = await deps.database.platform.select().from(supportAccessGrants).where(open).limit(1);
  if (!grant) throw invalid;
  try {
    if (!(await decideSignIn(deps.database, grant.userId, tenantContext)).isPlatformAdmin) throw invalid;
  } catch (error) {
    if (error instanceof SignInRefused) throw new HttpError('forbidden', error.message);
    throw error;
  }
  const sessionToken = randomBytes(32).toString('base64url');
  await deps.database.platform.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({ token: sessionToken, userId: grant.userId, tenantId: grant.tenantId, expiresAt: grant.expiresAt, ipAddress: meta.ipAddress, userAgent: meta.userAgent })
      .returning({ id: sessions.id });
    const claimed = await tx
      .update(supportAccessGrants)
      .set({ handoffTokenHash: null, handoffExpiresAt: null, sessionId: session!.id })
      .where(and(eq(supportAccessGrants.id, grant.id), open))
      .returning({ id: supportAccessGrants.id });
    // Another click took the token meanwhile: this session is rolled back with the claim.
    if (claimed.length === 0) throw invalid;
  });
  const cookie = (await deps.auth.$context).authCookies.sessionToken;
  const maxAgeSeconds = Math.ceil((grant.expiresAt.getTime() - now.getTime()) / 1000);
  return { setCookie: serializeSessionCookie(cookie.name, sessionToken, deps.config.authSecret, maxAgeSeconds, cookie.attributes.secure ?? false) };
}

/**
 * Ends a running grant: "End now" by its admin in the shop, or "Revoke" by a platform admin in the
 * console. Its session is deleted, so the next request is a stranger's; both audit logs record it.
 */
export async function endSupportAccess(
  deps: AppDependencies,
  actor: PlatformActor,
  grantId: string,
  tenantId: string,
  how: 'ended' | 'revoked' | 'signed_out',
): Promise<SupportAccessGrant> {
  const admin = await readAdmin(deps.database.platform, actor.userId);
  const now = new Date();
  const ended = await deps.database.withPlatformThenTenant(async (platformTx, enterTenant) => {
    const [grant] = await platformTx
      .select({ id: supportAccessGrants.id })
      .from(supportAccessGrants)
      .where(and(eq(supportAccessGrants.id, grantId), eq(supportAccessGrants.tenantId, tenantId)))
      .for('update');
    if (!grant) throw new HttpError('not_found', GRANT_NOT_FOUND);
    const [row] = await platformTx
      .update(supportAccessGrants)
      .set({ endedAt: now, endedBy: actor.userId })
      .where(and(eq(supportAccessGrants.id, grantId), isRunning(now)))
      .returning();
    if (!row) throw new HttpError('conflict', /*i18n*/ 'This support access has already ended.');
    if (row.sessionId) await platformTx.delete(sessions).where(eq(sessions.id, row.sessionId));
    await recordPlatformAudit(platformTx, {
      actorUserId: actor.userId,
      action: 'tenant.support_access_ended',
      tenantId,
      details: { grantId, how, reason: row.reason, expiresAt: row.expiresAt.toISOString() },
    });
    const tx = await enterTenant(tenantId);
    await recordAudit(tx, {
      tenantId,
      actorUserId: actor.userId,
      action: 'support.access_ended',
      entity: 'support_access',
      entityId: grantId,
      details: { supportName: admin.name, supportEmail: admin.email, how },
    });
    return row;
  });
  const [grantAdmin] = await deps.database.platform.select({ email: users.email }).from(users).where(eq(users.id, ended.userId));
  return grantView(ended, grantAdmin?.email ?? null, admin.email, now);
}

/**
 * Signing out of a support session ends its grant as "End now" does, so both audit logs say when
 * the look ended; a grant that has already run out or been revoked is left as it is.
 */
export async function endSupportAccessOnSignOut(deps: AppDependencies, principal: Principal): Promise<void> {
  if (!principal.supportGrantId) return;
  const grant = await requireSupportGrant(deps.database.platform, principal.supportGrantId);
  try {
    await endSupportAccess(deps, principal, grant.id, grant.tenantId, 'signed_out');
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 409)) throw error;
  }
}

/** A shop's support access, newest first (the last twenty), with who gave and ended each. */
export async function listSupportAccess(db: PlatformDb, tenantId: string): Promise<SupportAccessGrant[]> {
  await requireTenant(db, tenantId);
  const endedBy = alias(users, 'ended_by_user');
  const rows = await db
    .select({ grant: supportAccessGrants, adminEmail: users.email, endedByEmail: endedBy.email })
    .from(supportAccessGrants)
    .leftJoin(users, eq(users.id, supportAccessGrants.userId))
    .leftJoin(endedBy, eq(endedBy.id, supportAccessGrants.endedBy))
    .where(eq(supportAccessGrants.tenantId, tenantId))
    .orderBy(desc(supportAccessGrants.startedAt))
    .limit(20);
  const now = new Date();
  return rows.map((row) => grantView(row.grant, row.adminEmail, row.endedByEmail, now));
}

/** The running grant a support session was opened with, for the shop's banner. */
export async function readSupportSession(db: PlatformDb, grantId: string | null): Promise<SupportSession> {
  if (!grantId) return { grant: null };
  const [grant] = await db
    .select({ id: supportAccessGrants.id, expiresAt: supportAccessGrants.expiresAt, reason: supportAccessGrants.reason })
    .from(supportAccessGrants)
    .where(eq(supportAccessGrants.id, grantId));
  return { grant: grant ? { id: grant.id, expiresAt: grant.expiresAt.toISOString(), reason: grant.reason } : null };
}

/** The grant of a support session, with its shop, for "End now"; 404 for any other session. */
export async function requireSupportGrant(db: PlatformDb, grantId: string | null): Promise<{ id: string; tenantId: string }> {
  const [grant] = grantId
    ? await db.select({ id: supportAccessGrants.id, tenantId: supportAccessGrants.tenantId }).from(supportAccessGrants).where(eq(supportAccessGrants.id, grantId))
    : [];
  if (!grant) throw new HttpError('not_found', /*i18n*/ 'This session has no support access to end.');
  return grant;
}

async function readAdmin(db: PlatformDb | PlatformTx, userId: string) {
  const [admin] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return admin ?? { name: '', email: '' };
}

function grantView(grant: typeof supportAccessGrants.$inferSelect, adminEmail: string | null, endedByEmail: string | null, now: Date): SupportAccessGrant {
  return {
    id: grant.id,
    tenantId: grant.tenantId,
    adminUserId: grant.userId,
    adminEmail,
    reason: grant.reason,
    startedAt: grant.startedAt.toISOString(),
    expiresAt: grant.expiresAt.toISOString(),
    endedAt: grant.endedAt?.toISOString() ?? null,
    endedByEmail,
    isActive: grant.endedAt === null && grant.expiresAt > now,
  };
}
