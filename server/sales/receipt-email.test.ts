import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale } from '../../core/sales/sales.schemas';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { TEST_PASSWORD } from '../../tests/support/factories';
import { listOutbox } from '../email/email.service';
import { registerItems, saveItemDetails } from '../etims/etims-items.service';
import { initialiseDevice, saveDevice } from '../etims/etims-settings.service';
import { drainShop, etimsWorkerDeps } from '../etims/etims-worker';
import { addStockedProduct, checkoutBody, createSalesShop, type SalesShop, type StockedProduct } from './sales-test-kit';

// A receipt by e-mail (the outbox, in the recipient's language) and a sale's activity (the stock
// movements of the sale and its returns, the approvals used), each 404 for another shop's sale.

let testApp: TestApp;
let shop: SalesShop;
let other: SalesShop;
let soap: StockedProduct;
let sale: Sale;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createSalesShop(testApp);
  other = await createSalesShop(testApp);
  soap = await addStockedProduct(testApp.database, shop, { priceMinor: 12_000 });
  const body = checkoutBody(shop, [{ product: soap, quantityMilli: 2000 }], { payments: [{ tender: 'cash', amountMinor: 24_000, tenderedMinor: 30_000 }] });
  const response = await shop.call('POST', '/api/sales', { body, as: 'cashier' });
  expect(response.status, response.text).toBe(201);
  sale = response.json().sale;
});
afterAll(() => testApp.close());

