import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostingLine, SourceType } from '../../core/accounting/posting';
import { parseCsv } from '../../core/products/csv.rules';
import { createTestProduct } from '../../tests/support/catalog-factories';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { createSalesShop, type SalesShop } from '../sales/sales-test-kit';
import { addContact, download, makeKenyanShop, readPdf } from '../statements/statements-test-kit';
import { postEntry } from './posting';

// The accounting reports against a small set of entries posted by hand (KES, in cents; Nairobi),
// at two locations, Main shop (L1) and Westlands (L2), over September and October 2026:
//
//  E1  1 Sep  owner's capital        Dr Bank 500,000.00                       Cr Owner's capital 500,000.00
//  E2  5 Sep  goods received         Dr Inventory 60,000.00 (L1) + 40,000.00 (L2), Dr VAT input 16,000.00
//                                    Cr Payable 116,000.00 (supplier)
//  E3 10 Sep  sale S1 at L1, cash    Dr Cash at Main shop 13,600.00, Dr Discounts 1,000.00
//             (16%: 12,760.00 less 1,160.00 discount = 11,600.00 with 1,600.00 VAT; zero-rated 2,000.00)
//                                    Cr Sales at 16% 11,000.00 (before the discount, net of VAT), Cr VAT 16% 1,600.00,
//                                    Cr Zero-rated sales 2,000.00; Dr COGS 7,000.00, Cr Inventory 7,000.00 (L1)
//  E4 20 Sep  expense at L1          Dr Electricity 4,000.00, Dr VAT input 640.00, Cr Bank 4,640.00
//  E5  3 Oct  sale at L2 on account  Dr Receivable 7,720.00; Cr Sales at 8% 5,000.00, Cr VAT 8% 400.00,
//                                    Cr Sales at 16% 2,000.00, Cr VAT 16% 320.00; Dr COGS 4,500.00, Cr Inventory 4,500.00 (L2)
//  E6 10 Oct  return R1 at L2        Dr Sales returns 1,000.00, Dr VAT 16% 160.00, Cr Receivable 1,160.00;
//                                    Dr Inventory 600.00, Cr COGS 600.00 (L2)
//  E7 15 Oct  supplier paid          Dr Payable 50,000.00, Cr Bank 50,000.00
//  E8 20 Oct  customer pays, M-Pesa  Dr M-Pesa clearing 3,000.00, Cr Receivable 3,000.00
//  E9 25 Oct  expense at L2, no VAT  Dr Electricity 2,000.00, Cr Bank 2,000.00
//  E10 28 Oct shift short at L1      Dr Cash over and short 50.00, Cr Cash at Main shop 50.00
//  E11 30 Oct M-Pesa charges         Dr Uncategorised expenses 15.00, Cr M-Pesa clearing 15.00 (no location)
//
// Balances at 31 Oct (debit +, credit −):
//   Cash at Main shop 13,600 − 50 = 13,550.00      M-Pesa 3,000 − 15 = 2,985.00
//   Bank 500,000 − 4,640 − 50,000 − 2,000 = 443,360.00                 Receivable 7,720 − 1,160 − 3,000 = 3,560.00
//   Inventory 100,000 − 7,000 − 4,500 + 600 = 89,100.00                VAT input 16,000 + 640 = 16,640.00
//   Payable −116,000 + 50,000 = −66,000.00      VAT 16% −1,600 − 320 + 160 = −1,760.00      VAT 8% −400.00
//   Owner's capital −500,000.00   Sales at 16% −11,000 − 2,000 = −13,000.00   Zero-rated −2,000.00   Sales at 8% −5,000.00
//   Sales returns 1,000.00   Discounts 1,000.00   COGS 7,000 + 4,500 − 600 = 10,900.00   Cash over and short 50.00
//   Electricity 4,000 + 2,000 = 6,000.00   Uncategorised 15.00
// Debits: 13,550 + 2,985 + 443,360 + 3,560 + 89,100 + 16,640 + 1,000 + 1,000 + 10,900 + 50 + 6,000 + 15 = 588,160.00
// Credits: 66,000 + 1,760 + 400 + 500,000 + 13,000 + 2,000 + 5,000 = 588,160.00

let testApp: TestApp;
let shop: SalesShop;
let other: TestShop;
let main: string;
let westlands: string;
let bankAccountId: string;
let saleId: string;

const tenantId = () => shop.tenant.id;

async function post(sourceType: SourceType, entryDate: string, memo: string, lines: PostingLine[], sourceId: string | null = randomUUID()) {
  await testApp.database.withTenant(tenantId(), (tx) => postEntry(tx, tenantId(), { sourceType, sourceId, entryDate, memo, lines }));
}

