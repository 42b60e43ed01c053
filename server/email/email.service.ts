import { and, desc, eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/client';
import { emailOutbox } from '../db/schema/email';
import type { Logger } from '../logger';

export interface EmailMessage {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  tenantId?: string | null;
  /** Files sent with the message (a statement's PDF). */
  attachments?: EmailAttachment[];
}

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface Mailer {
  /** Records the message in the outbox and delivers it over SMTP when configured. */
  send(message: EmailMessage): Promise<void>;
  readonly transport: 'smtp' | 'outbox';
}

export function createMailer(options: { database: Database; smtpUrl?: string; from: string; logger: Logger }): Mailer {
  const transporter: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const transport = transporter ? 'smtp' : 'outbox';
  return {
    transport,
    async send(message) {
      const [row] = await options.database.platform
        .insert(emailOutbox)
        .values({
          tenantId: message.tenantId ?? null,
          kind: message.kind,
          toAddress: message.to.toLowerCase(),
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html,
          attachments: (message.attachments ?? []).map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            contentBase64: Buffer.from(file.content).toString('base64'),
          })),
          transport,
          sentAt: transporter ? null : new Date(),
        })
        .returning({ id: emailOutbox.id });
      if (!transporter || !row) return;
      try {
        await transporter.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments?.map((file) => ({ filename: file.filename, contentType: file.contentType, content: Buffer.from(file.content) })),
        });
        await options.database.platform.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, row.id));
      } catch (error) {
        options.logger.error({ err: error, kind: message.kind }, 'E-mail delivery failed');
        await options.database.platform
          .update(emailOutbox)
          .set({ error: error instanceof Error ? error.message : String(error) })
          .where(eq(emailOutbox.id, row.id));
        throw error;
      }
    },
  };
}

export interface OutboxEntry {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
  attachments: { filename: string; contentType: string; sizeBytes: number }[];
}

/** The newest messages, optionally to one address (development mailbox and tests). */
export async function listOutbox(database: Database, options: { to?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
  return database.platform
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      text: emailOutbox.textBody,
      html: emailOutbox.htmlBody,
      createdAt: emailOutbox.createdAt,
      // Names and sizes only: the files themselves are fetched one at a time.
      attachments: sql<OutboxEntry['attachments']>`(
        select coalesce(jsonb_agg(jsonb_build_object(
          'filename', file->>'filename', 'contentType', file->>'contentType',
          'sizeBytes', octet_length(decode(file->>'contentBase64', 'base64'))) order by position), '[]'::jsonb)
        from jsonb_array_elements(${emailOutbox.attachments}) with ordinality as files(file, position))`,
    })
    .from(emailOutbox)
    .where(options.to ? and(eq(emailOutbox.toAddress, options.to.toLowerCase())) : undefined)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(Math.min(options.limit ?? 50, 200));
}

/** The files sent with one outbox message (tests and the development mailbox). */
export async function outboxAttachments(database: Database, id: string): Promise<EmailAttachment[]> {
  const [row] = await database.platform.select({ attachments: emailOutbox.attachments }).from(emailOutbox).where(eq(emailOutbox.id, id));
  return (row?.attachments ?? []).map((file) => ({
    filename: file.filename,
    contentType: file.contentType,
    content: new Uint8Array(Buffer.from(file.contentBase64, 'base64')),
  }));
}
