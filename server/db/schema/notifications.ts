import { foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { tenantOwnedColumns } from './tenancy';

/** The header's notification list (billing events, low stock). */
export const notifications = pgTable(
  'notifications',
  {
    ...tenantOwnedColumns(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Where the notification leads in the app, e.g. /admin/settings?tab=billing. */
    link: text('link'),
    /** The permission it concerns (core/team/permissions.rules.ts): the members holding it see it; `member` everyone. */
    permission: text('permission').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('notifications_newest').on(t.tenantId, t.createdAt)],
);

/** Who has read which notification. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    tenantId: uuid('tenant_id').notNull(),
    notificationId: uuid('notification_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.notificationId, t.userId] }),
    foreignKey({ columns: [t.tenantId, t.notificationId], foreignColumns: [notifications.tenantId, notifications.id] }).onDelete('cascade'),
  ],
);