const dr = (account: PostingLine['account'], amountMinor: number, extra: Partial<PostingLine> = {}): PostingLine => ({ account, amountMinor, ...extra });
const cr = (account: PostingLine['account'], amountMinor: number, extra: Partial<PostingLine> = {}): PostingLine => ({ account, amountMinor: -amountMinor, ...extra });

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createSalesShop(testApp);
  other = await createTestShop(testApp);
  const { database } = testApp;
  await makeKenyanShop(database, tenantId());
  main = shop.defaultLocationId;
  const customer = await addContact(database, tenantId(), { name: 'Wanjiru Kamau' });
  const supplier = await addContact(database, tenantId(), { name: 'Mombasa Wholesalers', type: 'supplier' });
  const product = await createTestProduct(database, tenantId(), { name: 'Unga 2kg' });
  let returnId = '';
  let electricity = '';
  await database.withTenant(tenantId(), async (tx) => {
    [{ id: westlands }] = (await queryRows<{ id: string }>(tx, sql`insert into locations (tenant_id, name) values (${tenantId()}, 'Westlands') returning id`)) as [{ id: string }];
    [{ id: electricity }] = (await queryRows<{ id: string }>(tx, sql`insert into expense_categories (tenant_id, name) values (${tenantId()}, 'Electricity')
                                    on conflict (tenant_id, lower(name)) do update set name = excluded.name returning id`)) as [
      { id: string },
    ];
    // The sale and the return as documents: the VAT return reads their lines for the discount and the return per class.
    [{ id: saleId }] = (await queryRows<{ id: string }>(
      tx,
      sql`insert into sales (tenant_id, request_hash, receipt_number, receipt_code, register_id, shift_id, location_id, subtotal_minor, discount_minor,
                             total_minor, tax_minor, tax_bands, paid_minor, ring_up_at)
          values (${tenantId()}, 'by hand', 901, 'T1-000901', ${shop.registerId}, ${shop.shiftId}, ${main}, 1360000, 116000, 1360000, 160000, '{}', 1360000, '2026-09-10T10:00:00+03:00')
          returning id`,
    )) as [{ id: string }];
    await tx.execute(
      sql`insert into sale_lines (tenant_id, sale_id, line_no, variant_id, product_name, sku, quantity, stock_quantity, list_price_minor, unit_price_minor,
                                  line_discount_minor, total_minor, tax_class, tax_rate_bp, tax_minor, cost_minor)
          values (${tenantId()}, ${saleId}, 1, ${product.variantId}, 'Unga 2kg', 'UNGA', 1, 1, 1276000, 1276000, 116000, 1160000, 'standard', 1600, 160000, 500000),
                 (${tenantId()}, ${saleId}, 2, ${product.variantId}, 'Unga 2kg', 'UNGA', 1, 1, 200000, 200000, 0, 200000, 'zero_rated', 0, 0, 200000)`,
    );
    [{ id: returnId }] = (await queryRows<{ id: string }>(
      tx,
      sql`insert into sale_returns (tenant_id, request_hash, return_number, return_code, register_id, shift_id, location_id, reason, total_minor, tax_minor)
          values (${tenantId()}, 'by hand', 901, 'R-000901', ${shop.registerId}, ${shop.shiftId}, ${westlands}, 'changed_mind', 116000, 16000) returning id`,
    )) as [{ id: string }];
    await tx.execute(
      sql`insert into sale_return_lines (tenant_id, return_id, line_no, variant_id, product_name, quantity, stock_quantity, amount_minor, tax_class, tax_rate_bp, tax_minor, disposition)
          values (${tenantId()}, ${returnId}, 1, ${product.variantId}, 'Unga 2kg', 1, 1, 116000, 'standard', 1600, 16000, 'restock')`,
    );
    // The contacts' own ledgers: as posted, plus a payable adjustment the ledger never got (10.00 of
    // difference) and a customer's charge at 01:00 on 1 Nov in Nairobi (31 Oct 22:00 UTC): November's.
    const entry = (contactId: string, side: string, kind: string, amountMinor: number, at: string) =>
      sql`(${tenantId()}, ${contactId}::uuid, ${side}, ${kind}, ${amountMinor}, ${`${at}+03:00`}::timestamptz)`;
    await tx.execute(
      sql`insert into account_entries (tenant_id, contact_id, side, kind, amount_minor, occurred_at) values
          ${entry(supplier, 'payable', 'charge', 11_600_000, '2026-09-05T09:00:00')}, ${entry(supplier, 'payable', 'payment', -5_000_000, '2026-10-15T09:00:00')},
          ${entry(supplier, 'payable', 'adjustment', 1_000, '2026-10-29T09:00:00')},
          ${entry(customer, 'receivable', 'charge', 772_000, '2026-10-03T09:00:00')}, ${entry(customer, 'receivable', 'credit_note', -116_000, '2026-10-10T09:00:00')},
          ${entry(customer, 'receivable', 'payment', -300_000, '2026-10-20T09:00:00')}, ${entry(customer, 'receivable', 'charge', 1_000, '2026-11-01T01:00:00')}`,
    );
  });
  const cashMain = { key: 'cash_location' as const, locationId: main };
  const atMain = { locationId: main };
  const atWestlands = { locationId: westlands };
  const standard = (key: 'sales_band' | 'vat_output_band') => ({ key, taxClass: 'standard' as const });
  await post('manual', '2026-09-01', 'Capital', [dr({ key: 'bank' }, 50_000_000), cr({ key: 'owner_capital' }, 50_000_000)], null);
  await post('goods_receipt', '2026-09-05', 'Goods received', [
    dr({ key: 'inventory' }, 6_000_000, atMain),
    dr({ key: 'inventory' }, 4_000_000, atWestlands),
    dr({ key: 'vat_input' }, 1_600_000),
    cr({ key: 'payable' }, 11_600_000, { contactId: supplier }),
  ]);
  await post(
    'sale',
    '2026-09-10',
    'Sale T1-000901',
    [
      dr(cashMain, 1_360_000, atMain),
      cr(standard('sales_band'), 1_100_000, atMain),
      dr({ key: 'discounts' }, 100_000, atMain),
      cr(standard('vat_output_band'), 160_000, atMain),
      cr({ key: 'sales_band', taxClass: 'zero_rated' }, 200_000, atMain),
      dr({ key: 'cogs' }, 700_000, atMain),
      cr({ key: 'inventory' }, 700_000, atMain),
    ],
    saleId,
  );
  await post('expense', '2026-09-20', 'Electricity', [
    dr({ key: 'expense_category', categoryId: electricity }, 400_000, atMain),
    dr({ key: 'vat_input' }, 64_000, atMain),
    cr({ key: 'bank' }, 464_000, atMain),
  ]);
  await post('sale', '2026-10-03', 'Sale on account', [
    dr({ key: 'receivable' }, 772_000, { ...atWestlands, contactId: customer }),
    cr({ key: 'sales_band', taxClass: 'reduced' }, 500_000, atWestlands),
    cr({ key: 'vat_output_band', taxClass: 'reduced' }, 40_000, atWestlands),
    cr(standard('sales_band'), 200_000, atWestlands),
    cr(standard('vat_output_band'), 32_000, atWestlands),
    dr({ key: 'cogs' }, 450_000, atWestlands),
    cr({ key: 'inventory' }, 450_000, atWestlands),
  ]);
  await post(
    'sale_return',
    '2026-10-10',
    'Return R-000901',
    [
      dr({ key: 'sales_returns' }, 100_000, atWestlands),
      dr(standard('vat_output_band'), 16_000, atWestlands),
      cr({ key: 'receivable' }, 116_000, { ...atWestlands, contactId: customer }),
      dr({ key: 'inventory' }, 60_000, atWestlands),
      cr({ key: 'cogs' }, 60_000, atWestlands),
    ],
    returnId,
  );
  await post('supplier_payment', '2026-10-15', 'Paid Mombasa Wholesalers', [dr({ key: 'payable' }, 5_000_000, { contactId: supplier }), cr({ key: 'bank' }, 5_000_000)]);
  await post('contact_entry', '2026-10-20', 'Wanjiru pays', [dr({ tender: 'mpesa' }, 300_000), cr({ key: 'receivable' }, 300_000, { contactId: customer })]);
  await post('expense', '2026-10-25', 'Electricity', [dr({ key: 'expense_category', categoryId: electricity }, 200_000, atWestlands), cr({ key: 'bank' }, 200_000, atWestlands)]);
  await post('shift_close', '2026-10-28', 'Short', [dr({ key: 'cash_over_short' }, 5_000, atMain), cr(cashMain, 5_000, atMain)]);
  await post('manual', '2026-10-30', 'M-Pesa charges', [dr({ key: 'uncategorised_expenses' }, 1_500), cr({ key: 'mpesa_clearing' }, 1_500)], null);
  const [bank] = await testApp.database.withTenant(tenantId(), (tx) => queryRows<{ id: string }>(tx, sql`select id from ledger_accounts where system_key = 'bank'`));
  bankAccountId = bank!.id;
}, 180_000);
afterAll(() => testApp.close());

