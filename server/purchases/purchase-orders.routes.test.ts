import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, type TestProduct } from '../../tests/support/catalog-factories';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { purchaseOrderSchema } from '../../core/purchases/purchases.schemas';
import { queryRows } from '../db/client';
import { listOutbox, outboxAttachments } from '../email/email.service';
import { addContact, download, makeKenyanShop, readPdf } from '../statements/statements-test-kit';

// Issue 16, purchase orders: a draft PO-000001 priced per line (VAT rounded half up per line), edited
// while a draft, ordered, sent by e-mail with its PDF in the outbox, cancelled or closed only from
// the states that allow it; bad input answers 400 with field names and writes nothing; the same
// Idempotency-Key makes one order; another shop's order is 404 everywhere; cashiers get 403.

let testApp: TestApp;
let shop: TestShop;
let other: TestShop;
let supplierId: string;
let silentSupplierId: string;
let customerId: string;
let otherSupplierId: string;
let soda: TestProduct;
let rice: TestProduct;
let service: TestProduct;
let crateId: string;
let otherCrateId: string;
let otherProduct: TestProduct;

async function addPack(tenantId: string, name: string, baseUnitName: string, baseQuantity: string): Promise<string> {
  const [row] = await testApp.database.withTenant(tenantId, (tx) =>
    queryRows<{ id: string }>(
      tx,
      sql`insert into units (tenant_id, name, short_name, base_unit_id, base_quantity)
          select ${tenantId}, ${name}, ${name.toLowerCase()}, id, ${baseQuantity}::numeric from units where name = ${baseUnitName} returning id`,
    ),
  );
  return row!.id;
}

const orderCount = (target: TestShop) =>
  testApp.database.withTenant(target.tenant.id, async (tx) => {
    const [row] = await queryRows<{ orders: number; lines: number }>(
      tx,
      sql`select (select count(*)::int from purchase_orders) as orders, (select count(*)::int from purchase_order_lines) as lines`,
    );
    return row!;
  });

const sodaLine = { variantId: '', unitId: null as string | null, quantityMilli: 3_000, unitCostMinor: 120_000, taxClass: null as string | null };

function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    supplierId,
    locationId: shop.defaultLocationId,
    expectedDate: '2026-12-01',
    supplierReference: 'Q-118',
    note: 'Deliver before noon',
    lines: [
      { ...sodaLine, variantId: soda.variantId, unitId: crateId },
      { variantId: rice.variantId, quantityMilli: 2_500, unitCostMinor: 14_999, taxClass: 'reduced' },
    ],
    ...overrides,
  };
}

async function createOrder(overrides: Record<string, unknown> = {}): Promise<{ id: string; number: string }> {
  const response = await shop.call('POST', '/api/purchase-orders', { body: orderBody(overrides), as: 'manager' });
  expect(response.status, response.text).toBe(201);
  return response.json();
}

/** Receipts are another engineer's: an order is put in a received state as they would leave it. */
async function setStatus(orderId: string, status: string) {
  await testApp.database.withTenant(shop.tenant.id, (tx) => tx.execute(sql`update purchase_orders set status = ${status} where id = ${orderId}`));
}

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp);
  other = await createTestShop(testApp);
  await makeKenyanShop(testApp.database, shop.tenant.id);
  supplierId = await addContact(testApp.database, shop.tenant.id, { name: 'Mombasa Bottlers', type: 'supplier', email: 'orders@bottlers.example' });
  silentSupplierId = await addContact(testApp.database, shop.tenant.id, { name: 'Jua Kali Supplies', type: 'both' });
  customerId = await addContact(testApp.database, shop.tenant.id, { name: 'Wanjiru Kamau', type: 'customer' });
  otherSupplierId = await addContact(testApp.database, other.tenant.id, { name: 'Elsewhere Ltd', type: 'supplier' });
  soda = await createTestProduct(testApp.database, shop.tenant.id, { name: 'Soda 500 ml', unitName: 'Piece' });
  rice = await createTestProduct(testApp.database, shop.tenant.id, { name: 'Rice (loose)', unitName: 'Kilogram' });
  service = await createTestProduct(testApp.database, shop.tenant.id, { name: 'Delivery fee', trackStock: false });
  crateId = await addPack(shop.tenant.id, 'Crate', 'Piece', '24');
  await addPack(shop.tenant.id, 'Sack', 'Kilogram', '50');
  otherProduct = await createTestProduct(testApp.database, other.tenant.id, { name: 'Their soda', unitName: 'Piece' });
  otherCrateId = await addPack(other.tenant.id, 'Crate', 'Piece', '24');
});
afterAll(() => testApp.close());

