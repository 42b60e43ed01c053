import { createHash } from 'node:crypto';
import { builtInPermissions, mayWorkAt, UNLIMITED_DISCOUNT_PERCENT } from '../../core/team/permissions.rules';
import type { TenantRole } from '../../core/auth/roles.rules';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { fillMessage } from '../../core/i18n/message.rules';
import { pointsValueMinor } from '../../core/loyalty/loyalty.rules';
import { formatMoneyPlain } from '../../core/settings/money.rules';
import { formatReceiptCode, type CheckoutInput, type Sale, type SaleQuote, type saleQuoteInputSchema } from '../../core/sales/sales.schemas';
import { approvalReason, sellerLimits, type ApprovalReason, type SellerAccess, type SellerLimits } from '../../core/sales/seller-limits.rules';
import { settlePayments } from '../../core/sales/tender.rules';
import type { z } from 'zod';
import { postCharge, spendDeposit } from '../accounts/account-ledger';
import { consumeApproval } from '../approvals/approvals.service';
import { recordAudit } from '../audit/audit-events.service';
import { readSubscriptionState } from '../billing/subscription.service';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { salePayments, saleLines, sales } from '../db/schema/sales';
import { redeemGiftCard } from '../gift-cards/gift-card-ledger';
import { HttpError, notFound } from '../http/errors';
import { canonicalJson } from '../http/idempotency';
import { readAllowNegativeStock, recordMovements, type MovementRequest } from '../inventory/stock-ledger';
import { earnPoints, readLoyaltySettings, redeemPoints } from '../loyalty/loyalty-ledger';
import type { LoyaltySettings } from '../../core/loyalty/loyalty.schemas';
import { claimMpesaCode } from '../payments/mpesa-codes';
import { readSalesSettings } from '../registers/sales-settings.service';
import { lockShiftForSale } from '../registers/shifts.service';
import { priceSale, toQuote, type PricedSale } from './sale-pricing';
import { readSale, withCashierNames } from './sale-read';
import { readSalePosting, saleEntryCtes, takeReceiptNumber } from './sale-posting';
import { lockReportSummaries } from '../reports/summaries';
import { queueSaleDocument } from '../etims/etims-outbox';
import { wakeEtimsSigner } from '../etims/etims-worker';

export { readSale } from './sale-read';

// The sale transaction (issue 15, docs/decisions/0017-sales-exactly-once.md): one sale, its lines
// and payments, the stock it takes, the credit-ledger charge, points earned and redeemed, gift-card
// redemption and the receipt number, all in the caller's transaction, so any refusal writes nothing.
// Exactly once: the sale id is the register's, made before the first attempt; a transaction-level
// advisory lock on it makes concurrent attempts of one sale take turns, and the later ones find the
// first one's sale and answer it (or refuse a different body under the same id).

/** Who sells: their permissions and their role's discount cap decide what needs a manager (issue 20). */
export interface SaleActor extends SellerAccess {
  tenantId: string;
  userId: string;
  role: string;
  /** The locations the seller may work at (null: all), issue 20. */
  locationIds?: readonly string[] | null;
}

/** Who asks for a quote: what prices the cart as their checkout would. */
export type QuoteActor = Pick<SaleActor, 'tenantId' | 'permissions' | 'maxDiscountPercent' | 'locationIds'>;

/** A built-in role selling at every location, for sales made in a role's name without a session (the demo history, benches). */
export function builtInSaleActor(tenantId: string, userId: string, role: TenantRole): SaleActor {
  return { tenantId, userId, role, permissions: builtInPermissions(role), maxDiscountPercent: UNLIMITED_DISCOUNT_PERCENT, locationIds: null };
}

/** A register at a location the person does not work at does not exist for them (404 on registerId). */
export function requireRegisterWorkplace(actor: Pick<SaleActor, 'locationIds'>, locationId: string): void {
  if (!mayWorkAt(actor.locationIds, locationId)) throw new HttpError('not_found', /*i18n*/ 'Register not found', { registerId: [/*i18n*/ 'Register not found'] });
}

