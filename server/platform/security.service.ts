import { and, asc, count, desc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  SECURITY_TOP_COUNT,
  type PlatformSession,
  type SecurityEvent,
  type SecurityEventPage,
  type SecurityFigures,
  type SecuritySummary,
  type SignInLock,
  type SignInLockRule,
  type ValidSecurityEventListQuery,
  type ValidSessionListQuery,
  type ValidSignInLockListQuery,
} from '../../core/platform/security.schemas';
import { AUTH_RATE_LIMITS } from '../auth/rate-limits';
import { queryRows, type Database, type PlatformDb } from '../db/client';
import { profiles, rateLimits, sessions, users } from '../db/schema/auth';
import { securityEvents } from '../db/schema/platform';
import { tenants } from '../db/schema/tenancy';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';
import type { RateLimitRule } from '../http/rate-limit';
import { recordPlatformAudit } from './platform-audit';

// The console's Security page (issue 21, docs/platform.md "Security"): the recorded security events
// (security_events), the sign-in locks (the sign-in limits' rate_limits rows over their maximum,
// window not over) and every live session, all platform tables read on the owner connection.
// Unlocking and revoking are written to the platform audit log in their transaction.

const HOUR_MS = 60 * 60_000;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const contains = (text: string) => `%${escapeLike(text)}%`;

async function readFigures(db: PlatformDb, since: Date): Promise<SecurityFigures> {
  const [row] = await db
    .select({
      signInAttempts: sql<number>`count(*) filter (where ${securityEvents.kind} in ('sign_in_failed', 'sign_in_succeeded'))::int`,
      signInFailures: sql<number>`count(*) filter (where ${securityEvents.kind} = 'sign_in_failed')::int`,
      rateLimitHits: sql<number>`count(*) filter (where ${securityEvents.kind} = 'rate_limited')::int`,
      webhookSignatureFailures: sql<number>`count(*) filter (where ${securityEvents.kind} = 'webhook_signature_failed')::int`,
    })
    .from(securityEvents)
    .where(gt(securityEvents.createdAt, since));
  return row ?? { signInAttempts: 0, signInFailures: 0, rateLimitHits: 0, webhookSignatureFailures: 0 };
}

const eventColumns = { event: securityEvents, tenantName: tenants.name };

function toEvent({ event, tenantName }: { event: typeof securityEvents.$inferSelect; tenantName: string | null }): SecurityEvent {
  return {
    id: event.id,
    kind: event.kind as SecurityEvent['kind'],
    email: event.email,
    userId: event.userId,
    ipAddress: event.ipAddress,
    userAgent: event.userAgent,
    tenantId: event.tenantId,
    tenantName,
    detail: event.detail,
    createdAt: event.createdAt.toISOString(),
  };
}

/** The figures of the last 24 hours and 7 days, the addresses and accounts failing most, the latest refused callbacks. */
export async function readSecuritySummary(database: Database): Promise<SecuritySummary> {
  const db = database.platform;
  const now = Date.now();
  const week = new Date(now - 7 * 24 * HOUR_MS);
  const failedThisWeek = and(eq(securityEvents.kind, 'sign_in_failed'), gt(securityEvents.createdAt, week));
  const [last24Hours, last7Days, byAddress, byAccount, webhookFailures] = await Promise.all([
    readFigures(db, new Date(now - 24 * HOUR_MS)),
    readFigures(db, week),
    db
      .select({
        ipAddress: sql<string>`${securityEvents.ipAddress}`,
        failures: sql<number>`count(*)::int`,
        accounts: sql<number>`count(distinct ${securityEvents.email})::int`,
        lastAt: sql<Date>`max(${securityEvents.createdAt})`,
      })
      .from(securityEvents)
      .where(and(failedThisWeek, sql`${securityEvents.ipAddress} is not null`))
      .groupBy(securityEvents.ipAddress)
      .orderBy(sql`count(*) desc`, sql`max(${securityEvents.createdAt}) desc`)
      .limit(SECURITY_TOP_COUNT),
    db
      .select({
        email: sql<string>`${securityEvents.email}`,
        failures: sql<number>`count(*)::int`,
        addresses: sql<number>`count(distinct ${securityEvents.ipAddress})::int`,
        lastAt: sql<Date>`max(${securityEvents.createdAt})`,
      })
      .from(securityEvents)
      .where(and(failedThisWeek, sql`${securityEvents.email} is not null`))
      .groupBy(securityEvents.email)
      .orderBy(sql`count(*) desc`, sql`max(${securityEvents.createdAt}) desc`)
      .limit(SECURITY_TOP_COUNT),
    db
      .select(eventColumns)
      .from(securityEvents)
      .leftJoin(tenants, eq(tenants.id, securityEvents.tenantId))
      .where(eq(securityEvents.kind, 'webhook_signature_failed'))
      .orderBy(desc(securityEvents.createdAt))
      .limit(10),
  ]);
  return {
    last24Hours,
    last7Days,
    failuresByAddress: byAddress.map((row) => ({ ...row, lastAt: new Date(row.lastAt).toISOString() })),
    failuresByAccount: byAccount.map((row) => ({ ...row, lastAt: new Date(row.lastAt).toISOString() })),
    webhookFailures: webhookFailures.map(toEvent),
  };
}