const get = (path: string, as: 'owner' | 'manager' | 'cashier' = 'manager') => shop.call('GET', `/api/accounting/reports/${path}`, { as });

describe('trial balance', () => {
  it('lists every account with a balance in its debit or credit column, totals equal', async () => {
    const response = await get('trial-balance?date=2026-10-31');
    expect(response.status).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ date: '2026-10-31', totalDebitMinor: 58_816_000, totalCreditMinor: 58_816_000 });
    // By name: the codes of accounts made one per thing follow the order they were first needed.
    const amounts = Object.fromEntries(report.rows.map((row: { name: string; debitMinor: number; creditMinor: number }) => [row.name, [row.debitMinor, row.creditMinor]]));
    expect(amounts).toEqual({
      'Cash at Main shop': [1_355_000, 0],
      'M-Pesa till and paybill clearing': [298_500, 0],
      Bank: [44_336_000, 0],
      'Accounts receivable': [356_000, 0],
      Inventory: [8_910_000, 0],
      'VAT input': [1_664_000, 0],
      'Accounts payable': [0, 6_600_000],
      'VAT output at 16%': [0, 176_000],
      'VAT output at 8%': [0, 40_000],
      'Owner’s capital': [0, 50_000_000],
      'Sales at 16% VAT': [0, 1_300_000],
      'Zero-rated sales': [0, 200_000],
      'Sales at 8% VAT': [0, 500_000],
      'Sales returns': [100_000, 0],
      'Discounts given': [100_000, 0],
      'Cost of goods sold': [1_090_000, 0],
      'Cash over and short': [5_000, 0],
      Electricity: [600_000, 0],
      'Uncategorised expenses': [1_500, 0],
    });
    expect(report.rows.map((row: { code: string }) => row.code)).toEqual([...report.rows.map((row: { code: string }) => row.code)].sort((a, b) => Number(a) - Number(b)));
  });

  it('stops at the date: on 30 Sep only September’s entries count', async () => {
    // Cash 13,600 + Bank 500,000 − 4,640 + Inventory 100,000 − 7,000 + VAT input 16,640 + Discounts 1,000 + COGS 7,000 + Electricity 4,000 = 630,600.00.
    const report = (await get('trial-balance?date=2026-09-30')).json();
    expect(report).toMatchObject({ totalDebitMinor: 63_060_000, totalCreditMinor: 63_060_000 });
  });

  it('downloads as CSV with the same figures', async () => {
    const json = (await get('trial-balance?date=2026-10-31')).json();
    const response = await get('trial-balance?date=2026-10-31&format=csv');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="trial-balance-2026-10-31.csv"');
    const parsed = parseCsv(response.text);
    if (!parsed.ok) throw new Error(parsed.message);
    const [header, ...records] = parsed.records.map((record) => record.fields);
    expect(header).toEqual(['Code', 'Account', 'Debit', 'Credit']);
    const cents = (text: string) => (text === '' ? 0 : Math.round(Number(text) * 100));
    expect(records.slice(0, -1).map(([code, name, debit, credit]) => ({ code, name, debitMinor: cents(debit!), creditMinor: cents(credit!) }))).toEqual(
      json.rows.map((row: { code: string; name: string; debitMinor: number; creditMinor: number }) => ({ code: row.code, name: row.name, debitMinor: row.debitMinor, creditMinor: row.creditMinor })),
    );
    expect(records.at(-1)).toEqual(['', 'Total', '588160.00', '588160.00']);
  });

  it('writes the file in the viewer’s language', async () => {
    const response = await testApp.request('/api/accounting/reports/trial-balance?date=2026-10-31&format=csv', {
      method: 'GET',
      host: shop.host,
      headers: { cookie: shop.cookies.manager, 'accept-language': 'sw', connection: 'close' },
    });
    const parsed = parseCsv(response.text);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.records[0]!.fields.slice(0, 2)).toEqual(['Namba', 'Akaunti']);
    expect(parsed.records.at(-1)!.fields).toEqual(['', 'Jumla', '588160.00', '588160.00']);
  });

  it('prints as an A4 PDF with the shop, the title, the day and the totals', async () => {
    const response = await download(testApp, shop, '/api/accounting/reports/trial-balance?date=2026-10-31&format=pdf', 'manager');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const { text, pages } = readPdf(response.body);
    expect(pages).toBe(1);
    expect(text).toContain(shop.tenant.name);
    expect(text).toContain('Trial balance');
    expect(text).toContain('At 31 Oct 2026');
    expect(text).toContain('Amounts in KES');
    expect(text).toMatch(/Total\s+588,160\.00\s+588,160\.00/);
    expect(text).toContain('Page 1 of 1');
  });
});

