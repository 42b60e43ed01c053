import { lineAmount } from '../products/quantity.rules';
import { divideRounded, ETIMS_TAX_BAND, splitInclusive, type TaxClass } from '../products/tax.rules';
import type { Discount } from './sales.schemas';

// Pricing a cart at the register (issue 15), shared by the server (the authority) and the screen
// (the preview). Pure integer arithmetic: money is minor units (KES cents), quantities are whole
// thousandths, rates are basis points. Prices are VAT-inclusive; VAT is split out per line after
// every discount so that the tax per band on the receipt is exactly the sum of its lines.

const BPS = 10_000;

/** A wholesale price per stock unit from a quantity (stock units ×1000) on the line upwards. */
export interface PriceTier {
  minQuantityMilli: number;
  priceMinor: number;
}

export interface PricingItem {
  /** Catalog price per stock unit, VAT-inclusive. */
  sellingPriceMinor: number;
  /** Wholesale tiers, by the stock quantity on the line. */
  tiers: PriceTier[];
  /** The customer's group price list price, if any (wins over tiers). */
  groupPriceMinor: number | null;
  taxClass: TaxClass;
}

export interface PricingLineInput {
  item: PricingItem;
  /** In the unit sold. */
  quantityMilli: number;
  /** Stock units per unit sold ×1000 (1000 = the product's own unit; a crate of 24 = 24000). */
  packSizeMilli: number;
  /** Per unit sold. */
  unitPriceOverrideMinor: number | null;
  discount: Discount | null;
}

export interface PricingOptions {
  taxRatesBp: Record<TaxClass, number>;
  /** The customer group's discount on list prices. */
  groupDiscountBps: number;
  cartDiscount: Discount | null;
  tipMinor: number;
  /** A discount above this share of what it applies to needs a manager (the seller's limit, core/sales/seller-limits.rules.ts). */
  discountLimitBps: number;
  /** Whether the seller may change prices: then only a price below the list price needs a manager, else any change. */
  mayChangePrice: boolean;
}

export type LineApproval = 'price_override' | 'discount';

export interface PricedLine {
  /** Per unit sold, after the group price rule. */
  listPriceMinor: number;
  /** Per unit sold: the override, else the list price. */
  unitPriceMinor: number;
  priceOverridden: boolean;
  /** unit price × quantity. */
  grossMinor: number;
  lineDiscountMinor: number;
  cartDiscountShareMinor: number;
  /** gross − line discount − cart discount share (VAT-inclusive). */
  totalMinor: number;
  /** What leaves the shelf, in stock units ×1000. */
  stockQuantityMilli: number;
  taxClass: TaxClass;
  taxBand: 'A' | 'B' | 'C' | 'E';
  taxRateBp: number;
  /** The VAT inside totalMinor. */
  taxMinor: number;
  needsApproval: LineApproval[];
}

export interface TaxBandTotal {
  grossMinor: number;
  taxMinor: number;
  rateBp: number;
}

export interface PricedCart {
  lines: PricedLine[];
  /** Σ line totals after line discounts, before the cart discount. */
  subtotalMinor: number;
  /** Σ line discounts + the cart discount. */
  discountMinor: number;
  cartDiscountMinor: number;
  tipMinor: number;
  /** subtotal − cart discount + tip: what the customer owes. */
  totalMinor: number;
  /** Σ VAT of the lines (the tip carries none). */
  taxMinor: number;
  /** Keyed by eTIMS band letter; only the bands the cart uses. */
  taxBands: Record<string, TaxBandTotal>;
  cartNeedsApproval: boolean;
}

export const DISCOUNT_ABOVE_LINE_MESSAGE = /*i18n*/ 'The discount is more than the line';
export const DISCOUNT_ABOVE_SALE_MESSAGE = /*i18n*/ 'The discount is more than the sale';

/**
 * A discount larger than what it applies to. It is a RangeError (bad input, never clamped); the
 * server answers 400 with `message` on the line's (lineIndex) or the cart's discount field.
 */
export class DiscountTooLargeError extends RangeError {
  constructor(
    readonly lineIndex: number | null,
    message: string = lineIndex === null ? DISCOUNT_ABOVE_SALE_MESSAGE : DISCOUNT_ABOVE_LINE_MESSAGE,
  ) {
    super(message);
    this.name = 'DiscountTooLargeError';
  }
}