describe('POST /api/sales/:id/email', () => {
  it('puts the receipt into the outbox: lines, total, VAT band, cash and change (cashier)', async () => {
    const response = await shop.call('POST', `/api/sales/${sale.id}/email`, { as: 'cashier', body: { email: ' Akinyi@Example.test ' } });
    expect(response.status, response.text).toBe(202);
    expect(response.json()).toEqual({ sentTo: 'akinyi@example.test', language: 'en' });
    const [message] = await listOutbox(testApp.database, { to: 'akinyi@example.test' });
    expect(message).toMatchObject({ kind: 'sale_receipt', subject: `Your receipt ${sale.receiptCode} from ${shop.tenant.name}` });
    expect(message!.text).toContain(`Receipt: ${sale.receiptCode}`);
    expect(message!.text).toContain('Total: USD 240.00');
    expect(message!.text).toContain('Cash: USD 300.00');
    expect(message!.text).toContain('Change: USD 60.00');
    expect(message!.text).toMatch(/VAT B 16% on USD 240\.00: USD 33\.10/);
    expect(message!.html).toContain(sale.receiptCode);
  });

  it('writes in the shop’s default language to someone without an account', async () => {
    await testApp.database.withTenant(shop.tenant.id, (tx) => tx.execute(sql`update business_settings set default_language = 'sw'`));
    const response = await shop.call('POST', `/api/sales/${sale.id}/email`, { as: 'cashier', body: { email: 'wambui@example.test' } });
    expect(response.json()).toEqual({ sentTo: 'wambui@example.test', language: 'sw' });
    const [message] = await listOutbox(testApp.database, { to: 'wambui@example.test' });
    expect(message!.subject).toBe(`Risiti yako ${sale.receiptCode} kutoka ${shop.tenant.name}`);
    expect(message!.text).toContain('Chenji: USD 60.00');
    await testApp.database.withTenant(shop.tenant.id, (tx) => tx.execute(sql`update business_settings set default_language = null`));
  });

  it('refuses a bad address (400) and another shop’s or an unknown sale (404), sending nothing', async () => {
    const bad = await shop.call('POST', `/api/sales/${sale.id}/email`, { as: 'cashier', body: { email: 'not-an-address' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['email']);
    const foreign = await other.call('POST', `/api/sales/${sale.id}/email`, { as: 'cashier', body: { email: 'thief@example.test' } });
    expect(foreign.status).toBe(404);
    const unknown = await shop.call('POST', `/api/sales/${randomUUID()}/email`, { as: 'cashier', body: { email: 'thief@example.test' } });
    expect(unknown.status).toBe(404);
    expect(await listOutbox(testApp.database, { to: 'thief@example.test' })).toEqual([]);
  });
});

describe('the receipt e-mail’s eTIMS block (issue 19)', () => {
  it('says "eTIMS pending" until KRA’s control unit signs the invoice, then carries its numbers, signature and KRA’s link', async () => {
    const fiscal = await createSalesShop(testApp);
    const sugar = await addStockedProduct(testApp.database, fiscal, { name: 'Sugar 2kg', priceMinor: 116_000 });
    const deps = etimsWorkerDeps(testApp.deps);
    const device = await saveDevice(deps, fiscal.tenant.id, { locationId: null, kraPin: 'P051234567A', branchId: '00', deviceSerial: 'dvc-receipt', environment: 'simulated' }, fiscal.users.owner.id);
    await initialiseDevice(deps, fiscal.tenant.id, device.id);
    await saveItemDetails(testApp.database, fiscal.tenant.id, sugar.variantId, { itemClassCode: '5059690800', packagingUnitCode: 'NT', quantityUnitCode: 'U', itemTypeCode: '2', originCountry: 'KE' });
    expect(await registerItems(deps, fiscal.tenant.id, 'ready')).toEqual({ registered: 1, failed: 0 });
    const sold = await fiscal.call('POST', '/api/sales', { body: checkoutBody(fiscal, [{ product: sugar }]), as: 'cashier' });
    expect(sold.status, sold.text).toBe(201);
    const fiscalSale: Sale = sold.json().sale;

    await fiscal.call('POST', `/api/sales/${fiscalSale.id}/email`, { as: 'cashier', body: { email: 'pending@example.test' } });
    const [pending] = await listOutbox(testApp.database, { to: 'pending@example.test' });
    expect(pending!.text).toContain('eTIMS pending\neTIMS invoice number: 1');

    await drainShop(deps, fiscal.tenant.id);
    const signed = (await fiscal.call('GET', `/api/sales/${fiscalSale.id}`, { as: 'cashier' })).json<Sale>().etims!;
    expect(signed.status).toBe('signed');
    await fiscal.call('POST', `/api/sales/${fiscalSale.id}/email`, { as: 'cashier', body: { email: 'signed@example.test' } });
    const [message] = await listOutbox(testApp.database, { to: 'signed@example.test' });
    expect(message!.text).toContain('eTIMS simulated — not a tax invoice');
    expect(message!.text).toContain(`CU invoice number: ${signed.sdcId}/${signed.receiptNumber}`);
    expect(message!.text).toContain(`Receipt number: ${signed.receiptNumber}/${signed.totalReceiptNumber} NS`);
    expect(message!.text).toContain(`Receipt signature: ${signed.receiptSignature}`);
    expect(message!.text).toContain(`Internal data: ${signed.internalData}`);
    // KRA's link carries the PIN, the branch and the signature (written out by hand, dashes dropped).
    const link = `https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=P051234567A00${signed.receiptSignature!.replace(/-/g, '')}`;
    expect(message!.text).toContain(`Verify this receipt with KRA: ${link}`);
    expect(message!.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
  });
});

describe('GET /api/sales/:id/activity', () => {
  it('lists the sale’s stock movement, then a damaged return’s movements in and written off', async () => {
    const returned = await shop.call('POST', '/api/sale-returns', {
      as: 'cashier',
      body: {
        id: randomUUID(),
        registerId: shop.registerId,
        shiftId: shop.shiftId,
        saleId: sale.id,
        lines: [{ saleLineId: sale.lines[0]!.id, quantityMilli: 1000, disposition: 'damaged' }],
        reason: 'damaged',
      },
    });
    expect(returned.status, returned.text).toBe(201);
    const returnCode = returned.json().saleReturn.returnCode as string;
    const response = await shop.call('GET', `/api/sales/${sale.id}/activity`, { as: 'cashier' });
    expect(response.status, response.text).toBe(200);
    const { movements, approvals } = response.json();
    expect(movements.map((movement: { kind: string; sourceType: string; documentCode: string; quantityMilli: number }) => [movement.kind, movement.sourceType, movement.documentCode, movement.quantityMilli])).toEqual([
      ['sale', 'sale', sale.receiptCode, -2000],
      ['sale_return', 'sale_return', returnCode, 1000],
      ['adjustment', 'sale_return', returnCode, -1000],
    ]);
    expect(movements[0]).toMatchObject({ productName: soap.name, locationName: expect.any(String) });
    expect(approvals).toEqual([]);
  });

  it('shows the approval a manager gave for a void, with who gave it', async () => {
    const another = await shop.call('POST', '/api/sales', { body: checkoutBody(shop, [{ product: soap }]), as: 'cashier' });
    const voided = another.json().sale as Sale;
    const approval = await shop.call('POST', '/api/approvals', {
      as: 'cashier',
      body: { action: 'void', registerId: shop.registerId, email: shop.users.manager.email, method: 'password', secret: TEST_PASSWORD, reason: 'Rang up twice' },
    });
    expect(approval.status, approval.text).toBe(201);
    const response = await shop.call('POST', `/api/sales/${voided.id}/void`, { as: 'manager', body: { reason: 'Rang up twice', approvalId: approval.json().id } });
    expect(response.status, response.text).toBe(200);
    const activity = (await shop.call('GET', `/api/sales/${voided.id}/activity`, { as: 'cashier' })).json();
    expect(activity.approvals).toEqual([expect.objectContaining({ action: 'void', usedByType: 'sale_void', documentCode: voided.receiptCode, reason: 'Rang up twice', method: 'password' })]);
    expect(activity.approvals[0].approverName).toEqual(expect.any(String));
    expect(activity.movements.map((movement: { sourceType: string }) => movement.sourceType)).toEqual(['sale', 'sale_void']);
  });

  it('answers 404 for another shop’s sale', async () => {
    expect((await other.call('GET', `/api/sales/${sale.id}/activity`, { as: 'cashier' })).status).toBe(404);
  });
});