describe('profit and loss', () => {
  it('shows October beside September: income with its contra accounts, cost of sales, gross and net profit', async () => {
    const response = await get('profit-and-loss?from=2026-10-01&to=2026-10-31');
    expect(response.status).toBe(200);
    const report = response.json();
    expect(report.columns).toEqual([
      { label: 'This period', kind: 'period', from: '2026-10-01', to: '2026-10-31', locationId: null },
      { label: 'Previous period', kind: 'previous_period', from: '2026-09-01', to: '2026-09-30', locationId: null },
    ]);
    const [income, costOfSales, expenses] = report.sections;
    // October: 2,000 + 5,000 − 1,000 returned = 6,000.00; September: 11,000 + 2,000 − 1,000 discounts = 12,000.00.
    expect(income).toMatchObject({ key: 'income', title: 'Income', totals: [600_000, 1_200_000] });
    expect(Object.fromEntries(income.rows.map((row: { name: string; columns: number[] }) => [row.name, row.columns]))).toEqual({
      'Sales at 16% VAT': [200_000, 1_100_000],
      'Zero-rated sales': [0, 200_000],
      'Sales at 8% VAT': [500_000, 0],
      'Sales returns': [-100_000, 0],
      'Discounts given': [0, -100_000],
    });
    // October: COGS 4,500 − 600 + short 50 = 3,950.00; September: 7,000.00.
    expect(costOfSales).toMatchObject({ key: 'cost_of_sales', totals: [395_000, 700_000] });
    expect(Object.fromEntries(costOfSales.rows.map((row: { name: string; columns: number[] }) => [row.name, row.columns]))).toEqual({
      'Cost of goods sold': [390_000, 700_000],
      'Cash over and short': [5_000, 0],
    });
    // October: 2,000 + 15 = 2,015.00; September: 4,000.00.
    expect(expenses).toMatchObject({ key: 'expenses', totals: [201_500, 400_000] });
    // Gross 6,000 − 3,950 = 2,050.00 and 12,000 − 7,000 = 5,000.00; net 2,050 − 2,015 = 35.00 and 5,000 − 4,000 = 1,000.00.
    expect(report.grossProfit).toEqual([205_000, 500_000]);
    expect(report.netProfit).toEqual([3_500, 100_000]);
  });

  it('splits September and October by location, lines without one under “No location”', async () => {
    const report = (await get('profit-and-loss?from=2026-09-01&to=2026-10-31&byLocation=true')).json();
    expect(report.columns.map((column: { label: string; kind: string; locationId: string | null }) => [column.label, column.kind, column.locationId])).toEqual([
      ['All locations', 'period', null],
      ['Main shop', 'location', main],
      ['Westlands', 'location', westlands],
      ['No location', 'no_location', null],
    ]);
    // Main: income 11,000 + 2,000 − 1,000 = 12,000; cost 7,000 + 50 = 7,050; gross 4,950; electricity 4,000; net 950.00.
    // Westlands: income 2,000 + 5,000 − 1,000 = 6,000; cost 4,500 − 600 = 3,900; gross 2,100; electricity 2,000; net 100.00.
    // No location: the M-Pesa charges, −15.00. All: 12,000 + 6,000 = 18,000; net 950 + 100 − 15 = 1,035.00.
    expect(report.sections.map((section: { key: string; totals: number[] }) => [section.key, section.totals])).toEqual([
      ['income', [1_800_000, 1_200_000, 600_000, 0]],
      ['cost_of_sales', [1_095_000, 705_000, 390_000, 0]],
      ['expenses', [601_500, 400_000, 200_000, 1_500]],
    ]);
    expect(report.grossProfit).toEqual([705_000, 495_000, 210_000, 0]);
    expect(report.netProfit).toEqual([103_500, 95_000, 10_000, -1_500]);
  });

  it('downloads the split by location as CSV with a column per location', async () => {
    const response = await get('profit-and-loss?from=2026-09-01&to=2026-10-31&byLocation=true&format=csv');
    const parsed = parseCsv(response.text);
    if (!parsed.ok) throw new Error(parsed.message);
    const records = parsed.records.map((record) => record.fields);
    expect(records[0]).toEqual(['Code', 'Account', 'All locations', 'Main shop', 'Westlands', 'No location']);
    expect(records.find((record) => record[1] === 'Net profit')).toEqual(['', 'Net profit', '1035.00', '950.00', '100.00', '-15.00']);
  });

  it('downloads as CSV with a column per period', async () => {
    const response = await get('profit-and-loss?from=2026-10-01&to=2026-10-31&format=csv');
    const parsed = parseCsv(response.text);
    if (!parsed.ok) throw new Error(parsed.message);
    const records = parsed.records.map((record) => record.fields);
    expect(records[0]).toEqual(['Code', 'Account', '1 Oct 2026 to 31 Oct 2026', '1 Sept 2026 to 30 Sept 2026']);
    const line = (label: string) => records.find((record) => record[1] === label)?.slice(2);
    expect(line('Total income')).toEqual(['6000.00', '12000.00']);
    expect(line('Sales returns')).toEqual(['-1000.00', '0.00']);
    expect(line('Gross profit')).toEqual(['2050.00', '5000.00']);
    expect(line('Net profit')).toEqual(['35.00', '1000.00']);
  });
});