export interface CompletedSale {
  saleId: string;
  /** The sale already existed: this was a retry of it. */
  replayed: boolean;
  /** A charge to the customer's account went past their credit limit under the shop's 'warn' policy. */
  creditLimitWarning: boolean;
}

/** Advisory lock space of sale ids (the two-key form never meets the one-key locks of migrations and the seed). */
const SALE_LOCK_SPACE = 1_517_001;

/**
 * The hash a sale's retries must match: its validated body, keys in order, without `fromOutbox`
 * (the outbox resends the very sale whose first attempt got no answer, flagged as such).
 */
export function saleRequestHash(input: CheckoutInput): string {
  return createHash('sha256')
    .update(canonicalJson({ ...input, fromOutbox: null }) ?? '')
    .digest('hex');
}

/** 409 price_changed with the server's quote, so the register can show the customer the new figures. */
export class PriceChangedError extends HttpError {
  constructor(readonly quote: SaleQuote) {
    const message = /*i18n*/ 'Prices changed since the cart was rung up: check the new total with the customer';
    super('price_changed', message, { expectedTotalMinor: [message] });
  }
}

function saleIdReused(): HttpError {
  return new HttpError('sale_id_reused', /*i18n*/ 'This sale id was already used for a different sale. Start a new sale.');
}

/** A cart discount or a tip needs advanced_pos (402 with the upgrade message without it). */
async function requireAdvancedPosFor(tx: TenantTx, cart: { cartDiscount: unknown; tipMinor: number }) {
  if (cart.cartDiscount === null && cart.tipMinor === 0) return;
  const { entitlements } = await readSubscriptionState(tx, new Date());
  if (!entitlements.features.advanced_pos) throw new HttpError('payment_required', upgradeMessage('advanced_pos'));
}

/** The seller's limits in this shop: the shop's discount limit, their permissions and their role's cap. */
async function readSellerLimits(tx: TenantTx, seller: QuoteActor): Promise<SellerLimits> {
  const settings = await readSalesSettings(tx, seller.tenantId);
  return sellerLimits(seller, settings.discountLimitBps);
}

/**
 * Price a cart as this seller's checkout would, for the register's screen (what needs a manager
 * included, so the till asks before the payment): no writes. A register at a location the seller
 * may not work at is not found, as for opening a shift there.
 */
export function quoteSale(database: Database, seller: QuoteActor, input: z.output<typeof saleQuoteInputSchema>): Promise<SaleQuote> {
  return database.withTenant(seller.tenantId, async (tx) => {
    const [register] = await queryRows<{ location_id: string }>(tx, sql`select location_id from registers where id = ${input.registerId}`);
    if (!register || !mayWorkAt(seller.locationIds, register.location_id)) throw notFound(/*i18n*/ 'Register not found');
    await requireAdvancedPosFor(tx, input);
    return toQuote(await priceSale(tx, register.location_id, input, await readSellerLimits(tx, seller)));
  });
}

/**
 * POST /api/sales: the sale in one transaction, answered as the register shows it. A retry of a
 * completed sale answers it again (replayed) and changes nothing.
 */
export async function checkout(database: Database, actor: SaleActor, input: CheckoutInput): Promise<{ sale: Sale; replayed: boolean }> {
  const completed = await database.withTenant(actor.tenantId, (tx) => completeSaleInTx(tx, actor, input, saleRequestHash(input)));
  wakeEtimsSigner(actor.tenantId);
  // Read back after the commit, in a transaction of its own: the sale's stock rows and the receipt
  // counter, which every other till of the shop waits for, are not held while it is read.
  const read = await database.withTenant(actor.tenantId, (tx) => readSale(tx, completed.saleId));
  if (!read) throw new Error('A completed sale could not be read back');
  const [named] = await withCashierNames(database, [{ ...read, creditLimitWarning: read.creditLimitWarning || completed.creditLimitWarning }]);
  return { sale: named!, replayed: completed.replayed };
}

