import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { z } from 'zod';
import { QUANTITY_SCALE } from '../../core/products/quantity.rules';
import type { TaxClass } from '../../core/products/tax.rules';
import { DiscountTooLargeError, priceCart, type LineApproval, type PricedCart, type PriceTier } from '../../core/sales/pricing.rules';
import {
  MAX_QUANTITY_MILLI,
  MAX_SALE_LINES,
  type checkoutInputSchema,
  type Discount,
  type parkedCartContentSchema,
  type salePaymentInputSchema,
} from '../../core/sales/sales.schemas';
import type { SellerLimits } from '../../core/sales/seller-limits.rules';
import type { ExchangeBody, ExchangeCredit, RefundInput } from './exchange-credit';

// The register's cart: a pure reducer (useReducer in the screen) and the conversions around it.
// Totals are previews computed with core's priceCart from catalog data held on each line; the
// server prices the sale again and is the authority (a different total answers 409 price_changed).
//
// Exactly once: the cart owns the sale id, made once per cart. The first checkout attempt freezes
// the body (`checkout_started`); every retry sends that same body — same id, same ring-up time,
// same everything — and the cart refuses edits meanwhile. A refusal (a 4xx: nothing was written)
// unfreezes it for correction under the same id; a success, or handing the body to the outbox
// after an attempt that got no answer, clears the cart with a new id. A cart whose outcome is
// unknown is never edited and sent again.
//
// An exchange (web/register/exchange-credit.ts) adds the return of an earlier sale's goods as a
// credit on the cart; its attempt is frozen the same way, under the return's id.

export type CheckoutBody = z.input<typeof checkoutInputSchema>;
export type PaymentInput = z.input<typeof salePaymentInputSchema>;
export type ParkedCartContent = z.output<typeof parkedCartContentSchema>;

/** What the register knows of a variant sold in a unit: enough to price and show the line. */
export interface CartLineCatalog {
  productName: string;
  variantName: string;
  sku: string;
  /** The unit sold (a pack's name when sold by the pack); null: by the piece. */
  unitName: string | null;
  /** Whether the unit sold takes decimals (weighed goods). */
  allowsDecimals: boolean;
  /** Stock units per unit sold ×1000 (1000 = the product's own unit; a crate of 24 = 24000). */
  packSizeMilli: number;
  /** Catalog price per stock unit, VAT-inclusive. */
  sellingPriceMinor: number;
  tiers: PriceTier[];
  taxClass: TaxClass;
  /** On hand at the register's location (stock units ×1000); null when stock is not tracked. */
  onHandMilli: number | null;
}

export interface CartLine {
  /** Stable within the cart (list keys, the selected line). */
  key: string;
  variantId: string;
  unitId: string | null;
  quantityMilli: number;
  /** Per unit sold; null: the list price. */
  unitPriceOverrideMinor: number | null;
  discount: Discount | null;
  /** A manager's approval of this override / discount, once given. */
  priceOverrideApprovalId: string | null;
  discountApprovalId: string | null;
  catalog: CartLineCatalog;
}

/** The customer, as far as the cart's prices depend on them. */
export interface CartCustomer {
  id: string;
  name: string;
  /** The customer group's discount on list prices (0 without one). */
  groupDiscountBps: number;
  /** The group's own prices per stock unit, by variant id. */
  groupPricesMinor: Readonly<Record<string, number>>;
}

export interface CartState {
  /** The sale's id, sent with every attempt (exactly once). */
  saleId: string;
  lines: CartLine[];
  selectedLineKey: string | null;
  customer: CartCustomer | null;
  cartDiscount: Discount | null;
  cartDiscountApprovalId: string | null;
  tipMinor: number;
  /** The body of the attempt in progress or unanswered; the cart is frozen while it is set. */
  checkout: CheckoutBody | null;
  /** Goods of an earlier sale coming back in this sale (an exchange), or null. */
  exchange: ExchangeCredit | null;
  nextLineNumber: number;
}

export interface AddLine {
  variantId: string;
  unitId: string | null;
  catalog: CartLineCatalog;
  quantityMilli: number;
  unitPriceOverrideMinor?: number | null;
}

