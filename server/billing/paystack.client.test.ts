import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFakePaystack, type FakePaystack } from '../../tests/support/fake-paystack';
import { PaymentProviderError, type InitializeTransactionInput, type PaymentProvider } from './payment-provider';
import { createPaystackClient, normalizePaystackMetadata, parsePaystackTransaction } from './paystack.client';
import { isValidPaystackSignature, signPaystackPayload } from './paystack-signature';

// The real client against a real HTTP fake of Paystack (tests/support/fake-paystack.ts). No database.

const SECRET = 'sk_test_dukani_4f1c2a9e7b6d5c3a1f0e9d8c7b6a5f4e3d2c1b0a';

let fake: FakePaystack;
let client: PaymentProvider;
let referenceCounter = 0;

beforeAll(async () => {
  fake = await createFakePaystack({ secretKey: SECRET });
  client = createPaystackClient({ secretKey: SECRET, baseUrl: fake.baseUrl });
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.reset();
});

function checkoutInput(overrides: Partial<InitializeTransactionInput> = {}): InitializeTransactionInput {
  referenceCounter += 1;
  return {
    email: 'owner@duka-la-mama.co.ke',
    amountMinor: 250_000, // KES 2,500.00
    currency: 'KES',
    reference: `dk-sub-${Date.now()}-${referenceCounter}`,
    callbackUrl: 'https://acme.dukani.co.ke/billing/callback',
    metadata: { tenantId: '0b7d1c2e-3f4a-4b5c-8d6e-7f8091a2b3c4', planCode: 'pro', interval: 'monthly' },
    ...overrides,
  };
}

async function captureError(promise: Promise<unknown>): Promise<PaymentProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentProviderError);
    return error as PaymentProviderError;
  }
  throw new Error('expected the call to fail');
}

function expectNoSecret(error: unknown, secret = SECRET) {
  const err = error as Error;
  expect(err.message).not.toContain(secret);
  expect(String(err.stack)).not.toContain(secret);
  expect(JSON.stringify(err)).not.toContain(secret);
}

