import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';

// Registers and the sales settings through the API: a shop and each new location come with a
// register; admins add, rename and close registers; anyone reads the open ones and the settings.

let testApp: TestApp;
let shop: TestShop;
let other: TestShop;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp, { plan: 'Enterprise' });
  other = await createTestShop(testApp);
});
afterAll(() => testApp.close());

const listed = async (query = '', as: 'owner' | 'manager' | 'cashier' = 'cashier') =>
  (await shop.call('GET', `/api/registers${query}`, { as })).json().items as { id: string; name: string; receiptPrefix: string; isActive: boolean; locationName: string }[];

describe('registers', () => {
  it('gives a new shop one register, Till 1 (T1), at its default location, which a cashier can read', async () => {
    const response = await shop.call('GET', '/api/registers', { as: 'cashier' });
    expect(response.status).toBe(200);
    expect(response.json().items).toEqual([
      { id: expect.any(String), locationId: shop.defaultLocationId, locationName: 'Main shop', name: 'Till 1', receiptPrefix: 'T1', isActive: true, lastZNumber: 0, openShift: null },
    ]);
  });

  it('gives each new location a Till 1 with the next free prefix, in the same transaction', async () => {
    const location = (await shop.call('POST', '/api/locations', { body: { name: 'Westlands', kind: 'shop' } })).json();
    const registers = await listed();
    expect(registers.filter((register) => register.locationName === 'Westlands')).toMatchObject([{ name: 'Till 1', receiptPrefix: 'T2' }]);
    expect(location.isActive).toBe(true);
  });

  it('adds a register once per Idempotency-Key (admins only), refusing a taken name or prefix with a field message', async () => {
    const body = { locationId: shop.defaultLocationId, name: ' Counter 2 ', receiptPrefix: 'c2' };
    expect((await shop.call('POST', '/api/registers', { as: 'manager', body })).status).toBe(403);
    const idempotencyKey = randomUUID();
    const both = await Promise.all([1, 2].map(() => shop.call('POST', '/api/registers', { body, idempotencyKey })));
    expect(both.map((response) => response.status)).toEqual([201, 201]);
    expect(both[0]!.json()).toMatchObject({ name: 'Counter 2', receiptPrefix: 'C2', isActive: true, lastZNumber: 0, openShift: null });
    expect(both[1]!.json().id).toBe(both[0]!.json().id);

    const sameName = await shop.call('POST', '/api/registers', { body: { ...body, name: 'COUNTER 2', receiptPrefix: 'C3' } });
    expect([sameName.status, sameName.json().error.fields]).toEqual([409, { name: ['A register with this name already exists at this location'] }]);
    const samePrefix = await shop.call('POST', '/api/registers', { body: { ...body, name: 'Counter 3', receiptPrefix: 't1' } });
    expect([samePrefix.status, samePrefix.json().error.fields]).toEqual([409, { receiptPrefix: ['Another register already uses this receipt prefix'] }]);
    const badPrefix = await shop.call('POST', '/api/registers', { body: { ...body, name: 'Counter 4', receiptPrefix: 'T-10' } });
    expect([badPrefix.status, badPrefix.json().error.fields]).toEqual([400, { receiptPrefix: ['Use 1 to 6 letters or digits, like T1'] }]);
  });

  it('refuses a register at a closed location (409) or one that is not this shop’s (404)', async () => {
    const closed = (await shop.call('POST', '/api/locations', { body: { name: 'Old kiosk', kind: 'shop' } })).json();
    const closedKiosk = await shop.call('PATCH', `/api/locations/${closed.id}`, { body: { isActive: false } });
    expect(closedKiosk.status).toBe(200);
    const refused = await shop.call('POST', '/api/registers', { body: { locationId: closed.id, name: 'Kiosk till', receiptPrefix: 'K1' } });
    expect([refused.status, refused.json().error.fields]).toEqual([409, { locationId: ['This location is closed'] }]);
    const elsewhere = await shop.call('POST', '/api/registers', { body: { locationId: other.defaultLocationId, name: 'Kiosk till', receiptPrefix: 'K1' } });
    expect(elsewhere.status).toBe(404);
    // The closed location's own register is not among the open ones.
    expect((await listed()).map((register) => register.locationName)).not.toContain('Old kiosk');
  });

  it('renames and closes a register without an open shift; not one with an open shift; reopens it', async () => {
    const created = (await shop.call('POST', '/api/registers', { body: { locationId: shop.defaultLocationId, name: 'Express', receiptPrefix: 'EX' } })).json();
    const renamed = await shop.call('PATCH', `/api/registers/${created.id}`, { body: { name: 'Express lane', receiptPrefix: 'ex1' } });
    expect(renamed.json()).toMatchObject({ name: 'Express lane', receiptPrefix: 'EX1', isActive: true });

    const shift = await shop.call('POST', '/api/shifts', { as: 'cashier', body: { registerId: created.id, openingFloatMinor: 50_000 } });
    expect(shift.status).toBe(201);
    const withShift = (await listed()).find((register) => register.id === created.id) as unknown as { openShift: { id: string; openedByName: string } };
    expect(withShift.openShift).toMatchObject({ id: shift.json().id, openedByName: 'Shop cashier' });
    const refused = await shop.call('PATCH', `/api/registers/${created.id}`, { body: { isActive: false } });
    expect([refused.status, refused.json().error.fields]).toEqual([409, { isActive: ['Close the open shift first'] }]);
    expect((await shop.call('POST', `/api/shifts/${shift.json().id}/close`, { as: 'cashier', body: { countedCashMinor: 50_000 } })).status).toBe(200);

    expect((await shop.call('PATCH', `/api/registers/${created.id}`, { body: { isActive: false } })).json().isActive).toBe(false);
    expect((await listed()).map((register) => register.id)).not.toContain(created.id);
    // Only an admin sees closed registers with ?all=true; a cashier asking gets the open ones.
    expect((await listed('?all=true', 'owner')).find((register) => register.id === created.id)?.isActive).toBe(false);
    expect((await listed('?all=true', 'cashier')).map((register) => register.id)).not.toContain(created.id);
    const onClosed = await shop.call('POST', '/api/shifts', { as: 'cashier', body: { registerId: created.id, openingFloatMinor: 0 } });
    expect([onClosed.status, onClosed.json().error.fields]).toEqual([409, { registerId: ['This register is closed'] }]);
    expect((await shop.call('PATCH', `/api/registers/${created.id}`, { as: 'manager', body: { isActive: true } })).status).toBe(403);
    expect((await shop.call('PATCH', `/api/registers/${created.id}`, { body: { isActive: true } })).json().isActive).toBe(true);
  });

  it('answers 404 for another shop’s register', async () => {
    const [mine] = await listed();
    const response = await other.call('PATCH', `/api/registers/${mine!.id}`, { body: { name: 'Taken' } });
    expect(response.status).toBe(404);
    expect((await other.call('GET', '/api/registers?all=true')).json().items.map((register: { id: string }) => register.id)).not.toContain(mine!.id);
  });
});

