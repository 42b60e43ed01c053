import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { createTestContact } from '../accounts/accounts-test-kit';
import { queryRows } from '../db/client';
import { HttpError } from '../http/errors';
import { claimMpesaCode, type MpesaCodeSource } from './mpesa-codes';

// The shop-wide M-Pesa code registry (issue 15): one transaction code is accepted once per shop,
// whatever takes it: a sale's payment (claimMpesaCode in checkout's transaction) or a payment on
// account (the account ledger's recordPayment claims it too). Another shop may see the same code.

let testApp: TestApp;
let shop: TestShop;
let other: TestShop;

const newCode = () => `QK${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;

function claim(target: TestShop, code: string, source: MpesaCodeSource = { type: 'sale', id: randomUUID() }) {
  return testApp.database.withTenant(target.tenant.id, (tx) => claimMpesaCode(tx, target.tenant.id, code, source));
}

async function refusal(attempt: Promise<unknown>): Promise<HttpError> {
  const error = await attempt.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

const claims = (target: TestShop, code: string) =>
  testApp.database.withTenant(target.tenant.id, (tx) =>
    queryRows<{ source_type: string; source_id: string }>(tx, sql`select source_type, source_id from mpesa_codes where code = ${code}`),
  );

async function payOnAccount(code: string) {
  const contactId = await createTestContact(testApp.database, shop.tenant.id);
  return shop.call('POST', `/api/contacts/${contactId}/payments`, { as: 'cashier', body: { amountMinor: 1_000, method: 'mpesa', reference: code } });
}

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp);
  other = await createTestShop(testApp);
});
afterAll(() => testApp.close());

describe('claimMpesaCode', () => {
  it('registers a code once per shop (upper-cased), refusing a second claim with 409 on the reference', async () => {
    const code = newCode();
    const saleId = randomUUID();
    await claim(shop, ` ${code.toLowerCase()} `, { type: 'sale', id: saleId });
    expect(await claims(shop, code)).toEqual([{ source_type: 'sale', source_id: saleId }]);
    const error = await refusal(claim(shop, code));
    expect(error).toMatchObject({ code: 'mpesa_code_used', status: 409, fields: { reference: ['This M-Pesa code has already been used'] } });
    expect(await claims(shop, code)).toHaveLength(1);
    // Another shop's customer may have paid with the same code (its own registry).
    await claim(other, code);
  });

  it('refuses a code that is not 10 letters and digits with 400 on the reference', async () => {
    for (const code of ['QK12345', 'QK1234567890', 'QK1234567!']) {
      expect(await refusal(claim(shop, code))).toMatchObject({ code: 'validation_failed', status: 400, fields: { reference: [expect.any(String)] } });
    }
  });

  it('refuses on an account payment a code a sale took, writing no payment', async () => {
    const code = newCode();
    await claim(shop, code);
    const response = await payOnAccount(code);
    expect(response.status).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'mpesa_code_used', fields: { reference: ['This M-Pesa code has already been used'] } });
    const [payments] = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<{ count: number }>(tx, sql`select count(*)::int as count from account_entries where reference = ${code}`),
    );
    expect(payments!.count).toBe(0);
  });

  it('refuses for a sale a code an account payment took', async () => {
    const code = newCode();
    const paid = await payOnAccount(code.toLowerCase());
    expect(paid.status).toBe(201);
    expect(await claims(shop, code)).toEqual([{ source_type: 'account_entry', source_id: paid.json().entry.id }]);
    expect(await refusal(claim(shop, code))).toMatchObject({ code: 'mpesa_code_used', status: 409 });
    // A second account payment still names the first payment's number.
    const again = await payOnAccount(code);
    expect(again.status).toBe(409);
    expect(again.json().error.fields.reference[0]).toContain(paid.json().entry.number);
  });

  it('lets exactly one of several simultaneous claims of one code win', async () => {
    const code = newCode();
    const results = await Promise.allSettled([claim(shop, code), claim(shop, code), claim(shop, code), claim(shop, code)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'mpesa_code_used' });
    }
    expect(await claims(shop, code)).toHaveLength(1);
  });

  it('lets exactly one of a sale and an account payment taking one code at once win', async () => {
    const code = newCode();
    const [sale, payment] = await Promise.allSettled([claim(shop, code), payOnAccount(code)]);
    const paymentWon = payment.status === 'fulfilled' && payment.value.status === 201;
    expect([sale.status === 'fulfilled', paymentWon].filter(Boolean)).toHaveLength(1);
    if (!paymentWon) expect(payment.status === 'fulfilled' && payment.value.status).toBe(409);
    expect(await claims(shop, code)).toHaveLength(1);
  });
});
