import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTransId, startFakeDaraja, type FakeDaraja } from '../../tests/support/fake-daraja';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { createTestContact } from '../accounts/accounts-test-kit';
import { queryRows } from '../db/client';
import { addStockedProduct, checkoutBody, createSalesShop, type SalesShop, type StockedProduct } from '../sales/sales-test-kit';
import { settleStalePrompts } from './stk.service';

// M-Pesa over the API (issue 19) with a live-configured shop talking to the fake Daraja
// (tests/support/fake-daraja.ts), whose callbacks reach this app over HTTP, and a shop without
// credentials (the simulated phone). The test shops keep their default currency ($). Isolation,
// tokens, idempotency under concurrent duplicates,
// a code spent once, over-payments, bad input, and secrets kept out of responses and logs.

const SHORTCODE = '174379';
const TILL = '5123456';
const SECRETS = {
  consumerKey: 'ck-live-Zq81xWm4',
  consumerSecret: 'cs-live-Pp20tRn7',
  passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
  securityCredential: 'sc-live-Hh77Yy55Kk33',
};

let fake: FakeDaraja;
let testApp: TestApp;
let live: SalesShop;
let other: SalesShop;
let simulated: SalesShop;
let product: StockedProduct;
let otherProduct: StockedProduct;
let simulatedProduct: StockedProduct;
const logLines: string[] = [];
/** Every answer the configured shop got from the API, for the secrets check. */
const responses: string[] = [];

const count = async (shop: SalesShop, table: 'mpesa_payments' | 'mpesa_stk_requests' | 'mpesa_status_queries', where = sql`true`) =>
  (await testApp.database.withTenant(shop.tenant.id, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`)))[0]!.n;

async function configure(shop: SalesShop) {
  const response = await shop.call('PUT', '/api/mpesa/settings', {
    body: { shortcodeType: 'till', shortcode: SHORTCODE, tillNumber: TILL, environment: 'sandbox', initiatorName: 'testapi', ...SECRETS },
  });
  expect(response.status).toBe(200);
  return response.json();
}

const push = (shop: SalesShop, body: Record<string, unknown> = {}) =>
  shop.call('POST', '/api/mpesa/stk-requests', { as: 'cashier', body: { id: randomUUID(), registerId: shop.registerId, shiftId: shop.shiftId, phone: '0708 374 149', amountMinor: 10_000, ...body } });

const sell = (shop: SalesShop, item: StockedProduct, reference: string, extra: { customerId?: string; amountMinor?: number } = {}) =>
  shop.call('POST', '/api/sales', {
    as: 'cashier',
    body: checkoutBody(shop, [{ product: item }], { customerId: extra.customerId ?? null, payments: [{ tender: 'mpesa', amountMinor: extra.amountMinor ?? item.priceMinor, reference }] }),
  });

beforeAll(async () => {
  fake = await startFakeDaraja();
  fake.addConsumer({ key: SECRETS.consumerKey, secret: SECRETS.consumerSecret, passkeys: { [SHORTCODE]: SECRETS.passkey } });
  testApp = await createTestApp({ config: { MPESA_SANDBOX_URL: fake.url } });
  // Safaricom reaches this app on its loopback port; every log line is kept for the secrets check.
  (testApp.deps.config as { publicUrl: string | undefined }).publicUrl = `http://127.0.0.1:${testApp.port}`;
  const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (logLines.push(chunk.toString('utf8')), done()) });
  testApp.deps.logger = pino({ level: 'trace', redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'], censor: '[redacted]' } }, sink);
  [live, other, simulated] = await Promise.all([createSalesShop(testApp), createSalesShop(testApp), createSalesShop(testApp)]);
  const call = live.call;
  live.call = async (...args) => {
    const response = await call(...args);
    responses.push(response.text);
    return response;
  };
  [product, otherProduct, simulatedProduct] = await Promise.all([
    addStockedProduct(testApp.database, live, { priceMinor: 10_000 }),
    addStockedProduct(testApp.database, other, { priceMinor: 10_000 }),
    addStockedProduct(testApp.database, simulated, { priceMinor: 10_000 }),
  ]);
  await configure(live);
  await configure(other);
}, 60_000);
afterAll(async () => {
  await fake.settle();
  await testApp.close();
  await fake.close();
});

