import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { darajaTimestamp } from '../../core/payments/mpesa.rules';
import { startFakeDaraja, type FakeDaraja } from '../../tests/support/fake-daraja';
import { createDarajaClient, DarajaError, stkPassword, type DarajaCredentials } from './daraja.client';

// The Daraja client against the local fake Daraja (tests/support/fake-daraja.ts), which checks the
// documented request shapes. Figures come from Daraja's own documentation sample.

const SANDBOX_PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
let fake: FakeDaraja;
const credentials: DarajaCredentials = { environment: 'sandbox', consumerKey: 'key-one', consumerSecret: 'secret-one' };

function client(options: { now?: () => number; retries?: number; timeoutMs?: number; baseUrl?: string } = {}) {
  const url = options.baseUrl ?? fake.url;
  return createDarajaClient({ baseUrls: { sandbox: url, production: url }, backoffMs: 1, now: options.now, retries: options.retries, timeoutMs: options.timeoutMs });
}

const push = (overrides: Partial<Parameters<ReturnType<typeof client>['stkPush']>[1]> = {}) => ({
  shortcode: '174379',
  passkey: SANDBOX_PASSKEY,
  shortcodeType: 'paybill' as const,
  tillNumber: null,
  amountMinor: 25_000,
  phone: '254708374149',
  callbackUrl: 'http://127.0.0.1:9/none',
  accountReference: 'T1-000123 sale',
  transactionDesc: 'Dukani sale',
  ...overrides,
});

beforeAll(async () => {
  fake = await startFakeDaraja();
  fake.addConsumer({ key: 'key-one', secret: 'secret-one', passkeys: { '174379': SANDBOX_PASSKEY } });
});
afterAll(() => fake.close());

describe('the STK password and timestamp', () => {
  it('matches Daraja’s documented sample (174379 + sandbox passkey + 20160216165627)', () => {
    expect(stkPassword('174379', SANDBOX_PASSKEY, '20160216165627')).toBe(
      'MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMTYwMjE2MTY1NjI3',
    );
  });

  it('writes the time in Nairobi (UTC+3), across midnight and the year', () => {
    expect(darajaTimestamp(new Date('2016-02-16T13:56:27Z'))).toBe('20160216165627');
    expect(darajaTimestamp(new Date('2026-12-31T22:30:05Z'))).toBe('20270101013005');
  });
});

describe('stkPush', () => {
  it('sends a paybill prompt in the documented shape (whole shillings, PartyB the paybill, reference cut to 12)', async () => {
    const at = new Date('2026-11-29T05:00:00Z');
    const result = await client().stkPush(credentials, push({ at }));
    expect(result.checkoutRequestId).toMatch(/^ws_CO_/);
    const sent = fake.requests.filter((request) => request.path === '/mpesa/stkpush/v1/processrequest').at(-1)!;
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.body).toEqual({
      BusinessShortCode: '174379',
      Password: Buffer.from(`174379${SANDBOX_PASSKEY}20261129080000`).toString('base64'),
      Timestamp: '20261129080000',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 250,
      PartyA: '254708374149',
      PartyB: '174379',
      PhoneNumber: '254708374149',
      CallBackURL: 'http://127.0.0.1:9/none',
      AccountReference: 'T1-000123 sa',
      TransactionDesc: 'Dukani sale',
    });
  });

  it('sends a till prompt as CustomerBuyGoodsOnline signed by the store number with the till as PartyB', async () => {
    await client().stkPush(credentials, push({ shortcodeType: 'till', tillNumber: '5123456' }));
    const sent = fake.requests.filter((request) => request.path === '/mpesa/stkpush/v1/processrequest').at(-1)!;
    expect(sent.body).toMatchObject({ TransactionType: 'CustomerBuyGoodsOnline', BusinessShortCode: '174379', PartyB: '5123456' });
  });

  it('refuses with Daraja’s message when the passkey is wrong', async () => {
    const error = await client({ retries: 0 }).stkPush(credentials, push({ passkey: 'wrong' })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DarajaError);
    expect(error).toMatchObject({ message: 'Wrong credentials', code: '500.001.1001' });
  });

  it('retries busy answers (HTTP 503, 429, ResultCode 17) with backoff, then succeeds', async () => {
    const before = fake.requests.length;
    fake.queueBusy({ status: 503, body: { errorCode: '503.001.01', errorMessage: 'Service unavailable' } }, { status: 429, body: {} }, { status: 200, body: { ResponseCode: '17', ResponseDescription: 'System busy' } });
    const result = await client().stkPush(credentials, push());
    expect(result.merchantRequestId).toBeTruthy();
    expect(fake.requests.slice(before).filter((request) => request.path === '/mpesa/stkpush/v1/processrequest')).toHaveLength(4);
  });

  it('gives up after the retries with the last busy answer', async () => {
    fake.queueBusy(...Array.from({ length: 3 }, () => ({ status: 500, body: { errorCode: '500.001.1001', errorMessage: 'Unable to lock subscriber, a transaction is already in process for the current subscriber' } })));
    const error = await client({ retries: 2 }).stkPush(credentials, push()).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'DarajaError', httpStatus: 500, code: '500.001.1001' });
  });
});

