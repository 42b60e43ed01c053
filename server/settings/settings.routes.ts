import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { businessSettingsSchema, updateBusinessSettingsSchema } from '../../core/settings/settings.schemas';
import { HttpError } from '../http/errors';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { publicRoute, tenantRoute } from '../http/routes';
import { getBusinessSettings, storeLogo, updateBusinessSettings } from './settings.service';

const settingsResponse = jsonResponse(businessSettingsSchema, 'Business settings');
const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

export const settingsRoutes = [
  tenantRoute(
    // Read also when the subscription has lapsed: the shop's name, logo and time zone frame the
    // Subscription Required page and the profile behind it (issue 10 item 8).
    { permission: 'member', allowWithoutSubscription: true },
    createRoute({
      method: 'get',
      path: '/api/settings/business',
      tags: ['settings'],
      summary: "This shop's business settings (name, currency, time zone, logo, receipt texts, KRA PIN)",
      responses: { 200: settingsResponse },
    }),
    async (c) => c.json(await getBusinessSettings(c.var.deps.database, c.var.tenantId), 200),
  ),
  tenantRoute(
    { permission: 'settings.manage' },
    createRoute({
      method: 'patch',
      path: '/api/settings/business',
      tags: ['settings'],
      summary: "Change this shop's business settings (business owner)",
      request: jsonBody(updateBusinessSettingsSchema),
      responses: { 200: settingsResponse, 403: errorResponse('Role too low') },
    }),
    async (c) => c.json(await updateBusinessSettings(c.var.deps, c.var.tenantId, c.req.valid('json'), c.var.principal.userId), 200),
  ),
  tenantRoute(
    { permission: 'settings.manage' },
    createRoute({
      method: 'post',
      path: '/api/settings/business/logo',
      tags: ['settings'],
      summary: 'Upload the shop logo (PNG, JPEG or WebP, at most 512 KB; multipart field "logo")',
      request: { body: { content: { 'multipart/form-data': { schema: z.object({ logo: z.any() }) } }, required: true } },
      responses: { 200: settingsResponse, 400: errorResponse('Not an acceptable image') },
    }),
    async (c) => {
      const { logo } = c.req.valid('form') as { logo: unknown };
      if (!(logo instanceof File)) throw new HttpError('validation_failed', /*i18n*/ 'Choose an image to upload', { logo: [/*i18n*/ 'Choose an image to upload'] });
      return c.json(await storeLogo(c.var.deps, c.var.tenantId, logo), 200);
    },
  ),
  publicRoute(
    createRoute({
      method: 'get',
      path: '/api/files/{tenantId}/{file}',
      tags: ['settings'],
      summary: 'A shop logo (public: it shows on the sign-in page) or product photo; names are content hashes',
      request: { params: z.object({ tenantId: z.uuid(), file: z.string().regex(/^(logo-[a-f0-9]{16}\.(png|jpg|webp)|product-[a-f0-9]{16}\.webp)$/) }) },
      responses: { 200: { description: 'The image' }, 404: errorResponse('No such file') },
    }),
    async (c) => {
      const { tenantId, file } = c.req.valid('param');
      const bytes = await readFile(join(c.var.deps.config.dataDir, 'uploads', tenantId, file)).catch(() => null);
      if (!bytes) throw new HttpError('not_found', /*i18n*/ 'No such file');
      const extension = file.slice(file.lastIndexOf('.') + 1) as keyof typeof CONTENT_TYPES;
      return c.body(new Uint8Array(bytes), 200, {
        'Content-Type': CONTENT_TYPES[extension],
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
    },
  ),
];
