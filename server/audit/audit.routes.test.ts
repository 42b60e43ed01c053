import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEventView } from '../../core/audit/audit.schemas';
import { TEST_PASSWORD } from '../../tests/support/factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { addStockedProduct, checkoutBody, createSalesShop, type SalesShop, type StockedProduct } from '../sales/sales-test-kit';

// The audit log (issue 20): each sensitive action is written with who, when, where and what in
// the action's own transaction; the log is the shop's own (another shop's events: none, 404),
// append-only for the app role, searchable by person, action and days, and its CSV download is
// itself recorded.

let testApp: TestApp;
let shop: SalesShop;
let other: SalesShop;
let soap: StockedProduct;
const DEVICE = 'Mozilla/5.0 (Linux; Android 13; TECNO KI5) Chrome/120.0';
const CLIENT_IP = '197.232.61.20';

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createSalesShop(testApp);
  other = await createSalesShop(testApp);
  soap = await addStockedProduct(testApp.database, shop, { priceMinor: 12_000 });
});
afterAll(() => testApp.close());

async function events(target: SalesShop, query: string, as: 'owner' | 'manager' | 'cashier' = 'owner') {
  const response = await target.call('GET', `/api/audit-events${query}`, { as });
  expect(response.status, response.text).toBe(200);
  return response.json() as { items: AuditEventView[]; total: number; page: number; pageSize: number };
}

describe('what the log records', () => {
  it('a price override at the register shows its approver, the cashier, the device and the address', async () => {
    const approval = await shop.call('POST', '/api/approvals', {
      as: 'cashier',
      body: { action: 'price_override', registerId: shop.registerId, email: shop.users.manager.email, method: 'password', secret: TEST_PASSWORD },
    });
    expect(approval.status, approval.text).toBe(201);
    const base = checkoutBody(shop, [{ product: soap }], { payments: [{ tender: 'cash', amountMinor: 10_000 }], approvalIds: [approval.json().id] });
    const sale = await testApp.request('/api/sales', {
      method: 'POST',
      host: shop.host,
      body: { ...base, lines: [{ variantId: soap.variantId, quantityMilli: 1000, unitPriceMinor: 10_000 }], expectedTotalMinor: 10_000 },
      headers: { cookie: shop.cookies.cashier, 'user-agent': DEVICE, 'x-forwarded-for': CLIENT_IP },
    });
    expect(sale.status, sale.text).toBe(201);

    const { items } = await events(shop, '?action=sale.price_override');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      action: 'sale.price_override',
      actorUserId: shop.users.cashier.id,
      actorName: 'Shop cashier',
      approvedByUserId: shop.users.manager.id,
      approvedByName: 'Shop manager',
      entity: 'sale',
      entityId: sale.json().sale.id,
      ipAddress: CLIENT_IP,
      userAgent: DEVICE,
      details: { listPriceMinor: 12_000, unitPriceMinor: 10_000, productName: soap.name },
    });
    expect(Date.now() - Date.parse(items[0]!.createdAt)).toBeLessThan(60_000);
  });

  it('a void, a return, a stock write-off, cash out of the drawer and a settings change, each with who and what', async () => {
    const sell = async () => {
      const response = await shop.call('POST', '/api/sales', { as: 'cashier', body: checkoutBody(shop, [{ product: soap }]) });
      expect(response.status, response.text).toBe(201);
      return response.json().sale;
    };
    const voided = await sell();
    expect((await shop.call('POST', `/api/sales/${voided.id}/void`, { as: 'manager', body: { reason: 'Rung up twice', approvalId: null } })).status).toBe(200);
    const returnedSale = await sell();
    const saleReturn = await shop.call('POST', '/api/sale-returns', {
      as: 'cashier',
      body: {
        id: randomUUID(),
        registerId: shop.registerId,
        shiftId: shop.shiftId,
        saleId: returnedSale.id,
        customerId: null,
        lines: [{ saleLineId: returnedSale.lines[0].id, quantityMilli: 1000, disposition: 'restock' }],
        reason: 'changed_mind',
        note: null,
        refunds: null,
        approvalId: null,
      },
    });
    expect(saleReturn.status, saleReturn.text).toBe(201);
    const writeOff = await shop.call('POST', '/api/inventory/adjustments', {
      as: 'manager',
      idempotencyKey: randomUUID(),
      body: { locationId: shop.defaultLocationId, reason: 'damage', note: 'Dropped', lines: [{ variantId: soap.variantId, quantityChangeMilli: -2000 }] },
    });
    expect(writeOff.status, writeOff.text).toBe(201);
    const cashOut = await shop.call('POST', `/api/shifts/${shop.shiftId}/cash-movements`, {
      as: 'cashier',
      idempotencyKey: randomUUID(),
      body: { direction: 'out', reason: 'other', amountMinor: 50_000, note: 'Float to the bank' },
    });
    expect(cashOut.status, cashOut.text).toBe(201);
    const settings = await shop.call('PATCH', '/api/settings/business', { body: { receiptFooter: 'Asante sana' } });
    expect(settings.status, settings.text).toBe(200);

    const { items } = await events(shop, '?pageSize=100');
    const find = (action: string) => items.find((event) => event.action === action);
    expect(find('sale.void')).toMatchObject({ actorUserId: shop.users.manager.id, entityId: voided.id, details: { reason: 'Rung up twice' } });
    expect(find('sale.return')).toMatchObject({ actorUserId: shop.users.cashier.id, entityId: saleReturn.json().saleReturn.id, details: { saleId: returnedSale.id, totalMinor: 12_000 } });
    expect(find('stock.write_off')).toMatchObject({ actorUserId: shop.users.manager.id, details: { reason: 'damage', lines: [{ variantId: soap.variantId, quantityChangeMilli: -2000 }] } });
    expect(find('cash.out')).toMatchObject({ actorUserId: shop.users.cashier.id, details: { amountMinor: 50_000, reason: 'other' } });
    expect(find('settings.business')).toMatchObject({ actorUserId: shop.users.owner.id, before: { receiptFooter: null }, after: { receiptFooter: 'Asante sana' } });
  });
});

