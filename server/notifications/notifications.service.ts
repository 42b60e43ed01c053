import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { TENANT_ROLES, tenantRoleRank, type TenantRole } from '../../core/auth/roles.rules';
import { NOTIFICATION_LIST_LIMIT, type NotificationList } from '../../core/notifications/notifications.schemas';
import type { TenantTx } from '../db/client';
import { notificationReads, notifications } from '../db/schema/notifications';
import { notFound } from '../http/errors';

export interface NewNotification {
  kind: string;
  title: string;
  body: string;
  link?: string;
  minRole: TenantRole;
}

/** Adds a notification in the caller's tenant transaction (so it commits with its cause). */
export async function notify(tx: TenantTx, tenantId: string, notification: NewNotification) {
  await tx.insert(notifications).values({ tenantId, ...notification, link: notification.link ?? null });
}

/** The roles at or below a person's rank: the notifications meant for them. */
function visibleRoles(role: string | null): TenantRole[] {
  return TENANT_ROLES.filter((_, index) => tenantRoleRank(role) >= index + 1);
}

export async function listNotifications(tx: TenantTx, userId: string, role: string | null): Promise<NotificationList> {
  const roles = visibleRoles(role);
  if (roles.length === 0) return { notifications: [], unreadCount: 0 };
  const readByMe = and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, userId));
  const rows = await tx
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      createdAt: notifications.createdAt,
      readAt: notificationReads.readAt,
    })
    .from(notifications)
    .leftJoin(notificationReads, readByMe)
    .where(inArray(notifications.minRole, roles))
    .orderBy(desc(notifications.createdAt))
    .limit(NOTIFICATION_LIST_LIMIT);
  const [unread] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .leftJoin(notificationReads, readByMe)
    .where(and(inArray(notifications.minRole, roles), isNull(notificationReads.userId)));
  return {
    notifications: rows.map(({ readAt, createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString(), isRead: readAt !== null })),
    unreadCount: unread?.count ?? 0,
  };
}

/** Marks one notification (or, without an id, every visible one) read for this person. */
export async function markNotificationsRead(tx: TenantTx, tenantId: string, userId: string, role: string | null, notificationId?: string) {
  const visible = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(inArray(notifications.minRole, visibleRoles(role)), notificationId ? eq(notifications.id, notificationId) : undefined));
  if (notificationId && visible.length === 0) throw notFound(/*i18n*/ 'Notification not found');
  if (visible.length === 0) return;
  await tx
    .insert(notificationReads)
    .values(visible.map((n) => ({ tenantId, notificationId: n.id, userId })))
    .onConflictDoNothing();
}
