import { createRoute } from '@hono/zod-openapi';
import { apiErrorSchema } from '../../core/api/api-error.schemas';
import { businessSettingsSchema, updateBusinessSettingsSchema } from '../../core/settings/settings.schemas';
import { tenantRoute } from '../http/routes';
import { getBusinessSettings, updateBusinessSettings } from './settings.service';

const settingsResponse = { description: 'Business settings', content: { 'application/json': { schema: businessSettingsSchema } } };

export const settingsRoutes = [
  tenantRoute(
    { minRole: 'cashier' },
    createRoute({
      method: 'get',
      path: '/api/settings/business',
      tags: ['settings'],
      summary: "This shop's business settings (currency, time zone, logo)",
      responses: { 200: settingsResponse },
    }),
    async (c) => c.json(await c.var.deps.database.withTenant(c.var.tenantId, getBusinessSettings), 200),
  ),
  tenantRoute(
    { minRole: 'admin' },
    createRoute({
      method: 'patch',
      path: '/api/settings/business',
      tags: ['settings'],
      summary: "Change this shop's currency or time zone (business owner)",
      request: { body: { content: { 'application/json': { schema: updateBusinessSettingsSchema } }, required: true } },
      responses: {
        200: settingsResponse,
        403: { description: 'Role too low', content: { 'application/json': { schema: apiErrorSchema } } },
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const settings = await c.var.deps.database.withTenant(c.var.tenantId, (tx) => updateBusinessSettings(tx, input));
      return c.json(settings, 200);
    },
  ),
];
