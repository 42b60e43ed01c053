import { sql } from 'drizzle-orm';
import { ETIMS_TAX_BAND, type TaxClass } from '../../core/products/tax.rules';
import type { CashMovementReason, RefundTender, ShiftReport } from '../../core/sales/sales.schemas';
import { expectedCashMinor, overShortMinor } from '../../core/sales/shift.rules';
import { queryRows, type TenantTx } from '../db/client';

// The X and Z report of a shift, read from its documents in one transaction: sales (voided ones
// counted apart), their payments, returns made on the shift with their refunds and lines, and the
// cash movements. A sale that reached the server after the close (is_late) is kept out of the
// shift's figures and reported apart (the supplementary report).

type TenderTotals = Partial<Record<RefundTender, number>>;
type TaxBands = ShiftReport['taxBands'];

/** What the report says about the shift itself (read by the caller, with the people named). */
export interface ShiftHeader {
  shiftId: string;
  registerId: string;
  registerName: string;
  locationName: string;
  openedAt: Date;
  openedByName: string | null;
  openingFloatMinor: number;
}

/** What the close adds to the X report to make it the Z. */
export interface ShiftClosing {
  zNumber: number;
  closedAt: Date;
  closedByName: string | null;
  overShortApprovedByName: string | null;
  countedCashMinor: number;
  declaredTotals: TenderTotals;
}

/** The X report: the shift's figures so far, with nothing hidden (expected cash included). */
export async function computeShiftReport(tx: TenantTx, header: ShiftHeader, now: Date): Promise<ShiftReport> {
  // One statement after another: the transaction's connection runs one at a time anyway.
  const sales = await readSaleTotals(tx, header.shiftId);
  const tenders = await readSaleTenders(tx, header.shiftId, false);
  const bands = await readSaleTaxBands(tx, header.shiftId);
  const returns = await readReturnTotals(tx, header.shiftId);
  const refunds = await readRefundTenders(tx, header.shiftId);
  const returnBands = await readReturnTaxBands(tx, header.shiftId);
  const movements = await readCashMovements(tx, header.shiftId);
  const lateSales = await readLateSalesSummary(tx, header.shiftId);
  const takings: TenderTotals = { ...tenders };
  for (const [tender, amount] of Object.entries(refunds) as [RefundTender, number][]) takings[tender] = (takings[tender] ?? 0) - amount;
  const cashInMinor = sum(movements.filter((movement) => movement.direction === 'in').map((movement) => movement.amountMinor));
  const cashOutMinor = sum(movements.filter((movement) => movement.direction === 'out').map((movement) => movement.amountMinor));
  return {
    kind: 'x',
    shiftId: header.shiftId,
    registerId: header.registerId,
    registerName: header.registerName,
    locationName: header.locationName,
    zNumber: null,
    openedAt: header.openedAt.toISOString(),
    openedByName: header.openedByName,
    closedAt: null,
    closedByName: null,
    overShortApprovedByName: null,
    printedAt: now.toISOString(),
    openingFloatMinor: header.openingFloatMinor,
    salesCount: sales.salesCount,
    grossSalesMinor: sales.grossMinor,
    discountsMinor: sales.discountsMinor,
    tipsMinor: sales.tipsMinor,
    returnsCount: returns.count,
    returnsMinor: returns.totalMinor,
    voidsCount: sales.voidsCount,
    voidsMinor: sales.voidsMinor,
    netSalesMinor: sales.grossMinor - sales.discountsMinor - returns.totalMinor,
    tenders: takings,
    taxBands: subtractBands(bands, returnBands),
    cashInMinor,
    cashOutMinor,
    cashMovements: movements.map((movement) => ({
      direction: movement.direction,
      reason: movement.reason,
      amountMinor: movement.amountMinor,
      note: movement.note,
      at: movement.at.toISOString(),
    })),
    expectedCashMinor: expectedCashMinor({
      openingFloatMinor: header.openingFloatMinor,
      cashSalesMinor: tenders.cash ?? 0,
      cashRefundsMinor: refunds.cash ?? 0,
      cashInMinor,
      cashOutMinor,
    }),
    countedCashMinor: null,
    overShortMinor: null,
    declaredTotals: null,
    firstReceiptCode: sales.firstReceiptCode,
    lastReceiptCode: sales.lastReceiptCode,
    lateSales,
  };
}

