import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEtims, type FakeEtims } from '../../tests/support/fake-etims';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { addStockedProduct, checkoutBody, createSalesShop, type SalesShop, type StockedProduct } from '../sales/sales-test-kit';
import { drainShop, etimsWorkerDeps } from './etims-worker';

// The eTIMS API (issue 19): who may call what, bad input refused with nothing written, the
// communication key never in a response or a log line, one shop never reaching another's devices,
// items or documents, and the monitoring list, resend and export.

const TIN = 'A123456789Z';
let fake: FakeEtims;
let testApp: TestApp;
let shop: SalesShop;
let other: SalesShop;
let soda: StockedProduct;
const logLines: string[] = [];

const settingsBody = { locationId: null, kraPin: TIN, branchId: '00', deviceSerial: 'dvc-routes', environment: 'sandbox' };

beforeAll(async () => {
  fake = await startFakeEtims();
  fake.registerDevice(TIN, '00', 'dvc-routes');
  testApp = await createTestApp({ config: { ETIMS_SANDBOX_URL: fake.url, LOG_LEVEL: 'debug' } });
  // Every log line of the app (the request logs, the worker's), kept to be searched for the key.
  const stream = (testApp.deps.logger as unknown as Record<symbol, { write: (line: string) => boolean }>)[pino.symbols.streamSym]!;
  stream.write = (line: string) => {
    logLines.push(String(line));
    return true;
  };
  shop = await createSalesShop(testApp);
  other = await createSalesShop(testApp);
  soda = await addStockedProduct(testApp.database, shop, { name: 'Soda 500ml', priceMinor: 6_000 });
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});