describe('balance sheet', () => {
  it('balances: assets equal liabilities and equity with the current earnings', async () => {
    const report = (await get('balance-sheet?date=2026-10-31')).json();
    // Assets 13,550 + 2,985 + 443,360 + 3,560 + 89,100 + 16,640 = 569,195.00; liabilities 66,000 + 1,760 + 400 = 68,160.00;
    // equity 500,000 + earnings (September 1,000 + October 35) = 501,035.00; 68,160 + 501,035 = 569,195.00.
    expect(report).toMatchObject({
      date: '2026-10-31',
      currentEarningsMinor: 103_500,
      totalAssetsMinor: 56_919_500,
      totalEquityMinor: 50_103_500,
      totalLiabilitiesAndEquityMinor: 56_919_500,
    });
    expect(report.sections.map((section: { key: string; totals: number[] }) => [section.key, section.totals])).toEqual([
      ['assets', [56_919_500]],
      ['liabilities', [6_816_000]],
      ['equity', [50_000_000]],
    ]);
    expect(Object.fromEntries(report.sections[1].rows.map((row: { name: string; amountMinor: number }) => [row.name, row.amountMinor]))).toEqual({
      'Accounts payable': 6_600_000,
      'VAT output at 16%': 176_000,
      'VAT output at 8%': 40_000,
    });

    // 30 Sep: assets 13,600 + 495,360 + 93,000 + 16,640 = 618,600.00; liabilities 116,000 + 1,600; equity 500,000 + 1,000.
    const september = (await get('balance-sheet?date=2026-09-30')).json();
    expect(september).toMatchObject({ currentEarningsMinor: 100_000, totalAssetsMinor: 61_860_000, totalLiabilitiesAndEquityMinor: 61_860_000 });
  });

  it('prints as a PDF with its totals', async () => {
    const response = await download(testApp, shop, '/api/accounting/reports/balance-sheet?date=2026-10-31&format=pdf', 'owner');
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="balance-sheet-2026-10-31.pdf"');
    const { text } = readPdf(response.body);
    expect(text).toContain('Balance sheet');
    expect(text).toMatch(/Total assets\s+569,195\.00/);
    expect(text).toMatch(/Current earnings\s+1,035\.00/);
    expect(text).toMatch(/Total liabilities and equity\s+569,195\.00/);
  });
});