const EVENT_SORT_COLUMNS = { createdAt: securityEvents.createdAt, email: securityEvents.email, ipAddress: securityEvents.ipAddress };

/** Recorded events, a page at a time: one kind or all, searched by e-mail or client address in part. */
export async function listSecurityEvents(database: Database, query: ValidSecurityEventListQuery): Promise<SecurityEventPage> {
  const db = database.platform;
  const conditions: SQL[] = [];
  if (query.kind) conditions.push(eq(securityEvents.kind, query.kind));
  if (query.search) conditions.push(or(ilike(securityEvents.email, contains(query.search)), ilike(securityEvents.ipAddress, contains(query.search)))!);
  const where = conditions.length ? and(...conditions) : undefined;
  const order = query.direction === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select(eventColumns)
      .from(securityEvents)
      .leftJoin(tenants, eq(tenants.id, securityEvents.tenantId))
      .where(where)
      .orderBy(order(EVENT_SORT_COLUMNS[query.sort]), desc(securityEvents.createdAt), desc(securityEvents.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(securityEvents).where(where),
  ]);
  return { items: rows.map(toEvent), total: total?.n ?? 0 };
}

/** The sign-in limits a person is locked out by, with the key prefix of their rate_limits rows. */
const LOCK_RULES: ReadonlyArray<{ rule: SignInLockRule; limit: RateLimitRule }> = [
  { rule: 'account_address', limit: AUTH_RATE_LIMITS.failedSignInPerAccountAndAddress },
  { rule: 'address', limit: AUTH_RATE_LIMITS.failedSignInPerAddress },
];
const keyPrefix = (limit: RateLimitRule) => `${limit.name}:`;

/** A lock's key as the rate limiter wrote it: `<rule>:<email>@<address>` or `<rule>:<address>`. */
function toLock(row: { key: string; count: number; window_start: Date | string }): SignInLock | null {
  const match = LOCK_RULES.find(({ limit }) => row.key.startsWith(keyPrefix(limit)));
  if (!match) return null;
  const subject = row.key.slice(keyPrefix(match.limit).length);
  // The address never holds an "@" (IPv4, IPv6 or "unknown"); the e-mail always does.
  const at = subject.lastIndexOf('@');
  const lockedUntil = new Date(new Date(row.window_start).getTime() + match.limit.windowSeconds * 1000).toISOString();
  return {
    key: row.key,
    rule: match.rule,
    email: match.rule === 'account_address' ? subject.slice(0, at) : null,
    ipAddress: match.rule === 'account_address' ? subject.slice(at + 1) : subject,
    failures: row.count,
    max: match.limit.max,
    lockedUntil,
  };
}

const lockedRowsWhere = (search: string | undefined) => {
  const locked = sql.join(
    LOCK_RULES.map(
      ({ limit }) =>
        sql`(key like ${`${escapeLike(keyPrefix(limit))}%`} and count >= ${limit.max} and window_start > now() - make_interval(secs => ${limit.windowSeconds}))`,
    ),
    sql` or `,
  );
  return search ? sql`(${locked}) and key ilike ${contains(search)}` : sql`(${locked})`;
};

