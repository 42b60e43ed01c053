import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { apiErrorSchema } from '../../core/api/api-error.schemas';
import { safeLine } from '../../core/api/text.schemas';
import { outboxResponseSchema } from '../../core/email/outbox.schemas';
import { readPrincipal } from '../auth/principal';
import type { AppEnv } from '../http/context';
import { HttpError } from '../http/errors';
import { isLoopbackClient } from '../http/request-meta';
import { publicRoute } from '../http/routes';
import { listOutbox, outboxAttachments } from './email.service';

const OUTBOX_FORBIDDEN_MESSAGE = /*i18n*/ 'The development mailbox opens only on the machine running Dukani, or for a platform admin.';

/** Development only, and for this machine or a platform admin: every shop's mail, reset links included. */
async function requireMailboxReader(c: Context<AppEnv>) {
  if (c.var.deps.config.isProduction) throw new HttpError('not_found', /*i18n*/ 'No such API route');
  if (!isLoopbackClient(c) && !(await readPrincipal(c.var.deps, c.req.raw.headers))?.isPlatformAdmin) {
    throw new HttpError('forbidden', OUTBOX_FORBIDDEN_MESSAGE);
  }
}

const mailboxRefusals = {
  403: { description: 'Neither this machine nor a platform admin', content: { 'application/json': { schema: apiErrorSchema } } },
  404: { description: 'Not available in production (or no such message or file)', content: { 'application/json': { schema: apiErrorSchema } } },
};

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
      responses: { 200: { description: 'Outbox', content: { 'application/json': { schema: outboxResponseSchema } } }, ...mailboxRefusals },
    }),
    async (c) => {
      await requireMailboxReader(c);
      const { to, limit } = c.req.valid('query');
      const messages = await listOutbox(c.var.deps.database, { to, limit });
      return c.json({ messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) }, 200);
    },
  ),
  publicRoute(
    createRoute({
      method: 'get',
      path: '/api/dev/outbox/{id}/attachments/{index}',
      tags: ['development'],
      summary: 'One file sent with an outbox message (development only)',
      request: { params: z.object({ id: z.uuid(), index: z.coerce.number().int().min(0).max(100) }) },
      responses: { 200: { description: 'The file, with its content type' }, ...mailboxRefusals },
    }),
    async (c) => {
      await requireMailboxReader(c);
      const { id, index } = c.req.valid('param');
      const file = (await outboxAttachments(c.var.deps.database, id))[index];
      if (!file) throw new HttpError('not_found', /*i18n*/ 'No such file');
      return c.body(new Uint8Array(file.content), 200, {
        'content-type': file.contentType,
        'content-disposition': `inline; filename="${file.filename.replace(/["\\\r\n]/g, '_')}"`,
      });
    },
  ),
];