export type CartAction =
  | ({ type: 'add_line' } & AddLine)
  | { type: 'select_line'; lineKey: string }
  | { type: 'set_quantity'; lineKey: string; quantityMilli: number }
  | { type: 'increment'; lineKey: string }
  | { type: 'decrement'; lineKey: string }
  | { type: 'remove_line'; lineKey: string }
  | { type: 'set_price_override'; lineKey: string; unitPriceMinor: number | null; approvalId: string | null }
  | { type: 'set_line_discount'; lineKey: string; discount: Discount | null; approvalId: string | null }
  | { type: 'set_cart_discount'; discount: Discount | null; approvalId: string | null }
  | { type: 'set_tip'; tipMinor: number }
  | { type: 'set_customer'; customer: CartCustomer | null }
  | { type: 'checkout_started'; body: CheckoutBody }
  | { type: 'checkout_refused' }
  | { type: 'start_exchange'; exchange: ExchangeCredit }
  | { type: 'cancel_exchange' }
  | { type: 'exchange_approved'; approvalId: string }
  | { type: 'exchange_started'; body: ExchangeBody }
  | { type: 'exchange_refused' }
  | { type: 'clear'; nextSaleId: string }
  | { type: 'replace'; cart: CartState };

export type CartProblem = 'quantity_not_positive' | 'quantity_whole_units' | 'quantity_too_large' | 'too_many_lines';

export const CART_PROBLEM_LABELS: Record<CartProblem, MessageDescriptor> = {
  quantity_not_positive: msg`The quantity must be more than zero`,
  quantity_whole_units: msg`This item is sold in whole units only`,
  quantity_too_large: msg`This quantity is too large`,
  too_many_lines: msg`A sale has at most 200 lines: complete this one first`,
};

/** A new, empty cart with its own sale id. */
export function createCart(saleId: string = crypto.randomUUID()): CartState {
  return {
    saleId,
    lines: [],
    selectedLineKey: null,
    customer: null,
    cartDiscount: null,
    cartDiscountApprovalId: null,
    tipMinor: 0,
    checkout: null,
    exchange: null,
    nextLineNumber: 1,
  };
}

/** Clears the cart for the next sale, with a new sale id. */
export function clearCart(): CartAction {
  return { type: 'clear', nextSaleId: crypto.randomUUID() };
}

/** Why a quantity cannot be on this line, or null. */
export function quantityProblem(catalog: Pick<CartLineCatalog, 'allowsDecimals'>, quantityMilli: number): CartProblem | null {
  if (!Number.isSafeInteger(quantityMilli) || quantityMilli <= 0) return 'quantity_not_positive';
  if (quantityMilli > MAX_QUANTITY_MILLI) return 'quantity_too_large';
  if (!catalog.allowsDecimals && quantityMilli % QUANTITY_SCALE !== 0) return 'quantity_whole_units';
  return null;
}

/** Why this line cannot be added (merged into the same variant, unit and price when there is one), or null. */
export function addLineProblem(cart: CartState, line: AddLine): CartProblem | null {
  const existing = findMergeable(cart.lines, line);
  if (existing) return quantityProblem(line.catalog, existing.quantityMilli + line.quantityMilli);
  if (cart.lines.length >= MAX_SALE_LINES) return 'too_many_lines';
  return quantityProblem(line.catalog, line.quantityMilli);
}

