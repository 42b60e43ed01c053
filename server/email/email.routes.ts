import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { apiErrorSchema } from '../../core/api/api-error.schemas';
import { safeLine } from '../../core/api/text.schemas';
import { outboxResponseSchema } from '../../core/email/outbox.schemas';
import { readPrincipal } from '../auth/principal';
import { HttpError } from '../http/errors';
import { isLoopbackClient } from '../http/request-meta';
import { publicRoute } from '../http/routes';
import { listOutbox } from './email.service';

const OUTBOX_FORBIDDEN_MESSAGE = /*i18n*/ 'The development mailbox opens only on the machine running Dukani, or for a platform admin.';

// The development mailbox (/dev/mailbox) reads the outbox. Never served in production.
export const emailRoutes = [
  publicRoute(
    createRoute({
      method: 'get',
      path: '/api/dev/outbox',
      tags: ['development'],
      summary: 'Messages in the local outbox, newest first (development only)',
      request: {
        query: z.object({
          to: safeLine().trim().toLowerCase().optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
      },
      responses: {
        200: { description: 'Outbox', content: { 'application/json': { schema: outboxResponseSchema } } },
        403: { description: 'Neither this machine nor a platform admin', content: { 'application/json': { schema: apiErrorSchema } } },
        404: { description: 'Not available in production', content: { 'application/json': { schema: apiErrorSchema } } },
      },
    }),
    async (c) => {
      if (c.var.deps.config.isProduction) throw new HttpError('not_found', /*i18n*/ 'No such API route');
      // Every shop's mail, reset links included: for this machine or a platform admin only.
      if (!isLoopbackClient(c) && !(await readPrincipal(c.var.deps, c.req.raw.headers))?.isPlatformAdmin) {
        throw new HttpError('forbidden', OUTBOX_FORBIDDEN_MESSAGE);
      }
      const { to, limit } = c.req.valid('query');
      const messages = await listOutbox(c.var.deps.database, { to, limit });
      return c.json({ messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) }, 200);
    },
  ),
];
