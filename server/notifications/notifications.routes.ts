import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { apiErrorSchema } from '../../core/api/api-error.schemas';
import { notificationListSchema } from '../../core/notifications/notifications.schemas';
import { tenantRoute } from '../http/routes';
import { listNotifications, markNotificationsRead } from './notifications.service';

const list = { description: 'Notifications', content: { 'application/json': { schema: notificationListSchema } } };
// Notifications show even when the subscription has lapsed: billing events are among them.

export const notificationRoutes = [
  tenantRoute(
    { permission: 'member', allowWithoutSubscription: true },
    createRoute({
      method: 'get',
      path: '/api/notifications',
      tags: ['notifications'],
      summary: 'My newest notifications in this shop (20: those concerning a permission I hold, or everyone) and how many are unread',
      responses: { 200: list },
    }),
    async (c) => {
      const { userId } = c.var.principal;
      return c.json(await c.var.deps.database.withTenant(c.var.tenantId, (tx) => listNotifications(tx, userId, c.var.memberAccess)), 200);
    },
  ),
  tenantRoute(
    { permission: 'member', allowWithoutSubscription: true },
    createRoute({
      method: 'post',
      path: '/api/notifications/read',
      tags: ['notifications'],
      summary: 'Mark one notification read ({ id }) or all of mine ({})',
      request: { body: { content: { 'application/json': { schema: z.object({ id: z.uuid().optional() }) } }, required: true } },
      responses: { 200: list, 404: { description: 'No such notification', content: { 'application/json': { schema: apiErrorSchema } } } },
    }),
    async (c) => {
      const { userId } = c.var.principal;
      const { id } = c.req.valid('json');
      const { tenantId, memberAccess } = c.var;
      const result = await c.var.deps.database.withTenant(tenantId, async (tx) => {
        await markNotificationsRead(tx, tenantId, userId, memberAccess, id);
        return listNotifications(tx, userId, memberAccess);
      });
      return c.json(result, 200);
    },
  ),
];
