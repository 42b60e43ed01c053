import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { fillMessage } from '../../core/i18n/message.rules';
import { mayWorkAt } from '../../core/team/permissions.rules';
import { formatQuantity, lineAmount } from '../../core/products/quantity.rules';
import { divideRounded, ETIMS_TAX_BAND, splitInclusive, type TaxClass } from '../../core/products/tax.rules';
import { formatMoneyPlain } from '../../core/settings/money.rules';
import {
  formatReturnCode,
  TENDER_LABELS,
  type ExchangeInput,
  type RefundTender,
  type ReturnInput,
  type Sale,
  type SaleReturn,
} from '../../core/sales/sales.schemas';
import { nextDocumentNumber, postCreditNote } from '../accounts/account-ledger';
import { postDocument } from '../accounting/post-document';
import { consumeApproval } from '../approvals/approvals.service';
import { recordAudit } from '../audit/audit-events.service';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { quantityFromNumeric } from '../db/schema/quantity';
import { saleRefunds, saleReturnLines, saleReturns } from '../db/schema/sales';
import { refundToGiftCard } from '../gift-cards/gift-card-ledger';
import { HttpError, notFound } from '../http/errors';
import { canonicalJson } from '../http/idempotency';
import { readUserNames } from '../inventory/inventory-documents';
import { andAtWorkplaces, type Workplaces } from '../inventory/location-access';
import { readAllowNegativeStock, recordMovements, type MovementRequest } from '../inventory/stock-ledger';
import { adjustPoints, reversePoints } from '../loyalty/loyalty-ledger';
import { claimMpesaCode } from '../payments/mpesa-codes';
import { readSalesSettings } from '../registers/sales-settings.service';
import { requireOpenShift } from '../registers/shifts.service';
import { queueReturnDocument } from '../etims/etims-outbox';
import { wakeEtimsSigner } from '../etims/etims-worker';
import { completeSaleInTx, requireRegisterWorkplace, type SaleActor } from './checkout.service';
import { lockReportSummaries } from '../reports/summaries';
import { readSale, withCashierNames } from './sale-read';

// Returns and exchanges (issue 15, docs/decisions/0017-sales-exactly-once.md). A return is its own
// document (a credit note with its own number), never an edit of the sale: it raises each sale
// line's returned quantity with one conditional UPDATE (so concurrent returns of a line can never
// give back more than was sold), puts the goods back (or writes them off as damaged), takes back
// the points earned and pays the money back through the ledgers, all in one transaction.
// Exactly once like a sale: the id is the register's, an advisory lock on it makes retries take
// turns, and a retry with the same body answers the first return.

/** Advisory lock space of return ids (two-key form, apart from the sales' space). */
const RETURN_LOCK_SPACE = 1_517_002;

/** The hash a retry of a return (or an exchange) must match: its validated body, keys in order. */
export function returnRequestHash(input: ReturnInput | ExchangeInput): string {
  return createHash('sha256')
    .update(canonicalJson(input) ?? '')
    .digest('hex');
}

/** amount × part ÷ whole, rounded half up, exact for any amounts (the product can pass 2^53). */
export function proportionOf(amount: number, part: number, whole: number): number {
  const numerator = BigInt(amount) * BigInt(part);
  const denominator = BigInt(whole);
  const quotient = numerator / denominator;
  return Number((numerator % denominator) * 2n >= denominator ? quotient + 1n : quotient);
}

interface SaleRow {
  id: string;
  receipt_code: string;
  status: string;
  customer_id: string | null;
  total_minor: number;
  tip_minor: number;
  loyalty_points_earned: number;
  location_id: string;
  past_window: boolean;
}

interface SaleLineRow {
  id: string;
  variant_id: string;
  product_name: string;
  variant_name: string;
  quantity: string;
  stock_quantity: string;
  total_minor: number;
  tax_minor: number;
  cost_minor: number;
  tax_class: string;
  tax_rate_bp: number;
}

/** A line of the return as written. */
interface ReturnLine {
  saleLineId: string | null;
  variantId: string;
  productName: string;
  variantName: string;
  quantityMilli: number;
  stockQuantityMilli: number;
  amountMinor: number;
  taxClass: string;
  taxRateBp: number;
  taxMinor: number;
  costMinor: number;
  disposition: 'restock' | 'damaged';
}

/** A refund as written. */
interface Refund {
  tender: RefundTender;
  amountMinor: number;
  reference: string | null;
  giftCardId: string | null;
}

export interface ReturnOutcome {
  returnId: string;
  replayed: boolean;
  totalMinor: number;
  /** What went to the exchange's new sale (0 for a plain return). */
  exchangeCreditMinor: number;
}

const refundsField = (message: string) => new HttpError('validation_failed', message, { refunds: [message] });

