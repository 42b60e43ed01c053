import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRefKey, mergeLines, type PostingDraft } from '../../../core/accounting/posting';
import { createTestProduct, type TestProduct } from '../../../tests/support/catalog-factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { queryRows } from '../../db/client';
import { createPurchaseShop, type PurchaseShop } from '../../purchases/purchases-test-kit';
import { PURCHASE_RULES } from './purchase-rules';

// Issue 17, the purchases side and the contacts' ledgers in the general ledger: each rule against a
// hand-worked example made through the API (deliveries on account and paid from a drawer, a services
// bill, one payment of two bills, a return as a credit note, expenses and a void, a customer's and a
// supplier's account entries), the history mode and lists, every entry balanced, the control
// accounts equal to the contacts' balances, and an expense on a locked date refused with nothing
// written.

let testApp: TestApp;
let shop: PurchaseShop;
let soda: TestProduct;
let juice: TestProduct;
let sugar: TestProduct;
let categoryIds: Map<string, string>;

const tenantId = () => shop.tenant.id;
const location = () => shop.defaultLocationId;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createPurchaseShop(testApp);
  // A KRA PIN: the shop claims VAT back (a services bill's VAT is input VAT).
  await shop.setting({ kraPin: 'P051234567X' });
  soda = await createTestProduct(testApp.database, tenantId(), { name: 'Soda 500 ml', unitName: 'Piece' });
  juice = await createTestProduct(testApp.database, tenantId(), { name: 'Juice 1 l', unitName: 'Piece' });
  sugar = await createTestProduct(testApp.database, tenantId(), { name: 'Sugar 1 kg', unitName: 'Piece' });
  const categories = (await shop.call('GET', '/api/expense-categories', { as: 'manager' })).json<{ items: { id: string; name: string }[] }>().items;
  categoryIds = new Map(categories.map((category) => [category.name, category.id]));
}, 120_000);
afterAll(() => testApp.close());

/** A line as the test reads it: the account's role (an expense category's by its name), signed amount (+ debit), contact, location. */
type Line = [account: string, amountMinor: number, contactId: string | null, locationId: string | null];

/** The entry a document posted: its day, memo and lines in a stable order. */
async function posted(sourceType: string, sourceId: string) {
  return testApp.database.withTenant(tenantId(), async (tx) => {
    const [entry] = await queryRows<{ id: string; entry_date: string; memo: string }>(
      tx,
      sql`select id, entry_date::text, memo from journal_entries where source_type = ${sourceType} and source_id = ${sourceId}::uuid`,
    );
    if (!entry) return null;
    const rows = await queryRows<{ role: string; amount: string; contact_id: string | null; location_id: string | null }>(
      tx,
      sql`select case when a.system_key = 'expense_category' then 'expense:' || a.name else a.system_key end as role,
                 (l.debit_minor - l.credit_minor)::text as amount, l.contact_id, l.location_id
          from journal_lines l join ledger_accounts a on a.id = l.account_id
          where l.entry_id = ${entry.id}::uuid`,
    );
    return { entryDate: entry.entry_date, memo: entry.memo, lines: sortLines(rows.map((row): Line => [row.role, Number(row.amount), row.contact_id, row.location_id])) };
  });
}

const sortLines = (lines: Line[]) => [...lines].sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1]);

const shopToday = async () =>
  (await testApp.database.withTenant(tenantId(), (tx) => queryRows<{ today: string }>(tx, sql`select (now() at time zone 'Africa/Nairobi')::date::text as today`)))[0]!.today;

const call = (method: string, path: string, body: unknown, as: 'owner' | 'manager' = 'manager') => shop.call(method, path, { as, body, idempotencyKey: randomUUID() });

let receiptOnAccount: { id: string; number: string; bill: { id: string }; lines: { id: string; variantId: string }[] };
let receiptPaidCash: { id: string; number: string };
let servicesBill: { id: string; number: string };
let paymentOfTwoBills: { entryId: string; number: string };
let creditReturn: { id: string; number: string };
let shiftId: string;