/** The cart's state after an action; actions that break a rule (see the *Problem functions) change nothing. */
export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'clear':
      return createCart(action.nextSaleId);
    case 'replace':
      return action.cart;
    case 'checkout_started':
      return state.checkout === null && action.body.id === state.saleId ? { ...state, checkout: action.body } : state;
    case 'checkout_refused':
      return { ...state, checkout: null };
    case 'exchange_started':
      return state.exchange !== null && state.exchange.attempt === null && action.body.saleReturn.id === state.exchange.returnId && action.body.sale.id === state.saleId
        ? { ...state, exchange: { ...state.exchange, attempt: action.body } }
        : state;
    case 'exchange_refused':
      return state.exchange === null ? state : { ...state, exchange: { ...state.exchange, attempt: null } };
  }
  if (isFrozen(state)) return state;

  switch (action.type) {
    case 'add_line':
      return addLine(state, action);
    case 'select_line':
      return state.lines.some((line) => line.key === action.lineKey) ? { ...state, selectedLineKey: action.lineKey } : state;
    case 'set_quantity':
      return updateLine(state, action.lineKey, (line) => (quantityProblem(line.catalog, action.quantityMilli) ? line : { ...line, quantityMilli: action.quantityMilli }));
    case 'increment':
      return updateLine(state, action.lineKey, (line) => {
        const quantityMilli = line.quantityMilli + QUANTITY_SCALE;
        return quantityProblem(line.catalog, quantityMilli) ? line : { ...line, quantityMilli };
      });
    case 'decrement':
      // Never down to nothing: removing a line is its own, deliberate key (Delete).
      return updateLine(state, action.lineKey, (line) => (line.quantityMilli > QUANTITY_SCALE ? { ...line, quantityMilli: line.quantityMilli - QUANTITY_SCALE } : line));
    case 'remove_line':
      return removeLine(state, action.lineKey);
    case 'set_price_override':
      if (action.unitPriceMinor !== null && !isMoney(action.unitPriceMinor)) return state;
      return updateLine(state, action.lineKey, (line) => ({ ...line, unitPriceOverrideMinor: action.unitPriceMinor, priceOverrideApprovalId: action.approvalId }));
    case 'set_line_discount':
      return updateLine(state, action.lineKey, (line) => ({ ...line, discount: action.discount, discountApprovalId: action.approvalId }));
    case 'set_cart_discount':
      return { ...state, cartDiscount: action.discount, cartDiscountApprovalId: action.approvalId };
    case 'set_tip':
      return isMoney(action.tipMinor) ? { ...state, tipMinor: action.tipMinor } : state;
    case 'set_customer':
      return { ...state, customer: action.customer };
    case 'start_exchange':
      return { ...state, exchange: action.exchange };
    case 'cancel_exchange':
      return { ...state, exchange: null };
    case 'exchange_approved':
      return state.exchange === null ? state : { ...state, exchange: { ...state.exchange, approvalId: action.approvalId } };
  }
}

/** An attempt was made and is not yet answered or refused: the cart is not edited meanwhile. */
export function isFrozen(cart: CartState): boolean {
  return cart.checkout !== null || (cart.exchange?.attempt ?? null) !== null;
}

function findMergeable(lines: CartLine[], line: AddLine): CartLine | undefined {
  const override = line.unitPriceOverrideMinor ?? null;
  return lines.find((candidate) => candidate.variantId === line.variantId && candidate.unitId === line.unitId && candidate.unitPriceOverrideMinor === override);
}

function addLine(state: CartState, action: AddLine): CartState {
  if (addLineProblem(state, action)) return state;
  const existing = findMergeable(state.lines, action);
  if (existing) {
    // The same item again: one more on its line, with the catalog's latest figures (stock on hand).
    const merged = { ...existing, quantityMilli: existing.quantityMilli + action.quantityMilli, catalog: action.catalog };
    return { ...state, lines: state.lines.map((line) => (line === existing ? merged : line)), selectedLineKey: existing.key };
  }
  const key = `line-${state.nextLineNumber}`;
  const line: CartLine = {
    key,
    variantId: action.variantId,
    unitId: action.unitId,
    quantityMilli: action.quantityMilli,
    unitPriceOverrideMinor: action.unitPriceOverrideMinor ?? null,
    discount: null,
    priceOverrideApprovalId: null,
    discountApprovalId: null,
    catalog: action.catalog,
  };
  return { ...state, lines: [...state.lines, line], selectedLineKey: key, nextLineNumber: state.nextLineNumber + 1 };
}

function updateLine(state: CartState, lineKey: string, change: (line: CartLine) => CartLine): CartState {
  let changed = false;
  const lines = state.lines.map((line) => {
    if (line.key !== lineKey) return line;
    const next = change(line);
    changed = next !== line;
    return next;
  });
  return changed ? { ...state, lines } : state;
}