describe('the register migration (0033)', () => {
  it('gives every location that has none a Till 1 with prefixes T1, T2… unique in the shop, once', async () => {
    const tenantId = other.tenant.id;
    // Locations as they were before registers: inserted without one.
    await testApp.database.withTenant(tenantId, (tx) =>
      tx.execute(sql`insert into locations (tenant_id, name) values (${tenantId}, 'Thika Road'), (${tenantId}, 'Kilimani')`),
    );
    const migration = await readFile('server/db/migrations/0033_registers_per_location.sql', 'utf8');
    const backfill = migration.split('--> statement-breakpoint')[0]!;
    await testApp.database.withTenant(tenantId, (tx) => tx.execute(sql.raw(backfill)));
    await testApp.database.withTenant(tenantId, (tx) => tx.execute(sql.raw(backfill)));
    const rows = await testApp.database.withTenant(tenantId, (tx) =>
      queryRows<{ location: string; name: string; receipt_prefix: string }>(
        tx,
        sql`select l.name as location, r.name, r.receipt_prefix from registers r join locations l on l.id = r.location_id order by r.receipt_prefix`,
      ),
    );
    expect(rows).toEqual([
      { location: 'Main shop', name: 'Till 1', receipt_prefix: 'T1' },
      { location: expect.any(String), name: 'Till 1', receipt_prefix: 'T2' },
      { location: expect.any(String), name: 'Till 1', receipt_prefix: 'T3' },
    ]);
    expect(rows.slice(1).map((row) => row.location).sort()).toEqual(['Kilimani', 'Thika Road']);
  });
});

describe('sales settings', () => {
  it('starts with the defaults (read by a cashier), set by admins only, checked field by field', async () => {
    const read = await shop.call('GET', '/api/sales-settings', { as: 'cashier' });
    expect(read.json()).toEqual({ discountLimitBps: 1000, overShortToleranceMinor: 50_000, returnWindowDays: 14, blindClose: false, receiptWidthMm: 80 });
    const next = { discountLimitBps: 500, overShortToleranceMinor: 20_000, returnWindowDays: 7, blindClose: true, receiptWidthMm: 58 };
    expect((await shop.call('PUT', '/api/sales-settings', { as: 'manager', body: next })).status).toBe(403);
    const written = await shop.call('PUT', '/api/sales-settings', { body: next });
    expect(written.json()).toEqual(next);
    expect((await shop.call('GET', '/api/sales-settings', { as: 'cashier' })).json()).toEqual(next);
    const bad = await shop.call('PUT', '/api/sales-settings', { body: { ...next, overShortToleranceMinor: 10.5, receiptWidthMm: 72 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['overShortToleranceMinor', 'receiptWidthMm']);
    expect((await other.call('GET', '/api/sales-settings')).json().discountLimitBps).toBe(1000);
  });
});