describe('deliveries', () => {
  it('on account: inventory at the new valuation, VAT input, the bill on payables and the cents of rounding', async () => {
    // Soda: 2 crates of 24 × 1,200.00 = 2,400.00 (VAT 16% 384.00); juice: 7 × 150.00 = 1,050.00 (VAT 168.00).
    // Landed 390.00 by value 2,400 : 1,050 → 271.3043… and 118.6956…: 271.30 and 118.69, the cent left
    // to the larger remainder (juice) → 271.30 and 118.70.
    // Per piece: soda (2,400.00 + 271.30) / 48 = 55.652… → 55.65; juice (1,050.00 + 118.70) / 7 = 166.957… → 166.96.
    // Inventory: 48 × 55.65 = 2,671.20 and 7 × 166.96 = 1,168.72 → 3,839.92.
    // Goods cost 2,400 + 1,050 + 390 = 3,840.00 → 0.08 of stock valuation rounding.
    // Owed: 3,840.00 + VAT 552.00 = 4,392.00.
    const response = await shop.receive({
      vatClaimable: true,
      landedCostMinor: 39_000,
      lines: [
        { variantId: soda.variantId, unitId: shop.crateUnitId, quantityMilli: 2_000, unitCostMinor: 120_000, taxClass: 'standard' },
        { variantId: juice.variantId, quantityMilli: 7_000, unitCostMinor: 15_000, taxClass: 'standard' },
      ],
    });
    expect(response.status).toBe(201);
    receiptOnAccount = response.json();
    expect(await posted('goods_receipt', receiptOnAccount.id)).toEqual({
      entryDate: await shopToday(),
      memo: `Goods received ${receiptOnAccount.number} from Mombasa Distributors`,
      lines: sortLines([
        ['inventory', 383_992, null, location()],
        ['vat_input', 55_200, null, location()],
        ['stock_rounding', 8, null, location()],
        ['payable', -439_200, shop.supplierId, location()],
      ]),
    });
  });

  it('paid in cash from a shift: the bill and its payment, the cash out of that location’s drawer, VAT in the cost', async () => {
    shiftId = await shop.openShift();
    // Sugar: 10 × 120.00 = 1,200.00 + VAT 192.00, not claimed: 139.20 a piece, 1,392.00 of stock, owed and paid.
    const response = await shop.receive({
      vatClaimable: false,
      payment: { mode: 'paid', method: 'cash', shiftId, reference: null },
      lines: [{ variantId: sugar.variantId, quantityMilli: 10_000, unitCostMinor: 12_000, taxClass: 'standard' }],
    });
    expect(response.status).toBe(201);
    receiptPaidCash = response.json();
    expect((await posted('goods_receipt', receiptPaidCash.id))!.lines).toEqual(
      sortLines([
        ['inventory', 139_200, null, location()],
        ['payable', -139_200, shop.supplierId, location()],
        ['payable', 139_200, shop.supplierId, location()],
        ['cash_location', -139_200, null, location()],
      ]),
    );
    // The delivery's payment is the delivery's: it posts nothing of its own.
    const [payment] = await testApp.database.withTenant(tenantId(), (tx) =>
      queryRows<{ id: string }>(tx, sql`select id from account_entries where source_type = 'goods_receipt' and source_id = ${receiptPaidCash.id}::uuid`),
    );
    expect(await posted('supplier_payment', payment!.id)).toBeNull();
  });
});