describe('creating and editing a draft', () => {
  it('creates PO-000001 in purchase units with VAT per line, rounded half up', async () => {
    const response = await shop.call('POST', '/api/purchase-orders', { body: orderBody(), as: 'manager' });
    expect(response.status, response.text).toBe(201);
    const order = response.json();
    expect(() => purchaseOrderSchema.strict().parse(order)).not.toThrow();
    // Soda: 3 crates × KSh 1,200.00 = 360,000; VAT 16% = 57,600; 3 × 24 = 72 pieces ordered.
    // Rice: 2.5 kg × 149.99 = 37,497.5 → 37,498; VAT 8% = 2,999.84 → 3,000.
    // Subtotal 360,000 + 37,498 = 397,498; VAT 57,600 + 3,000 = 60,600; total 458,098.
    expect(order).toMatchObject({
      number: 'PO-000001',
      status: 'draft',
      supplier: { id: supplierId, name: 'Mombasa Bottlers', email: 'orders@bottlers.example' },
      location: { id: shop.defaultLocationId },
      expectedDate: '2026-12-01',
      supplierReference: 'Q-118',
      note: 'Deliver before noon',
      subtotalMinor: 397_498,
      vatMinor: 60_600,
      totalMinor: 458_098,
      createdByName: 'Shop manager',
      orderedAt: null,
      sentAt: null,
      receipts: [],
    });
    expect(order.lines.map((line: Record<string, unknown>) => [line.productName, line.unitName, line.packSizeMilli, line.taxClass, line.lineSubtotalMinor, line.vatMinor, line.orderedStockMilli, line.outstandingStockMilli])).toEqual([
      ['Soda 500 ml', 'Crate', 24_000, 'standard', 360_000, 57_600, 72_000, 72_000],
      ['Rice (loose)', null, 1_000, 'reduced', 37_498, 3_000, 2_500, 2_500],
    ]);
    expect((await shop.call('GET', `/api/purchase-orders/${order.id}`, { as: 'manager' })).json()).toEqual(order);
  });

  it('makes one order for the same Idempotency-Key, and refuses the key with another body', async () => {
    const key = randomUUID();
    const before = await orderCount(shop);
    const first = await shop.call('POST', '/api/purchase-orders', { body: orderBody(), as: 'manager', idempotencyKey: key });
    const second = await shop.call('POST', '/api/purchase-orders', { body: orderBody(), as: 'manager', idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    expect((await orderCount(shop)).orders).toBe(before.orders + 1);
    const reused = await shop.call('POST', '/api/purchase-orders', { body: orderBody({ note: 'Another' }), as: 'manager', idempotencyKey: key });
    expect(reused.status).toBe(422);
  });

  it('refuses a bad supplier, unit, quantity or item with field messages, writing nothing', async () => {
    const before = await orderCount(shop);
    const fieldsOf = async (body: Record<string, unknown>) => {
      const response = await shop.call('POST', '/api/purchase-orders', { body, as: 'manager' });
      expect(response.status, response.text).toBe(400);
      return response.json().error.fields;
    };
    expect(await fieldsOf(orderBody({ supplierId: customerId }))).toEqual({ supplierId: ['Wanjiru Kamau is not a supplier'] });
    expect(await fieldsOf(orderBody({ supplierId: otherSupplierId }))).toEqual({ supplierId: ['Supplier not found'] });
    expect(Object.keys(await fieldsOf(orderBody({ locationId: other.defaultLocationId })))).toEqual(['locationId']);
    const lines = (line: Record<string, unknown>) => orderBody({ lines: [{ ...sodaLine, variantId: soda.variantId, ...line }] });
    expect(await fieldsOf(lines({ quantityMilli: 1_500 }))).toEqual({ 'lines.0.quantityMilli': ['Soda 500 ml is counted in whole units'] });
    expect(Object.keys(await fieldsOf(lines({ unitId: otherCrateId })))).toEqual(['lines.0.unitId']);
    const sackId = (await testApp.database.withTenant(shop.tenant.id, (tx) => queryRows<{ id: string }>(tx, sql`select id from units where name = 'Sack'`)))[0]!.id;
    expect(await fieldsOf(lines({ unitId: sackId }))).toEqual({ 'lines.0.unitId': ['Choose the unit of Soda 500 ml or a pack of it'] });
    expect(await fieldsOf(lines({ variantId: service.variantId }))).toEqual({ 'lines.0.variantId': ['Delivery fee does not track stock'] });
    expect(await fieldsOf(lines({ variantId: otherProduct.variantId }))).toEqual({ 'lines.0.variantId': ['Product not found'] });
    expect(Object.keys(await fieldsOf(orderBody({ lines: [] })))).toEqual(['lines']);
    expect(Object.keys(await fieldsOf(lines({ quantityMilli: 0, unitCostMinor: -1 })))).toEqual(['lines.0.quantityMilli', 'lines.0.unitCostMinor']);
    expect(await orderCount(shop)).toEqual(before);
  });

  it('replaces a draft’s header and lines, then refuses changes once it is ordered', async () => {
    const { id } = await createOrder();
    const edited = await shop.call('PUT', `/api/purchase-orders/${id}`, {
      body: orderBody({ supplierId: silentSupplierId, note: null, lines: [{ variantId: rice.variantId, unitId: null, quantityMilli: 10_000, unitCostMinor: 15_000, taxClass: 'zero_rated' }] }),
      as: 'manager',
    });
    expect(edited.status, edited.text).toBe(200);
    // 10 kg × 150.00 = 150,000, zero-rated.
    expect(edited.json()).toMatchObject({ supplier: { name: 'Jua Kali Supplies' }, note: null, subtotalMinor: 150_000, vatMinor: 0, totalMinor: 150_000, status: 'draft' });
    expect(edited.json().lines).toHaveLength(1);

    const ordered = await shop.call('POST', `/api/purchase-orders/${id}/order`, { as: 'manager' });
    expect(ordered.status).toBe(200);
    expect(ordered.json()).toMatchObject({ status: 'ordered', sentAt: null });
    expect(ordered.json().orderedAt).not.toBeNull();
    expect((await shop.call('PUT', `/api/purchase-orders/${id}`, { body: orderBody(), as: 'manager' })).status).toBe(409);
    expect((await shop.call('POST', `/api/purchase-orders/${id}/order`, { as: 'manager' })).status).toBe(409);
    expect((await shop.call('GET', `/api/purchase-orders/${id}`, { as: 'manager' })).json().totalMinor).toBe(150_000);
  });
});

describe('sending an order', () => {
  it('e-mails the PDF to the supplier through the outbox, and the draft becomes ordered', async () => {
    const { id, number } = await createOrder();
    const response = await shop.call('POST', `/api/purchase-orders/${id}/send`, { body: { via: 'email', message: 'Please confirm by phone.' }, as: 'manager' });
    expect(response.status, response.text).toBe(200);
    expect(response.json().status).toBe('ordered');
    expect(response.json().sentAt).not.toBeNull();

    const [message] = await listOutbox(testApp.database, { to: 'orders@bottlers.example' });
    expect(message).toMatchObject({ kind: 'purchase_order', subject: `Purchase order ${number} from ${shop.tenant.name}` });
    const [attachment] = await outboxAttachments(testApp.database, message!.id);
    expect(attachment).toMatchObject({ filename: `${number.toLowerCase()}.pdf`, contentType: 'application/pdf' });
    expect(Buffer.from(attachment!.content).subarray(0, 4).toString()).toBe('%PDF');
    const { text } = readPdf(attachment!.content);
    expect(text).toContain(number);
    expect(text).toContain('Soda 500 ml');
    expect(text).toContain('3 × Crate (24)');
    expect(text).toContain('KES 4,580.98');

    // Sent again (a reminder): still ordered, sent later.
    const again = await shop.call('POST', `/api/purchase-orders/${id}/send`, { body: { via: 'print' }, as: 'manager' });
    expect(again.json()).toMatchObject({ status: 'ordered' });
    expect(again.json().sentAt >= response.json().sentAt).toBe(true);
  });

  it('asks for an address when the supplier has none, and records a printed or shared order', async () => {
    const { id } = await createOrder({ supplierId: silentSupplierId });
    const before = (await listOutbox(testApp.database, { limit: 500 })).length;
    const refused = await shop.call('POST', `/api/purchase-orders/${id}/send`, { body: { via: 'email' }, as: 'manager' });
    expect(refused.status).toBe(400);
    expect(refused.json().error.fields).toEqual({ email: ['This supplier has no e-mail address: enter one'] });
    expect((await shop.call('GET', `/api/purchase-orders/${id}`, { as: 'manager' })).json().status).toBe('draft');
    expect((await listOutbox(testApp.database, { limit: 500 })).length).toBe(before);

    const shared = await shop.call('POST', `/api/purchase-orders/${id}/send`, { body: { via: 'share' }, as: 'manager' });
    expect(shared.json()).toMatchObject({ status: 'ordered' });
    expect((await listOutbox(testApp.database, { limit: 500 })).length).toBe(before);
  });

  it('answers the PDF and a plain-text summary', async () => {
    const { id, number } = await createOrder();
    const pdf = await download(testApp, shop, `/api/purchase-orders/${id}/pdf`, 'manager');
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.subarray(0, 4).toString()).toBe('%PDF');
    expect(readPdf(pdf.body).text).toContain('Rice (loose)');

    const text = (await shop.call('GET', `/api/purchase-orders/${id}/text`, { as: 'manager' })).json().text as string;
    expect(text.split('\n')).toEqual(
      expect.arrayContaining([
        `Purchase order ${number} — ${shop.tenant.name}`,
        'To: Mombasa Bottlers',
        `1. Soda 500 ml [${soda.variants[0]!.sku}] — 3 × Crate (24) @ KES 1,200.00 = KES 3,600.00`,
        'Total: KES 4,580.98',
      ]),
    );
  });
});

describe('cancelling and closing', () => {
  it('cancels a draft or an ordered order, never twice', async () => {
    const draft = await createOrder();
    expect((await shop.call('POST', `/api/purchase-orders/${draft.id}/cancel`, { as: 'manager' })).json().status).toBe('cancelled');
    expect((await shop.call('POST', `/api/purchase-orders/${draft.id}/cancel`, { as: 'manager' })).status).toBe(409);
    expect((await shop.call('POST', `/api/purchase-orders/${draft.id}/send`, { body: { via: 'print' }, as: 'manager' })).status).toBe(409);
    const ordered = await createOrder();
    await shop.call('POST', `/api/purchase-orders/${ordered.id}/order`, { as: 'manager' });
    expect((await shop.call('POST', `/api/purchase-orders/${ordered.id}/close`, { as: 'manager' })).status).toBe(409);
    expect((await shop.call('POST', `/api/purchase-orders/${ordered.id}/cancel`, { as: 'manager' })).json().status).toBe('cancelled');
  });

  it('closes a partly received order, which can then not be cancelled', async () => {
    const { id } = await createOrder();
    await shop.call('POST', `/api/purchase-orders/${id}/order`, { as: 'manager' });
    await setStatus(id, 'partly_received');
    await testApp.database.withTenant(shop.tenant.id, (tx) =>
      tx.execute(sql`insert into goods_receipts (tenant_id, number, supplier_id, location_id, order_id, vat_claimable, subtotal_minor, vat_minor, total_minor)
                     values (${shop.tenant.id}, 'GRN-TEST-1', ${supplierId}, ${shop.defaultLocationId}, ${id}, true, 120000, 19200, 139200)`),
    );
    expect((await shop.call('GET', `/api/purchase-orders/${id}`, { as: 'manager' })).json().receipts).toEqual([
      { id: expect.any(String), number: 'GRN-TEST-1', receivedAt: expect.any(String), totalMinor: 139_200 },
    ]);
    expect((await shop.call('POST', `/api/purchase-orders/${id}/cancel`, { as: 'manager' })).status).toBe(409);
    const closed = await shop.call('POST', `/api/purchase-orders/${id}/close`, { as: 'manager' });
    expect(closed.status).toBe(200);
    expect(closed.json().status).toBe('closed');
    expect(closed.json().closedAt).not.toBeNull();
    expect((await shop.call('POST', `/api/purchase-orders/${id}/close`, { as: 'manager' })).status).toBe(409);
  });
});

describe('the list', () => {
  it('filters by status and supplier, searches numbers, references and supplier names, and pages', async () => {
    const list = (query: string) => shop.call('GET', `/api/purchase-orders?${query}`, { as: 'manager' });
    const all = (await list('pageSize=100')).json();
    expect(all.total).toBeGreaterThan(5);
    expect(all.items.every((item: { lineCount: number }) => item.lineCount >= 1)).toBe(true);
    const drafts = (await list('status=draft&pageSize=100')).json();
    expect(drafts.items.every((item: { status: string }) => item.status === 'draft')).toBe(true);
    const jua = (await list(`supplierId=${silentSupplierId}`)).json();
    expect(jua.items.every((item: { supplier: { name: string } }) => item.supplier.name === 'Jua Kali Supplies')).toBe(true);
    expect((await list('search=PO-000001')).json().items.map((item: { number: string }) => item.number)).toEqual(['PO-000001']);
    expect((await list('search=jua%20kali')).json().total).toBe(jua.total);
    expect((await list('search=q-118')).json().total).toBeGreaterThan(0);
    const page = (await list('pageSize=2&page=2&sort=oldest')).json();
    expect(page).toMatchObject({ page: 2, pageSize: 2, total: all.total });
    expect(page.items.map((item: { id: string }) => item.id)).toEqual(all.items.slice(-4, -2).reverse().map((item: { id: string }) => item.id));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
    expect((await list(`from=${today}&to=${today}&pageSize=1`)).json().total).toBe(all.total);
    expect((await list('to=2020-01-01')).json().total).toBe(0);
    const bad = await list('status=lost');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['status']);
  });
});

