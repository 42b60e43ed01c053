import { z } from 'zod';

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  createdAt: z.iso.datetime(),
  isRead: z.boolean(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.int().nonnegative(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const NOTIFICATION_LIST_LIMIT = 20;