describe('bills and payments', () => {
  it('a services bill: its category’s expense net of VAT, VAT input, payable; dated the bill’s date', async () => {
    // 11,600.00 with VAT 1,600.00: 10,000.00 of transport.
    const response = await call('POST', '/api/supplier-bills', {
      supplierId: shop.supplierId,
      billDate: '2026-11-18',
      amountMinor: 1_160_000,
      vatMinor: 160_000,
      categoryId: categoryIds.get('Transport'),
      description: 'Delivery van hire',
    });
    expect(response.status).toBe(201);
    servicesBill = response.json();
    expect(await posted('supplier_bill', servicesBill.id)).toEqual({
      entryDate: '2026-11-18',
      memo: `Bill ${servicesBill.number} from Mombasa Distributors`,
      lines: sortLines([
        ['expense:Transport', 1_000_000, null, null],
        ['vat_input', 160_000, null, null],
        ['payable', -1_160_000, shop.supplierId, null],
      ]),
    });
    // The delivery's bill is the delivery's entry, not one of its own.
    expect(await posted('supplier_bill', receiptOnAccount.bill.id)).toBeNull();
  });

  it('one payment of two bills is one entry: payable down by it, the bank by it', async () => {
    // 4,392.00 for the delivery's bill and 5,000.00 towards the services bill: 9,392.00 by bank transfer.
    const response = await call('POST', '/api/supplier-payments', {
      supplierId: shop.supplierId,
      amountMinor: 939_200,
      method: 'bank_transfer',
      reference: 'EFT 20261124',
      bills: [
        { billId: receiptOnAccount.bill.id, amountMinor: 439_200 },
        { billId: servicesBill.id, amountMinor: 500_000 },
      ],
    });
    expect(response.status).toBe(201);
    paymentOfTwoBills = response.json();
    expect(await posted('supplier_payment', paymentOfTwoBills.entryId)).toEqual({
      entryDate: await shopToday(),
      memo: `Payment ${paymentOfTwoBills.number} to Mombasa Distributors`,
      lines: sortLines([
        ['payable', 939_200, shop.supplierId, null],
        ['bank', -939_200, null, null],
      ]),
    });
    // Paying the bills posts neither purchase again.
    const counts = await testApp.database.withTenant(tenantId(), (tx) =>
      queryRows<{ source_type: string; count: number }>(tx, sql`select source_type, count(*)::int as count from journal_entries group by source_type order by source_type`),
    );
    expect(counts).toEqual([
      { source_type: 'goods_receipt', count: 2 },
      { source_type: 'supplier_bill', count: 1 },
      { source_type: 'supplier_payment', count: 1 },
    ]);
  });

  it('a return as a credit note: payable down by it, VAT input and inventory out at the delivery’s cost', async () => {
    // 12 sodas back at 55.65 = 667.80, VAT 384.00 × 12 / 48 = 96.00: a credit note of 763.80.
    // The average stays 55.65: 36 × 55.65 = 2,003.40, down 667.80 from 2,671.20; no rounding.
    const response = await call('POST', '/api/supplier-returns', {
      receiptId: receiptOnAccount.id,
      reason: 'damaged',
      settlement: 'credit',
      lines: [{ receiptLineId: receiptOnAccount.lines[0]!.id, quantityMilli: 12_000 }],
    });
    expect(response.status).toBe(201);
    creditReturn = response.json();
    expect(await posted('supplier_return', creditReturn.id)).toEqual({
      entryDate: await shopToday(),
      memo: `Return ${creditReturn.number} to Mombasa Distributors`,
      lines: sortLines([
        ['payable', 76_380, shop.supplierId, location()],
        ['vat_input', -9_600, null, location()],
        ['inventory', -66_780, null, location()],
      ]),
    });
  });
});

describe('expenses', () => {
  it('with claimable VAT paid by M-Pesa: the category net of VAT, VAT input, M-Pesa; dated the expense’s date', async () => {
    // 5,800.00 with VAT 800.00 claimed: 5,000.00 of electricity.
    const response = await call('POST', '/api/expenses', {
      categoryId: categoryIds.get('Electricity'),
      expenseDate: '2026-11-20',
      description: 'KPLC tokens',
      amountMinor: 580_000,
      vatMinor: 80_000,
      vatClaimable: true,
      paidFrom: 'mpesa',
      reference: 'SGH7K2LQ9P',
    });
    expect(response.status).toBe(201);
    const expense = response.json<{ id: string; number: string }>();
    expect(await posted('expense', expense.id)).toEqual({
      entryDate: '2026-11-20',
      memo: `Expense ${expense.number}: KPLC tokens`,
      lines: sortLines([
        ['expense:Electricity', 500_000, null, null],
        ['vat_input', 80_000, null, null],
        ['mpesa_clearing', -580_000, null, null],
      ]),
    });
  });

  it('paid from a drawer and voided: the void reverses it line for line on the day of the void', async () => {
    // 1,500.00 of repairs out of the shift's drawer, VAT not claimed; voided, the cash goes back.
    const response = await call('POST', '/api/expenses', {
      categoryId: categoryIds.get('Repairs and maintenance'),
      expenseDate: '2026-11-21',
      description: 'Door lock',
      amountMinor: 150_000,
      vatMinor: 20_690,
      paidFrom: 'register_cash',
      shiftId,
    });
    expect(response.status).toBe(201);
    const expense = response.json<{ id: string; number: string }>();
    const expenseLines: Line[] = [
      ['expense:Repairs and maintenance', 150_000, null, location()],
      ['cash_location', -150_000, null, location()],
    ];
    expect((await posted('expense', expense.id))!.lines).toEqual(sortLines(expenseLines));

    const voided = await shop.call('POST', `/api/expenses/${expense.id}/void`, { as: 'manager', body: { reason: 'Entered twice' } });
    expect(voided.status).toBe(200);
    expect(await posted('expense_void', expense.id)).toEqual({
      entryDate: await shopToday(),
      memo: `Expense ${expense.number} voided: Entered twice`,
      lines: sortLines(expenseLines.map(([account, amount, contact, at]): Line => [account, -amount, contact, at])),
    });
  });
});

