import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy';

/**
 * Every message the app sends. Without SMTP the outbox is the delivery (the development mailbox
 * reads it); with SMTP, rows record what was sent and any failure. Platform level: messages to
 * platform admins have no tenant.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Files sent with the message (an account statement's PDF): [{ filename, contentType, contentBase64 }]. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; contentBase64: string }[]>().notNull().default(sql`'[]'::jsonb`),
    transport: text('transport').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_outbox_to_idx').on(t.toAddress, t.createdAt)],
);