describe('settings', () => {
  it('keeps secrets write-only: set and the last 4, the callback URLs to give Safaricom', async () => {
    const response = await live.call('GET', '/api/mpesa/settings');
    expect(response.status).toBe(200);
    const settings = response.json();
    expect(settings).toMatchObject({
      mode: 'live',
      shortcode: SHORTCODE,
      tillNumber: TILL,
      consumerKey: { set: true, last4: 'xWm4' },
      passkey: { set: true, last4: 'c919' },
      securityCredential: { set: true, last4: 'Kk33' },
    });
    expect(settings.callbackUrls.confirmation).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/api/mpesa/callbacks/${live.tenant.id}/[A-Za-z0-9_-]{43}/c2b/confirmation$`));
    for (const secret of Object.values(SECRETS)) expect(response.text).not.toContain(secret);
  });

  it('is the business owner’s only (server-enforced)', async () => {
    for (const role of ['manager', 'cashier'] as const) {
      expect((await live.call('GET', '/api/mpesa/settings', { as: role })).status).toBe(403);
      expect((await live.call('PUT', '/api/mpesa/settings', { as: role, body: { shortcodeType: 'paybill', shortcode: '600000', environment: 'sandbox' } })).status).toBe(403);
    }
  });

  it('keeps a secret that is not sent again, and refuses bad shortcodes with field messages', async () => {
    const kept = await live.call('PUT', '/api/mpesa/settings', { body: { shortcodeType: 'till', shortcode: SHORTCODE, tillNumber: TILL, environment: 'sandbox', initiatorName: 'testapi' } });
    expect(kept.json().consumerSecret).toEqual({ set: true, last4: 'tRn7' });
    const bad = await live.call('PUT', '/api/mpesa/settings', { body: { shortcodeType: 'till', shortcode: '12', tillNumber: null, environment: 'moon' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['shortcode', 'environment']));
  });

  it('registers the confirmation URLs with Daraja for the till', async () => {
    const response = await live.call('POST', '/api/mpesa/settings/register-urls', { body: {} });
    expect(response.status).toBe(200);
    expect(response.json().c2bRegisteredAt).not.toBeNull();
    expect(fake.registeredUrls.get(TILL)?.confirmationUrl).toBe(response.json().callbackUrls.confirmation);
  });
});

describe('STK push at the register', () => {
  it('pushes once per id, is paid by the callback, and the sale takes the receipt once', async () => {
    const id = randomUUID();
    const body = { id, phone: '0708374149', amountMinor: 10_000 };
    const first = await push(live, body);
    expect(first.status).toBe(201);
    expect(first.json()).toMatchObject({ id, status: 'pending', phone: '254708374149', simulated: false });
    expect((await push(live, body)).status).toBe(200);
    const reused = await push(live, { ...body, amountMinor: 20_000 });
    expect(reused.status).toBe(409);
    expect(fake.stkRequests.filter((request) => request.body.AccountReference === 'T1' && request.body.Amount === 100)).toHaveLength(1);
    await fake.settle();

    const paid = (await live.call('GET', `/api/mpesa/stk-requests/${id}`, { as: 'cashier' })).json();
    expect(paid).toMatchObject({ status: 'paid', resultCode: 0, message: 'Paid' });
    expect(paid.receiptNumber).toMatch(/^[A-Z0-9]{10}$/);
    const sale = await sell(live, product, paid.receiptNumber);
    expect(sale.status).toBe(201);
    const [payment] = await testApp.database.withTenant(live.tenant.id, (tx) =>
      queryRows<{ status: string; allocated_type: string; allocated_id: string }>(tx, sql`select status, allocated_type, allocated_id from mpesa_payments where trans_id = ${paid.receiptNumber}`),
    );
    expect(payment).toEqual({ status: 'allocated', allocated_type: 'sale', allocated_id: sale.json().sale.id });
    const again = await sell(live, product, paid.receiptNumber);
    expect(again.status).toBe(409);
    expect(again.json().error.code).toBe('mpesa_code_used');
  });

  it('stores one payment from 50 concurrent duplicate callbacks', async () => {
    fake.queueStk({ copies: 50 });
    const response = await push(live);
    await fake.settle();
    const deliveries = fake.deliveries.filter((delivery) => delivery.url.includes('/stk/')).slice(-50);
    expect(deliveries.map((delivery) => delivery.status)).toEqual(Array(50).fill(200));
    expect(JSON.parse(deliveries[0]!.body)).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    const request = (await live.call('GET', `/api/mpesa/stk-requests/${response.json().id}`, { as: 'cashier' })).json();
    expect(await count(live, 'mpesa_payments', sql`trans_id = ${request.receiptNumber}`)).toBe(1);
  });

  it('turns result codes into the cashier’s sentence', async () => {
    const cases = [
      [1032, 'cancelled', 'The customer cancelled the M-Pesa prompt'],
      [1037, 'timed_out', 'No response from the customer’s phone'],
      [2001, 'failed', 'The customer entered a wrong M-Pesa PIN'],
      [1, 'failed', 'The customer does not have enough money on M-Pesa'],
    ] as const;
    for (const [resultCode, status, message] of cases) {
      fake.queueStk({ resultCode });
      const response = await push(live);
      await fake.settle();
      expect((await live.call('GET', `/api/mpesa/stk-requests/${response.json().id}`, { as: 'cashier' })).json()).toMatchObject({ status, resultCode, message });
    }
  });

  it('asks Daraja (STK query) when no callback came within 20 s of the push', async () => {
    fake.queueStk({ resultCode: 1032, omitCallback: true });
    const { id } = (await push(live)).json();
    await fake.settle();
    expect((await live.call('GET', `/api/mpesa/stk-requests/${id}`, { as: 'cashier' })).json().status).toBe('pending');
    await testApp.database.withTenant(live.tenant.id, (tx) => queryRows(tx, sql`update mpesa_stk_requests set pushed_at = now() - interval '21 seconds' where id = ${id}`));
    const queried = (await live.call('GET', `/api/mpesa/stk-requests/${id}`, { as: 'cashier' })).json();
    expect(queried).toMatchObject({ status: 'cancelled', resultCode: 1032 });
    expect(fake.requests.filter((request) => request.path === '/mpesa/stkpushquery/v1/query').at(-1)?.body.CheckoutRequestID).toBeTruthy();
  });

  it('settles prompts nobody polls: a live one is asked of Daraja, any one pending for 15 minutes is closed', async () => {
    fake.queueStk({ resultCode: 1037, omitCallback: true });
    const live1 = (await push(live)).json();
    const sandbox = (await push(simulated)).json();
    await fake.settle();
    const age = (shop: SalesShop, id: string, minutes: number) =>
      testApp.database.withTenant(shop.tenant.id, (tx) =>
        queryRows(tx, sql`update mpesa_stk_requests set created_at = now() - make_interval(mins => ${minutes}), pushed_at = now() - make_interval(mins => ${minutes}) where id = ${id}`),
      );
    await age(live, live1.id, 2);
    await age(simulated, sandbox.id, 2);
    await settleStalePrompts(testApp.deps, live.tenant.id, new Date());
    await settleStalePrompts(testApp.deps, simulated.tenant.id, new Date());
    expect((await live.call('GET', `/api/mpesa/stk-requests/${live1.id}`, { as: 'cashier' })).json()).toMatchObject({ status: 'timed_out', resultCode: 1037 });
    expect((await simulated.call('GET', `/api/mpesa/stk-requests/${sandbox.id}`, { as: 'cashier' })).json().status).toBe('pending');
    await age(simulated, sandbox.id, 16);
    await settleStalePrompts(testApp.deps, simulated.tenant.id, new Date());
    expect((await simulated.call('GET', `/api/mpesa/stk-requests/${sandbox.id}`, { as: 'cashier' })).json()).toMatchObject({ status: 'timed_out', message: 'No response from the customer’s phone' });
  });

  it('keeps a late success of an abandoned prompt in the inbox, unallocated', async () => {
    fake.queueStk({ delayMs: 200 });
    const { id } = (await push(live, { amountMinor: 12_300 })).json();
    const abandoned = await live.call('POST', `/api/mpesa/stk-requests/${id}/abandon`, { as: 'cashier' });
    expect(abandoned.json().status).toBe('abandoned');
    await fake.settle();
    const after = (await live.call('GET', `/api/mpesa/stk-requests/${id}`, { as: 'cashier' })).json();
    expect(after.status).toBe('abandoned');
    const inbox = (await live.call('GET', '/api/mpesa/payments?status=unallocated&amountMinor=12300&sinceMinutes=10', { as: 'cashier' })).json();
    expect(inbox.items.map((item: { transId: string }) => item.transId)).toContain(after.receiptNumber);
  });

  it('refuses a bad phone or amount with field messages and writes nothing', async () => {
    const before = await count(live, 'mpesa_stk_requests');
    const response = await push(live, { phone: '020 2345678', amountMinor: 10_050 });
    expect(response.status).toBe(400);
    expect(response.json().error.fields).toMatchObject({ phone: ['Enter a Safaricom number like 0712 345 678'], amountMinor: ['M-Pesa takes whole shillings'] });
    expect(await count(live, 'mpesa_stk_requests')).toBe(before);
  });
});

describe('callbacks', () => {
  it('refuses a wrong token, another shop’s token, or an unknown shop, writing nothing', async () => {
    const liveUrls = (await live.call('GET', '/api/mpesa/settings')).json().callbackUrls;
    const otherUrls = (await other.call('GET', '/api/mpesa/settings')).json().callbackUrls;
    const transId = newTransId();
    const confirmation = { TransID: transId, TransTime: '20261129081500', TransAmount: '500.00', BusinessShortCode: TILL, MSISDN: '2547 ***** 149', FirstName: 'JOHN' };
    const liveToken = liveUrls.confirmation.split('/').at(-3);
    const targets = [
      liveUrls.confirmation.replace(liveToken, 'x'.repeat(43)),
      otherUrls.confirmation.replace(other.tenant.id, live.tenant.id),
      liveUrls.confirmation.replace(live.tenant.id, randomUUID()),
    ];
    for (const url of targets) {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(confirmation) });
      expect(response.status).toBe(401);
    }
    expect(await count(live, 'mpesa_payments', sql`trans_id = ${transId}`)).toBe(0);
    expect(await count(other, 'mpesa_payments', sql`trans_id = ${transId}`)).toBe(0);
    const refusals = logLines.filter((line) => line.includes('M-Pesa callback refused'));
    expect(refusals.length).toBeGreaterThanOrEqual(3);
    for (const line of logLines) expect(line).not.toContain(liveToken);
  });

  it('answers 400 to an unreadable payload', async () => {
    const { confirmation } = (await live.call('GET', '/api/mpesa/settings')).json().callbackUrls;
    const response = await fetch(confirmation, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ TransID: 'nope' }) });
    expect(response.status).toBe(400);
  });
});

describe('till payments (C2B), the inbox and typed codes', () => {
  it('stores one payment from 50 concurrent duplicate confirmations; the inbox shows it to this shop only', async () => {
    const payment = await fake.payTill({ shortcode: TILL, amount: 777, copies: 50 });
    await fake.settle();
    expect(await count(live, 'mpesa_payments', sql`trans_id = ${payment.transId}`)).toBe(1);
    const inbox = (await live.call('GET', '/api/mpesa/payments?status=unallocated&amountMinor=77700&sinceMinutes=15', { as: 'cashier' })).json();
    expect(inbox.items).toEqual([expect.objectContaining({ transId: payment.transId, amountMinor: 77_700, source: 'c2b', msisdn: '2547 ***** 149', payerName: 'JOHN', status: 'unallocated' })]);
    const elsewhere = (await other.call('GET', '/api/mpesa/payments?status=unallocated&amountMinor=77700', { as: 'cashier' })).json();
    expect(elsewhere.items).toEqual([]);
    expect((await other.call('POST', '/api/mpesa/payments/lookup', { as: 'cashier', body: { code: payment.transId } })).json().state).toBe('checking');
    expect((await live.call('GET', '/api/mpesa/payments?status=allocated', { as: 'cashier' })).status).toBe(403);
  });

  it('accepts a typed code once, and refuses it the second time', async () => {
    const payment = await fake.payTill({ shortcode: TILL, amount: 100 });
    await fake.settle();
    const found = await live.call('POST', '/api/mpesa/payments/lookup', { as: 'cashier', body: { code: payment.transId.toLowerCase() } });
    expect(found.status).toBe(200);
    expect(found.json()).toMatchObject({ state: 'found', payment: { transId: payment.transId, amountMinor: 10_000 } });
    expect((await sell(live, product, payment.transId)).status).toBe(201);
    const spent = await live.call('POST', '/api/mpesa/payments/lookup', { as: 'cashier', body: { code: payment.transId } });
    expect(spent.status).toBe(409);
    expect(spent.json().error).toMatchObject({ code: 'mpesa_code_used', message: 'This M-Pesa code has already been used' });
  });

  it('checks a code it has not seen with the transaction status query: found, or not found', async () => {
    const missed = { transId: newTransId(), shortcode: TILL, amount: 250, msisdn: '254708374149', billRef: '', firstName: 'JANE', transTime: '20261129090000' };
    fake.tillPayments.push(missed);
    const checking = (await live.call('POST', '/api/mpesa/payments/lookup', { as: 'cashier', body: { code: missed.transId, registerId: live.registerId } })).json();
    // The result may overtake the lookup's own answer.
    expect(checking).toMatchObject({ state: 'checking', query: { status: expect.stringMatching(/^(pending|found)$/) } });
    await fake.settle();
    const found = (await live.call('GET', `/api/mpesa/status-queries/${checking.query.id}`, { as: 'cashier' })).json();
    expect(found).toMatchObject({ status: 'found', payment: { transId: missed.transId, amountMinor: 25_000, source: 'status_query', payerName: 'JANE', status: 'unallocated' } });
    const sent = fake.requests.filter((request) => request.path === '/mpesa/transactionstatus/v1/query').at(-1)!;
    expect(sent.body).toMatchObject({ Initiator: 'testapi', SecurityCredential: SECRETS.securityCredential, PartyA: TILL, IdentifierType: '2', TransactionID: missed.transId });

    const unknown = (await live.call('POST', '/api/mpesa/payments/lookup', { as: 'cashier', body: { code: newTransId() } })).json();
    await fake.settle();
    expect((await live.call('GET', `/api/mpesa/status-queries/${unknown.query.id}`, { as: 'cashier' })).json()).toMatchObject({
      status: 'not_found',
      message: 'Safaricom has no payment to this shop with this code',
      payment: null,
    });
    expect((await other.call('GET', `/api/mpesa/status-queries/${unknown.query.id}`, { as: 'cashier' })).status).toBe(404);
  });

  it('keeps a received payment as it came: the app role may change only its allocation and dispute, and delete nothing', async () => {
    const payment = await fake.payTill({ shortcode: TILL, amount: 90 });
    await fake.settle();
    const attempt = (statement: ReturnType<typeof sql>) =>
      testApp.database.withTenant(live.tenant.id, (tx) => queryRows(tx, statement)).then(
        () => 'allowed',
        (error: unknown) => String((error as { cause?: unknown }).cause ?? error),
      );
    expect(await attempt(sql`update mpesa_payments set amount_minor = 1 where trans_id = ${payment.transId}`)).toMatch(/permission denied/);
    expect(await attempt(sql`update mpesa_payments set trans_id = 'ZZZZZZZZZZ' where trans_id = ${payment.transId}`)).toMatch(/permission denied/);
    expect(await attempt(sql`delete from mpesa_payments where trans_id = ${payment.transId}`)).toMatch(/permission denied/);
    expect(await attempt(sql`update mpesa_payments set dispute_note = 'checked' where trans_id = ${payment.transId}`)).toBe('allowed');
    expect(await count(live, 'mpesa_payments', sql`trans_id = ${payment.transId} and amount_minor = 9000`)).toBe(1);
  });

  it('keeps the rest of a larger payment as the customer’s deposit, and refuses it without a customer', async () => {
    const payment = await fake.payTill({ shortcode: TILL, amount: 150 });
    await fake.settle();
    const refused = await sell(live, product, payment.transId);
    expect(refused.status).toBe(400);
    expect(refused.json().error.fields['payments.0.amountMinor'][0]).toMatch(/^This M-Pesa payment was \$ 150\.00: tender all of it/);
    expect(await count(live, 'mpesa_payments', sql`trans_id = ${payment.transId} and status = 'unallocated'`)).toBe(1);
    const customerId = await createTestContact(testApp.database, live.tenant.id);
    expect((await sell(live, product, payment.transId, { customerId })).status).toBe(201);
    const [row] = await testApp.database.withTenant(live.tenant.id, (tx) =>
      queryRows<{ deposit_minor: number; deposit_contact_id: string; paid: string }>(
        tx,
        sql`select m.deposit_minor, m.deposit_contact_id,
                   (select (-sum(e.amount_minor))::text from account_entries e where e.contact_id = ${customerId} and e.kind = 'payment') as paid
            from mpesa_payments m where m.trans_id = ${payment.transId}`,
      ),
    );
    expect(row).toEqual({ deposit_minor: 5_000, deposit_contact_id: customerId, paid: '5000' });
  });

  it('refuses a payment smaller than the tender', async () => {
    const payment = await fake.payTill({ shortcode: TILL, amount: 60 });
    await fake.settle();
    const refused = await sell(live, product, payment.transId);
    expect(refused.status).toBe(400);
    expect(refused.json().error.fields['payments.0.amountMinor']).toEqual(['This M-Pesa payment was only $ 60.00']);
  });

  it('lets a manager dispute an unallocated payment, which the register can then not take', async () => {
    const payment = await fake.payTill({ shortcode: TILL, amount: 100 });
    await fake.settle();
    const { id } = (await live.call('POST', '/api/mpesa/payments/lookup', { as: 'cashier', body: { code: payment.transId } })).json().payment;
    expect((await live.call('POST', `/api/mpesa/payments/${id}/dispute`, { as: 'cashier', body: { disputed: true, note: 'Customer says twice' } })).status).toBe(403);
    expect((await other.call('POST', `/api/mpesa/payments/${id}/dispute`, { as: 'manager', body: { disputed: true, note: null } })).status).toBe(404);
    const disputed = await live.call('POST', `/api/mpesa/payments/${id}/dispute`, { as: 'manager', body: { disputed: true, note: 'Customer says twice' } });
    expect(disputed.json()).toMatchObject({ status: 'disputed', disputeNote: 'Customer says twice' });
    expect((await sell(live, product, payment.transId)).status).toBe(409);
    expect((await live.call('POST', `/api/mpesa/payments/${id}/dispute`, { as: 'manager', body: { disputed: false } })).json().status).toBe('unallocated');
    expect((await sell(live, product, payment.transId)).status).toBe(201);
  });

  it('never shows one shop’s prompt to another', async () => {
    const { id } = (await push(live)).json();
    expect((await other.call('GET', `/api/mpesa/stk-requests/${id}`, { as: 'cashier' })).status).toBe(404);
    expect((await other.call('POST', `/api/mpesa/stk-requests/${id}/abandon`, { as: 'cashier' })).status).toBe(404);
    expect((await other.call('POST', '/api/mpesa/stk-requests', { as: 'cashier', body: { id: randomUUID(), registerId: live.registerId, phone: '0712345678', amountMinor: 100 } })).status).toBe(404);
    await fake.settle();
    void otherProduct;
  });
});

describe('the simulated phone (no credentials)', () => {
  it('answers a simulated prompt through the callback code: cancel, then a retry approved', async () => {
    const cancelled = (await push(simulated)).json();
    expect(cancelled).toMatchObject({ simulated: true, status: 'pending' });
    const answer = await simulated.call('POST', `/api/mpesa/sandbox/stk-requests/${cancelled.id}`, { as: 'cashier', body: { outcome: 'cancel' } });
    expect(answer.json()).toMatchObject({ status: 'cancelled', message: 'The customer cancelled the M-Pesa prompt' });
    const retry = (await push(simulated)).json();
    const approved = (await simulated.call('POST', `/api/mpesa/sandbox/stk-requests/${retry.id}`, { as: 'cashier', body: { outcome: 'approve' } })).json();
    expect(approved).toMatchObject({ status: 'paid', receiptNumber: expect.stringMatching(/^S[A-Z0-9]{9}$/) });
    expect((await sell(simulated, simulatedProduct, approved.receiptNumber)).status).toBe(201);
  });

  it('simulates a till payment into the inbox; both sandbox routes refuse a shop with credentials', async () => {
    const created = await simulated.call('POST', '/api/mpesa/sandbox/till-payments', { as: 'cashier', body: { amountMinor: 4_200 } });
    expect(created.status).toBe(201);
    expect(created.json()).toMatchObject({ source: 'c2b', simulated: true, amountMinor: 4_200, status: 'unallocated' });
    expect((await live.call('POST', '/api/mpesa/sandbox/till-payments', { as: 'cashier', body: { amountMinor: 4_200 } })).status).toBe(409);
    const livePrompt = (await push(live)).json();
    expect((await live.call('POST', `/api/mpesa/sandbox/stk-requests/${livePrompt.id}`, { as: 'cashier', body: { outcome: 'approve' } })).status).toBe(404);
    expect((await simulated.call('GET', `/api/mpesa/mode?registerId=${simulated.registerId}`, { as: 'cashier' })).json()).toEqual({ mode: 'simulated' });
    expect((await live.call('GET', `/api/mpesa/mode?registerId=${live.registerId}`, { as: 'cashier' })).json()).toEqual({ mode: 'live' });
    await fake.settle();
  });
});

describe('reconciliation', () => {
  it('sets what was received against the tenders, per day and per shift, with CSV export', async () => {
    const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    const byDay = await live.call('GET', `/api/mpesa/reconciliation?from=${today}&to=${today}&by=day`, { as: 'manager' });
    expect(byDay.status).toBe(200);
    const [day] = byDay.json().rows;
    expect(day.key).toBe(today);
    expect(day.tenderedMinor).toBeGreaterThan(0);
    expect(day.receivedMinor).toBeGreaterThanOrEqual(day.tenderedMinor);
    expect(day.accountMinor).toBe(5_000);
    const byShift = (await live.call('GET', `/api/mpesa/reconciliation?from=${today}&to=${today}&by=shift`, { as: 'manager' })).json();
    expect(byShift.rows[0]).toMatchObject({ key: live.shiftId, tenderedMinor: day.tenderedMinor, unconfirmedCount: 0 });
    expect((await live.call('GET', `/api/mpesa/reconciliation?from=${today}&to=${today}`, { as: 'cashier' })).status).toBe(403);
    const csv = await live.call('GET', `/api/mpesa/payments/export?from=${today}&to=${today}`, { as: 'manager' });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text.split('\r\n')[0]).toBe('code,received_at,amount,source,status,payer,phone,bill_ref,allocated_to,deposit,dispute_note');
    expect(csv.text).toContain(',150.00,c2b,allocated,');
  });
});

describe('a location’s own till', () => {
  it('overrides the shop’s settings for that location’s registers, and back', async () => {
    const body = { locationId: simulated.defaultLocationId, shortcodeType: 'paybill', shortcode: '600000', environment: 'sandbox', consumerKey: 'loc-key-1', consumerSecret: 'loc-secret-1', passkey: 'loc-passkey-1' };
    const saved = await simulated.call('PUT', '/api/mpesa/settings', { body });
    expect(saved.json()).toMatchObject({ locationId: simulated.defaultLocationId, mode: 'live', shortcodeType: 'paybill', tillNumber: null });
    expect((await simulated.call('GET', '/api/mpesa/settings')).json()).toMatchObject({ id: null, mode: 'simulated', locationId: null });
    expect((await simulated.call('GET', `/api/mpesa/mode?registerId=${simulated.registerId}`, { as: 'cashier' })).json()).toEqual({ mode: 'live' });
    const cleared = await simulated.call('PUT', '/api/mpesa/settings', { body: { ...body, clearCredentials: true } });
    expect(cleared.json()).toMatchObject({ mode: 'simulated', consumerKey: { set: false } });
    expect((await simulated.call('GET', `/api/mpesa/mode?registerId=${simulated.registerId}`, { as: 'cashier' })).json()).toEqual({ mode: 'simulated' });
    const unknown = await simulated.call('PUT', '/api/mpesa/settings', { body: { ...body, locationId: other.defaultLocationId } });
    expect(unknown.status).toBe(400);
    expect(unknown.json().error.fields.locationId).toEqual(['Location not found']);
  });
});

describe('secrets', () => {
  it('never reach an API answer over a whole flow', () => {
    expect(responses.length).toBeGreaterThan(50);
    const all = responses.join('\n');
    for (const secret of Object.values(SECRETS)) expect(all).not.toContain(secret);
  });

  it('never reach the logs over a whole flow', async () => {
    await fake.settle();
    expect(logLines.length).toBeGreaterThan(50);
    const all = logLines.join('\n');
    for (const secret of Object.values(SECRETS)) expect(all).not.toContain(secret);
    const token = (await live.call('GET', '/api/mpesa/settings')).json().callbackUrls.stk.split('/').at(-2);
    expect(logLines.join('\n')).not.toContain(token);
    expect(all).toContain('/api/mpesa/callbacks/');
  });
});