function removeLine(state: CartState, lineKey: string): CartState {
  const index = state.lines.findIndex((line) => line.key === lineKey);
  if (index === -1) return state;
  const lines = state.lines.filter((line) => line.key !== lineKey);
  // The selection moves to the line that took its place, else the one before.
  const selectedLineKey = state.selectedLineKey === lineKey ? (lines[index] ?? lines[index - 1])?.key ?? null : state.selectedLineKey;
  return { ...state, lines, selectedLineKey };
}

function isMoney(amount: number): boolean {
  return Number.isSafeInteger(amount) && amount >= 0;
}

// ─── Totals ───────────────────────────────────────────────────────────────────────────────────

/** What the cart is priced with: the shop's VAT rates, and the seller's limits (what needs a manager, as the server judges it). */
export interface CartPricingSettings {
  taxRatesBp: Record<TaxClass, number>;
  limits: SellerLimits;
}

export type CartPricing =
  | { priced: PricedCart; problem: null }
  /** A discount larger than its line (lineKey) or the sale (null): core's English message, shown through translateMessage. */
  | { priced: null; problem: { lineKey: string | null; message: string } };

/** The cart's totals as the register shows them (lines in the cart's order). */
export function priceCartState(cart: CartState, settings: CartPricingSettings): CartPricing {
  try {
    const priced = priceCart(
      cart.lines.map((line) => ({
        item: {
          sellingPriceMinor: line.catalog.sellingPriceMinor,
          tiers: line.catalog.tiers,
          groupPriceMinor: cart.customer?.groupPricesMinor[line.variantId] ?? null,
          taxClass: line.catalog.taxClass,
        },
        quantityMilli: line.quantityMilli,
        packSizeMilli: line.catalog.packSizeMilli,
        unitPriceOverrideMinor: line.unitPriceOverrideMinor,
        discount: line.discount,
      })),
      {
        taxRatesBp: settings.taxRatesBp,
        groupDiscountBps: cart.customer?.groupDiscountBps ?? 0,
        cartDiscount: cart.cartDiscount,
        tipMinor: cart.tipMinor,
        discountLimitBps: settings.limits.discountLimitBps,
        mayChangePrice: settings.limits.mayChangePrice,
      },
    );
    return { priced, problem: null };
  } catch (error) {
    if (!(error instanceof DiscountTooLargeError)) throw error;
    const lineKey = error.lineIndex === null ? null : (cart.lines[error.lineIndex]?.key ?? null);
    return { priced: null, problem: { lineKey, message: error.message } };
  }
}

/** A manager's approval the cart needs before it can be paid: per line, or for the cart discount (lineKey null). */
export interface PendingApproval {
  lineKey: string | null;
  action: LineApproval;
}

/** What still needs a manager (by the seller's limits: a price change, a discount over their limit) and has no approval yet. */
export function pendingApprovals(cart: CartState, priced: PricedCart): PendingApproval[] {
  const pending: PendingApproval[] = [];
  cart.lines.forEach((line, index) => {
    for (const action of priced.lines[index]?.needsApproval ?? []) {
      if (approvalOf(line, action) === null) pending.push({ lineKey: line.key, action });
    }
  });
  if (priced.cartNeedsApproval && cart.cartDiscountApprovalId === null) pending.push({ lineKey: null, action: 'discount' });
  return pending;
}

function approvalOf(line: CartLine, action: LineApproval): string | null {
  return action === 'price_override' ? line.priceOverrideApprovalId : line.discountApprovalId;
}

// ─── Conversions ──────────────────────────────────────────────────────────────────────────────

export interface CheckoutDetails {
  registerId: string;
  shiftId: string;
  payments: PaymentInput[];
  /** When the cashier rang the sale up (ISO 8601). */
  ringUpAt: string;
  note?: string | null;
}

/**
 * The checkout request for this cart: the frozen body when an attempt was already made (a retry
 * sends exactly the same), else a new one priced at what the screen showed (`priced`). Only the
 * approvals the cart still needs are sent. Call pendingApprovals first: a cart that still needs
 * one cannot be checked out.
 */