describe('createPaystackClient', () => {
  it('is named paystack', () => {
    expect(client.name).toBe('paystack');
  });

  describe('initializeTransaction', () => {
    it('posts the documented body with the secret as a Bearer token and returns the checkout', async () => {
      const input = checkoutInput();
      const result = await client.initializeTransaction(input);

      expect(fake.requests).toHaveLength(1);
      const [request] = fake.requests;
      expect(request?.method).toBe('POST');
      expect(request?.path).toBe('/transaction/initialize');
      expect(request?.headers.authorization).toBe(`Bearer ${SECRET}`);
      expect(request?.headers['content-type']).toBe('application/json');
      expect(request?.body).toEqual({
        email: input.email,
        amount: 250_000,
        currency: 'KES',
        reference: input.reference,
        callback_url: input.callbackUrl,
        metadata: input.metadata,
      });
      // An integer JSON number of subunits, not "250000" nor 2500.00.
      expect(request?.rawBody).toContain('"amount":250000,');
      expect(Number.isInteger((request?.body as { amount: unknown }).amount)).toBe(true);
      // Metadata goes as a JSON object, not as a string of JSON.
      expect(typeof (request?.body as { metadata: unknown }).metadata).toBe('object');

      const stored = fake.getTransaction(input.reference);
      expect(result).toEqual({
        authorizationUrl: `${fake.baseUrl}/checkout/${stored?.accessCode}`,
        accessCode: stored?.accessCode,
        reference: input.reference,
      });
    });

    it('works with a base URL that ends in a slash', async () => {
      const slashed = createPaystackClient({ secretKey: SECRET, baseUrl: `${fake.baseUrl}/` });
      await slashed.initializeTransaction(checkoutInput());
      expect(fake.requests[0]?.path).toBe('/transaction/initialize');
    });

    it.each([0, -100, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
      'refuses amountMinor %s before sending anything',
      async (amountMinor) => {
        await expect(client.initializeTransaction(checkoutInput({ amountMinor }))).rejects.toThrow(RangeError);
        expect(fake.requests).toHaveLength(0);
      },
    );

    it('refuses a reference Paystack would reject before sending anything', async () => {
      await expect(client.initializeTransaction(checkoutInput({ reference: 'sub/42 ' }))).rejects.toThrow(RangeError);
      await expect(client.initializeTransaction(checkoutInput({ reference: '' }))).rejects.toThrow(RangeError);
      expect(fake.requests).toHaveLength(0);
    });

    it('surfaces a duplicate reference as the provider says it', async () => {
      const input = checkoutInput();
      await client.initializeTransaction(input);
      const error = await captureError(client.initializeTransaction(input));
      expect(error.message).toBe('Duplicate Transaction Reference');
      expect(error.status).toBe(400);
    });

    it("surfaces the provider's error message and HTTP status", async () => {
      fake.failNextRequest(400, 'Failed to initialize transaction');
      const error = await captureError(client.initializeTransaction(checkoutInput()));
      expect(error.name).toBe('PaymentProviderError');
      expect(error.message).toBe('Failed to initialize transaction');
      expect(error.status).toBe(400);
    });

    it('treats status:false as an error even with HTTP 200', async () => {
      fake.failNextRequest(200, 'Failed: merchant not activated');
      const error = await captureError(client.initializeTransaction(checkoutInput()));
      expect(error.message).toBe('Failed: merchant not activated');
      expect(error.status).toBe(200);
    });

    it('reports a 5xx without a JSON body by its status', async () => {
      const stub = createPaystackClient({
        secretKey: SECRET,
        fetch: async () => new Response('<html><body>502 Bad Gateway</body></html>', { status: 502 }),
      });
      const error = await captureError(stub.initializeTransaction(checkoutInput()));
      expect(error.message).toBe('Paystack answered HTTP 502');
      expect(error.status).toBe(502);
    });

    it('refuses a 200 whose body is not JSON or lacks the documented fields', async () => {
      const notJson = createPaystackClient({ secretKey: SECRET, fetch: async () => new Response('OK', { status: 200 }) });
      expect((await captureError(notJson.initializeTransaction(checkoutInput()))).status).toBe(200);

      const noData = createPaystackClient({
        secretKey: SECRET,
        fetch: async () => Response.json({ status: true, message: 'Authorization URL created', data: { reference: 'x' } }),
      });
      const error = await captureError(noData.initializeTransaction(checkoutInput()));
      expect(error.message).toMatch(/could not read/);
      expect(error.status).toBe(200);
    });

    it('is refused with a wrong key, and the error carries neither key', async () => {
      const wrongKey = 'sk_test_wrong_0123456789abcdef0123456789abcdef';
      const stranger = createPaystackClient({ secretKey: wrongKey, baseUrl: fake.baseUrl });
      const error = await captureError(stranger.initializeTransaction(checkoutInput()));
      expect(error.message).toBe('Invalid key');
      expect(error.status).toBe(401);
      expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${wrongKey}`);
      expectNoSecret(error, wrongKey);
      expectNoSecret(error, SECRET);
    });

    it('redacts the key even if the provider echoes it back', async () => {
      fake.failNextRequest(401, `Invalid key: ${SECRET}`);
      const error = await captureError(client.initializeTransaction(checkoutInput()));
      expect(error.message).toBe('Invalid key: [redacted]');
      expectNoSecret(error);
    });
  });

  describe('verifyTransaction', () => {
    it('reads a successful payment with object metadata', async () => {
      const input = checkoutInput();
      await client.initializeTransaction(input);
      const paidAt = new Date('2026-03-01T09:15:02.000Z');
      const stored = fake.completeTransaction(input.reference, { paidAt });
      fake.requests.length = 0;

      const verified = await client.verifyTransaction(input.reference);

      expect(verified).toEqual({
        reference: input.reference,
        status: 'success',
        amountMinor: 250_000,
        currency: 'KES',
        paidAt,
        metadata: input.metadata,
        providerTransactionId: String(stored.id),
      });
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]?.method).toBe('GET');
      expect(fake.requests[0]?.path).toBe(`/transaction/verify/${input.reference}`);
      expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${SECRET}`);
    });

    it('parses metadata that comes back as a JSON string', async () => {
      const input = checkoutInput();
      await client.initializeTransaction(input);
      fake.completeTransaction(input.reference, { metadata: JSON.stringify({ tenantId: 't-1', planCode: 'pro' }) });
      const verified = await client.verifyTransaction(input.reference);
      expect(verified.metadata).toEqual({ tenantId: 't-1', planCode: 'pro' });
    });

    it.each([[''], [null], [0], ['not json'], ['[1,2]']])('normalises metadata %j to {}', async (metadata) => {
      const input = checkoutInput();
      await client.initializeTransaction(input);
      fake.completeTransaction(input.reference, { metadata });
      expect((await client.verifyTransaction(input.reference)).metadata).toEqual({});
    });

    it('reports an unpaid checkout as abandoned with no payment date', async () => {
      const input = checkoutInput();
      await client.initializeTransaction(input);
      const verified = await client.verifyTransaction(input.reference);
      expect(verified.status).toBe('abandoned');
      expect(verified.paidAt).toBeNull();
      expect(verified.amountMinor).toBe(250_000);
    });

    it('reports a failed payment, and an amount or currency other than asked, as they are', async () => {
      const failed = checkoutInput();
      await client.initializeTransaction(failed);
      fake.completeTransaction(failed.reference, { status: 'failed' });
      expect(await client.verifyTransaction(failed.reference)).toMatchObject({ status: 'failed', paidAt: null });

      const short = checkoutInput();
      await client.initializeTransaction(short);
      fake.completeTransaction(short.reference, { amount: 100, currency: 'NGN' });
      expect(await client.verifyTransaction(short.reference)).toMatchObject({ status: 'success', amountMinor: 100, currency: 'NGN' });
    });

    it('answers 404 for an unknown reference', async () => {
      const error = await captureError(client.verifyTransaction('dk-sub-never-made'));
      expect(error.message).toBe('Transaction reference not found');
      expect(error.status).toBe(404);
    });

    it('encodes the reference into the path', async () => {
      const error = await captureError(client.verifyTransaction('a/b?c=d'));
      expect(error.status).toBe(404);
      expect(fake.requests[0]?.path).toBe('/transaction/verify/a%2Fb%3Fc%3Dd');
    });

    it("surfaces the provider's failure message", async () => {
      fake.failNextRequest(400, 'Failed to verify transaction');
      const error = await captureError(client.verifyTransaction('dk-sub-1'));
      expect(error.message).toBe('Failed to verify transaction');
      expect(error.status).toBe(400);
    });

    it('is refused with a wrong key', async () => {
      const stranger = createPaystackClient({ secretKey: 'sk_test_not_ours_0000000000000000', baseUrl: fake.baseUrl });
      const error = await captureError(stranger.verifyTransaction('dk-sub-1'));
      expect(error).toMatchObject({ message: 'Invalid key', status: 401 });
      expectNoSecret(error, 'sk_test_not_ours_0000000000000000');
    });

    it('refuses an answer about another reference', async () => {
      const input = checkoutInput();
      await client.initializeTransaction(input);
      const verifyBody = await (
        await fetch(`${fake.baseUrl}/transaction/verify/${input.reference}`, { headers: { Authorization: `Bearer ${SECRET}` } })
      ).json();
      const liar = createPaystackClient({ secretKey: SECRET, fetch: async () => Response.json(verifyBody) });
      const error = await captureError(liar.verifyTransaction('dk-sub-someone-else'));
      expect(error.message).toMatch(/different transaction reference/);
    });
  });

  describe('transport failures', () => {
    it('reports an unreachable Paystack with status null', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
      const { port } = closed.address() as AddressInfo;
      await new Promise<void>((resolve) => closed.close(() => resolve()));

      const unreachable = createPaystackClient({ secretKey: SECRET, baseUrl: `http://127.0.0.1:${port}` });
      const initError = await captureError(unreachable.initializeTransaction(checkoutInput()));
      expect(initError.status).toBeNull();
      expect(initError.message).toBe('Could not reach Paystack (ECONNREFUSED)');
      expectNoSecret(initError);

      const verifyError = await captureError(unreachable.verifyTransaction('dk-sub-1'));
      expect(verifyError.status).toBeNull();
      expectNoSecret(verifyError);
    });

    it('gives up after timeoutMs when Paystack never answers', async () => {
      const impatient = createPaystackClient({ secretKey: SECRET, baseUrl: fake.baseUrl, timeoutMs: 150 });
      fake.hangNextRequest();
      const started = Date.now();
      const error = await captureError(impatient.initializeTransaction(checkoutInput()));
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(error.status).toBeNull();
      expect(error.message).toBe('Paystack did not answer within 150 ms');
      expectNoSecret(error);

      fake.hangNextRequest();
      const verifyError = await captureError(impatient.verifyTransaction('dk-sub-1'));
      expect(verifyError).toMatchObject({ status: null, message: 'Paystack did not answer within 150 ms' });
    });

    it('refuses to be built without a key', () => {
      expect(() => createPaystackClient({ secretKey: '' })).toThrow(TypeError);
    });
  });
});