describe('who may', () => {
  it('answers another shop 404 for every order route, and lists none of this shop’s orders', async () => {
    const { id } = await createOrder();
    const otherBody = { ...orderBody({ supplierId: otherSupplierId, locationId: other.defaultLocationId }), lines: [{ ...sodaLine, variantId: otherProduct.variantId }] };
    const calls: [string, string, unknown][] = [
      ['GET', `/api/purchase-orders/${id}`, undefined],
      ['PUT', `/api/purchase-orders/${id}`, otherBody],
      ['POST', `/api/purchase-orders/${id}/order`, undefined],
      ['POST', `/api/purchase-orders/${id}/send`, { via: 'print' }],
      ['GET', `/api/purchase-orders/${id}/pdf`, undefined],
      ['GET', `/api/purchase-orders/${id}/text`, undefined],
      ['POST', `/api/purchase-orders/${id}/cancel`, undefined],
      ['POST', `/api/purchase-orders/${id}/close`, undefined],
    ];
    for (const [method, path, body] of calls) {
      expect((await other.call(method, path, { body, as: 'manager' })).status, `${method} ${path}`).toBe(404);
    }
    expect((await other.call('GET', '/api/purchase-orders', { as: 'manager' })).json().total).toBe(0);
    expect((await shop.call('GET', `/api/purchase-orders/${id}`, { as: 'manager' })).json().status).toBe('draft');
  });

  it('refuses cashiers (403) on every order route', async () => {
    const { id } = await createOrder();
    const calls: [string, string, unknown][] = [
      ['GET', '/api/purchase-orders', undefined],
      ['POST', '/api/purchase-orders', orderBody()],
      ['GET', `/api/purchase-orders/${id}`, undefined],
      ['PUT', `/api/purchase-orders/${id}`, orderBody()],
      ['POST', `/api/purchase-orders/${id}/order`, undefined],
      ['POST', `/api/purchase-orders/${id}/send`, { via: 'print' }],
      ['GET', `/api/purchase-orders/${id}/pdf`, undefined],
      ['GET', `/api/purchase-orders/${id}/text`, undefined],
      ['POST', `/api/purchase-orders/${id}/cancel`, undefined],
      ['POST', `/api/purchase-orders/${id}/close`, undefined],
      ['GET', `/api/purchase-orders/reorder-suggestions?locationId=${shop.defaultLocationId}`, undefined],
      ['POST', '/api/purchase-orders/reorder-drafts', { locationId: shop.defaultLocationId, orders: [{ supplierId, lines: orderBody().lines }] }],
    ];
    for (const [method, path, body] of calls) {
      expect((await shop.call(method, path, { body, as: 'cashier' })).status, `${method} ${path}`).toBe(403);
    }
  });
});
