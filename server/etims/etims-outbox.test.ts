import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale } from '../../core/sales/sales.schemas';
import { startFakeEtims, type FakeEtims } from '../../tests/support/fake-etims';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { addStockedProduct, checkoutBody, createSalesShop, type SalesShop, type StockedProduct } from '../sales/sales-test-kit';
import { resendDocument } from './etims-documents.service';
import { registerItems, saveItemDetails } from './etims-items.service';
import { initialiseDevice, saveDevice } from './etims-settings.service';
import { drainShop, etimsWorkerDeps, MAX_REFUSALS, type EtimsWorkerDeps } from './etims-worker';

// The transactional outbox (issue 19): a sale or a return queues its document in its own
// transaction with a gap-free invoice number; the worker signs it exactly once, also when KRA is
// down, when an answer is lost, and when the worker is killed mid-send and restarted.

const TIN = 'P051234567X';
let fake: FakeEtims;
let testApp: TestApp;
let shop: SalesShop;
let sugar: StockedProduct;
let flour: StockedProduct;
let deps: EtimsWorkerDeps;

interface DocumentRow {
  id: string;
  kind: string;
  status: string;
  invoice_number: number | null;
  original_invoice_number: number | null;
  in_doubt: boolean;
  attempts: number;
  payload: Record<string, any>;
  result: Record<string, any> | null;
  last_error_code: string | null;
  last_error_message: string | null;
}

const documentsOf = (sourceId: string) =>
  testApp.database.withTenant(shop.tenant.id, (tx) => queryRows<DocumentRow>(tx, sql`select * from etims_documents where source_id = ${sourceId} order by seq`));

async function sell(body: ReturnType<typeof checkoutBody>): Promise<Sale> {
  const response = await shop.call('POST', '/api/sales', { body, as: 'cashier' });
  expect(response.status, response.text).toBe(201);
  return response.json().sale;
}

const later = (minutes: number) => () => new Date(Date.now() + minutes * 60_000);

beforeAll(async () => {
  fake = await startFakeEtims();
  fake.registerDevice(TIN, '00', 'dvc-outbox');
  testApp = await createTestApp({ config: { ETIMS_SANDBOX_URL: fake.url } });
  deps = etimsWorkerDeps(testApp.deps);
  shop = await createSalesShop(testApp);
  // 1,160.00 in band B (taxable 1,000.00, tax 160.00); 500.00 exempt (band A).
  sugar = await addStockedProduct(testApp.database, shop, { name: 'Sugar 2kg', priceMinor: 116_000 });
  flour = await addStockedProduct(testApp.database, shop, { name: 'Maize flour', priceMinor: 50_000 });
  await testApp.database.withTenant(shop.tenant.id, (tx) => tx.execute(sql`update products set tax_class = 'exempt' where id = ${flour.productId}`));
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});

describe('before the device is initialised', () => {
  it('a sale queues nothing', async () => {
    const sale = await sell(checkoutBody(shop, [{ product: sugar }]));
    expect(await documentsOf(sale.id)).toEqual([]);
  });
});

