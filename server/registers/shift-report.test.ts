import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct } from '../../tests/support/catalog-factories';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import type { TenantTx } from '../db/client';

// The X/Z report's figures against documents written straight into the shop (as checkout, returns
// and voids write them), so every line of the report is checked against a receipt worked by hand:
// discounts, a tip, VAT per band less a return's, refunds per tender, a void, a late sale.

let testApp: TestApp;
let shop: TestShop;
let registerId: string;
let variantId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp);
  registerId = (await shop.call('GET', '/api/registers', { as: 'cashier' })).json().items[0].id;
  variantId = (await createTestProduct(testApp.database, shop.tenant.id)).variantId;
});
afterAll(() => testApp.close());

interface SaleRow {
  number: number;
  status?: 'completed' | 'voided';
  isLate?: boolean;
  subtotalMinor: number;
  discountMinor: number;
  cartDiscountMinor: number;
  tipMinor: number;
  totalMinor: number;
  taxMinor: number;
  taxBands: Record<string, { grossMinor: number; taxMinor: number; rateBp: number }>;
  payments: { tender: string; amountMinor: number; tenderedMinor?: number }[];
}

async function insertSale(tx: TenantTx, shiftId: string, sale: SaleRow): Promise<string> {
  const id = randomUUID();
  const tenantId = shop.tenant.id;
  const voided = sale.status === 'voided';
  const paid = sale.payments.reduce((sum, payment) => sum + payment.amountMinor, 0);
  await tx.execute(
    sql`insert into sales (tenant_id, id, request_hash, receipt_number, receipt_code, register_id, shift_id, location_id, status, is_late,
                           subtotal_minor, discount_minor, cart_discount_minor, tip_minor, total_minor, tax_minor, tax_bands, paid_minor, ring_up_at, voided_at)
        values (${tenantId}, ${id}, 'hash', ${sale.number}, ${`T1-${String(sale.number).padStart(6, '0')}`}, ${registerId}, ${shiftId}, ${shop.defaultLocationId},
                ${sale.status ?? 'completed'}, ${sale.isLate ?? false}, ${sale.subtotalMinor}, ${sale.discountMinor}, ${sale.cartDiscountMinor}, ${sale.tipMinor},
                ${sale.totalMinor}, ${sale.taxMinor}, ${JSON.stringify(sale.taxBands)}::jsonb, ${paid}, now(), ${voided ? sql`now()` : null})`,
  );
  for (const [index, payment] of sale.payments.entries()) {
    await tx.execute(
      sql`insert into sale_payments (tenant_id, sale_id, seq, tender, amount_minor, tendered_minor)
          values (${tenantId}, ${id}, ${index + 1}, ${payment.tender}, ${payment.amountMinor}, ${payment.tenderedMinor ?? null})`,
    );
  }
  return id;
}