/** The Z report: the X report taken in the close's transaction, with the count, over/short and Z number. */
export function zReportOf(report: ShiftReport, closing: ShiftClosing): ShiftReport {
  return {
    ...report,
    kind: 'z',
    zNumber: closing.zNumber,
    closedAt: closing.closedAt.toISOString(),
    closedByName: closing.closedByName,
    overShortApprovedByName: closing.overShortApprovedByName,
    printedAt: closing.closedAt.toISOString(),
    countedCashMinor: closing.countedCashMinor,
    overShortMinor: overShortMinor(closing.countedCashMinor, report.expectedCashMinor!),
    declaredTotals: closing.declaredTotals,
  };
}

/** The supplementary figures alone: sales that reached the server after the close. */
export async function readLateSalesSummary(tx: TenantTx, shiftId: string): Promise<ShiftReport['lateSales']> {
  const late = await readLateSales(tx, shiftId);
  const tenders = await readSaleTenders(tx, shiftId, true);
  return { count: late.count, totalMinor: late.totalMinor, tenders };
}

const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);

/**
 * Sales rung up in the shift (late ones apart). Gross is before any discount and without tips:
 * total − tip + discounts. Voided sales count only as voids. Receipt codes span every sale of the
 * shift, voided ones too: their numbers were used.
 */
async function readSaleTotals(tx: TenantTx, shiftId: string) {
  const [row] = await queryRows<{
    sales_count: number;
    gross_minor: number;
    discounts_minor: number;
    tips_minor: number;
    voids_count: number;
    voids_minor: number;
    first_receipt_code: string | null;
    last_receipt_code: string | null;
  }>(
    tx,
    sql`select count(*) filter (where status <> 'voided')::int as sales_count,
               coalesce(sum(total_minor - tip_minor + discount_minor) filter (where status <> 'voided'), 0)::int as gross_minor,
               coalesce(sum(discount_minor) filter (where status <> 'voided'), 0)::int as discounts_minor,
               coalesce(sum(tip_minor) filter (where status <> 'voided'), 0)::int as tips_minor,
               count(*) filter (where status = 'voided')::int as voids_count,
               coalesce(sum(total_minor) filter (where status = 'voided'), 0)::int as voids_minor,
               (array_agg(receipt_code order by receipt_number))[1] as first_receipt_code,
               (array_agg(receipt_code order by receipt_number desc))[1] as last_receipt_code
        from sales where shift_id = ${shiftId} and not is_late`,
  );
  return {
    salesCount: row!.sales_count,
    grossMinor: row!.gross_minor,
    discountsMinor: row!.discounts_minor,
    tipsMinor: row!.tips_minor,
    voidsCount: row!.voids_count,
    voidsMinor: row!.voids_minor,
    firstReceiptCode: row!.first_receipt_code,
    lastReceiptCode: row!.last_receipt_code,
  };
}

/** What each tender took for the shift's sales that stand (cash is what it paid: change already given back). */
async function readSaleTenders(tx: TenantTx, shiftId: string, late: boolean): Promise<TenderTotals> {
  const rows = await queryRows<{ tender: RefundTender; amount_minor: number }>(
    tx,
    sql`select p.tender, sum(p.amount_minor)::int as amount_minor
        from sale_payments p
        join sales s on s.tenant_id = p.tenant_id and s.id = p.sale_id
        where s.shift_id = ${shiftId} and s.is_late = ${late} and s.status <> 'voided'
        group by p.tender order by p.tender`,
  );
  return Object.fromEntries(rows.map((row) => [row.tender, row.amount_minor]));
}