describe('with an initialised device', () => {
  beforeAll(async () => {
    const device = await saveDevice(deps, shop.tenant.id, { locationId: null, kraPin: TIN, branchId: '00', deviceSerial: 'dvc-outbox', environment: 'sandbox' }, shop.users.owner.id);
    await initialiseDevice(deps, shop.tenant.id, device.id);
    await saveItemDetails(testApp.database, shop.tenant.id, sugar.variantId, { itemClassCode: '5059690800', packagingUnitCode: 'NT', quantityUnitCode: 'U', itemTypeCode: '2', originCountry: 'KE' });
    await saveItemDetails(testApp.database, shop.tenant.id, flour.variantId, { itemClassCode: '5010150100', packagingUnitCode: 'BG', quantityUnitCode: 'KG', itemTypeCode: '2', originCountry: 'KE' });
    expect(await registerItems(deps, shop.tenant.id, 'ready')).toEqual({ registered: 2, failed: 0 });
  });

  it('queues the sale with the hand-worked bands, then its stock reports; the worker signs it once', async () => {
    const sale = await sell(checkoutBody(shop, [{ product: sugar }, { product: flour, quantityMilli: 2000 }], { payments: [{ tender: 'mpesa', amountMinor: 216_000, reference: 'SGR7Q2XK9A' }] }));
    const [document, stockIo, ...masters] = await documentsOf(sale.id);
    expect(document).toMatchObject({ kind: 'sale', status: 'pending', invoice_number: 1 });
    expect(document!.payload).toMatchObject({
      invcNo: 1,
      orgInvcNo: 0,
      trdInvcNo: sale.receiptCode,
      rcptTyCd: 'S',
      pmtTyCd: '06',
      taxblAmtA: 1000,
      taxAmtA: 0,
      taxblAmtB: 1000,
      taxAmtB: 160,
      taxRtB: 16,
      taxblAmtE: 0,
      totTaxblAmt: 2000,
      totTaxAmt: 160,
      totAmt: 2160,
    });
    expect(document!.payload.itemList.map((item: Record<string, unknown>) => item.itemCd)).toEqual(['KE2NTU0000001', 'KE2BGKG0000002']);
    expect(stockIo).toMatchObject({ kind: 'stock_io', payload: { sarTyCd: '11', totAmt: 2160 } });
    expect(masters.map((row) => row.kind)).toEqual(['stock_master', 'stock_master']);

    const drained = await drainShop(deps, shop.tenant.id);
    expect(drained).toMatchObject({ signed: 4, refused: 0, unanswered: 0 });
    const [signed] = await documentsOf(sale.id);
    const atKra = fake.sale(TIN, '00', 1)!;
    expect(signed).toMatchObject({ status: 'signed', in_doubt: false, result: { rcptSign: atKra.signature.rcptSign, curRcptNo: atKra.signature.curRcptNo, sdcId: expect.stringMatching(/^KRACU/) } });
    expect(fake.signings.get(`${TIN}:00:1`)).toBe(1);
    expect(fake.stockMasters.at(-1)).toMatchObject({ itemCd: 'KE2BGKG0000002' });
  });

  it('a return is a credit note referencing the sale’s invoice, never above it', async () => {
    const sale = await sell(checkoutBody(shop, [{ product: sugar, quantityMilli: 2000 }]));
    await drainShop(deps, shop.tenant.id);
    const [saleDocument] = await documentsOf(sale.id);
    const returnId = randomUUID();
    const response = await shop.call('POST', '/api/sale-returns', {
      as: 'cashier',
      body: {
        id: returnId,
        registerId: shop.registerId,
        shiftId: shop.shiftId,
        saleId: sale.id,
        customerId: null,
        lines: [{ saleLineId: sale.lines[0]!.id, quantityMilli: 1000, disposition: 'restock' }],
        reason: 'changed_mind',
        note: null,
        refunds: null,
        approvalId: null,
      },
    });
    expect(response.status, response.text).toBe(201);
    const [credit] = await documentsOf(returnId);
    expect(credit).toMatchObject({ kind: 'credit_note', original_invoice_number: saleDocument!.invoice_number, invoice_number: saleDocument!.invoice_number! + 1 });
    expect(credit!.payload).toMatchObject({ rcptTyCd: 'R', orgInvcNo: saleDocument!.invoice_number, rfdRsnCd: '06', taxblAmtB: 1000, taxAmtB: 160, totAmt: 1160 });
    await drainShop(deps, shop.tenant.id);
    expect((await documentsOf(returnId))[0]).toMatchObject({ status: 'signed' });
    expect(fake.sale(TIN, '00', credit!.invoice_number!)?.body).toMatchObject({ rcptTyCd: 'R', orgInvcNo: saleDocument!.invoice_number });
  });

  it('a void is a credit note of the whole sale; the sale’s receipt keeps its own block', async () => {
    const sale = await sell(checkoutBody(shop, [{ product: sugar }, { product: flour }]));
    await drainShop(deps, shop.tenant.id);
    const voided = await shop.call('POST', `/api/sales/${sale.id}/void`, { as: 'manager', body: { reason: 'Rung up twice' } });
    expect(voided.status, voided.text).toBe(200);
    const [invoice, ...rest] = await documentsOf(sale.id);
    const credit = rest.find((row) => row.kind === 'credit_note')!;
    expect(credit).toMatchObject({ original_invoice_number: invoice!.invoice_number, invoice_number: expect.any(Number) });
    expect(credit.payload).toMatchObject({ rcptTyCd: 'R', orgInvcNo: invoice!.invoice_number, rfdRsnCd: '06', totAmt: 1660, taxblAmtA: 500, taxblAmtB: 1000, taxAmtB: 160 });
    await drainShop(deps, shop.tenant.id);
    expect((await documentsOf(sale.id)).find((row) => row.kind === 'credit_note')).toMatchObject({ status: 'signed' });
    expect(voided.json().etims).toMatchObject({ receiptTypeLabel: 'NS', invoiceNumber: invoice!.invoice_number });
  });

  it('invoice numbers are gap-free under concurrent sales, refused ones taking none', async () => {
    const before = await testApp.database.withTenant(shop.tenant.id, (tx) => queryRows<{ n: number }>(tx, sql`select last_invoice_number as n from etims_settings`));
    const bodies = Array.from({ length: 16 }, (_, index) => {
      const body = checkoutBody(shop, [{ product: flour }]);
      // Every fourth one claims a stale total: refused in its transaction (409 price_changed), rolled back.
      if (index % 4 !== 3) return body;
      const claimed = body.expectedTotalMinor + 100;
      return { ...body, expectedTotalMinor: claimed, payments: [{ tender: 'cash', amountMinor: claimed, tenderedMinor: claimed }] };
    });
    const responses = await Promise.all(bodies.map((body) => shop.call('POST', '/api/sales', { body, as: 'cashier' })));
    expect(responses.map((response) => response.status).sort()).toEqual([...Array(12).fill(201), ...Array(4).fill(409)]);
    const numbers = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<{ invoice_number: number }>(tx, sql`select invoice_number from etims_documents where invoice_number > ${before[0]!.n} order by invoice_number`),
    );
    expect(numbers.map((row) => row.invoice_number)).toEqual(Array.from({ length: 12 }, (_, index) => before[0]!.n + index + 1));
    await drainShop(deps, shop.tenant.id);
  });

  it('a sale completes while KRA is down, prints pending, and is signed once KRA is back', async () => {
    await fake.stop();
    const sale = await sell(checkoutBody(shop, [{ product: sugar }]));
    expect((await shop.call('GET', `/api/sales/${sale.id}`, { as: 'cashier' })).json().etims).toMatchObject({ status: 'pending', receiptSignature: null });
    const down = await drainShop(deps, shop.tenant.id);
    expect(down.unanswered).toBe(1);
    const [waiting] = await documentsOf(sale.id);
    expect(waiting).toMatchObject({ status: 'pending', in_doubt: true, last_error_code: 'network' });

    await fake.start();
    const back = await drainShop(deps, shop.tenant.id, { clock: later(2) });
    expect(back.unanswered).toBe(0);
    const invoice = waiting!.invoice_number!;
    // Asked first (it was in doubt), then sent, once.
    const calls = fake.requests.filter((request) => request.body?.invcNo === invoice).map((request) => request.path);
    expect(calls).toEqual(['selectInvoiceDetails', 'saveTrnsSalesOsdc']);
    expect(fake.signings.get(`${TIN}:00:${invoice}`)).toBe(1);
    const block = (await shop.call('GET', `/api/sales/${sale.id}`, { as: 'cashier' })).json().etims;
    expect(block).toMatchObject({ status: 'signed', receiptTypeLabel: 'NS', invoiceNumber: invoice });
  });

  it('a worker killed after KRA received the sale is not signed twice when the next one takes over', async () => {
    const sale = await sell(checkoutBody(shop, [{ product: flour }]));
    const [queued] = await documentsOf(sale.id);
    const invoice = queued!.invoice_number!;
    fake.hang('saveTrnsSalesOsdc');
    const killed = new AbortController();
    const first = drainShop(deps, shop.tenant.id, { signal: killed.signal });
    await expect.poll(() => fake.requests.some((request) => request.path === 'saveTrnsSalesOsdc' && request.body?.invcNo === invoice)).toBe(true);
    killed.abort(new Error('worker killed'));
    await first;
    expect(fake.signings.get(`${TIN}:00:${invoice}`)).toBe(1);
    expect((await documentsOf(sale.id))[0]).toMatchObject({ status: 'sending', in_doubt: true });

    // Before the lease runs out nobody takes it; after, the next worker asks KRA and keeps its signature.
    expect((await drainShop(deps, shop.tenant.id)).signed).toBe(0);
    await drainShop(deps, shop.tenant.id, { clock: later(2) });
    const [signed] = await documentsOf(sale.id);
    expect(signed).toMatchObject({ status: 'signed', result: { rcptSign: fake.sale(TIN, '00', invoice)!.signature.rcptSign } });
    expect(fake.requests.filter((request) => request.path === 'saveTrnsSalesOsdc' && request.body?.invcNo === invoice)).toHaveLength(1);
    expect(fake.signings.get(`${TIN}:00:${invoice}`)).toBe(1);
  });

  it('a lost answer followed by a resend answered 994 takes KRA’s signature instead of a second one', async () => {
    const sale = await sell(checkoutBody(shop, [{ product: flour }]));
    const invoice = (await documentsOf(sale.id))[0]!.invoice_number!;
    // KRA signs it, the answer is lost, and the lookup fails too: the resend meets the duplicate.
    fake.hang('saveTrnsSalesOsdc');
    const killed = new AbortController();
    const first = drainShop(deps, shop.tenant.id, { signal: killed.signal });
    await expect.poll(() => fake.sale(TIN, '00', invoice) !== undefined).toBe(true);
    killed.abort(new Error('worker killed'));
    await first;
    fake.refuse('selectInvoiceDetails', '001', 'There is no search result');
    await drainShop(deps, shop.tenant.id, { clock: later(2) });
    expect((await documentsOf(sale.id))[0]).toMatchObject({ status: 'signed', result: { rcptSign: fake.sale(TIN, '00', invoice)!.signature.rcptSign } });
    expect(fake.signings.get(`${TIN}:00:${invoice}`)).toBe(1);
  });

  it('KRA’s refusals keep its text, back off, fail after the last attempt, and a resend signs it', async () => {
    const sale = await sell(checkoutBody(shop, [{ product: sugar }]));
    const [queued] = await documentsOf(sale.id);
    fake.refuse('saveTrnsSalesOsdc', '910', 'Request parameter error', MAX_REFUSALS);
    for (let attempt = 1; attempt <= MAX_REFUSALS; attempt += 1) {
      await drainShop(deps, shop.tenant.id, { clock: later(attempt * 60) });
    }
    const [failed] = await documentsOf(sale.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_REFUSALS, in_doubt: false, last_error_code: '910', last_error_message: 'Request parameter error' });
    expect(fake.sale(TIN, '00', queued!.invoice_number!)).toBeUndefined();

    await resendDocument(testApp.database, shop.tenant.id, failed!.id);
    await drainShop(deps, shop.tenant.id);
    expect((await documentsOf(sale.id))[0]).toMatchObject({ status: 'signed', last_error_message: null });
    expect(fake.signings.get(`${TIN}:00:${queued!.invoice_number}`)).toBe(1);
  });
});