describe('VAT return', () => {
  it('September: sales per class net of the discount, input VAT on the delivery and the expense, a credit to carry forward', async () => {
    const report = (await get('vat-return?from=2026-09-01&to=2026-09-30')).json();
    // 16%: 11,000 before the discount − 1,000 discount (12,760 − 1,760 VAT − (11,600 − 1,600)) = 10,000.00, VAT 1,600.00.
    expect(report.sales).toEqual([
      { taxClass: 'standard', rateBp: 1600, netMinor: 1_000_000, vatMinor: 160_000 },
      { taxClass: 'reduced', rateBp: 800, netMinor: 0, vatMinor: 0 },
      { taxClass: 'zero_rated', rateBp: 0, netMinor: 200_000, vatMinor: 0 },
      { taxClass: 'exempt', rateBp: 0, netMinor: 0, vatMinor: 0 },
    ]);
    // Output 1,600; input 16,000 + 640 = 16,640; net 1,600 − 16,640 = −15,040.00 (a credit).
    expect(report).toMatchObject({
      totalSalesNetMinor: 1_200_000,
      outputVatMinor: 160_000,
      purchases: { netMinor: 10_000_000, vatMinor: 1_600_000 },
      expenses: { netMinor: 400_000, vatMinor: 64_000 },
      inputVatMinor: 1_664_000,
      netVatMinor: -1_504_000,
    });
  });

  it('October: the return comes off the 16% class, net and VAT', async () => {
    const report = (await get('vat-return?from=2026-10-01&to=2026-10-31')).json();
    // 16%: 2,000 − 1,000 returned = 1,000.00, VAT 320 − 160 = 160.00; 8%: 5,000.00, VAT 400.00. Output 560.00, no input VAT.
    expect(report.sales.slice(0, 2)).toEqual([
      { taxClass: 'standard', rateBp: 1600, netMinor: 100_000, vatMinor: 16_000 },
      { taxClass: 'reduced', rateBp: 800, netMinor: 500_000, vatMinor: 40_000 },
    ]);
    expect(report).toMatchObject({ totalSalesNetMinor: 600_000, outputVatMinor: 56_000, inputVatMinor: 0, netVatMinor: 56_000 });
  });
});