export function toCheckoutBody(cart: CartState, priced: PricedCart, details: CheckoutDetails): CheckoutBody {
  if (cart.checkout !== null) return cart.checkout;
  if (pendingApprovals(cart, priced).length > 0) throw new Error('The cart needs a manager’s approval before checkout');
  const approvalIds = cart.lines.flatMap((line, index) => (priced.lines[index]?.needsApproval ?? []).map((action) => approvalOf(line, action) as string));
  if (priced.cartNeedsApproval && cart.cartDiscountApprovalId !== null) approvalIds.push(cart.cartDiscountApprovalId);
  return {
    id: cart.saleId,
    registerId: details.registerId,
    shiftId: details.shiftId,
    customerId: cart.customer?.id ?? null,
    lines: cart.lines.map(toLineInput),
    cartDiscount: cart.cartDiscount,
    tipMinor: cart.tipMinor,
    payments: details.payments,
    approvalIds,
    expectedTotalMinor: priced.totalMinor,
    ringUpAt: details.ringUpAt,
    fromOutbox: false,
    note: details.note ?? null,
  };
}

/**
 * The exchange request for a cart with an exchange credit: the frozen body when an attempt was
 * already made, else the return (under its id) and the new sale (under the cart's sale id), whose
 * payments cover what the credit leaves to pay. `refunds`: see refundsFor.
 */
export function toExchangeBody(cart: CartState, priced: PricedCart, details: CheckoutDetails & { refunds: RefundInput[] | null }): ExchangeBody {
  const exchange = cart.exchange;
  if (exchange === null) throw new Error('The cart has no exchange credit');
  if (exchange.attempt !== null) return exchange.attempt;
  return {
    saleReturn: {
      id: exchange.returnId,
      registerId: details.registerId,
      shiftId: details.shiftId,
      saleId: exchange.saleId,
      lines: exchange.lines.map((line) => ({ saleLineId: line.saleLineId, quantityMilli: line.quantityMilli, disposition: line.disposition })),
      reason: exchange.reason,
      note: exchange.note,
      refunds: details.refunds,
      approvalId: exchange.approvalId,
    },
    sale: toCheckoutBody(cart, priced, details),
  };
}

/** The cart as parked on the server (approvals are not kept: they are asked again on resume). */
export function toParkedCartContent(cart: CartState): ParkedCartContent {
  return {
    customerId: cart.customer?.id ?? null,
    lines: cart.lines.map(toLineInput),
    cartDiscount: cart.cartDiscount,
    tipMinor: cart.tipMinor,
  };
}

function toLineInput(line: CartLine) {
  return { variantId: line.variantId, quantityMilli: line.quantityMilli, unitId: line.unitId, unitPriceMinor: line.unitPriceOverrideMinor, discount: line.discount };
}

export interface ParkedCartSources {
  /** The id of the sale the resumed cart becomes (a parked cart was never sent). */
  saleId: string;
  /** The parked cart's customer, loaded by the screen (null for walk-in). */
  customer: CartCustomer | null;
  /** The register's catalog entry for a variant in a unit; null when it can no longer be sold. */
  catalogFor: (variantId: string, unitId: string | null) => CartLineCatalog | null;
}

/**
 * A parked cart resumed as a new cart. Lines whose item can no longer be sold (archived, or its
 * quantity no longer fits its unit) are left out and returned in `missing` so the screen can say so.
 */
export function loadParkedCart(content: ParkedCartContent, sources: ParkedCartSources): { cart: CartState; missing: ParkedCartContent['lines'] } {
  let cart: CartState = { ...createCart(sources.saleId), customer: sources.customer, cartDiscount: content.cartDiscount, tipMinor: content.tipMinor };
  const missing: ParkedCartContent['lines'] = [];
  for (const line of content.lines) {
    const catalog = sources.catalogFor(line.variantId, line.unitId);
    const add: AddLine | null = catalog && { variantId: line.variantId, unitId: line.unitId, catalog, quantityMilli: line.quantityMilli, unitPriceOverrideMinor: line.unitPriceMinor };
    if (add === null || addLineProblem(cart, add)) {
      missing.push(line);
      continue;
    }
    cart = addLine(cart, add);
    if (line.discount !== null) cart = updateLine(cart, cart.selectedLineKey as string, (added) => ({ ...added, discount: line.discount }));
  }
  return { cart, missing };
}