/** Accounts (from an address) and addresses now over a sign-in limit, the latest first. */
export async function listSignInLocks(database: Database, query: ValidSignInLockListQuery) {
  const where = lockedRowsWhere(query.search);
  const [rows, [total]] = await Promise.all([
    queryRows<{ key: string; count: number; window_start: Date | string }>(
      database.platform,
      sql`select key, count, window_start from rate_limits where ${where} order by window_start desc, key limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    queryRows<{ n: number }>(database.platform, sql`select count(*)::int as n from rate_limits where ${where}`),
  ]);
  return { items: rows.map(toLock).filter((lock): lock is SignInLock => lock !== null), total: total?.n ?? 0 };
}

/** Deletes a sign-in limit's counter, so the account (or address) may try again at once; audited. */
export async function unlockSignIn(deps: AppDependencies, actorUserId: string, key: string): Promise<SignInLock> {
  return deps.database.platform.transaction(async (tx) => {
    const [row] = await tx.delete(rateLimits).where(eq(rateLimits.key, key)).returning();
    const lock = row ? toLock({ key: row.key, count: row.count, window_start: row.windowStart }) : null;
    if (!lock) throw new HttpError('not_found', /*i18n*/ 'This sign-in lock has already ended');
    const [account] = lock.email ? await tx.select({ id: users.id }).from(users).where(eq(users.email, lock.email)).limit(1) : [];
    await recordPlatformAudit(tx, {
      actorUserId,
      action: 'security.sign_in_unlocked',
      targetUserId: account?.id ?? null,
      details: { rule: lock.rule, email: lock.email, ipAddress: lock.ipAddress, failures: lock.failures },
    });
    return lock;
  });
}

const SESSION_SORT_COLUMNS = { createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, email: users.email };

/** Every session not yet expired, a page at a time, searched by e-mail or client address in part. */
export async function listSessions(
  database: Database,
  currentSessionId: string,
  query: ValidSessionListQuery,
) {
  const db = database.platform;
  const live = gt(sessions.expiresAt, new Date());
  const where = query.search ? and(live, or(ilike(users.email, contains(query.search)), ilike(sessions.ipAddress, contains(query.search)))) : live;
  const order = query.direction === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        email: users.email,
        fullName: profiles.fullName,
        tenantId: sessions.tenantId,
        tenantName: tenants.name,
        tenantSubdomain: tenants.subdomain,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(profiles, eq(profiles.userId, sessions.userId))
      .leftJoin(tenants, eq(tenants.id, sessions.tenantId))
      .where(where)
      .orderBy(order(SESSION_SORT_COLUMNS[query.sort]), desc(sessions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(where),
  ]);
  const items: PlatformSession[] = rows.map((row) => ({
    ...row,
    fullName: row.fullName ?? null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    isCurrent: row.id === currentSessionId,
  }));
  return { items, total: total?.n ?? 0 };
}

/** Ends one session: its next request is 401. Audited with whose it was and where it was opened. */
export async function revokeSession(deps: AppDependencies, actor: { userId: string; sessionId: string }, sessionId: string): Promise<void> {
  if (sessionId === actor.sessionId) throw new HttpError('conflict', /*i18n*/ 'This is your own session: sign out instead');
  await deps.database.platform.transaction(async (tx) => {
    const [ended] = await tx
      .delete(sessions)
      .where(eq(sessions.id, sessionId))
      .returning({ userId: sessions.userId, tenantId: sessions.tenantId, ipAddress: sessions.ipAddress, createdAt: sessions.createdAt });
    if (!ended) throw new HttpError('not_found', /*i18n*/ 'This session has already ended');
    const [person] = await tx.select({ email: users.email }).from(users).where(eq(users.id, ended.userId));
    await recordPlatformAudit(tx, {
      actorUserId: actor.userId,
      action: 'user.session_revoked',
      targetUserId: ended.userId,
      details: { sessionId, email: person?.email ?? null, sessionTenantId: ended.tenantId, ipAddress: ended.ipAddress, openedAt: ended.createdAt.toISOString() },
    });
  });
}
