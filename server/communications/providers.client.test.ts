import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAfricasTalking, type FakeAfricasTalking } from '../../tests/support/fake-africastalking';
import { startFakeWhatsapp, type FakeWhatsapp } from '../../tests/support/fake-whatsapp';
import { createAfricasTalkingClient } from './africastalking.client';
import { createWhatsappClient, validWhatsappSignature } from './whatsapp.client';

// The real HTTP clients against local fakes of the providers' documented APIs.

let at: FakeAfricasTalking;
let wa: FakeWhatsapp;
const account = { environment: 'sandbox' as const, username: 'dukani', apiKey: 'atsk_live_1234abcd', senderId: 'DUKANI' };

beforeAll(async () => {
  [at, wa] = await Promise.all([startFakeAfricasTalking(), startFakeWhatsapp()]);
  at.addApp(account.username, account.apiKey);
  wa.addNumber('106540352242922', 'EAAG-token-9876', ['debt_reminder', 'hello_world']);
});
afterAll(async () => {
  await Promise.all([at.close(), wa.close()]);
});

describe("Africa's Talking SMS", () => {
  const client = () => createAfricasTalkingClient({ baseUrls: { sandbox: at.url, production: 'http://127.0.0.1:9' } });

  it('sends with the sender ID and answers the message id and the cost as reported', async () => {
    const outcome = await client().send(account, '+254712345678', 'Habari Wanjiku');
    expect(outcome).toMatchObject({ kind: 'sent', cost: 'KES 0.8000' });
    expect(outcome.kind === 'sent' && outcome.providerMessageId).toMatch(/^ATXid_/);
    expect(at.sent.at(-1)).toMatchObject({ username: 'dukani', to: '+254712345678', from: 'DUKANI', message: 'Habari Wanjiku' });
  });

  it('a refused number is failed for good; a wrong key is refused; a gateway error is retried', async () => {
    at.refuseNumber('+254700000403', 403, 'InvalidPhoneNumber');
    expect(await client().send(account, '+254700000403', 'x')).toEqual({ kind: 'refused', reason: 'InvalidPhoneNumber (403)' });
    expect((await client().send({ ...account, apiKey: 'wrong' }, '+254712345678', 'x')).kind).toBe('refused');
    at.failNext(1);
    expect((await client().send(account, '+254712345678', 'x')).kind).toBe('retry');
  });

  it('an unreachable provider is retried, not failed', async () => {
    const outcome = await client().send({ ...account, environment: 'production' }, '+254712345678', 'x');
    expect(outcome.kind).toBe('retry');
  });
});

describe('WhatsApp Cloud API', () => {
  const client = () => createWhatsappClient({ baseUrl: wa.url });
  const wabaAccount = { phoneNumberId: '106540352242922', accessToken: 'EAAG-token-9876' };

  it('sends an approved template with its body parameters', async () => {
    const outcome = await client().sendTemplate(wabaAccount, { to: '254712345678', template: 'debt_reminder', language: 'sw', parameters: ['Wanjiku', 'KES 1,250.00'] });
    expect(outcome).toMatchObject({ kind: 'sent', cost: null });
    expect(wa.messages.at(-1)!.body.template).toEqual({
      name: 'debt_reminder',
      language: { code: 'sw' },
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'Wanjiku' }, { type: 'text', text: 'KES 1,250.00' }] }],
    });
  });

  it('an unknown template or a bad token is refused with Meta’s message', async () => {
    expect(await client().sendTemplate(wabaAccount, { to: '254712345678', template: 'nope', language: 'en', parameters: [] })).toEqual({
      kind: 'refused',
      reason: '(#132001) Template name does not exist in the translation (132001)',
    });
    expect((await client().sendTemplate({ ...wabaAccount, accessToken: 'x' }, { to: '254712345678', template: 'hello_world', language: 'en', parameters: [] })).kind).toBe('refused');
  });

  it('checks X-Hub-Signature-256 over the raw bytes with the app secret', async () => {
    let received: { body: Buffer; signature: string | undefined } | null = null;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received = { body: Buffer.concat(chunks), signature: req.headers['x-hub-signature-256'] as string | undefined };
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    await wa.status(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, 'app-secret-1', { id: 'wamid.x', status: 'delivered', recipientId: '254712345678' });
    server.close();
    const { body, signature } = received!;
    expect(validWhatsappSignature(body, signature, 'app-secret-1')).toBe(true);
    expect(validWhatsappSignature(body, signature, 'another-secret')).toBe(false);
    expect(validWhatsappSignature(Buffer.concat([body, Buffer.from(' ')]), signature, 'app-secret-1')).toBe(false);
    expect(validWhatsappSignature(body, undefined, 'app-secret-1')).toBe(false);
    // Meta's documented form: "sha256=" then the hex digest.
    expect(signature).toBe(`sha256=${createHmac('sha256', 'app-secret-1').update(body).digest('hex')}`);
  });
});
