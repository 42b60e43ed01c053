import { and, desc, eq } from 'drizzle-orm';
import { LOGIN_HISTORY_LIMIT } from '../../core/profile/profile.schemas';
import type { Database, TenantTx } from '../db/client';
import { userActivityLogs } from '../db/schema/auth';

export interface ActivityEntry {
  userId: string;
  actionType: 'login' | 'logout' | 'account_deactivation' | 'password_change' | 'email_change' | 'email_verified';
  ipAddress?: string | null;
  userAgent?: string | null;
  resourceType?: string;
  resourceId?: string;
  details?: Record<string, unknown>;
}

/** Spec §3 log_user_activity: appends one entry in the tenant's log. */
export async function recordActivity(database: Database, tenantId: string, entry: ActivityEntry) {
  await database.withTenant(tenantId, (tx) => insertActivity(tx, tenantId, entry));
}

/** The same entry in the caller's transaction, for a change the entry must not outlive. */
export async function insertActivity(tx: TenantTx, tenantId: string, entry: ActivityEntry) {
  await tx.insert(userActivityLogs).values({
    tenantId,
    userId: entry.userId,
    actionType: entry.actionType,
    resourceType: entry.resourceType ?? 'user',
    resourceId: entry.resourceId ?? entry.userId,
    details: entry.details ?? { timestamp: new Date().toISOString() },
    ipAddress: entry.ipAddress ?? null,
    userAgent: entry.userAgent ?? null,
  });
}

/** The newest logins of a user in a tenant (spec §7: only when the tenant is known; 10 entries). */
export async function listRecentLogins(database: Database, tenantId: string, userId: string) {
  return database.withTenant(tenantId, (tx) =>
    tx
      .select({
        id: userActivityLogs.id,
        ipAddress: userActivityLogs.ipAddress,
        userAgent: userActivityLogs.userAgent,
        createdAt: userActivityLogs.createdAt,
      })
      .from(userActivityLogs)
      .where(and(eq(userActivityLogs.userId, userId), eq(userActivityLogs.actionType, 'login')))
      .orderBy(desc(userActivityLogs.createdAt))
      .limit(LOGIN_HISTORY_LIMIT),
  );
}