/**
 * Prices a cart: list prices (group price, else the best wholesale tier, else the catalog price;
 * then the group discount), overrides, line discounts, the cart discount shared over the lines by
 * the largest-remainder method, VAT per line and per band, and what needs a manager's approval.
 * Throws a RangeError for money or quantities that are not whole, non-negative safe integers, and
 * a DiscountTooLargeError for a discount above its line or the sale.
 */
export function priceCart(lines: PricingLineInput[], options: PricingOptions): PricedCart {
  checkOptions(options);
  const undiscounted = lines.map((line, index) => priceLine(line, index, options));
  const subtotalMinor = sum(undiscounted.map((line) => line.grossMinor - line.lineDiscountMinor));

  const cartDiscountMinor = options.cartDiscount === null ? 0 : discountAmount(options.cartDiscount, subtotalMinor, null);
  const cartNeedsApproval = options.cartDiscount !== null && isOverLimit(options.cartDiscount, cartDiscountMinor, subtotalMinor, options.discountLimitBps);
  const shares = shareByLargestRemainder(
    cartDiscountMinor,
    undiscounted.map((line) => line.grossMinor - line.lineDiscountMinor),
  );

  const taxBands: Record<string, TaxBandTotal> = {};
  const priced = undiscounted.map((line, index): PricedLine => {
    const cartDiscountShareMinor = shares[index] ?? 0;
    const totalMinor = line.grossMinor - line.lineDiscountMinor - cartDiscountShareMinor;
    const { taxMinor } = splitInclusive(totalMinor, line.taxRateBp);
    const band = (taxBands[line.taxBand] ??= { grossMinor: 0, taxMinor: 0, rateBp: line.taxRateBp });
    band.grossMinor += totalMinor;
    band.taxMinor += taxMinor;
    return { ...line, cartDiscountShareMinor, totalMinor, taxMinor };
  });

  const lineDiscountsMinor = sum(priced.map((line) => line.lineDiscountMinor));
  return {
    lines: priced,
    subtotalMinor,
    discountMinor: lineDiscountsMinor + cartDiscountMinor,
    cartDiscountMinor,
    tipMinor: options.tipMinor,
    totalMinor: checkedMoney(subtotalMinor - cartDiscountMinor + options.tipMinor),
    taxMinor: sum(priced.map((line) => line.taxMinor)),
    taxBands,
    cartNeedsApproval,
  };
}

/** The list price per stock unit before the group discount: group price, else best tier, else catalog. */
export function basePricePerStockUnit(item: PricingItem, stockQuantityMilli: number): number {
  if (item.groupPriceMinor !== null) return item.groupPriceMinor;
  let best: PriceTier | null = null;
  for (const tier of item.tiers) {
    if (tier.minQuantityMilli <= stockQuantityMilli && (best === null || tier.minQuantityMilli > best.minQuantityMilli)) best = tier;
  }
  return best?.priceMinor ?? item.sellingPriceMinor;
}

/** Splits `amountMinor` over `weights` in proportion, the leftover cents going to the largest remainders (earlier lines on ties). */
export function shareByLargestRemainder(amountMinor: number, weights: number[]): number[] {
  checkMoney(amountMinor);
  weights.forEach(checkMoney);
  const total = BigInt(sum(weights));
  if (amountMinor === 0) return weights.map(() => 0);
  if (total === 0n) throw new RangeError('Cannot share an amount over nothing');
  const amount = BigInt(amountMinor);
  const exact = weights.map((weight) => amount * BigInt(weight));
  const shares = exact.map((value) => Number(value / total));
  let leftover = amountMinor - sum(shares);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value % total })).sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (leftover === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    leftover -= 1;
  }
  return shares;
}

type UnsharedLine = Omit<PricedLine, 'cartDiscountShareMinor' | 'totalMinor' | 'taxMinor'>;