/** A return on its own: 201 with the return, or the first one on a retry (replayed). */
export async function createReturn(database: Database, actor: SaleActor, input: ReturnInput): Promise<{ saleReturn: SaleReturn; replayed: boolean }> {
  const requestHash = returnRequestHash(input);
  const outcome = await database.withTenant(actor.tenantId, (tx) => createReturnInTx(tx, actor, input, requestHash, null));
  wakeEtimsSigner(actor.tenantId);
  return { saleReturn: await getReturn(database, actor, outcome.returnId), replayed: outcome.replayed };
}

/**
 * An exchange: the return, then the new sale paid first by the return's credit (up to the sale's
 * total; any rest of the return is refunded by the refund rules), in one transaction.
 */
export async function createExchange(
  database: Database,
  actor: SaleActor,
  input: ExchangeInput,
): Promise<{ saleReturn: SaleReturn; sale: Sale; replayed: boolean }> {
  const requestHash = returnRequestHash(input);
  const { returnId, saleId, replayed } = await database.withTenant(actor.tenantId, async (tx) => {
    const outcome = await createReturnInTx(tx, actor, input.saleReturn, requestHash, { saleTotalMinor: input.sale.expectedTotalMinor });
    if (outcome.replayed) {
      const [row] = await queryRows<{ exchange_sale_id: string | null }>(tx, sql`select exchange_sale_id from sale_returns where id = ${outcome.returnId}`);
      return { returnId: outcome.returnId, saleId: row!.exchange_sale_id!, replayed: true };
    }
    const paid = input.sale.payments.reduce((sum, payment) => sum + payment.amountMinor, 0);
    const due = input.sale.expectedTotalMinor - outcome.exchangeCreditMinor;
    if (paid !== due) {
      const message = fillMessage(/*i18n*/ 'The payments must add up to what the exchange leaves to pay: {amount}', { amount: formatMoneyPlain(due) });
      throw new HttpError('validation_failed', message, { 'sale.payments': [message] });
    }
    const completed = await completeSaleInTx(tx, actor, input.sale, requestHash, { exchangeCreditMinor: outcome.exchangeCreditMinor });
    await tx.execute(sql`update sale_returns set exchange_sale_id = ${completed.saleId}, updated_at = now() where id = ${outcome.returnId}`);
    return { returnId: outcome.returnId, saleId: completed.saleId, replayed: false };
  });
  wakeEtimsSigner(actor.tenantId);
  const [sale] = await withCashierNames(database, [(await database.withTenant(actor.tenantId, (tx) => readSale(tx, saleId)))!]);
  return { saleReturn: await getReturn(database, actor, returnId), sale: sale!, replayed };
}

/**
 * Writes a return in the caller's transaction. `exchange` (the new sale's total) turns the first
 * part of the refund, up to that total, into exchange credit for the sale.
 */
export async function createReturnInTx(
  tx: TenantTx,
  actor: SaleActor,
  input: ReturnInput,
  requestHash: string,
  exchange: { saleTotalMinor: number } | null,
): Promise<ReturnOutcome> {
  const { tenantId } = actor;
  const returnId = input.id;
  await tx.execute(sql`select pg_advisory_xact_lock(${RETURN_LOCK_SPACE}::int, hashtext(${returnId}))`);
  await lockReportSummaries(tx);
  const [existing] = await queryRows<{ request_hash: string; total_minor: number }>(tx, sql`select request_hash, total_minor from sale_returns where id = ${returnId}`);
  if (existing) {
    if (existing.request_hash !== requestHash) {
      throw new HttpError('return_id_reused', /*i18n*/ 'This return id was already used for a different return. Start a new return.');
    }
    return { returnId, replayed: true, totalMinor: existing.total_minor, exchangeCreditMinor: 0 };
  }

  const shift = await requireOpenShift(tx, tenantId, input.shiftId, input.registerId);
  // Goods come back only at a location the person works at (issue 20), as a sale is made there.
  requireRegisterWorkplace(actor, shift.locationId);
  const written = input.saleId
    ? await returnAgainstSale(tx, actor, input, input.saleId, shift.locationId, exchange)
    : await returnWithoutReceipt(tx, actor, input, shift.locationId, exchange);

  // Last: the shop-wide credit note counter, held from here to the commit.
  const returnNumber = await nextDocumentNumber(tx, tenantId, 'sale_return');
  await tx.insert(saleReturns).values({
    tenantId,
    id: returnId,
    requestHash,
    returnNumber,
    returnCode: formatReturnCode(returnNumber),
    saleId: input.saleId,
    registerId: input.registerId,
    shiftId: input.shiftId,
    locationId: shift.locationId,
    cashierId: actor.userId,
    customerId: written.customerId,
    reason: input.reason,
    note: input.note,
    totalMinor: written.totalMinor,
    taxMinor: written.lines.reduce((sum, line) => sum + line.taxMinor, 0),
    loyaltyPointsReversed: written.pointsReversed,
    approvalId: written.approvalId,
  });
  await tx.insert(saleReturnLines).values(written.lines.map((line, index) => ({ tenantId, returnId, lineNo: index + 1, ...line, quantity: line.quantityMilli, stockQuantity: line.stockQuantityMilli })));
  if (written.refunds.length > 0) {
    await tx.insert(saleRefunds).values(written.refunds.map((refund, index) => ({ tenantId, returnId, seq: index + 1, ...refund })));
  }
  const [approval] = written.approvalId ? await queryRows<{ approver_id: string }>(tx, sql`select approver_id from approvals where id = ${written.approvalId}`) : [];
  await recordAudit(tx, {
    tenantId,
    actorUserId: actor.userId,
    action: 'sale.return',
    entity: 'sale_return',
    entityId: returnId,
    approvedByUserId: approval?.approver_id ?? null,
    details: { saleId: input.saleId, reason: input.reason, totalMinor: written.totalMinor, refunds: written.refunds.map(({ tender, amountMinor }) => ({ tender, amountMinor })) },
  });
  await postDocument(tx, tenantId, 'sale_return', returnId);
  // The eTIMS credit note (issue 19): queued with the return, sent by the worker after the commit.
  await queueReturnDocument(tx, tenantId, returnId);
  return { returnId, replayed: false, totalMinor: written.totalMinor, exchangeCreditMinor: written.exchangeCreditMinor };
}