describe('normalizePaystackMetadata / parsePaystackTransaction', () => {
  it('keeps objects, parses JSON-object strings, and turns the rest into {}', () => {
    expect(normalizePaystackMetadata({ a: 1 })).toEqual({ a: 1 });
    expect(normalizePaystackMetadata('{"a":1}')).toEqual({ a: 1 });
    for (const value of ['', '  ', null, undefined, 0, 'x', '"str"', '[1]', [1], true]) {
      expect(normalizePaystackMetadata(value)).toEqual({});
    }
  });

  it("maps the documented verify sample's data", () => {
    // From Paystack's Verify Transaction sample response (fields we do not use trimmed).
    const transaction = parsePaystackTransaction({
      id: 4099260516,
      domain: 'test',
      status: 'success',
      reference: 're4lyvq3s3',
      amount: 40333,
      gateway_response: 'Successful',
      paid_at: '2024-08-22T09:15:02.000Z',
      created_at: '2024-08-22T09:14:24.000Z',
      channel: 'card',
      currency: 'NGN',
      metadata: '',
      paidAt: '2024-08-22T09:15:02.000Z',
    });
    expect(transaction).toEqual({
      reference: 're4lyvq3s3',
      status: 'success',
      amountMinor: 40333,
      currency: 'NGN',
      paidAt: new Date('2024-08-22T09:15:02.000Z'),
      metadata: {},
      providerTransactionId: '4099260516',
    });
  });

  it('throws PaymentProviderError for an unreadable object', () => {
    expect(() => parsePaystackTransaction({ status: 'success' })).toThrow(PaymentProviderError);
    expect(() => parsePaystackTransaction({ id: 1, status: 'success', reference: 'r', amount: -1, currency: 'KES' })).toThrow(
      PaymentProviderError,
    );
  });
});