/**
 * Completes a sale in the caller's transaction (the checkout's, or an exchange's with
 * `extra.exchangeCreditMinor`: an 'exchange' payment paying that much of the sale first, the
 * payments covering the rest). A retry with the same requestHash answers the first sale
 * (replayed); a different one under the same id is refused (409 sale_id_reused).
 */
export async function completeSaleInTx(
  tx: TenantTx,
  actor: SaleActor,
  input: CheckoutInput,
  requestHash: string,
  extra: { exchangeCreditMinor: number } = { exchangeCreditMinor: 0 },
): Promise<CompletedSale> {
  const { tenantId, userId } = actor;
  const saleId = input.id;

  await tx.execute(sql`select pg_advisory_xact_lock(${SALE_LOCK_SPACE}::int, hashtext(${saleId}))`);
  await lockReportSummaries(tx);
  const [existing] = await queryRows<{ request_hash: string }>(tx, sql`select request_hash from sales where id = ${saleId}`);
  if (existing) {
    if (existing.request_hash !== requestHash) throw saleIdReused();
    return { saleId, replayed: true, creditLimitWarning: false };
  }

  const shift = await lockShiftForSale(tx, tenantId, input.shiftId, input.registerId, userId);
  // Taken off a location after opening the shift: they sell there no more.
  requireRegisterWorkplace(actor, shift.locationId);
  if (!shift.isLate && !input.fromOutbox && !shift.registerIsActive) {
    throw new HttpError('conflict', /*i18n*/ 'This register is not in use: sell on another register', { registerId: [/*i18n*/ 'This register is not in use'] });
  }

  await requireAdvancedPosFor(tx, input);
  const limits = await readSellerLimits(tx, actor);
  const priced = await priceSale(tx, shift.locationId, input, limits);
  if (priced.cart.totalMinor !== input.expectedTotalMinor) throw new PriceChangedError(toQuote(priced));
  await consumeApprovals(tx, actor, { saleId, locationId: shift.locationId, approvalIds: input.approvalIds, priced, limits });

  const exchangeMinor = extra.exchangeCreditMinor;
  if (!Number.isSafeInteger(exchangeMinor) || exchangeMinor < 0 || exchangeMinor > priced.cart.totalMinor) {
    throw new RangeError('The exchange credit must be whole minor units between 0 and the sale total');
  }
  const settlement = settlePayments(priced.cart.totalMinor - exchangeMinor, input.payments);
  if ('problem' in settlement) {
    const message = settlement.problem === 'short' ? /*i18n*/ 'The payments do not cover the total' : /*i18n*/ 'The payments add up to more than the total';
    throw new HttpError('validation_failed', message, { payments: [message] });
  }

  const loyalty = input.customerId ? await readLoyaltySettings(tx) : null;
  const payments = await takePayments(tx, actor, input, loyalty);

  const paymentRows = [
    ...(exchangeMinor > 0 ? [{ tender: 'exchange', amountMinor: exchangeMinor, tenderedMinor: null, reference: null, giftCardId: null, loyaltyPoints: null }] : []),
    ...payments.rows,
  ];
  // Read before the stock rows and the receipt counter below are held: see sale-posting.ts.
  const posting = await readSalePosting(tx, tenantId, {
    saleId,
    locationId: shift.locationId,
    customerId: input.customerId,
    tipMinor: priced.cart.tipMinor,
    lines: priced.lines.map((line) => ({
      totalMinor: line.totalMinor,
      discountMinor: line.lineDiscountMinor + line.cartDiscountShareMinor,
      taxClass: line.taxClass,
      taxRateBp: line.taxRateBp,
      taxMinor: line.taxMinor,
      costMinor: line.costMinor,
    })),
    payments: paymentRows.map((row) => ({ tender: row.tender, amountMinor: row.amountMinor })),
    pointValueMinor: loyalty?.pointValueMinor ?? null,
  });

  const movements = saleMovements(priced, shift.locationId, saleId);
  if (movements.length > 0) {
    const allowNegative = input.fromOutbox || (await readAllowNegativeStock(tx));
    await recordMovements(tx, { tenantId, userId, allowNegative }, movements);
  }

  let loyaltyPointsEarned = 0;
  const earningMinor = priced.cart.totalMinor - payments.loyaltyPaidMinor;
  if (input.customerId && loyalty?.isEnabled && earningMinor > 0) {
    const earned = await earnPoints(tx, { tenantId, contactId: input.customerId, saleRef: saleId, amountMinor: earningMinor, userId });
    loyaltyPointsEarned = earned.entry?.points ?? 0;
  }

  // Last: the shop-wide receipt counter is everyone's hot spot, held from here to the commit.
  const { receiptNumber, inventoryChange } = await takeReceiptNumber(tx, tenantId, movements.map((movement) => movement.variantId), posting);
  const receiptCode = formatReceiptCode(shift.registerPrefix, receiptNumber);
  const { cart } = priced;
  const saleRow = tx.insert(sales).values({
    tenantId,
    id: saleId,
    requestHash,
    receiptNumber,
    receiptCode,
    registerId: input.registerId,
    shiftId: shift.shiftId,
    locationId: shift.locationId,
    cashierId: userId,
    customerId: input.customerId,
    isLate: shift.isLate,
    fromOutbox: input.fromOutbox,
    subtotalMinor: cart.subtotalMinor,
    discountMinor: cart.discountMinor,
    cartDiscountMinor: cart.cartDiscountMinor,
    tipMinor: cart.tipMinor,
    totalMinor: cart.totalMinor,
    taxMinor: cart.taxMinor,
    taxBands: cart.taxBands,
    paidMinor: settlement.paidMinor + exchangeMinor,
    changeMinor: settlement.changeMinor,
    loyaltyPointsEarned,
    note: input.note,
    ringUpAt: new Date(input.ringUpAt),
  });
  const lineRows = tx.insert(saleLines).values(
    priced.lines.map((line, index) => ({
      tenantId,
      saleId,
      lineNo: index + 1,
      variantId: line.variantId,
      productName: line.productName,
      variantName: line.variantName,
      sku: line.sku,
      unitId: line.unitId,
      unitName: line.unitName,
      quantity: line.quantityMilli,
      stockQuantity: line.stockQuantityMilli,
      listPriceMinor: line.listPriceMinor,
      unitPriceMinor: line.unitPriceMinor,
      priceOverridden: line.priceOverridden,
      lineDiscountMinor: line.lineDiscountMinor,
      cartDiscountShareMinor: line.cartDiscountShareMinor,
      totalMinor: line.totalMinor,
      taxClass: line.taxClass,
      taxRateBp: line.taxRateBp,
      taxMinor: line.taxMinor,
      costMinor: line.costMinor,
    })),
  );
  const paymentInsert = paymentRows.length > 0 ? tx.insert(salePayments).values(paymentRows.map((row, index) => ({ tenantId, saleId, seq: index + 1, ...row }))) : null;
  const entry = posting && inventoryChange ? await saleEntryCtes(tx, tenantId, posting, { saleId, receiptCode, loyaltyPointsEarned, change: inventoryChange }) : null;
  // The sale, its lines, its payments and its ledger entry as one statement (the foreign keys of the
  // lines and payments are checked at its end): the receipt counter above is held for one round trip.
  // The builders' own SQL (getSQL), as an embedded builder would be bracketed as a subquery.
  const statement = (query: SQLWrapper) => query.getSQL();
  const writes = [
    sql`new_sale as (${statement(saleRow)})`,
    sql`new_lines as (${statement(lineRows)})`,
    ...(paymentInsert ? [sql`new_payments as (${statement(paymentInsert)})`] : []),
    ...(entry ? [entry] : []),
  ];
  await tx.execute(sql`with ${sql.join(writes, sql`, `)} select 1`);
  // The eTIMS invoice (issue 19): queued with the sale, sent by the worker after the commit.
  await queueSaleDocument(tx, tenantId, saleId);
  return { saleId, replayed: false, creditLimitWarning: payments.creditLimitWarning };
}

