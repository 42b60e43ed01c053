import { count, desc, eq } from 'drizzle-orm';
import { changedSides } from '../../core/audit/audit-diff.rules';
import type { PlatformAuditAction, PlatformAuditEventView } from '../../core/platform/platform.schemas';
import { currentAuditOrigin } from '../audit/audit-origin';
import type { PlatformDb, PlatformTx } from '../db/client';
import { users } from '../db/schema/auth';
import { platformAuditEvents } from '../db/schema/platform';

// The platform audit log (issue 21, docs/platform.md): one writer, called by the console's services
// in the action's own transaction, so the event commits with the change or neither does. Where from
// (address, device, request) comes with the request (server/audit/audit-context.ts).

export interface PlatformAuditEntry {
  actorUserId: string;
  action: PlatformAuditAction;
  tenantId?: string | null;
  targetUserId?: string | null;
  /** The fields as they were and as they became; only those that changed are kept. */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  details?: Record<string, unknown>;
}

export async function recordPlatformAudit(tx: PlatformTx, entry: PlatformAuditEntry): Promise<void> {
  const origin = currentAuditOrigin();
  const sides = entry.before && entry.after ? changedSides(entry.before, entry.after) : null;
  await tx.insert(platformAuditEvents).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    tenantId: entry.tenantId ?? null,
    targetUserId: entry.targetUserId ?? null,
    before: sides?.before ?? entry.before ?? null,
    after: sides?.after ?? entry.after ?? null,
    details: entry.details ?? {},
    ipAddress: origin.ipAddress,
    userAgent: origin.userAgent,
    requestId: origin.requestId,
  });
}

/** A shop's platform history, newest first, with each actor's e-mail. */
export async function listTenantAuditEvents(db: PlatformDb, tenantId: string, limit = 20): Promise<PlatformAuditEventView[]> {
  const rows = await db
    .select({ event: platformAuditEvents, actorEmail: users.email })
    .from(platformAuditEvents)
    .leftJoin(users, eq(users.id, platformAuditEvents.actorUserId))
    .where(eq(platformAuditEvents.tenantId, tenantId))
    .orderBy(desc(platformAuditEvents.createdAt))
    .limit(limit);
  return rows.map(toAuditEventView);
}

/** The whole log, newest first, a page at a time, optionally one action only (the Security page). */
export async function listPlatformAuditEvents(
  db: PlatformDb,
  query: { action?: PlatformAuditAction; page: number; pageSize: number },
): Promise<{ items: PlatformAuditEventView[]; total: number }> {
  const where = query.action ? eq(platformAuditEvents.action, query.action) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ event: platformAuditEvents, actorEmail: users.email })
      .from(platformAuditEvents)
      .leftJoin(users, eq(users.id, platformAuditEvents.actorUserId))
      .where(where)
      .orderBy(desc(platformAuditEvents.createdAt), desc(platformAuditEvents.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(platformAuditEvents).where(where),
  ]);
  return { items: rows.map(toAuditEventView), total: total?.n ?? 0 };
}

function toAuditEventView({ event, actorEmail }: { event: typeof platformAuditEvents.$inferSelect; actorEmail: string | null }): PlatformAuditEventView {
  return {
    id: event.id,
    action: event.action,
    actorUserId: event.actorUserId,
    actorEmail,
    tenantId: event.tenantId,
    targetUserId: event.targetUserId,
    before: event.before,
    after: event.after,
    details: event.details,
    ipAddress: event.ipAddress,
    createdAt: event.createdAt.toISOString(),
  };
}