async function settingsCount(target: SalesShop): Promise<number> {
  const [row] = await testApp.database.withTenant(target.tenant.id, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from etims_settings`));
  return row!.n;
}

describe('device settings', () => {
  it('are the admin’s: managers and cashiers are refused', async () => {
    for (const as of ['manager', 'cashier'] as const) {
      expect((await shop.call('GET', '/api/etims/devices', { as })).status).toBe(403);
      expect((await shop.call('PUT', '/api/etims/devices', { as, body: settingsBody })).status).toBe(403);
    }
    expect(await settingsCount(shop)).toBe(0);
  });

  it('refuse bad input with a message per field and write nothing', async () => {
    const response = await shop.call('PUT', '/api/etims/devices', { body: { ...settingsBody, kraPin: '12345', branchId: '1', deviceSerial: '', environment: 'live' } });
    expect(response.status).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['branchId', 'deviceSerial', 'environment', 'kraPin']);
    const control = await shop.call('PUT', '/api/etims/devices', { body: { ...settingsBody, deviceSerial: 'a\u0000b' } });
    expect(control.status).toBe(400);
    expect(await settingsCount(shop)).toBe(0);
  });

  it('initialise with KRA and never show or log the communication key', async () => {
    const saved = await shop.call('PUT', '/api/etims/devices', { body: { ...settingsBody, kraPin: ' a123456789z ' } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json()).toMatchObject({ kraPin: TIN, cmcKey: { set: false, last4: null }, initialisedAt: null });
    const initialised = await shop.call('POST', `/api/etims/devices/${saved.json().id}/initialise`);
    expect(initialised.status, initialised.text).toBe(200);
    const key = fake.cmcKeyOf(TIN, '00')!;
    expect(initialised.json()).toMatchObject({ sdcId: expect.stringMatching(/^KRACU/), mrcNo: expect.any(String), cmcKey: { set: true, last4: key.slice(-4) } });
    const listed = await shop.call('GET', '/api/etims/devices');

    // A sale of an item not registered yet waits (refused locally, not sent) until it is.
    const sale = await shop.call('POST', '/api/sales', { as: 'cashier', body: checkoutBody(shop, [{ product: soda }]) });
    expect(sale.status).toBe(201);
    expect(await drainShop(etimsWorkerDeps(testApp.deps), shop.tenant.id)).toMatchObject({ signed: 0, refused: 1 });
    expect(fake.requests.some((request) => request.path === 'saveTrnsSalesOsdc')).toBe(false);

    for (const text of [saved.text, initialised.text, listed.text, sale.text]) expect(text).not.toContain(key);
    const [stored] = await testApp.database.withTenant(shop.tenant.id, (tx) => queryRows<{ cmc_key_sealed: string }>(tx, sql`select cmc_key_sealed from etims_settings`));
    expect(stored!.cmc_key_sealed).not.toContain(key);
  });

  it('a second initialisation is refused as KRA refuses it (902: the key is given once)', async () => {
    const [device] = (await shop.call('GET', '/api/etims/devices')).json().devices;
    const again = await shop.call('POST', `/api/etims/devices/${device.id}/initialise`);
    expect(again.status).toBe(409);
    expect((await shop.call('GET', '/api/etims/devices')).json().devices[0].cmcKey.set).toBe(true);
  });
});

describe('items', () => {
  it('lists what is missing, saves the codes, fetches classes and registers with KRA', async () => {
    const missing = await shop.call('GET', '/api/etims/items?filter=missing', { as: 'manager' });
    expect(missing.json().items.find((item: { variantId: string }) => item.variantId === soda.variantId)).toMatchObject({
      taxType: 'B',
      itemCode: null,
      missing: ['item_class', 'packaging_unit', 'quantity_unit'],
    });
    // The fake's lists: three classes, packaging units NT and BG, quantity units U and KG.
    expect((await shop.call('POST', '/api/etims/item-classes/refresh', { as: 'manager' })).json()).toEqual({ classes: 3, codes: 4 });
    expect((await shop.call('GET', '/api/etims/unit-codes', { as: 'manager' })).json()).toEqual({
      packagingUnits: [{ code: 'NT', name: 'NET' }, { code: 'BG', name: 'Bag' }],
      quantityUnits: [{ code: 'U', name: 'Pieces/item [Number]' }, { code: 'KG', name: 'Kilo-Gramme' }],
    });
    expect((await shop.call('GET', '/api/etims/item-classes?q=water', { as: 'manager' })).json().classes).toEqual([{ code: '5020220300', name: 'Bottled water', level: 5, taxType: 'B' }]);

    const bad = await shop.call('PUT', `/api/etims/items/${soda.variantId}`, { as: 'manager', body: { itemClassCode: 'water', packagingUnitCode: 'N T', quantityUnitCode: 'U' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['itemClassCode', 'packagingUnitCode']);

    // Once KRA's lists are fetched a code outside them is refused (KRA would refuse every sale of it: 913).
    const unknown = await shop.call('PUT', `/api/etims/items/${soda.variantId}`, { as: 'manager', body: { itemClassCode: '5020220300', packagingUnitCode: 'CT', quantityUnitCode: 'LTR' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json().error.fields).toEqual({ packagingUnitCode: ['Not in KRA’s list of packaging units'], quantityUnitCode: ['Not in KRA’s list of quantity units'] });
    const saved = await shop.call('PUT', `/api/etims/items/${soda.variantId}`, { as: 'manager', body: { itemClassCode: '5020220300', packagingUnitCode: 'nt', quantityUnitCode: 'U' } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json()).toMatchObject({ itemCode: 'KE2NTU0000001', missing: [], registeredAt: null });
    const registered = await shop.call('POST', '/api/etims/items/register', { as: 'manager', body: {} });
    expect(registered.json()).toEqual({ registered: 1, failed: 0 });
    expect(fake.items.get(`${TIN}:00:KE2NTU0000001`)).toMatchObject({ itemClsCd: '5020220300', taxTyCd: 'B', pkgUnitCd: 'NT', qtyUnitCd: 'U', dftPrc: 60 });
    // The waiting sale is signed on its next attempt, with the item's code filled in.
    expect((await drainShop(etimsWorkerDeps(testApp.deps), shop.tenant.id, { clock: () => new Date(Date.now() + 5 * 60_000) })).signed).toBeGreaterThan(0);
    expect(fake.sale(TIN, '00', 1)?.body).toMatchObject({ itemList: [expect.objectContaining({ itemCd: 'KE2NTU0000001', itemClsCd: '5020220300' })] });
    const key = fake.cmcKeyOf(TIN, '00')!;
    expect(logLines.some((line) => line.includes('eTIMS device initialised'))).toBe(true);
    expect(logLines.join('\n')).not.toContain(key);

    const changed = await shop.call('PUT', `/api/etims/items/${soda.variantId}`, { as: 'manager', body: { itemClassCode: '5020220300', packagingUnitCode: 'BG', quantityUnitCode: 'U' } });
    expect(changed.status).toBe(409);
  });
});

describe('monitoring and isolation', () => {
  it('lists documents with counts, searches, exports CSV, and resends only failed ones', async () => {
    const list = await shop.call('GET', '/api/etims/documents?kind=sale', { as: 'manager' });
    expect(list.status).toBe(200);
    const [document] = list.json().documents;
    expect(document).toMatchObject({ kind: 'sale', status: 'signed', invoiceNumber: 1, totalMinor: 6_000, reference: expect.stringMatching(/^T1-/) });
    expect(list.json().counts).toMatchObject({ pending: 0, failed: 0, pendingOverAnHour: 0 });
    expect((await shop.call('GET', `/api/etims/documents?q=${document.reference}`, { as: 'manager' })).json().total).toBe(1);
    const csv = await shop.call('GET', '/api/etims/documents/export.csv', { as: 'manager' });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text.split('\r\n')[0]).toBe('created_at,kind,reference,invoice_number,original_invoice_number,status,attempts,total,kra_receipt_number,signed_at,error_code,error_message');
    // Two attempts: the first waited for the item's registration.
    expect(csv.text).toContain(`,sale,${document.reference},1,,signed,2,60.00,`);
    expect((await shop.call('POST', `/api/etims/documents/${document.id}/resend`, { as: 'manager' })).status).toBe(409);
    expect((await shop.call('GET', '/api/etims/documents', { as: 'cashier' })).status).toBe(403);
    expect((await shop.call('GET', '/api/etims/status', { as: 'cashier' })).json()).toMatchObject({ signed: expect.any(Number), pendingOverAnHour: 0 });
  });

  it('counts documents waiting more than an hour for the dashboard’s warning', async () => {
    await fake.stop();
    const sale = await shop.call('POST', '/api/sales', { as: 'cashier', body: checkoutBody(shop, [{ product: soda }]) });
    expect(sale.status).toBe(201);
    // The sale's invoice and its two stock reports wait.
    expect((await shop.call('GET', '/api/etims/status', { as: 'cashier' })).json()).toMatchObject({ pending: 3, pendingOverAnHour: 0 });
    await testApp.database.withTenant(shop.tenant.id, (tx) => tx.execute(sql`update etims_documents set created_at = now() - interval '61 minutes' where source_id = ${sale.json().sale.id}`));
    expect((await shop.call('GET', '/api/etims/status', { as: 'cashier' })).json()).toMatchObject({ pending: 3, pendingOverAnHour: 3 });
    await fake.start();
    await drainShop(etimsWorkerDeps(testApp.deps), shop.tenant.id);
    expect((await shop.call('GET', '/api/etims/status', { as: 'cashier' })).json()).toMatchObject({ pending: 0, pendingOverAnHour: 0 });
  });

  it('another shop sees none of this shop’s devices, items or documents', async () => {
    const [document] = (await shop.call('GET', '/api/etims/documents', { as: 'manager' })).json().documents;
    const [device] = (await shop.call('GET', '/api/etims/devices')).json().devices;
    expect((await other.call('GET', '/api/etims/devices')).json().devices).toEqual([]);
    expect((await other.call('GET', '/api/etims/documents', { as: 'manager' })).json()).toMatchObject({ documents: [], total: 0 });
    expect((await other.call('POST', `/api/etims/documents/${document.id}/resend`, { as: 'manager' })).status).toBe(404);
    expect((await other.call('POST', `/api/etims/devices/${device.id}/initialise`)).status).toBe(404);
    expect((await other.call('GET', `/api/etims/receipts/${document.sourceId}`, { as: 'cashier' })).status).toBe(404);
    expect((await other.call('PUT', `/api/etims/items/${soda.variantId}`, { as: 'manager', body: { itemClassCode: '5020220300', packagingUnitCode: 'NT', quantityUnitCode: 'U' } })).status).toBe(404);
    expect((await other.call('GET', '/api/etims/items?filter=registered', { as: 'manager' })).json().items).toEqual([]);
    expect((await shop.call('GET', `/api/etims/receipts/${document.sourceId}`, { as: 'cashier' })).json()).toMatchObject({ status: 'signed', receiptTypeLabel: 'NS' });
  });
});
