import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db';
import { createLogger } from '../logger';
import { createMailer, listOutbox } from './email.service';

// A real SMTP conversation with a local server: what nodemailer sends is what arrives.
let database: TestDatabase;
let smtp: SMTPServer;
let port: number;
const received: { from: string; to: string[]; data: string }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ from: String(session.envelope.mailFrom && session.envelope.mailFrom.address), to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await database.dispose();
});

const message = { kind: 'email_verification', to: 'Amina@Example.test', subject: 'Your Dukani verification code: 123456', text: 'Code 123456', html: '<p>Code <b>123456</b></p>' };

describe('mailer', () => {
  it('delivers over SMTP and records the message as sent', async () => {
    const mailer = createMailer({ database, smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Dukani <no-reply@dukani.co.ke>', logger: createLogger('error') });
    expect(mailer.transport).toBe('smtp');
    await mailer.send(message);
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('no-reply@dukani.co.ke');
    expect(received[0]?.to.map((a) => a.toLowerCase())).toEqual(['amina@example.test']);
    expect(received[0]?.data).toContain('Subject: Your Dukani verification code: 123456');
    expect(received[0]?.data).toContain('multipart/alternative');
    const [row] = await listOutbox(database, { to: 'amina@example.test' });
    expect(row?.subject).toBe(message.subject);
  });

  it('without SMTP keeps the message in the outbox', async () => {
    const mailer = createMailer({ database, from: 'Dukani <no-reply@dukani.co.ke>', logger: createLogger('error') });
    expect(mailer.transport).toBe('outbox');
    await mailer.send({ ...message, to: 'outbox-only@example.test' });
    expect(received).toHaveLength(1);
    expect((await listOutbox(database, { to: 'outbox-only@example.test' }))[0]?.text).toBe('Code 123456');
  });

  it('reports a delivery failure and records the error', async () => {
    const mailer = createMailer({ database, smtpUrl: 'smtp://127.0.0.1:1', from: 'Dukani <no-reply@dukani.co.ke>', logger: createLogger('error') });
    await expect(mailer.send({ ...message, to: 'unreachable@example.test' })).rejects.toThrow();
    const rows = await database.platform.query.emailOutbox.findMany({ where: (outbox, { eq }) => eq(outbox.toAddress, 'unreachable@example.test') });
    expect(rows[0]?.error).toMatch(/ECONNREFUSED|connect/i);
    expect(rows[0]?.sentAt).toBeNull();
  });
});