describe('general ledger', () => {
  it('pages an account’s lines with the balance carried from before the period and the page', async () => {
    const page = async (number: number) => (await get(`general-ledger?accountId=${bankAccountId}&from=2026-09-15&to=2026-10-31&page=${number}&pageSize=1`)).json();
    // Before 15 Sep: 500,000.00; then −4,640 → 495,360; −50,000 → 445,360; −2,000 → 443,360.00.
    const third = await page(3);
    expect(third).toMatchObject({
      account: { id: bankAccountId, name: 'Bank', type: 'asset' },
      openingBalanceMinor: 50_000_000,
      closingBalanceMinor: 44_336_000,
      total: 3,
      page: 3,
      pageSize: 1,
    });
    expect(third.rows).toEqual([
      {
        entryId: expect.any(String),
        number: 'JE-000009',
        entryDate: '2026-10-25',
        memo: 'Electricity',
        description: null,
        source: { label: 'Expense', href: null },
        debitMinor: 0,
        creditMinor: 200_000,
        balanceMinor: 44_336_000,
      },
    ]);
    expect((await page(2)).rows.map((row: { number: string; balanceMinor: number }) => [row.number, row.balanceMinor])).toEqual([['JE-000007', 44_536_000]]);
    expect((await page(4)).rows).toEqual([]);
  });

  it('shows a credit account’s balance in its own sign, and links the sale to its page', async () => {
    const [sales] = await testApp.database.withTenant(tenantId(), (tx) => queryRows<{ id: string }>(tx, sql`select id from ledger_accounts where name = 'Sales at 16% VAT'`));
    const report = (await get(`general-ledger?accountId=${sales!.id}&from=2026-09-01&to=2026-10-31`)).json();
    expect(report.rows.map((row: { source: object; creditMinor: number; balanceMinor: number }) => [row.source, row.creditMinor, row.balanceMinor])).toEqual([
      [{ label: 'Sale T1-000901', href: `/admin/sales/${saleId}` }, 1_100_000, 1_100_000],
      [{ label: 'Sale', href: null }, 200_000, 1_300_000],
    ]);
    expect(report.closingBalanceMinor).toBe(1_300_000);
  });

  it('downloads every line of the period as CSV, from opening to closing balance', async () => {
    const response = await get(`general-ledger?accountId=${bankAccountId}&from=2026-09-15&to=2026-10-31&pageSize=1&format=csv`);
    const parsed = parseCsv(response.text);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.records.map((record) => record.fields)).toEqual([
      ['Date', 'Entry', 'Description', 'Source', 'Debit', 'Credit', 'Balance'],
      ['', '', 'Opening balance', '', '', '', '500000.00'],
      ['2026-09-20', 'JE-000004', 'Electricity', 'Expense', '', '4640.00', '495360.00'],
      ['2026-10-15', 'JE-000007', 'Paid Mombasa Wholesalers', 'Supplier payment', '', '50000.00', '445360.00'],
      ['2026-10-25', 'JE-000009', 'Electricity', 'Expense', '', '2000.00', '443360.00'],
      ['', '', 'Closing balance', '', '', '', '443360.00'],
    ]);
  });
});

