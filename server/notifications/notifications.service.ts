import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { NOTIFICATION_LIST_LIMIT, type NotificationList } from '../../core/notifications/notifications.schemas';
import type { MemberAccess, RoutePermission } from '../../core/team/permissions.rules';
import type { TenantTx } from '../db/client';
import { notificationReads, notifications } from '../db/schema/notifications';
import { notFound } from '../http/errors';

// The header's notifications (issue 20, docs/decisions/0024-permissions-and-team.md): each names
// the permission it concerns, and reaches the members holding it (low stock those who manage stock,
// billing those who manage the subscription), whatever their role.

export interface NewNotification {
  kind: string;
  title: string;
  body: string;
  link?: string;
  /** Who it is for: the members holding this permission (`member`: everyone in the shop). */
  permission: RoutePermission;
}

/** Adds a notification in the caller's tenant transaction (so it commits with its cause). */
export async function notify(tx: TenantTx, tenantId: string, notification: NewNotification) {
  await tx.insert(notifications).values({ tenantId, ...notification, link: notification.link ?? null });
}

/** The notifications meant for a member: for everyone, or concerning a permission they hold. */
const meantFor = (access: Pick<MemberAccess, 'permissions'>) => inArray(notifications.permission, ['member', ...access.permissions]);

export async function listNotifications(tx: TenantTx, userId: string, access: Pick<MemberAccess, 'permissions'>): Promise<NotificationList> {
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
    .where(meantFor(access))
    .orderBy(desc(notifications.createdAt))
    .limit(NOTIFICATION_LIST_LIMIT);
  const [unread] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .leftJoin(notificationReads, readByMe)
    .where(and(meantFor(access), isNull(notificationReads.userId)));
  return {
    notifications: rows.map(({ readAt, createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString(), isRead: readAt !== null })),
    unreadCount: unread?.count ?? 0,
  };
}

/** Marks one notification (or, without an id, every one meant for them) read for this person. */
export async function markNotificationsRead(tx: TenantTx, tenantId: string, userId: string, access: Pick<MemberAccess, 'permissions'>, notificationId?: string) {
  const visible = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(meantFor(access), notificationId ? eq(notifications.id, notificationId) : undefined));
  if (notificationId && visible.length === 0) throw notFound(/*i18n*/ 'Notification not found');
  if (visible.length === 0) return;
  await tx
    .insert(notificationReads)
    .values(visible.map((n) => ({ tenantId, notificationId: n.id, userId })))
    .onConflictDoNothing();
}