function priceLine(line: PricingLineInput, index: number, options: PricingOptions): UnsharedLine {
  const { item, quantityMilli, packSizeMilli, unitPriceOverrideMinor, discount } = line;
  checkItem(item);
  checkPositiveInteger(quantityMilli, 'quantityMilli');
  checkPositiveInteger(packSizeMilli, 'packSizeMilli');
  if (unitPriceOverrideMinor !== null) checkMoney(unitPriceOverrideMinor);

  const stockQuantityMilli = scaled(quantityMilli, packSizeMilli);
  const basePerStockUnit = basePricePerStockUnit(item, stockQuantityMilli);
  const perStockUnit = basePerStockUnit - divideRounded(checkedMoney(basePerStockUnit * options.groupDiscountBps), BPS);
  const listPriceMinor = scaled(perStockUnit, packSizeMilli);
  const unitPriceMinor = unitPriceOverrideMinor ?? listPriceMinor;
  const priceOverridden = unitPriceOverrideMinor !== null && unitPriceOverrideMinor !== listPriceMinor;
  const grossMinor = scaled(unitPriceMinor, quantityMilli);
  const lineDiscountMinor = discount === null ? 0 : discountAmount(discount, grossMinor, index);

  const needsApproval: LineApproval[] = [];
  if (options.mayChangePrice ? unitPriceMinor < listPriceMinor : priceOverridden) needsApproval.push('price_override');
  if (discount !== null && isOverLimit(discount, lineDiscountMinor, grossMinor, options.discountLimitBps)) needsApproval.push('discount');

  const taxRateBp = options.taxRatesBp[item.taxClass];
  if (!Number.isSafeInteger(taxRateBp) || taxRateBp < 0) throw new RangeError(`The ${item.taxClass} tax rate must be whole basis points ≥ 0, got ${taxRateBp}`);
  return {
    listPriceMinor,
    unitPriceMinor,
    priceOverridden,
    grossMinor,
    lineDiscountMinor,
    stockQuantityMilli,
    taxClass: item.taxClass,
    taxBand: ETIMS_TAX_BAND[item.taxClass],
    taxRateBp,
    needsApproval,
  };
}

/** The discount in minor units on `baseMinor`; a percentage rounds half away from zero. */
function discountAmount(discount: Discount, baseMinor: number, lineIndex: number | null): number {
  if (discount.type === 'percent') {
    checkBps(discount.bps, 'discount bps');
    return divideRounded(checkedMoney(baseMinor * discount.bps), BPS);
  }
  checkMoney(discount.amountMinor);
  if (discount.amountMinor > baseMinor) throw new DiscountTooLargeError(lineIndex);
  return discount.amountMinor;
}

/**
 * Above the shop's limit: a percentage by its rate (10.01% is over a 10% limit even when the
 * cents round it back), an amount by exact comparison with limit × base.
 */
function isOverLimit(discount: Discount, discountMinor: number, baseMinor: number, limitBps: number): boolean {
  if (discount.type === 'percent') return discount.bps > limitBps;
  return BigInt(discountMinor) * BigInt(BPS) > BigInt(limitBps) * BigInt(baseMinor);
}

/** amount × milli ÷ 1000 rounded once, refusing products JavaScript numbers cannot hold exactly. */
function scaled(amount: number, milli: number): number {
  if (!Number.isSafeInteger(amount * milli)) throw new RangeError(`${amount} × ${milli} is too large to compute exactly`);
  return lineAmount(amount, milli);
}

function sum(values: number[]): number {
  return checkedMoney(values.reduce((total, value) => total + value, 0));
}

function checkOptions(options: PricingOptions) {
  checkBps(options.groupDiscountBps, 'groupDiscountBps', 0);
  checkBps(options.discountLimitBps, 'discountLimitBps', 0);
  checkMoney(options.tipMinor);
}

function checkItem(item: PricingItem) {
  checkMoney(item.sellingPriceMinor);
  if (item.groupPriceMinor !== null) checkMoney(item.groupPriceMinor);
  for (const tier of item.tiers) {
    checkMoney(tier.priceMinor);
    if (!Number.isSafeInteger(tier.minQuantityMilli) || tier.minQuantityMilli < 0) throw new RangeError(`A tier's minimum quantity must be whole thousandths ≥ 0, got ${tier.minQuantityMilli}`);
  }
}

function checkBps(value: number, name: string, min = 1) {
  if (!Number.isSafeInteger(value) || value < min || value > BPS) throw new RangeError(`${name} must be whole basis points in ${min}…${BPS}, got ${value}`);
}

function checkPositiveInteger(value: number, name: string) {
  if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`${name} must be a whole number > 0, got ${value}`);
}

/** A whole, non-negative, safe number of minor units. */
function checkMoney(amount: number) {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`Money must be whole minor units ≥ 0, got ${amount}`);
}

function checkedMoney(amount: number): number {
  checkMoney(amount);
  return amount;
}