describe('the access token', () => {
  it('is fetched once and reused until 60 s before its 3,599 s expiry, per consumer key', async () => {
    let now = Date.parse('2026-11-29T05:00:00Z');
    const daraja = client({ now: () => now });
    const issued = fake.tokensIssued;
    const [first, second] = await Promise.all([daraja.accessToken(credentials), daraja.accessToken(credentials)]);
    expect(second).toBe(first);
    now += 3_538_000;
    expect(await daraja.accessToken(credentials)).toBe(first);
    now += 2_000;
    const renewed = await daraja.accessToken(credentials);
    expect(renewed).not.toBe(first);
    expect(fake.tokensIssued - issued).toBe(2);
    fake.addConsumer({ key: 'key-two', secret: 'secret-two' });
    expect(await daraja.accessToken({ ...credentials, consumerKey: 'key-two', consumerSecret: 'secret-two' })).not.toBe(renewed);
  });

  it('fetches a new token once when Daraja no longer knows the cached one', async () => {
    const daraja = client();
    await daraja.stkPush(credentials, push());
    const issued = fake.tokensIssued;
    fake.revokeTokens();
    await daraja.stkPush(credentials, push());
    expect(fake.tokensIssued - issued).toBe(1);
  });

  it('refuses wrong consumer credentials without caching the failure', async () => {
    const daraja = client();
    const error = await daraja.accessToken({ ...credentials, consumerSecret: 'nope' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'DarajaError', code: '400.008.01' });
  });
});

describe('stkQuery, C2B registration, transaction status', () => {
  it('answers null while the customer has not answered, then the result code', async () => {
    fake.queueStk({ resultCode: 1032, delayMs: 150, omitCallback: true });
    const daraja = client();
    const pushed = await daraja.stkPush(credentials, push());
    const query = { shortcode: '174379', passkey: SANDBOX_PASSKEY, checkoutRequestId: pushed.checkoutRequestId };
    expect(await daraja.stkQuery(credentials, query)).toEqual({ resultCode: null, resultDesc: 'The transaction is being processed' });
    await fake.settle();
    expect(await daraja.stkQuery(credentials, query)).toEqual({ resultCode: 1032, resultDesc: 'Request cancelled by user.' });
    const sent = fake.requests.filter((request) => request.path === '/mpesa/stkpushquery/v1/query').at(-1)!;
    expect(Object.keys(sent.body).sort()).toEqual(['BusinessShortCode', 'CheckoutRequestID', 'Password', 'Timestamp']);
  });

  it('registers the confirmation and validation URLs with ResponseType Completed', async () => {
    await client().registerC2BUrls(credentials, { shortcode: '600000', confirmationUrl: 'https://shop.example/c', validationUrl: 'https://shop.example/v' });
    const sent = fake.requests.filter((request) => request.path === '/mpesa/c2b/v1/registerurl').at(-1)!;
    expect(sent.body).toEqual({ ShortCode: '600000', ResponseType: 'Completed', ConfirmationURL: 'https://shop.example/c', ValidationURL: 'https://shop.example/v' });
  });

  it('starts a transaction status query in the documented shape', async () => {
    const result = await client().transactionStatus(credentials, {
      initiator: 'testapi',
      securityCredential: 'c2VjcmV0',
      transactionId: 'OEI2AK4Q16',
      partyA: '600000',
      identifierType: '4',
      resultUrl: 'http://127.0.0.1:9/result',
      queueTimeoutUrl: 'http://127.0.0.1:9/timeout',
      occasion: 'query-1',
    });
    expect(result.originatorConversationId).toBeTruthy();
    const sent = fake.requests.filter((request) => request.path === '/mpesa/transactionstatus/v1/query').at(-1)!;
    expect(sent.body).toMatchObject({ Initiator: 'testapi', CommandID: 'TransactionStatusQuery', TransactionID: 'OEI2AK4Q16', PartyA: '600000', IdentifierType: '4', Occasion: 'query-1' });
    await fake.settle();
  });

  it('times out on a server that never answers', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const error = await client({ baseUrl, timeoutMs: 100, retries: 0 }).accessToken(credentials).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'DarajaError', message: 'Daraja did not answer in time', httpStatus: null });
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });
});