// The fake's own behaviour (tests/support is outside the vitest projects' include globs, so its
// checks live here beside the client it stands in for).
describe('fake Paystack', () => {
  const authorized = { Authorization: `Bearer ${SECRET}`, 'Content-Type': 'application/json' };

  async function post(body: unknown) {
    const response = await fetch(`${fake.baseUrl}/transaction/initialize`, {
      method: 'POST',
      headers: authorized,
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { status: boolean; message: string; data?: any } };
  }

  it.each([
    [{ amount: 100, currency: 'KES' }, 'Email Address is required'],
    [{ email: 'a@b.co', currency: 'KES' }, 'Amount is required'],
    [{ email: 'a@b.co', amount: 10.5 }, 'Invalid Amount Sent'],
    [{ email: 'a@b.co', amount: -5 }, 'Invalid Amount Sent'],
    [{ email: 'a@b.co', amount: 100, currency: 'USD' }, 'Currency not supported by merchant'],
    [{ email: 'a@b.co', amount: 100, reference: 'has space' }, 'Invalid transaction reference'],
  ])('refuses initialize %j with 400 %s', async (body, message) => {
    const result = await post(body);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ status: false, message });
  });

  it('requires the Bearer secret on every API call', async () => {
    const noAuth = await fetch(`${fake.baseUrl}/transaction/verify/x`);
    expect(noAuth.status).toBe(401);
    expect(await noAuth.json()).toEqual({ status: false, message: 'Invalid key' });
  });

  it('accepts metadata sent as stringified JSON and returns it as sent', async () => {
    const created = await post({ email: 'a@b.co', amount: '5000', reference: 'str-meta-1', metadata: '{"tenantId":"t-9"}' });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Authorization URL created');
    const verify = await fetch(`${fake.baseUrl}/transaction/verify/str-meta-1`, { headers: authorized });
    const verified = (await verify.json()) as { data: { metadata: unknown; amount: number; status: string } };
    expect(verified.data).toMatchObject({ metadata: '{"tenantId":"t-9"}', amount: 5000, status: 'abandoned' });
    expect(await client.verifyTransaction('str-meta-1')).toMatchObject({ metadata: { tenantId: 't-9' } });
  });

  it('serves a checkout page that completes the payment and returns to the callback URL', async () => {
    const input = checkoutInput();
    const { authorizationUrl } = await client.initializeTransaction(input);
    const page = await fetch(authorizationUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('KES 2500.00');

    const paid = await fetch(authorizationUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=success',
      redirect: 'manual',
    });
    expect(paid.status).toBe(302);
    const location = new URL(paid.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(input.callbackUrl);
    expect(location.searchParams.get('reference')).toBe(input.reference);
    expect(location.searchParams.get('trxref')).toBe(input.reference);
    expect((await client.verifyTransaction(input.reference)).status).toBe('success');
  });

  describe('sendWebhook', () => {
    let receiver: ReturnType<typeof createServer>;
    let receiverUrl: string;
    const received: Array<{ headers: IncomingMessage['headers']; rawBody: string; url: string | undefined }> = [];

    beforeAll(async () => {
      receiver = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const rawBody = Buffer.concat(chunks).toString('utf8');
          received.push({ headers: req.headers, rawBody, url: req.url });
          const valid = isValidPaystackSignature(rawBody, req.headers['x-paystack-signature'] as string | undefined, SECRET);
          res.writeHead(valid ? 200 : 401, { 'content-type': 'application/json' }).end(JSON.stringify({ valid }));
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
      receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/paystack`;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    });
    afterEach(() => {
      received.length = 0;
    });

    it('posts the documented charge.success payload signed over the exact bytes sent', async () => {
      const input = checkoutInput();
      await client.initializeTransaction(input);
      fake.completeTransaction(input.reference);

      const delivery = await fake.sendWebhook(receiverUrl, 'charge.success', input.reference, { host: 'acme.dukani.co.ke' });

      expect(delivery.status).toBe(200);
      expect(delivery.json()).toEqual({ valid: true });
      const [request] = received;
      expect(request?.url).toBe('/api/webhooks/paystack');
      expect(request?.headers.host).toBe('acme.dukani.co.ke');
      expect(request?.headers['content-type']).toBe('application/json');
      expect(request?.rawBody).toBe(delivery.sentBody);
      expect(request?.headers['x-paystack-signature']).toBe(signPaystackPayload(request?.rawBody ?? '', SECRET));
      const payload = JSON.parse(request?.rawBody ?? '{}');
      expect(payload).toMatchObject({
        event: 'charge.success',
        data: {
          id: fake.getTransaction(input.reference)?.id,
          domain: 'test',
          status: 'success',
          reference: input.reference,
          amount: 250_000,
          currency: 'KES',
          metadata: input.metadata,
          customer: { email: input.email },
        },
      });
      expect(typeof payload.data.paid_at).toBe('string');
      // The same mapping as verify applies to a webhook's data.
      expect(parsePaystackTransaction(payload.data)).toMatchObject({ reference: input.reference, amountMinor: 250_000, status: 'success' });
      expect(fake.webhooks).toHaveLength(1);
    });

    it('can sign with the wrong key, tamper with the body, or leave the signature out', async () => {
      const input = checkoutInput();
      await client.initializeTransaction(input);
      fake.completeTransaction(input.reference);

      const wrongKey = await fake.sendWebhook(receiverUrl, 'charge.success', input.reference, { signatureKey: 'sk_test_forger' });
      expect(wrongKey.status).toBe(401);

      const tampered = await fake.sendWebhook(receiverUrl, 'charge.success', input.reference, { tamperBody: true });
      expect(tampered.status).toBe(401);
      expect(JSON.parse(tampered.sentBody).data.amount).toBe(250_100);
      expect(tampered.signature).toBe(signPaystackPayload(JSON.stringify(fake.webhookPayload('charge.success', input.reference)), SECRET));

      const unsigned = await fake.sendWebhook(receiverUrl, 'charge.success', input.reference, { omitSignature: true });
      expect(unsigned.status).toBe(401);
      expect(received[2]?.headers['x-paystack-signature']).toBeUndefined();
    });

    it('sends what the event claims even when the API says otherwise', async () => {
      const input = checkoutInput();
      await client.initializeTransaction(input); // never paid
      const delivery = await fake.sendWebhook(receiverUrl, 'charge.success', input.reference);
      expect(JSON.parse(delivery.sentBody).data.status).toBe('success');
      expect((await client.verifyTransaction(input.reference)).status).toBe('abandoned');

      const failed = await fake.sendWebhook(receiverUrl, 'charge.failed', input.reference, { data: { amount: 1 } });
      expect(JSON.parse(failed.sentBody).data).toMatchObject({ status: 'failed', amount: 1 });
    });
  });
});