interface WrittenReturn {
  customerId: string | null;
  approvalId: string | null;
  lines: ReturnLine[];
  refunds: Refund[];
  totalMinor: number;
  exchangeCreditMinor: number;
  pointsReversed: number;
}

async function returnAgainstSale(
  tx: TenantTx,
  actor: SaleActor,
  input: ReturnInput,
  saleId: string,
  locationId: string,
  exchange: { saleTotalMinor: number } | null,
): Promise<WrittenReturn> {
  const { tenantId, userId } = actor;
  const settings = await readSalesSettings(tx, tenantId);
  // The sale row's lock makes returns and a void of one sale take turns (its status follows them).
  const [sale] = await queryRows<SaleRow>(
    tx,
    sql`select id, receipt_code, status, customer_id, total_minor, tip_minor, loyalty_points_earned, location_id,
               created_at < now() - make_interval(days => ${settings.returnWindowDays}) as past_window
        from sales where id = ${saleId} for update`,
  );
  if (!sale || !mayWorkAt(actor.locationIds, sale.location_id)) throw notFound(/*i18n*/ 'Sale not found');
  if (sale.status === 'voided') throw new HttpError('conflict', /*i18n*/ 'This sale was voided: there is nothing to return');

  let approvalId: string | null = null;
  if (sale.past_window) {
    if (!input.approvalId) {
      const message = fillMessage(/*i18n*/ 'This sale is older than {days} days: a manager must approve the return', { days: settings.returnWindowDays });
      throw new HttpError('approval_required', message, { approvalId: [message] });
    }
    await consumeApproval(tx, tenantId, input.approvalId, { action: 'return_window', usedByType: 'sale_return', usedById: input.id });
    approvalId = input.approvalId;
  }

  const saleLines = await readSaleLines(tx, saleId, input);
  const lines: ReturnLine[] = [];
  for (const [index, requested] of input.lines.entries()) {
    const line = saleLines.get(requested.saleLineId!)!;
    lines.push(await takeBackLine(tx, line, requested.quantityMilli, requested.disposition, index));
  }
  await putBackStock(tx, actor, input.id, locationId, lines);

  const [status] = await queryRows<{ status: string }>(
    tx,
    sql`update sales set status = case when exists (select 1 from sale_lines where sale_id = ${saleId} and returned_quantity < quantity)
                                      then 'partly_returned' else 'returned' end,
                         updated_at = now()
        where id = ${saleId} returning status`,
  );
  const totalMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0);

  const exchangeCreditMinor = exchange ? Math.min(totalMinor, exchange.saleTotalMinor) : 0;
  const toRefund = totalMinor - exchangeCreditMinor;
  const paid = await readPaidAndRefunded(tx, saleId);
  const plan = input.refunds ? checkRefunds(input, toRefund, paid, sale.customer_id) : defaultRefunds(toRefund, paid);
  const refunds: Refund[] = exchangeCreditMinor > 0 ? [{ tender: 'exchange', amountMinor: exchangeCreditMinor, reference: null, giftCardId: null }] : [];
  const reason = fillMessage(/*i18n*/ 'Return of goods from {receipt}', { receipt: sale.receipt_code });
  for (const refund of plan) {
    refunds.push(...(await payBack(tx, actor, input, refund, paid, { customerId: input.customerId ?? sale.customer_id, saleCustomerId: sale.customer_id, reason })));
  }
  // After the refunds: points given back for a loyalty refund are there to take the earned ones from.
  let pointsReversed = 0;
  if (sale.customer_id && sale.loyalty_points_earned > 0 && sale.total_minor > sale.tip_minor) {
    // In proportion to the goods' share of the sale; the last return takes back what is left.
    const goodsMinor = sale.total_minor - sale.tip_minor;
    const points = status!.status === 'returned' ? sale.loyalty_points_earned : proportionOf(sale.loyalty_points_earned, totalMinor, goodsMinor);
    if (points > 0) {
      const reversed = await reversePoints(tx, { tenantId, contactId: sale.customer_id, saleRef: saleId, returnRef: input.id, points, userId });
      pointsReversed = -(reversed.entry?.points ?? 0);
    }
  }
  return { customerId: sale.customer_id ?? input.customerId, approvalId, lines, refunds, totalMinor, exchangeCreditMinor, pointsReversed };
}