describe('contacts’ accounts', () => {
  it('a customer’s opening balance, M-Pesa payment, write-off and credit note', async () => {
    const created = await call('POST', '/api/contacts', { name: 'Wanjiku Stores', type: 'customer', openingBalance: { receivableMinor: 200_000 } });
    expect(created.status).toBe(201);
    const customerId = created.json<{ id: string }>().id;
    const [opening] = await testApp.database.withTenant(tenantId(), (tx) =>
      queryRows<{ id: string }>(tx, sql`select id from account_entries where contact_id = ${customerId}::uuid and kind = 'opening'`),
    );
    // Owes 2,000.00 from before the app: receivable against opening balances.
    expect(await posted('contact_entry', opening!.id)).toEqual({
      entryDate: await shopToday(),
      memo: 'Opening balance on the account of Wanjiku Stores',
      lines: sortLines([
        ['receivable', 200_000, customerId, null],
        ['opening_balances', -200_000, null, null],
      ]),
    });

    // Pays 1,500.00 by M-Pesa, 300.00 is written off, 50.00 credited: 150.00 still owed.
    const paid = await call('POST', `/api/contacts/${customerId}/payments`, { side: 'receivable', amountMinor: 150_000, method: 'mpesa', reference: 'QWE1234567' });
    expect(paid.status).toBe(201);
    expect((await posted('contact_entry', paid.json<{ entry: { id: string } }>().entry.id))!.lines).toEqual(
      sortLines([
        ['mpesa_clearing', 150_000, null, null],
        ['receivable', -150_000, customerId, null],
      ]),
    );
    const writtenOff = await call('POST', `/api/contacts/${customerId}/write-offs`, { amountMinor: 30_000, reason: 'Kiosk closed down' }, 'owner');
    expect(writtenOff.status).toBe(201);
    expect((await posted('contact_entry', writtenOff.json<{ entry: { id: string } }>().entry.id))!.lines).toEqual(
      sortLines([
        ['bad_debts', 30_000, null, null],
        ['receivable', -30_000, customerId, null],
      ]),
    );
    const credited = await call('POST', `/api/contacts/${customerId}/credit-notes`, { amountMinor: 5_000, reason: 'Late delivery discount' });
    expect(credited.status).toBe(201);
    expect((await posted('contact_entry', credited.json<{ entry: { id: string } }>().entry.id))!.lines).toEqual(
      sortLines([
        ['discounts', 5_000, null, null],
        ['receivable', -5_000, customerId, null],
      ]),
    );
  });

  it('a supplier’s opening balance, an adjustment and a payment made from their account page', async () => {
    const created = await call('POST', '/api/contacts', { name: 'Kilimo Supplies', type: 'supplier', openingBalance: { payableMinor: 80_000 } });
    expect(created.status).toBe(201);
    const supplierId = created.json<{ id: string }>().id;
    const [opening] = await testApp.database.withTenant(tenantId(), (tx) =>
      queryRows<{ id: string }>(tx, sql`select id from account_entries where contact_id = ${supplierId}::uuid and kind = 'opening'`),
    );
    // Owed 800.00 from before the app; 50.00 less agreed; 200.00 paid in cash: 550.00 still owed.
    expect((await posted('contact_entry', opening!.id))!.lines).toEqual(
      sortLines([
        ['opening_balances', 80_000, null, null],
        ['payable', -80_000, supplierId, null],
      ]),
    );
    const adjusted = await call('POST', `/api/contacts/${supplierId}/adjustments`, { side: 'payable', amountMinor: -5_000, reason: 'Price agreed lower' });
    expect(adjusted.status).toBe(201);
    expect((await posted('contact_entry', adjusted.json<{ entry: { id: string } }>().entry.id))!.lines).toEqual(
      sortLines([
        ['payable', 5_000, supplierId, null],
        ['account_adjustments', -5_000, null, null],
      ]),
    );
    const paid = await call('POST', `/api/contacts/${supplierId}/payments`, { side: 'payable', amountMinor: 20_000, method: 'cash' });
    expect(paid.status).toBe(201);
    const paymentId = paid.json<{ entry: { id: string } }>().entry.id;
    expect((await posted('supplier_payment', paymentId))!.lines).toEqual(
      sortLines([
        ['payable', 20_000, supplierId, null],
        ['cash', -20_000, null, null],
      ]),
    );
    expect(await posted('contact_entry', paymentId)).toBeNull();
  });
});