describe('what the log records, continued', () => {
  it('a discount over the shop’s limit with its approver, and a sales settings change with only what changed', async () => {
    const current = (await shop.call('GET', '/api/sales-settings')).json();
    expect(current.discountLimitBps).not.toBe(500);
    const settings = await shop.call('PUT', '/api/sales-settings', { body: { ...current, discountLimitBps: 500 } });
    expect(settings.status, settings.text).toBe(200);
    const [changed] = (await events(shop, '?action=settings.sales')).items;
    expect(changed).toMatchObject({ actorUserId: shop.users.owner.id, before: { discountLimitBps: current.discountLimitBps }, after: { discountLimitBps: 500 } });
    expect(Object.keys(changed!.after!)).toEqual(['discountLimitBps']);

    const approval = await shop.call('POST', '/api/approvals', {
      as: 'cashier',
      body: { action: 'discount', registerId: shop.registerId, email: shop.users.owner.email, method: 'password', secret: TEST_PASSWORD },
    });
    expect(approval.status, approval.text).toBe(201);
    // 20% off KES 120.00 is KES 24.00, over the new 5% limit.
    const body = checkoutBody(shop, [{ product: soap }], { payments: [{ tender: 'cash', amountMinor: 9_600 }], approvalIds: [approval.json().id] });
    const sale = await shop.call('POST', '/api/sales', {
      as: 'cashier',
      body: { ...body, lines: [{ variantId: soap.variantId, quantityMilli: 1000, discount: { type: 'percent', bps: 2_000 } }], expectedTotalMinor: 9_600 },
    });
    expect(sale.status, sale.text).toBe(201);
    const [discount] = (await events(shop, '?action=sale.discount_over_limit')).items;
    expect(discount).toMatchObject({ actorUserId: shop.users.cashier.id, approvedByUserId: shop.users.owner.id, approvedByName: 'Shop owner', entityId: sale.json().sale.id, details: { lineDiscountMinor: 2_400 } });
  });

  it('the stock and VAT settings and the purchases settings: only what changed, before and after', async () => {
    const vat = await shop.call('PATCH', '/api/settings/inventory', { body: { vatReducedBp: 900 } });
    expect(vat.status, vat.text).toBe(200);
    const [inventory] = (await events(shop, '?action=settings.inventory')).items;
    expect(inventory).toMatchObject({ actorUserId: shop.users.owner.id, before: { vatReducedBp: 800 }, after: { vatReducedBp: 900 } });
    expect(Object.keys(inventory!.after!)).toEqual(['vatReducedBp']);

    const purchases = await shop.call('PUT', '/api/settings/purchases', { body: { cashiersRecordCashPurchases: true } });
    expect(purchases.status, purchases.text).toBe(200);
    const [purchase] = (await events(shop, '?action=settings.purchases')).items;
    expect(purchase).toMatchObject({ before: { cashiersRecordCashPurchases: false }, after: { cashiersRecordCashPurchases: true } });
    // Saving the same again changes nothing and records nothing.
    expect((await shop.call('PUT', '/api/settings/purchases', { body: { cashiersRecordCashPurchases: true } })).status).toBe(200);
    expect((await events(shop, '?action=settings.purchases')).total).toBe(1);
  });

  it('the M-Pesa settings: what changed, and a secret only by name, never its value', async () => {
    const secrets = { consumerKey: 'ck-NEVER-IN-THE-LOG-1', consumerSecret: 'cs-NEVER-IN-THE-LOG-2', passkey: 'pk-NEVER-IN-THE-LOG-3', securityCredential: 'sc-NEVER-IN-THE-LOG-4' };
    const till = { shortcodeType: 'till', shortcode: '174379', tillNumber: '5123456', environment: 'sandbox', initiatorName: 'testapi' };
    expect((await shop.call('PUT', '/api/mpesa/settings', { body: { ...till, ...secrets } })).status).toBe(200);
    // Only the passkey typed again: the rest is kept.
    expect((await shop.call('PUT', '/api/mpesa/settings', { body: { ...till, passkey: 'pk-ROTATED-NEVER-IN-THE-LOG' } })).status).toBe(200);
    const [saved, rotated] = (await events(shop, '?action=settings.mpesa&direction=asc')).items;
    expect(saved).toMatchObject({
      actorUserId: shop.users.owner.id,
      entity: 'mpesa_settings',
      after: { shortcode: '174379', tillNumber: '5123456', initiatorName: 'testapi' },
      details: { secretsChanged: ['consumerKey', 'consumerSecret', 'passkey', 'securityCredential'] },
    });
    expect(rotated).toMatchObject({ before: null, after: null, details: { secretsChanged: ['passkey'] } });
    const rows = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<{ row: string }>(tx, sql`select row_to_json(e)::text as row from audit_events e where e.action = 'settings.mpesa'`),
    );
    expect(rows).toHaveLength(2);
    for (const { row } of rows) for (const secret of [...Object.values(secrets), 'pk-ROTATED-NEVER-IN-THE-LOG']) expect(row).not.toContain(secret);
  });

  it('the eTIMS device, loyalty and accounting settings: only what changed, before and after', async () => {
    const device = { locationId: null, kraPin: 'P051234567X', branchId: '00', deviceSerial: 'dvc-audit-1', environment: 'simulated' };
    const saved = (await shop.call('PUT', '/api/etims/devices', { body: device })).json<{ id: string }>();
    expect((await shop.call('POST', `/api/etims/devices/${saved.id}/initialise`)).status).toBe(200);
    expect((await shop.call('PUT', '/api/etims/devices', { body: { ...device, deviceSerial: 'dvc-audit-2' } })).status).toBe(200);
    const [, reserialled] = (await events(shop, '?action=settings.etims&direction=asc')).items;
    // A new serial forgets the key KRA gave: said, never shown.
    expect(reserialled).toMatchObject({
      entityId: saved.id,
      before: { deviceSerial: 'dvc-audit-1', initialised: true },
      after: { deviceSerial: 'dvc-audit-2', initialised: false },
      details: { secretsChanged: ['cmcKey'] },
    });
    expect(Object.keys(reserialled!.after!).sort()).toEqual(['deviceSerial', 'initialised']);

    const programme = { isEnabled: true, earnRateBps: 100, pointValueMinor: 50, minRedeemPoints: 100, expiryMonths: 6 };
    expect((await shop.call('PUT', '/api/loyalty/settings', { body: programme })).status).toBe(200);
    expect((await shop.call('PUT', '/api/loyalty/settings', { body: { ...programme, pointValueMinor: 75 } })).status).toBe(200);
    const [, loyalty] = (await events(shop, '?action=settings.loyalty&direction=asc')).items;
    expect(loyalty).toMatchObject({ actorUserId: shop.users.owner.id, before: { pointValueMinor: 50 }, after: { pointValueMinor: 75 } });
    expect(Object.keys(loyalty!.after!)).toEqual(['pointValueMinor']);

    const accounts = (await shop.call('GET', '/api/accounting/accounts')).json<{ items: Array<{ id: string; code: string; name: string }> }>().items;
    const bank = accounts.find((account) => account.code === '1050')!;
    expect((await shop.call('PUT', '/api/accounting/settings', { body: { tenderAccounts: { mpesa: bank.id }, valueLoyaltyPoints: true } })).status).toBe(200);
    const [accounting] = (await events(shop, '?action=settings.accounting')).items;
    expect({ before: accounting!.before, after: accounting!.after }).toEqual({
      before: { 'tenderAccounts.mpesa': null, valueLoyaltyPoints: false },
      after: { 'tenderAccounts.mpesa': `1050 ${bank.name}`, valueLoyaltyPoints: true },
    });
  });

  it('another area’s CSV download is recorded as export.csv with who and which file', async () => {
    const response = await shop.call('GET', '/api/sales/export.csv', { as: 'manager' });
    expect(response.status).toBe(200);
    const [download] = (await events(shop, `?action=export.csv&actorUserId=${shop.users.manager.id}`)).items;
    expect(download).toMatchObject({ entityId: '/api/sales/export.csv' });
    expect(download!.details.fileName).toMatch(/^sales-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});

describe('reading the log', () => {
  it('filters by person, action and days, newest first, a page at a time', async () => {
    const all = await events(shop, '?pageSize=2');
    expect(all.total).toBeGreaterThanOrEqual(6);
    expect(all.items).toHaveLength(2);
    expect(Date.parse(all.items[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(all.items[1]!.createdAt));
    const oldestFirst = await events(shop, '?pageSize=100&direction=asc');
    expect(oldestFirst.items[0]!.action).toBe('sale.price_override');

    const byCashier = await events(shop, `?actorUserId=${shop.users.cashier.id}&pageSize=100`);
    expect(byCashier.items.every((event) => event.actorUserId === shop.users.cashier.id)).toBe(true);
    expect(byCashier.items.map((event) => event.action)).toEqual(expect.arrayContaining(['sale.price_override', 'sale.return', 'cash.out']));

    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Nairobi' });
    expect((await events(shop, `?from=${today}&to=${today}`)).total).toBe(all.total);
    expect((await events(shop, '?from=2020-01-01&to=2020-01-31')).total).toBe(0);
    const bad = await shop.call('GET', '/api/audit-events?from=2026-02-01&to=2026-01-01');
    expect(bad.status).toBe(400);
    expect(bad.json().error.fields.to).toBeDefined();
  });

  it('is for admins: a manager and a cashier are refused', async () => {
    expect((await shop.call('GET', '/api/audit-events', { as: 'manager' })).status).toBe(403);
    expect((await shop.call('GET', '/api/audit-events', { as: 'cashier' })).status).toBe(403);
  });

  it('is the shop’s own: another shop sees none of its events, and an event’s id answers 404 there', async () => {
    const [first] = (await events(shop, '?pageSize=1')).items;
    expect((await events(other, '?pageSize=100')).items.some((event) => event.id === first!.id)).toBe(false);
    expect((await other.call('GET', `/api/audit-events/${first!.id}`)).status).toBe(404);
    const own = await shop.call('GET', `/api/audit-events/${first!.id}`);
    expect(own.status).toBe(200);
    expect(own.json().id).toBe(first!.id);
  });

  it('downloads as CSV, and the download itself is recorded', async () => {
    const response = await shop.call('GET', '/api/audit-events/export.csv?action=sale.price_override');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('time,person,action,entity,entity_id,approved_by,ip_address,user_agent,before,after,details');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Shop manager');
    const exports = await events(shop, '?action=export.csv');
    expect(exports.items[0]).toMatchObject({ actorUserId: shop.users.owner.id, entityId: '/api/audit-events/export.csv', details: { query: { action: 'sale.price_override' } } });
  });
});

describe('append-only', () => {
  it('the application role can add events but not change or remove them', async () => {
    const tenantId = shop.tenant.id;
    const refusal = (statement: ReturnType<typeof sql>) =>
      testApp.database.withTenant(tenantId, (tx) => tx.execute(statement)).then(
        () => 'succeeded',
        (error: { message?: string; cause?: { message?: string } }) => error.cause?.message ?? error.message ?? String(error),
      );
    expect(await refusal(sql`update audit_events set action = 'tampered'`)).toMatch(/permission denied/);
    expect(await refusal(sql`delete from audit_events`)).toMatch(/permission denied/);
    expect(await refusal(sql`truncate audit_events`)).toMatch(/permission denied/);
    const [row] = await testApp.database.withTenant(tenantId, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from audit_events where action = 'tampered'`));
    expect(row!.n).toBe(0);
  });
});