/** The sale's lines named by the return (400 on the line for one of another sale, or chosen twice). */
async function readSaleLines(tx: TenantTx, saleId: string, input: ReturnInput): Promise<Map<string, SaleLineRow>> {
  const ids = input.lines.map((line) => line.saleLineId!);
  const rows = await queryRows<SaleLineRow>(
    tx,
    sql`select id, variant_id, product_name, variant_name, quantity::text as quantity, stock_quantity::text as stock_quantity,
               total_minor, tax_minor, cost_minor, tax_class, tax_rate_bp
        from sale_lines where sale_id = ${saleId} and id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const fields: Record<string, string[]> = {};
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    if (!byId.has(id)) fields[`lines.${index}.saleLineId`] = [/*i18n*/ 'This line is not on the sale'];
    else if (seen.has(id)) fields[`lines.${index}.saleLineId`] = [/*i18n*/ 'This line is chosen twice'];
    seen.add(id);
  });
  if (Object.keys(fields).length > 0) throw new HttpError('validation_failed', /*i18n*/ 'Some lines are not on the sale', fields);
  return byId;
}

/**
 * Raises the line's returned quantity by one conditional UPDATE (409 return_exceeds_sold when it
 * would pass what was sold) and prices what comes back: the line's total and tax in proportion,
 * taken as the difference of the shares before and after, so the returns of a line add up to its
 * total exactly.
 */
async function takeBackLine(tx: TenantTx, line: SaleLineRow, quantityMilli: number, disposition: ReturnLine['disposition'], index: number): Promise<ReturnLine> {
  const quantity = formatQuantity(quantityMilli);
  const [raised] = await queryRows<{ returned: string }>(
    tx,
    sql`update sale_lines set returned_quantity = returned_quantity + ${quantity}::numeric
        where id = ${line.id} and returned_quantity + ${quantity}::numeric <= quantity
        returning returned_quantity::text as returned`,
  );
  if (!raised) {
    const [current] = await queryRows<{ left: string }>(tx, sql`select (quantity - returned_quantity)::text as left from sale_lines where id = ${line.id}`);
    const label = line.variant_name ? `${line.product_name} (${line.variant_name})` : line.product_name;
    const message = fillMessage(/*i18n*/ 'Only {quantity} of {product} can still be returned', {
      quantity: formatQuantity(quantityFromNumeric(current?.left ?? '0')),
      product: label,
    });
    throw new HttpError('return_exceeds_sold', message, { [`lines.${index}.quantityMilli`]: [message] });
  }
  const sold = quantityFromNumeric(line.quantity);
  const after = quantityFromNumeric(raised.returned);
  const before = after - quantityMilli;
  const share = (amount: number) => proportionOf(amount, after, sold) - proportionOf(amount, before, sold);
  const stockQuantityMilli = quantityFromNumeric(line.stock_quantity);
  return {
    saleLineId: line.id,
    variantId: line.variant_id,
    productName: line.product_name,
    variantName: line.variant_name,
    quantityMilli,
    stockQuantityMilli: Math.max(1, share(stockQuantityMilli)),
    amountMinor: share(line.total_minor),
    taxClass: line.tax_class,
    taxRateBp: line.tax_rate_bp,
    taxMinor: share(line.tax_minor),
    costMinor: share(line.cost_minor),
    disposition,
  };
}

async function returnWithoutReceipt(
  tx: TenantTx,
  actor: SaleActor,
  input: ReturnInput,
  locationId: string,
  exchange: { saleTotalMinor: number } | null,
): Promise<WrittenReturn> {
  const { tenantId } = actor;
  const customerId = input.customerId!;
  if (!input.approvalId) {
    const message = /*i18n*/ 'A return without a receipt needs a manager’s approval';
    throw new HttpError('approval_required', message, { approvalId: [message] });
  }
  await requireCustomer(tx, customerId);
  await consumeApproval(tx, tenantId, input.approvalId, { action: 'return_without_receipt', usedByType: 'sale_return', usedById: input.id });

  const variants = await queryRows<{ id: string; product_name: string; variant_name: string; tax_class: TaxClass; average_cost_minor: number }>(
    tx,
    sql`select v.id, p.name as product_name, v.name as variant_name, p.tax_class, v.average_cost_minor
        from product_variants v join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
        where v.id in (${sql.join(input.lines.map((line) => sql`${line.variantId}::uuid`), sql`, `)})`,
  );
  const byId = new Map(variants.map((row) => [row.id, row]));
  const fields: Record<string, string[]> = {};
  input.lines.forEach((line, index) => {
    if (!byId.has(line.variantId!)) fields[`lines.${index}.variantId`] = [/*i18n*/ 'Product not found'];
  });
  if (Object.keys(fields).length > 0) throw new HttpError('validation_failed', /*i18n*/ 'Some products were not found', fields);

  const rates = await readTaxRates(tx);
  const lines: ReturnLine[] = input.lines.map((line) => {
    const variant = byId.get(line.variantId!)!;
    const rate = rates[variant.tax_class];
    return {
      saleLineId: null,
      variantId: variant.id,
      productName: variant.product_name,
      variantName: variant.variant_name,
      quantityMilli: line.quantityMilli,
      stockQuantityMilli: line.quantityMilli,
      amountMinor: line.amountMinor!,
      taxClass: variant.tax_class,
      taxRateBp: rate,
      taxMinor: splitInclusive(line.amountMinor!, rate).taxMinor,
      costMinor: lineAmount(variant.average_cost_minor, line.quantityMilli),
      disposition: line.disposition,
    };
  });
  await putBackStock(tx, actor, input.id, locationId, lines);

  const totalMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0);
  const exchangeCreditMinor = exchange ? Math.min(totalMinor, exchange.saleTotalMinor) : 0;
  const toRefund = totalMinor - exchangeCreditMinor;
  if (input.refunds?.some((refund) => refund.tender !== 'deposit')) throw refundsField(/*i18n*/ 'A return without a receipt is store credit only: refund it as a deposit');
  const planned = input.refunds ? input.refunds.reduce((sum, refund) => sum + refund.amountMinor, 0) : toRefund;
  if (planned !== toRefund) throw refundsDoNotAddUp(toRefund);
  const refunds: Refund[] = exchangeCreditMinor > 0 ? [{ tender: 'exchange', amountMinor: exchangeCreditMinor, reference: null, giftCardId: null }] : [];
  if (toRefund > 0) {
    await postCreditNote(tx, {
      tenantId,
      contactId: customerId,
      side: 'receivable',
      amountMinor: toRefund,
      reason: /*i18n*/ 'Store credit for goods returned without a receipt',
      userId: actor.userId,
      sourceType: 'sale_return',
      sourceId: input.id,
    });
    refunds.push({ tender: 'deposit', amountMinor: toRefund, reference: null, giftCardId: null });
  }
  return { customerId, approvalId: input.approvalId, lines, refunds, totalMinor, exchangeCreditMinor, pointsReversed: 0 };
}

async function requireCustomer(tx: TenantTx, customerId: string) {
  const [contact] = await queryRows<{ type: string; merged_into_id: string | null }>(tx, sql`select type, merged_into_id from contacts where id = ${customerId}`);
  if (!contact || contact.type === 'supplier' || contact.merged_into_id) {
    const message = /*i18n*/ 'Choose a customer from the list';
    throw new HttpError('validation_failed', message, { customerId: [message] });
  }
}

/** The shop's VAT rates by class (as the sale's pricing reads them). */
async function readTaxRates(tx: TenantTx): Promise<Record<TaxClass, number>> {
  const [row] = await queryRows<{ standard: number; reduced: number }>(tx, sql`select vat_standard_bp as standard, vat_reduced_bp as reduced from business_settings limit 1`);
  return { standard: row?.standard ?? 1600, reduced: row?.reduced ?? 800, zero_rated: 0, exempt: 0 };
}

/**
 * The goods back at the return's location: a 'sale_return' movement of what the line took off the
 * shelf (the product, or a combo's tracked components; nothing for untracked products), and for
 * damaged goods an 'adjustment' out with reason 'damage' right after, so the ledger shows both.
 */
async function putBackStock(tx: TenantTx, actor: SaleActor, returnId: string, locationId: string, lines: ReturnLine[]) {
  const variantIds = [...new Set(lines.map((line) => line.variantId))];
  const takes = await queryRows<{ variant_id: string; take_variant_id: string; per_unit: string | null }>(
    tx,
    sql`select v.id as variant_id, v.id as take_variant_id, null::text as per_unit
        from product_variants v join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
        where v.id in (${sql.join(variantIds.map((id) => sql`${id}::uuid`), sql`, `)}) and p.kind = 'standard' and p.track_stock
        union all
        select v.id, cc.component_variant_id, cc.quantity::text
        from product_variants v
        join products p on p.tenant_id = v.tenant_id and p.id = v.product_id and p.kind = 'combo'
        join combo_components cc on cc.tenant_id = p.tenant_id and cc.product_id = p.id
        join product_variants cv on cv.tenant_id = cc.tenant_id and cv.id = cc.component_variant_id
        join products cp on cp.tenant_id = cv.tenant_id and cp.id = cv.product_id and cp.track_stock
        where v.id in (${sql.join(variantIds.map((id) => sql`${id}::uuid`), sql`, `)})
        order by 2`,
  );
  const movements: MovementRequest[] = [];
  for (const line of lines) {
    for (const take of takes.filter((row) => row.variant_id === line.variantId)) {
      const quantityMilli = take.per_unit === null ? line.stockQuantityMilli : divideRounded(quantityFromNumeric(take.per_unit) * line.stockQuantityMilli, 1000);
      if (quantityMilli <= 0) continue;
      const back = { variantId: take.take_variant_id, locationId, sourceType: 'sale_return', sourceId: returnId };
      movements.push({ ...back, kind: 'sale_return', quantityMilli });
      if (line.disposition === 'damaged') movements.push({ ...back, kind: 'adjustment', quantityMilli: -quantityMilli, reason: 'damage' });
    }
  }
  if (movements.length === 0) return;
  await recordMovements(tx, { tenantId: actor.tenantId, userId: actor.userId, allowNegative: await readAllowNegativeStock(tx) }, movements);
}

/** What the sale was paid with, per tender in the order first used, less what earlier returns refunded to it. */
interface PaidTender {
  tender: RefundTender;
  paidMinor: number;
  refundedMinor: number;
  /** Gift cards: per card, paid and refunded. Loyalty: the points the payments spent. */
  cards: { giftCardId: string; reference: string | null; paidMinor: number; refundedMinor: number }[];
  points: number;
}

async function readPaidAndRefunded(tx: TenantTx, saleId: string): Promise<PaidTender[]> {
  const payments = await queryRows<{ tender: RefundTender; amount_minor: number; gift_card_id: string | null; reference: string | null; loyalty_points: number | null }>(
    tx,
    sql`select tender, amount_minor, gift_card_id, reference, loyalty_points from sale_payments where sale_id = ${saleId} order by seq`,
  );
  const refunded = await queryRows<{ tender: RefundTender; gift_card_id: string | null; amount_minor: string }>(
    tx,
    sql`select f.tender, f.gift_card_id, sum(f.amount_minor)::text as amount_minor
        from sale_refunds f join sale_returns r on r.tenant_id = f.tenant_id and r.id = f.return_id
        where r.sale_id = ${saleId} group by f.tender, f.gift_card_id`,
  );
  const tenders: PaidTender[] = [];
  for (const payment of payments) {
    let entry = tenders.find((tender) => tender.tender === payment.tender);
    if (!entry) {
      entry = { tender: payment.tender, paidMinor: 0, refundedMinor: 0, cards: [], points: 0 };
      tenders.push(entry);
    }
    entry.paidMinor += payment.amount_minor;
    entry.points += payment.loyalty_points ?? 0;
    if (payment.gift_card_id) {
      const card = entry.cards.find((item) => item.giftCardId === payment.gift_card_id);
      if (card) card.paidMinor += payment.amount_minor;
      else entry.cards.push({ giftCardId: payment.gift_card_id, reference: payment.reference, paidMinor: payment.amount_minor, refundedMinor: 0 });
    }
  }
  for (const row of refunded) {
    const entry = tenders.find((tender) => tender.tender === row.tender);
    if (!entry) continue;
    entry.refundedMinor += Number(row.amount_minor);
    const card = entry.cards.find((item) => item.giftCardId === row.gift_card_id);
    if (card) card.refundedMinor += Number(row.amount_minor);
  }
  return tenders;
}

const leftOn = (tender: PaidTender) => tender.paidMinor - tender.refundedMinor;

/**
 * By default the money goes back the way it came: the sale's tenders in the order it used them,
 * each up to what it paid less earlier refunds to it; anything left (a sale paid by an exchange
 * credit) as cash. M-Pesa needs the reversal's code, so the register must give the refunds.
 */
function defaultRefunds(toRefund: number, paid: PaidTender[]): { tender: RefundTender; amountMinor: number; reference: string | null }[] {
  const plan: { tender: RefundTender; amountMinor: number; reference: string | null }[] = [];
  let left = toRefund;
  for (const tender of paid) {
    if (left === 0) break;
    if (tender.tender === 'exchange') continue;
    const amountMinor = Math.min(left, leftOn(tender));
    if (amountMinor <= 0) continue;
    if (tender.tender === 'mpesa') throw refundsField(/*i18n*/ 'This sale was paid by M-Pesa: enter the refunds with the reversal’s M-Pesa code');
    plan.push({ tender: tender.tender, amountMinor, reference: null });
    left -= amountMinor;
  }
  if (left > 0) plan.push({ tender: 'cash', amountMinor: left, reference: null });
  return plan;
}

function refundsDoNotAddUp(toRefund: number) {
  return refundsField(fillMessage(/*i18n*/ 'The refunds must add up to {amount}', { amount: formatMoneyPlain(toRefund) }));
}

/** The register's refunds: they add up to the return, and the sale's own tenders take back no more than they paid. */
function checkRefunds(
  input: ReturnInput,
  toRefund: number,
  paid: PaidTender[],
  saleCustomerId: string | null,
): { tender: RefundTender; amountMinor: number; reference: string | null }[] {
  const refunds = input.refunds!;
  if (refunds.reduce((sum, refund) => sum + refund.amountMinor, 0) !== toRefund) throw refundsDoNotAddUp(toRefund);
  const fields: Record<string, string[]> = {};
  const asked = new Map<RefundTender, number>();
  refunds.forEach((refund, index) => {
    asked.set(refund.tender, (asked.get(refund.tender) ?? 0) + refund.amountMinor);
    const bounded = refund.tender === 'account' || refund.tender === 'gift_card' || refund.tender === 'loyalty';
    const available = leftOn(paid.find((tender) => tender.tender === refund.tender) ?? { paidMinor: 0, refundedMinor: 0 } as PaidTender);
    if (bounded && asked.get(refund.tender)! > available) {
      fields[`refunds.${index}.amountMinor`] = [
        fillMessage(/*i18n*/ 'At most {amount} can go back to {tender}', { amount: formatMoneyPlain(Math.max(0, available)), tender: TENDER_LABELS[refund.tender] }),
      ];
    } else if (refund.tender === 'deposit' && !(input.customerId ?? saleCustomerId)) {
      fields[`refunds.${index}.tender`] = [/*i18n*/ 'Store credit needs a customer: choose the customer'];
    }
  });
  if (Object.keys(fields).length > 0) throw new HttpError('validation_failed', /*i18n*/ 'Some refunds cannot be made', fields);
  return refunds.map((refund) => ({ tender: refund.tender, amountMinor: refund.amountMinor, reference: 'reference' in refund ? refund.reference : null }));
}

/** Pays one refund back through its ledger and answers the rows it makes (a gift card refund may span the sale's cards). */
async function payBack(
  tx: TenantTx,
  actor: SaleActor,
  input: ReturnInput,
  refund: { tender: RefundTender; amountMinor: number; reference: string | null },
  paid: PaidTender[],
  context: { customerId: string | null; saleCustomerId: string | null; reason: string },
): Promise<Refund[]> {
  const { tenantId, userId } = actor;
  const row: Refund = { tender: refund.tender, amountMinor: refund.amountMinor, reference: refund.reference, giftCardId: null };
  const paidBy = paid.find((tender) => tender.tender === refund.tender);
  switch (refund.tender) {
    case 'mpesa':
      await claimMpesaCode(tx, tenantId, refund.reference!, { type: 'sale_refund', id: input.id });
      return [row];
    case 'account':
    case 'deposit':
      // A credit note settles the customer's open charges (the debt goes down); what no charge takes stays as a deposit.
      await postCreditNote(tx, {
        tenantId,
        contactId: refund.tender === 'account' ? context.saleCustomerId! : context.customerId!,
        side: 'receivable',
        amountMinor: refund.amountMinor,
        reason: context.reason,
        userId,
        sourceType: 'sale_return',
        sourceId: input.id,
      });
      return [row];
    case 'gift_card': {
      const rows: Refund[] = [];
      let left = refund.amountMinor;
      for (const card of paidBy?.cards ?? []) {
        const amountMinor = Math.min(left, card.paidMinor - card.refundedMinor);
        if (amountMinor <= 0) continue;
        await refundToGiftCard(tx, { tenantId, giftCardId: card.giftCardId, amountMinor, returnRef: `${input.id}/${card.giftCardId}`, userId });
        rows.push({ tender: 'gift_card', amountMinor, reference: card.reference, giftCardId: card.giftCardId });
        left -= amountMinor;
      }
      return rows;
    }
    case 'loyalty': {
      // The points the sale spent, in proportion to the money going back (shares before and after, so they add up).
      const tender = paidBy!;
      const points = proportionOf(tender.points, tender.refundedMinor + refund.amountMinor, tender.paidMinor) - proportionOf(tender.points, tender.refundedMinor, tender.paidMinor);
      if (points > 0) await adjustPoints(tx, { tenantId, contactId: context.saleCustomerId!, points, reason: context.reason, userId, requestKey: input.id });
      return [row];
    }
    default:
      return [row];
  }
}

// --- reading ---

interface ReturnHeaderRow {
  id: string;
  return_code: string;
  sale_id: string | null;
  receipt_code: string | null;
  register_name: string;
  cashier_id: string | null;
  customer_id: string | null;
  customer_name: string | null;
  reason: SaleReturn['reason'];
  note: string | null;
  total_minor: number;
  tax_minor: number;
  loyalty_points_reversed: number;
  exchange_sale_id: string | null;
  created_at: string | Date;
}

/** One return (404 when this shop has none with the id, another shop's included). */
/** A return, as the person may see it: one made at a location they do not work at is not found (issue 20). */
export async function getReturn(database: Database, reader: { tenantId: string } & Workplaces, returnId: string): Promise<SaleReturn> {
  const found = await database.withTenant(reader.tenantId, async (tx) => {
    const [header] = await queryRows<ReturnHeaderRow>(
      tx,
      sql`select r.id, r.return_code, r.sale_id, s.receipt_code, g.name as register_name, r.cashier_id, r.customer_id, c.name as customer_name,
                 r.reason, r.note, r.total_minor, r.tax_minor, r.loyalty_points_reversed, r.exchange_sale_id, r.created_at
          from sale_returns r
          join registers g on g.tenant_id = r.tenant_id and g.id = r.register_id
          left join sales s on s.tenant_id = r.tenant_id and s.id = r.sale_id
          left join contacts c on c.tenant_id = r.tenant_id and c.id = r.customer_id
          where r.id = ${returnId} ${andAtWorkplaces(sql`r.location_id`, reader)}`,
    );
    if (!header) return null;
    const lines = await queryRows<{
      line_no: number;
      sale_line_id: string | null;
      variant_id: string;
      product_name: string;
      variant_name: string;
      quantity: string;
      amount_minor: number;
      tax_minor: number;
      tax_class: TaxClass;
      disposition: 'restock' | 'damaged';
    }>(
      tx,
      sql`select line_no, sale_line_id, variant_id, product_name, variant_name, quantity::text as quantity, amount_minor, tax_minor, tax_class, disposition
          from sale_return_lines where return_id = ${returnId} order by line_no`,
    );
    const refunds = await queryRows<{ tender: RefundTender; amount_minor: number; reference: string | null }>(
      tx,
      sql`select tender, amount_minor, reference from sale_refunds where return_id = ${returnId} order by seq`,
    );
    return { header, lines, refunds };
  });
  if (!found) throw notFound(/*i18n*/ 'Return not found');
  const { header, lines, refunds } = found;
  const names = await readUserNames(database, [header.cashier_id]);
  return {
    id: header.id,
    returnCode: header.return_code,
    saleId: header.sale_id,
    receiptCode: header.receipt_code,
    registerName: header.register_name,
    cashierName: header.cashier_id ? (names.get(header.cashier_id) ?? null) : null,
    customer: header.customer_id ? { id: header.customer_id, name: header.customer_name ?? '' } : null,
    reason: header.reason,
    note: header.note,
    lines: lines.map((line) => ({
      lineNo: line.line_no,
      saleLineId: line.sale_line_id,
      variantId: line.variant_id,
      productName: line.product_name,
      variantName: line.variant_name,
      quantityMilli: quantityFromNumeric(line.quantity),
      amountMinor: line.amount_minor,
      taxMinor: line.tax_minor,
      taxBand: ETIMS_TAX_BAND[line.tax_class] ?? line.tax_class,
      disposition: line.disposition,
    })),
    refunds: refunds.map((refund) => ({ tender: refund.tender, amountMinor: refund.amount_minor, reference: refund.reference })),
    totalMinor: header.total_minor,
    taxMinor: header.tax_minor,
    loyaltyPointsReversed: header.loyalty_points_reversed,
    exchangeSaleId: header.exchange_sale_id,
    createdAt: new Date(header.created_at).toISOString(),
  };
}
