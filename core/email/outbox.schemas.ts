import { z } from 'zod';

/** A message in the local outbox, as the development mailbox shows it. */
export const outboxMessageSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.iso.datetime(),
  /** The files sent with it, opened at /api/dev/outbox/{id}/attachments/{index}. */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), sizeBytes: z.int() })),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxResponseSchema = z.object({ messages: z.array(outboxMessageSchema) });