describe('history', () => {
  it('lists exactly the documents posted live, and drafts a delivery and a return at their movements’ cost', async () => {
    await testApp.database.withTenant(tenantId(), async (tx) => {
      for (const rule of PURCHASE_RULES) {
        const listed = await queryRows<{ id: string }>(tx, sql`select id from (${rule.history}) documents order by id`);
        const postedIds = await queryRows<{ id: string }>(tx, sql`select source_id as id from journal_entries where source_type = ${rule.sourceType} order by source_id`);
        expect(listed, rule.sourceType).toEqual(postedIds);
      }
      const rule = (sourceType: string) => PURCHASE_RULES.find((candidate) => candidate.sourceType === sourceType)!;
      const keyed = (draft: PostingDraft | null) => mergeLines(draft!.lines).map((line) => [accountRefKey(line.account), line.amountMinor]);
      // Σ quantity × unit cost of the movements: 48 × 55.65 + 7 × 166.96 = 3,839.92, and 12 × 55.65 = 667.80 back.
      expect(keyed(await rule('goods_receipt').draft(tx, { tenantId: tenantId(), mode: 'history' }, receiptOnAccount.id))).toEqual([
        ['inventory', 383_992],
        ['vat_input', 55_200],
        ['payable', -439_200],
        ['stock_rounding', 8],
      ]);
      expect(keyed(await rule('supplier_return').draft(tx, { tenantId: tenantId(), mode: 'history' }, creditReturn.id))).toEqual([
        ['payable', 76_380],
        ['vat_input', -9_600],
        ['inventory', -66_780],
      ]);
    });
  });
});

describe('integrity', () => {
  it('every entry balances and the control accounts equal the contacts’ balances, contact by contact', async () => {
    await testApp.database.withTenant(tenantId(), async (tx) => {
      const unbalanced = await queryRows(tx, sql`select entry_id from journal_lines group by entry_id having sum(debit_minor) <> sum(credit_minor)`);
      expect(unbalanced).toEqual([]);
      const ledger = await queryRows<{ side: string; contact_id: string; balance: string }>(
        tx,
        sql`select a.system_key as side, l.contact_id,
                   sum(case when a.system_key = 'receivable' then l.debit_minor - l.credit_minor else l.credit_minor - l.debit_minor end)::text as balance
            from journal_lines l join ledger_accounts a on a.id = l.account_id
            where a.system_key in ('receivable', 'payable')
            group by a.system_key, l.contact_id
            having sum(l.debit_minor - l.credit_minor) <> 0
            order by 1, 2`,
      );
      const accounts = await queryRows<{ side: string; contact_id: string; balance: string }>(
        tx,
        sql`select side, contact_id, balance_minor::text as balance from contact_accounts where balance_minor <> 0 order by 1, 2`,
      );
      expect(ledger).toEqual(accounts);
      // Mombasa Distributors: 4,392.00 + 1,392.00 + 11,600.00 owed, 1,392.00 + 9,392.00 paid, 763.80 credited → 5,836.20.
      expect(accounts.find((row) => row.contact_id === shop.supplierId)).toEqual({ side: 'payable', contact_id: shop.supplierId, balance: '583620' });
    });
  });

  it('refuses an expense dated on or before the lock date with 422 on its date, and writes nothing', async () => {
    await testApp.database.withTenant(tenantId(), (tx) =>
      tx.execute(sql`insert into accounting_settings (tenant_id, lock_date) values (${tenantId()}, '2026-10-31') on conflict (tenant_id) do update set lock_date = excluded.lock_date`),
    );
    const counts = () =>
      testApp.database.withTenant(tenantId(), async (tx) =>
        (
          await queryRows<Record<string, number>>(
            tx,
            sql`select (select count(*)::int from expenses) as expenses, (select count(*)::int from journal_entries) as entries,
                       (select count(*)::int from shift_cash_movements) as cash_movements`,
          )
        )[0],
      );
    const before = await counts();
    const refused = await call('POST', '/api/expenses', {
      categoryId: categoryIds.get('Rent'),
      expenseDate: '2026-10-31',
      description: 'October rent',
      amountMinor: 2_500_000,
      paidFrom: 'register_cash',
      shiftId,
    });
    expect(refused.status).toBe(422);
    expect(refused.json().error.fields).toEqual({ expenseDate: ['The books are locked up to 2026-10-31: choose a later date'] });
    expect(await counts()).toEqual(before);
  });
});