describe('cash summary', () => {
  it('gives each cash-like account with money or movements its opening, in, out and closing for October', async () => {
    const report = (await get('cash-summary?from=2026-10-01&to=2026-10-31')).json();
    expect(report.rows.map((row: { name: string; openingMinor: number; inMinor: number; outMinor: number; closingMinor: number }) => [row.name, row.openingMinor, row.inMinor, row.outMinor, row.closingMinor])).toEqual([
      ['Cash at Main shop', 1_360_000, 0, 5_000, 1_355_000],
      ['M-Pesa till and paybill clearing', 0, 300_000, 1_500, 298_500],
      // 495,360 − 50,000 − 2,000.
      ['Bank', 49_536_000, 0, 5_200_000, 44_336_000],
    ]);
  });

  it('counts only the lines carrying a location when one is asked for', async () => {
    // At Westlands only the October electricity left the bank; nothing cash-like was posted there before.
    const report = (await get(`cash-summary?from=2026-10-01&to=2026-10-31&locationId=${westlands}`)).json();
    expect(report.rows.map((row: { name: string; openingMinor: number; inMinor: number; outMinor: number; closingMinor: number }) => [row.name, row.openingMinor, row.inMinor, row.outMinor, row.closingMinor])).toEqual([
      ['Bank', 0, 0, 200_000, -200_000],
    ]);
  });
});

describe('reconciliation', () => {
  it('sets the control accounts against the contacts’ ledgers at the end of a day in the shop’s time zone', async () => {
    const report = (await get('reconciliation?date=2026-10-31')).json();
    // Receivable: 7,720 − 1,160 − 3,000 both sides (the 1 Nov 01:00 charge is November's). Payable: 66,000 in the
    // ledger, 116,000 − 50,000 + 10 on the suppliers' accounts. No inventory line on a past day.
    expect(report).toEqual({
      date: '2026-10-31',
      rows: [
        { side: 'receivable', ledgerMinor: 356_000, subledgerMinor: 356_000, differenceMinor: 0 },
        { side: 'payable', ledgerMinor: 6_600_000, subledgerMinor: 6_601_000, differenceMinor: -1_000 },
        { side: 'gift_cards', ledgerMinor: 0, subledgerMinor: 0, differenceMinor: 0 },
      ],
    });
  });

  it('today adds the inventory account against the stock valuation', async () => {
    const report = (await get('reconciliation')).json();
    // The November charge now counts on the customer's side (10.00 the ledger lacks); the shop holds no stock.
    expect(report.rows).toEqual([
      { side: 'receivable', ledgerMinor: 356_000, subledgerMinor: 357_000, differenceMinor: -1_000 },
      { side: 'payable', ledgerMinor: 6_600_000, subledgerMinor: 6_601_000, differenceMinor: -1_000 },
      { side: 'gift_cards', ledgerMinor: 0, subledgerMinor: 0, differenceMinor: 0 },
      { side: 'inventory', ledgerMinor: 8_910_000, subledgerMinor: 0, differenceMinor: 8_910_000 },
    ]);
  });
});

describe('access and input', () => {
  it('keeps each shop’s books to itself', async () => {
    const trial = (await other.call('GET', '/api/accounting/reports/trial-balance?date=2026-10-31')).json();
    expect(trial).toMatchObject({ rows: [], totalDebitMinor: 0, totalCreditMinor: 0 });
    const vat = (await other.call('GET', '/api/accounting/reports/vat-return?from=2026-09-01&to=2026-10-31')).json();
    expect(vat).toMatchObject({ totalSalesNetMinor: 0, outputVatMinor: 0, inputVatMinor: 0 });
    const ledger = await other.call('GET', `/api/accounting/reports/general-ledger?accountId=${bankAccountId}&from=2026-09-01&to=2026-10-31`);
    expect(ledger.status).toBe(404);
  });

  it('is for managers and owners, on plans with advanced accounting', async () => {
    expect((await get('trial-balance', 'cashier')).status).toBe(403);
    const starter = await createTestShop(testApp, { plan: 'Starter' });
    const refused = await starter.call('GET', '/api/accounting/reports/balance-sheet');
    expect(refused.status).toBe(402);
  });

  it('refuses bad input with a message per field', async () => {
    const cases: [string, string][] = [
      ['profit-and-loss?from=2026-10-31&to=2026-10-01', 'to'],
      ['vat-return?from=2026-02-30&to=2026-03-31', 'from'],
      ['trial-balance?format=xlsx', 'format'],
      ['general-ledger?accountId=bank&from=2026-10-01&to=2026-10-31', 'accountId'],
      ['general-ledger?accountId=' + bankAccountId + '&from=2026-10-01&to=2026-10-31&pageSize=501', 'pageSize'],
      ['profit-and-loss?from=2026-10-01&to=2026-10-31&byLocation=maybe', 'byLocation'],
    ];
    for (const [path, field] of cases) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(Object.keys(response.json().error.fields), path).toContain(field);
    }
  });
});
