import { createRoute } from '@hono/zod-openapi';
import {
  announcementInputSchema,
  announcementListQuerySchema,
  announcementPageSchema,
  announcementSchema,
  emailDeliverabilitySchema,
} from '../../core/platform/communications.schemas';
import {
  maintenanceBannerSchema,
  platformSettingsInputSchema,
  platformSettingsSchema,
  testEmailResultSchema,
} from '../../core/platform/settings.schemas';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { platformRoute, publicRoute, type RouteDefinition } from '../http/routes';
import { createAnnouncement, listAnnouncements, readEmailDeliverability } from './communications.service';
import { readMaintenanceBanner, readPlatformSettings, sendTestEmail, updatePlatformSettings } from './settings.service';

// The console's Communications and Settings pages (issue 21, docs/platform.md): platform admins
// only; the maintenance banner is public (the sign-in page shows it).

export const platformCommunicationRoutes: RouteDefinition[] = [
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/announcements',
      tags: ['platform'],
      summary: 'Announcements, newest first, a page at a time, with how many shops and e-mails each reached',
      request: { query: announcementListQuerySchema },
      responses: { 200: jsonResponse(announcementPageSchema, 'A page of announcements') },
    }),
    async (c) => c.json(await listAnnouncements(c.var.deps.database, c.req.valid('query')), 200),
  ),
  platformRoute(
    createRoute({
      method: 'post',
      path: '/api/platform/announcements',
      tags: ['platform'],
      summary: "Posts an announcement to all shops or some (by plan, status, or chosen): each shop's notifications menu, optionally its owners' e-mail; delivered by a job at its start",
      request: jsonBody(announcementInputSchema),
      responses: { 201: jsonResponse(announcementSchema, 'Saved and queued') },
    }),
    async (c) => c.json(await createAnnouncement(c.var.deps, c.var.principal.userId, c.req.valid('json')), 201),
  ),
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/email-deliverability',
      tags: ['platform'],
      summary: 'The e-mail outbox over the last 7 days: queued, sent, failed, and the latest failures',
      responses: { 200: jsonResponse(emailDeliverabilitySchema, 'E-mail deliverability') },
    }),
    async (c) => c.json(await readEmailDeliverability(c.var.deps), 200),
  ),
];

export const platformSettingsRoutes: RouteDefinition[] = [
  platformRoute(
    createRoute({
      method: 'get',
      path: '/api/platform/settings',
      tags: ['platform'],
      summary: "The platform's settings (trial days, default plan, sign-up, maintenance banner) and facts (root domains, SMTP, Paystack, retention)",
      responses: { 200: jsonResponse(platformSettingsSchema, 'Settings') },
    }),
    async (c) => c.json(await readPlatformSettings(c.var.deps), 200),
  ),
  platformRoute(
    createRoute({
      method: 'put',
      path: '/api/platform/settings',
      tags: ['platform'],
      summary: 'Saves the editable platform settings; what changed goes to the platform audit log',
      request: jsonBody(platformSettingsInputSchema),
      responses: { 200: jsonResponse(platformSettingsSchema, 'Saved') },
    }),
    async (c) => c.json(await updatePlatformSettings(c.var.deps, c.var.principal.userId, c.req.valid('json')), 200),
  ),
  platformRoute(
    createRoute({
      method: 'post',
      path: '/api/platform/settings/test-email',
      tags: ['platform'],
      summary: "Sends a test e-mail to the signed-in admin's own address and says whether it went",
      responses: { 200: jsonResponse(testEmailResultSchema, 'The result'), 400: errorResponse('No address') },
    }),
    async (c) => c.json(await sendTestEmail(c.var.deps, c.var.principal.email), 200),
  ),
  publicRoute(
    createRoute({
      method: 'get',
      path: '/api/maintenance-banner',
      tags: ['platform'],
      summary: "The platform's maintenance banner while one is set (shown atop every shop's admin area and the sign-in page)",
      responses: { 200: jsonResponse(maintenanceBannerSchema, 'The banner, or null') },
    }),
    async (c) => c.json({ message: await readMaintenanceBanner(c.var.deps.database) }, 200),
  ),
];