/**
 * The stock a sale takes, one movement per item: two lines of one item, or a combo and the item
 * itself, take together, so the ledger moves the sale's items in one statement (recordMovements).
 */
function saleMovements(priced: PricedSale, locationId: string, saleId: string): MovementRequest[] {
  const takenMilli = new Map<string, number>();
  for (const take of priced.lines.flatMap((line) => line.stockTakes)) {
    takenMilli.set(take.variantId, (takenMilli.get(take.variantId) ?? 0) + take.quantityMilli);
  }
  return [...takenMilli].map(([variantId, quantityMilli]) => ({ variantId, locationId, kind: 'sale' as const, quantityMilli: -quantityMilli, sourceType: 'sale', sourceId: saleId }));
}

/** What the checkout answers for each reason a line or the cart needs a manager (409 approval_required). */
const APPROVAL_REQUIRED_MESSAGES: Record<ApprovalReason, string> = {
  price_below_catalog: /*i18n*/ 'A price below the catalog’s needs a manager’s approval',
  price_change: /*i18n*/ 'A change of price needs a manager’s approval',
  discount_over_shop_limit: /*i18n*/ 'A discount over the shop’s limit needs a manager’s approval',
  discount_over_role_limit: /*i18n*/ 'A discount over your limit needs a manager’s approval',
  discount_not_allowed: /*i18n*/ 'A discount needs a manager’s approval',
};