async function readSaleTaxBands(tx: TenantTx, shiftId: string): Promise<TaxBands> {
  const rows = await queryRows<{ band: string; gross_minor: number; tax_minor: number; rate_bp: number }>(
    tx,
    sql`select b.key as band,
               sum((b.value ->> 'grossMinor')::int)::int as gross_minor,
               sum((b.value ->> 'taxMinor')::int)::int as tax_minor,
               max((b.value ->> 'rateBp')::int)::int as rate_bp
        from sales s, jsonb_each(s.tax_bands) b
        where s.shift_id = ${shiftId} and not s.is_late and s.status <> 'voided'
        group by b.key order by b.key`,
  );
  return Object.fromEntries(rows.map((row) => [row.band, { grossMinor: row.gross_minor, taxMinor: row.tax_minor, rateBp: row.rate_bp }]));
}

async function readReturnTotals(tx: TenantTx, shiftId: string): Promise<{ count: number; totalMinor: number }> {
  const [row] = await queryRows<{ count: number; total_minor: number }>(
    tx,
    sql`select count(*)::int as count, coalesce(sum(total_minor), 0)::int as total_minor from sale_returns where shift_id = ${shiftId}`,
  );
  return { count: row!.count, totalMinor: row!.total_minor };
}

/** What the shift's returns paid back, per tender (cash came out of this drawer). */
async function readRefundTenders(tx: TenantTx, shiftId: string): Promise<TenderTotals> {
  const rows = await queryRows<{ tender: RefundTender; amount_minor: number }>(
    tx,
    sql`select f.tender, sum(f.amount_minor)::int as amount_minor
        from sale_refunds f
        join sale_returns r on r.tenant_id = f.tenant_id and r.id = f.return_id
        where r.shift_id = ${shiftId}
        group by f.tender order by f.tender`,
  );
  return Object.fromEntries(rows.map((row) => [row.tender, row.amount_minor]));
}

async function readReturnTaxBands(tx: TenantTx, shiftId: string): Promise<TaxBands> {
  const rows = await queryRows<{ tax_class: TaxClass; rate_bp: number; gross_minor: number; tax_minor: number }>(
    tx,
    sql`select l.tax_class, l.tax_rate_bp as rate_bp, sum(l.amount_minor)::int as gross_minor, sum(l.tax_minor)::int as tax_minor
        from sale_return_lines l
        join sale_returns r on r.tenant_id = l.tenant_id and r.id = l.return_id
        where r.shift_id = ${shiftId}
        group by l.tax_class, l.tax_rate_bp`,
  );
  const bands: TaxBands = {};
  for (const row of rows) {
    const band = (bands[ETIMS_TAX_BAND[row.tax_class]] ??= { grossMinor: 0, taxMinor: 0, rateBp: row.rate_bp });
    band.grossMinor += row.gross_minor;
    band.taxMinor += row.tax_minor;
  }
  return bands;
}

/** Sales VAT per band less what the shift's returns gave back, band by band. */
function subtractBands(sales: TaxBands, returns: TaxBands): TaxBands {
  const net: TaxBands = Object.fromEntries(Object.entries(sales).map(([band, figures]) => [band, { ...figures }]));
  for (const [band, returned] of Object.entries(returns)) {
    const figures = (net[band] ??= { grossMinor: 0, taxMinor: 0, rateBp: returned.rateBp });
    figures.grossMinor -= returned.grossMinor;
    figures.taxMinor -= returned.taxMinor;
  }
  return Object.fromEntries(Object.entries(net).sort(([a], [b]) => a.localeCompare(b)));
}

async function readCashMovements(tx: TenantTx, shiftId: string) {
  const rows = await queryRows<{ direction: 'in' | 'out'; reason: CashMovementReason; amount_minor: number; note: string | null; created_at: Date | string }>(
    tx,
    sql`select direction, reason, amount_minor, note, created_at from shift_cash_movements where shift_id = ${shiftId} order by created_at, id`,
  );
  return rows.map((row) => ({ direction: row.direction, reason: row.reason, amountMinor: row.amount_minor, note: row.note, at: new Date(row.created_at) }));
}

async function readLateSales(tx: TenantTx, shiftId: string): Promise<{ count: number; totalMinor: number }> {
  const [row] = await queryRows<{ count: number; total_minor: number }>(
    tx,
    sql`select count(*)::int as count, coalesce(sum(total_minor), 0)::int as total_minor from sales where shift_id = ${shiftId} and is_late and status <> 'voided'`,
  );
  return { count: row!.count, totalMinor: row!.total_minor };
}