describe('the shift report', () => {
  it('adds up sales, discounts, tips, VAT per band, returns, refunds per tender, voids, cash movements and late sales', async () => {
    const opened = await shop.call('POST', '/api/shifts', { as: 'cashier', body: { registerId, openingFloatMinor: 200_000 } });
    const shiftId = opened.json().id as string;
    const tenantId = shop.tenant.id;
    await testApp.database.withTenant(tenantId, async (tx) => {
      // T1-009001: 1,160.00 of 16% goods, 60.00 off the cart, a 50.00 tip: total 1,150.00 paid 1,000.00 cash + 150.00 M-Pesa.
      // Its VAT: 1,100.00 × 16/116 = 151.72.
      const first = await insertSale(tx, shiftId, {
        number: 9001,
        subtotalMinor: 116_000,
        discountMinor: 6_000,
        cartDiscountMinor: 6_000,
        tipMinor: 5_000,
        totalMinor: 115_000,
        taxMinor: 15_172,
        taxBands: { B: { grossMinor: 110_000, taxMinor: 15_172, rateBp: 1600 } },
        payments: [
          { tender: 'cash', amountMinor: 100_000, tenderedMinor: 100_000 },
          { tender: 'mpesa', amountMinor: 15_000 },
        ],
      });
      // T1-009002: 116.00 of 16% goods (VAT 16.00) and 200.00 zero-rated, 10.00 off a line (gross 326.00): 316.00 by card.
      await insertSale(tx, shiftId, {
        number: 9002,
        subtotalMinor: 31_600,
        discountMinor: 1_000,
        cartDiscountMinor: 0,
        tipMinor: 0,
        totalMinor: 31_600,
        taxMinor: 1_600,
        taxBands: { B: { grossMinor: 11_600, taxMinor: 1_600, rateBp: 1600 }, C: { grossMinor: 20_000, taxMinor: 0, rateBp: 0 } },
        payments: [{ tender: 'card', amountMinor: 31_600 }],
      });
      // T1-009003: 500.00 in cash, voided: a void, not takings.
      await insertSale(tx, shiftId, {
        number: 9003,
        status: 'voided',
        subtotalMinor: 50_000,
        discountMinor: 0,
        cartDiscountMinor: 0,
        tipMinor: 0,
        totalMinor: 50_000,
        taxMinor: 6_897,
        taxBands: { B: { grossMinor: 50_000, taxMinor: 6_897, rateBp: 1600 } },
        payments: [{ tender: 'cash', amountMinor: 50_000, tenderedMinor: 50_000 }],
      });
      // T1-009004: 70.00 by M-Pesa that reached the server after the close: late.
      await insertSale(tx, shiftId, {
        number: 9004,
        isLate: true,
        subtotalMinor: 7_000,
        discountMinor: 0,
        cartDiscountMinor: 0,
        tipMinor: 0,
        totalMinor: 7_000,
        taxMinor: 966,
        taxBands: { B: { grossMinor: 7_000, taxMinor: 966, rateBp: 1600 } },
        payments: [{ tender: 'mpesa', amountMinor: 7_000 }],
      });
      // CN-009001 against T1-009001: 232.00 of 16% goods back (VAT 32.00): 200.00 cash from the drawer, 32.00 to M-Pesa.
      const returnId = randomUUID();
      await tx.execute(
        sql`insert into sale_returns (tenant_id, id, request_hash, return_number, return_code, sale_id, register_id, shift_id, location_id, reason, total_minor, tax_minor)
            values (${tenantId}, ${returnId}, 'hash', 9001, 'CN-009001', ${first}, ${registerId}, ${shiftId}, ${shop.defaultLocationId}, 'changed_mind', 23200, 3200)`,
      );
      await tx.execute(
        sql`insert into sale_return_lines (tenant_id, return_id, line_no, variant_id, product_name, quantity, stock_quantity, amount_minor, tax_class, tax_rate_bp, tax_minor, disposition)
            values (${tenantId}, ${returnId}, 1, ${variantId}, 'Sugar', 2, 2, 23200, 'standard', 1600, 3200, 'restock')`,
      );
      await tx.execute(
        sql`insert into sale_refunds (tenant_id, return_id, seq, tender, amount_minor, reference)
            values (${tenantId}, ${returnId}, 1, 'cash', 20000, null), (${tenantId}, ${returnId}, 2, 'mpesa', 3200, 'RVS1234567')`,
      );
    });
    await shop.call('POST', `/api/shifts/${shiftId}/cash-movements`, { as: 'cashier', body: { direction: 'out', reason: 'expenses', amountMinor: 15_000, note: 'Lunch' } });
    await shop.call('POST', `/api/shifts/${shiftId}/cash-movements`, { as: 'cashier', body: { direction: 'in', reason: 'float_top_up', amountMinor: 5_000 } });

    const report = (await shop.call('GET', `/api/shifts/${shiftId}/report`, { as: 'cashier' })).json();
    expect(report).toMatchObject({
      kind: 'x',
      openingFloatMinor: 200_000,
      salesCount: 2,
      // 1,160.00 + 326.00 before discounts and without the tip.
      grossSalesMinor: 148_600,
      discountsMinor: 7_000,
      tipsMinor: 5_000,
      returnsCount: 1,
      returnsMinor: 23_200,
      voidsCount: 1,
      voidsMinor: 50_000,
      // 1,486.00 − 70.00 − 232.00.
      netSalesMinor: 118_400,
      // Cash 1,000.00 − 200.00 back; M-Pesa 150.00 − 32.00 back; card 316.00.
      tenders: { cash: 80_000, mpesa: 11_800, card: 31_600 },
      // B: 1,100.00 + 116.00 − 232.00 = 984.00, VAT 151.72 + 16.00 − 32.00 = 135.72; C: 200.00 at 0%.
      taxBands: { B: { grossMinor: 98_400, taxMinor: 13_572, rateBp: 1600 }, C: { grossMinor: 20_000, taxMinor: 0, rateBp: 0 } },
      cashInMinor: 5_000,
      cashOutMinor: 15_000,
      // 2,000.00 + 1,000.00 − 200.00 + 50.00 − 150.00.
      expectedCashMinor: 270_000,
      // The void's number was used: the range runs to it; the late sale is not in it.
      firstReceiptCode: 'T1-009001',
      lastReceiptCode: 'T1-009003',
      lateSales: { count: 1, totalMinor: 7_000, tenders: { mpesa: 7_000 } },
    });
    expect(report.cashMovements).toMatchObject([
      { direction: 'out', reason: 'expenses', amountMinor: 15_000, note: 'Lunch' },
      { direction: 'in', reason: 'float_top_up', amountMinor: 5_000, note: null },
    ]);

    const z = await shop.call('POST', `/api/shifts/${shiftId}/close`, { as: 'cashier', body: { countedCashMinor: 270_000 } });
    expect(z.json()).toMatchObject({
      ...report,
      kind: 'z',
      zNumber: 1,
      countedCashMinor: 270_000,
      overShortMinor: 0,
      declaredTotals: {},
      printedAt: expect.any(String),
      closedAt: expect.any(String),
      closedByName: 'Shop cashier',
    });
  });

  it('keeps a closed shift as it was closed: the database refuses any change to it', async () => {
    const shiftId = (await shop.call('POST', '/api/shifts', { as: 'cashier', body: { registerId, openingFloatMinor: 0 } })).json().id;
    expect((await shop.call('POST', `/api/shifts/${shiftId}/close`, { as: 'cashier', body: { countedCashMinor: 0 } })).status).toBe(200);
    const change = testApp.database.withTenant(shop.tenant.id, (tx) => tx.execute(sql`update shifts set over_short_minor = 0, z_report = '{}'::jsonb where id = ${shiftId}`));
    await expect(change).rejects.toThrow();
    const report = (await shop.call('GET', `/api/shifts/${shiftId}/report`, { as: 'cashier' })).json();
    expect(report).toMatchObject({ kind: 'z', zNumber: 2, shiftId });
  });
});