interface SaleApprovals {
  saleId: string;
  /** Where the sale is made: the approver must be allowed to approve there. */
  locationId: string;
  approvalIds: string[];
  priced: PricedSale;
  limits: SellerLimits;
}

/**
 * What needs a manager (by the seller's limits: a price below the catalog's or any change of it,
 * a discount over their limit) takes one of the sale's approvals for that action each, spent on
 * this sale; missing → 409 approval_required naming the line (`lines.N`) or the cart discount.
 */
async function consumeApprovals(tx: TenantTx, actor: SaleActor, sale: SaleApprovals) {
  const { tenantId } = actor;
  const { saleId, approvalIds, priced, limits } = sale;
  const needs: { field: string; action: 'price_override' | 'discount'; details: Record<string, unknown> }[] = priced.lines.flatMap((line, index) =>
    line.needsApproval.map((action) => ({
      field: `lines.${index}`,
      action,
      details: {
        lineNo: index + 1,
        productName: line.productName,
        variantName: line.variantName,
        quantityMilli: line.quantityMilli,
        listPriceMinor: line.listPriceMinor,
        unitPriceMinor: line.unitPriceMinor,
        lineDiscountMinor: line.lineDiscountMinor,
      },
    })),
  );
  if (priced.cart.cartNeedsApproval) {
    needs.push({ field: 'cartDiscount', action: 'discount', details: { subtotalMinor: priced.cart.subtotalMinor, cartDiscountMinor: priced.cart.cartDiscountMinor } });
  }
  if (needs.length === 0) return;
  const ids = [...new Set(approvalIds)];
  const rows = ids.length
    ? await queryRows<{ id: string; action: string }>(
        tx,
        sql`select id, action from approvals where used_at is null and id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`,
      )
    : [];
  const unspent = ids.flatMap((id) => rows.filter((row) => row.id === id));
  for (const need of needs) {
    const index = unspent.findIndex((row) => row.action === need.action);
    const reason = approvalReason(need.action, limits);
    if (index < 0) {
      const message = APPROVAL_REQUIRED_MESSAGES[reason];
      throw new HttpError('approval_required', message, { [need.field]: [message] });
    }
    const [approval] = unspent.splice(index, 1);
    const { approverId } = await consumeApproval(tx, tenantId, approval!.id, { action: need.action, usedByType: 'sale', usedById: saleId, locationId: sale.locationId });
    await recordAudit(tx, {
      tenantId,
      actorUserId: actor.userId,
      action: need.action === 'price_override' ? 'sale.price_override' : 'sale.discount_over_limit',
      entity: 'sale',
      entityId: saleId,
      approvedByUserId: approverId,
      details: { ...need.details, reason, approvalId: approval!.id },
    });
  }
}

interface PaymentRow {
  tender: string;
  amountMinor: number;
  tenderedMinor: number | null;
  reference: string | null;
  giftCardId: string | null;
  loyaltyPoints: number | null;
}

/**
 * Takes each payment through its ledger: the M-Pesa code registry, the customer's account (a
 * charge, or their deposit spent), the gift card, the loyalty points. A refusal's field messages
 * are moved under `payments.N`.
 */
async function takePayments(tx: TenantTx, actor: SaleActor, input: CheckoutInput, loyalty: LoyaltySettings | null) {
  const { tenantId, userId } = actor;
  const saleId = input.id;
  const countOf = (tender: string) => input.payments.filter((payment) => payment.tender === tender).length;
  if (countOf('gift_card') > 1 || countOf('loyalty') > 1) {
    const message = /*i18n*/ 'Pay with one gift card and redeem points once per sale';
    throw new HttpError('validation_failed', message, { payments: [message] });
  }
  const rows: PaymentRow[] = [];
  let creditLimitWarning = false;
  let loyaltyPaidMinor = 0;
  for (const [index, payment] of input.payments.entries()) {
    const row: PaymentRow = { tender: payment.tender, amountMinor: payment.amountMinor, tenderedMinor: null, reference: null, giftCardId: null, loyaltyPoints: null };
    try {
      switch (payment.tender) {
        case 'cash':
          row.tenderedMinor = payment.tenderedMinor ?? payment.amountMinor;
          break;
        case 'mpesa':
          await claimMpesaCode(tx, tenantId, payment.reference, { type: 'sale', id: saleId, amountMinor: payment.amountMinor, customerId: input.customerId, userId });
          row.reference = payment.reference;
          break;
        case 'card':
        case 'bank_transfer':
          row.reference = payment.reference;
          break;
        case 'account': {
          const charge = await postCharge(tx, {
            tenantId,
            contactId: input.customerId!,
            side: 'receivable',
            amountMinor: payment.amountMinor,
            sourceType: 'sale',
            sourceId: saleId,
            userId,
          });
          creditLimitWarning ||= charge.creditLimitWarning;
          break;
        }
        case 'deposit':
          await spendDeposit(tx, { tenantId, contactId: input.customerId!, amountMinor: payment.amountMinor, sourceType: 'sale', sourceId: saleId, userId });
          break;
        case 'gift_card': {
          const redeemed = await redeemGiftCard(tx, { tenantId, code: payment.code, amountMinor: payment.amountMinor, saleRef: saleId, userId });
          row.giftCardId = redeemed.card.id;
          row.reference = redeemed.card.last4;
          break;
        }
        case 'loyalty': {
          const worth = pointsValueMinor(payment.points, loyalty?.pointValueMinor ?? 0);
          if (worth !== payment.amountMinor) {
            const message = fillMessage(/*i18n*/ '{points} points are worth {amount}: enter that amount', { points: payment.points, amount: formatMoneyPlain(worth) });
            throw new HttpError('validation_failed', message, { amountMinor: [message] });
          }
          await redeemPoints(tx, { tenantId, contactId: input.customerId!, points: payment.points, saleRef: saleId, userId });
          row.loyaltyPoints = payment.points;
          loyaltyPaidMinor += payment.amountMinor;
          break;
        }
      }
    } catch (error) {
      throw underPayment(error, index);
    }
    rows.push(row);
  }
  return { rows, creditLimitWarning, loyaltyPaidMinor };
}

function underPayment(error: unknown, index: number): unknown {
  if (!(error instanceof HttpError) || !error.fields) return error;
  const fields = Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [`payments.${index}.${field}`, messages]));
  return new HttpError(error.code, error.message, fields);
}
