import { describe, expect, it } from 'vitest';
import { DEFAULT_TAX_RATES_BP } from '../../core/products/tax.rules';
import { checkoutInputSchema, exchangeInputSchema, parkedCartContentSchema } from '../../core/sales/sales.schemas';
import { sellerLimits } from '../../core/sales/seller-limits.rules';
import { builtInPermissions, UNLIMITED_DISCOUNT_PERCENT } from '../../core/team/permissions.rules';
import {
  addLineProblem,
  cartReducer,
  clearCart,
  createCart,
  isFrozen,
  loadParkedCart,
  pendingApprovals,
  priceCartState,
  quantityProblem,
  toCheckoutBody,
  toExchangeBody,
  toParkedCartContent,
  type CartAction,
  type CartLineCatalog,
  type CartState,
} from './cart';
import { exchangeCreditOf, refundsFor, settleExchange } from './exchange-credit';

const SALE_ID = '00000000-0000-4000-8000-000000000001';
const REGISTER_ID = '00000000-0000-4000-8000-0000000000a1';
const SHIFT_ID = '00000000-0000-4000-8000-0000000000b1';
const SODA = '00000000-0000-4000-8000-000000000101';
const SUGAR = '00000000-0000-4000-8000-000000000102';
const CRATE = '00000000-0000-4000-8000-000000000201';
const CUSTOMER = '00000000-0000-4000-8000-000000000301';
const APPROVAL = '00000000-0000-4000-8000-000000000401';
// A built-in cashier in a shop whose discount limit is 10%.
const SETTINGS = { taxRatesBp: DEFAULT_TAX_RATES_BP, limits: sellerLimits({ permissions: builtInPermissions('cashier'), maxDiscountPercent: UNLIMITED_DISCOUNT_PERCENT }, 1_000) };
const RING_UP_AT = '2026-03-02T09:15:00.000Z';

const soda: CartLineCatalog = {
  productName: 'Soda 500 ml',
  variantName: '',
  sku: 'SODA-500',
  unitName: null,
  allowsDecimals: false,
  packSizeMilli: 1_000,
  sellingPriceMinor: 6_000,
  tiers: [{ minQuantityMilli: 24_000, priceMinor: 5_000 }],
  taxClass: 'standard',
  onHandMilli: 100_000,
};
const sodaCrate: CartLineCatalog = { ...soda, unitName: 'Crate of 24', packSizeMilli: 24_000 };
const sugar: CartLineCatalog = {
  productName: 'Sugar (loose)',
  variantName: '',
  sku: 'SUGAR-KG',
  unitName: 'kg',
  allowsDecimals: true,
  packSizeMilli: 1_000,
  sellingPriceMinor: 16_000,
  tiers: [],
  taxClass: 'zero_rated',
  onHandMilli: null,
};

const apply = (state: CartState, ...actions: CartAction[]) => actions.reduce(cartReducer, state);
const addSoda = (quantityMilli = 1_000): CartAction => ({ type: 'add_line', variantId: SODA, unitId: null, catalog: soda, quantityMilli });
const addSugar = (quantityMilli: number): CartAction => ({ type: 'add_line', variantId: SUGAR, unitId: null, catalog: sugar, quantityMilli });
const cashFor = (amountMinor: number) => [{ tender: 'cash' as const, amountMinor, tenderedMinor: 100_000 }];

function priced(cart: CartState) {
  const result = priceCartState(cart, SETTINGS);
  if (result.priced === null) throw new Error(result.problem.message);
  return result.priced;
}

function checkout(cart: CartState) {
  const totals = priced(cart);
  return toCheckoutBody(cart, totals, { registerId: REGISTER_ID, shiftId: SHIFT_ID, payments: cashFor(totals.totalMinor), ringUpAt: RING_UP_AT });
}

describe('cart lines', () => {
  it('merges the same variant, unit and price into one line and selects it', () => {
    const cart = apply(createCart(SALE_ID), addSoda(), addSugar(1_500), addSoda(2_000));
    expect(cart.lines.map((line) => [line.variantId, line.quantityMilli])).toEqual([
      [SODA, 3_000],
      [SUGAR, 1_500],
    ]);
    expect(cart.selectedLineKey).toBe(cart.lines[0]?.key);
  });

  it('keeps a different unit or an overridden price on a line of its own', () => {
    const cart = apply(
      createCart(SALE_ID),
      addSoda(),
      { type: 'add_line', variantId: SODA, unitId: CRATE, catalog: sodaCrate, quantityMilli: 1_000 },
      { type: 'add_line', variantId: SODA, unitId: null, catalog: soda, quantityMilli: 1_000, unitPriceOverrideMinor: 5_500 },
      { type: 'add_line', variantId: SODA, unitId: null, catalog: soda, quantityMilli: 1_000, unitPriceOverrideMinor: 5_500 },
    );
    expect(cart.lines.map((line) => [line.unitId, line.unitPriceOverrideMinor, line.quantityMilli])).toEqual([
      [null, null, 1_000],
      [CRATE, null, 1_000],
      [null, 5_500, 2_000],
    ]);
  });

  it('allows decimals only where the unit does', () => {
    expect(quantityProblem(sugar, 1_250)).toBeNull();
    expect(quantityProblem(soda, 1_500)).toBe('quantity_whole_units');
    expect(quantityProblem(soda, 0)).toBe('quantity_not_positive');
    expect(quantityProblem(soda, 1.5)).toBe('quantity_not_positive');
    expect(quantityProblem(soda, 2_000_000_000)).toBe('quantity_too_large');

    const cart = apply(createCart(SALE_ID), addSoda(1_500), addSugar(750));
    expect(cart.lines).toHaveLength(1);
    const [line] = cart.lines;
    expect(apply(cart, { type: 'set_quantity', lineKey: line!.key, quantityMilli: 1_125 }).lines[0]?.quantityMilli).toBe(1_125);
    const withSoda = apply(cart, addSoda());
    const sodaKey = withSoda.lines[1]!.key;
    expect(apply(withSoda, { type: 'set_quantity', lineKey: sodaKey, quantityMilli: 2_500 })).toBe(withSoda);
    expect(apply(withSoda, { type: 'set_quantity', lineKey: sodaKey, quantityMilli: 0 })).toBe(withSoda);
  });

  it('steps the quantity by one unit, never below one, and removes a line only when asked', () => {
    let cart = apply(createCart(SALE_ID), addSugar(1_500));
    const key = cart.lines[0]!.key;
    cart = apply(cart, { type: 'increment', lineKey: key });
    expect(cart.lines[0]?.quantityMilli).toBe(2_500);
    cart = apply(cart, { type: 'decrement', lineKey: key }, { type: 'decrement', lineKey: key });
    expect(cart.lines[0]?.quantityMilli).toBe(500);
    expect(apply(cart, { type: 'decrement', lineKey: key })).toBe(cart);
    expect(apply(cart, { type: 'remove_line', lineKey: key }).lines).toEqual([]);
  });

  it('moves the selection to the next line, else the previous, when the selected line is removed', () => {
    const cart = apply(createCart(SALE_ID), addSoda(), addSugar(1_000), { type: 'add_line', variantId: SODA, unitId: CRATE, catalog: sodaCrate, quantityMilli: 1_000 });
    const [first, second, third] = cart.lines.map((line) => line.key);
    const afterSecond = apply(cart, { type: 'select_line', lineKey: second! }, { type: 'remove_line', lineKey: second! });
    expect(afterSecond.selectedLineKey).toBe(third);
    const afterLast = apply(afterSecond, { type: 'remove_line', lineKey: third! });
    expect(afterLast.selectedLineKey).toBe(first);
  });

  it('refuses a 201st line', () => {
    let cart = createCart(SALE_ID);
    for (let index = 0; index < 200; index += 1) {
      cart = apply(cart, { type: 'add_line', variantId: SODA, unitId: null, catalog: soda, quantityMilli: 1_000, unitPriceOverrideMinor: index });
    }
    const next = { variantId: SUGAR, unitId: null, catalog: sugar, quantityMilli: 1_000 };
    expect(addLineProblem(cart, next)).toBe('too_many_lines');
    expect(apply(cart, { type: 'add_line', ...next })).toBe(cart);
  });
});

describe('cart totals', () => {
  it('prices the lines with wholesale tiers, packs, the customer group and VAT per band', () => {
    // 24 sodas reach the tier (KSh 50); a crate of 24 is priced per stock unit at the tier too;
    // 1.5 kg of zero-rated sugar at KSh 160 = KSh 240. The group takes 10% off list prices.
    const cart = apply(
      createCart(SALE_ID),
      addSoda(24_000),
      { type: 'add_line', variantId: SODA, unitId: CRATE, catalog: sodaCrate, quantityMilli: 1_000 },
      addSugar(1_500),
    );
    const totals = priced(cart);
    expect(totals.lines.map((line) => line.totalMinor)).toEqual([120_000, 120_000, 24_000]);
    expect(totals.totalMinor).toBe(264_000);
    expect(Object.keys(totals.taxBands).sort()).toEqual(['B', 'C']);

    const withGroup = apply(cart, { type: 'set_customer', customer: { id: CUSTOMER, name: 'Mama Mboga', groupDiscountBps: 1_000, groupPricesMinor: { [SUGAR]: 15_000 } } });
    const groupTotals = priced(withGroup);
    // Soda: KSh 50 − 10% = KSh 45 × 24 = KSh 1,080 per line; sugar: group price KSh 150 − 10% = KSh 135 × 1.5 = KSh 202.50.
    expect(groupTotals.lines.map((line) => line.totalMinor)).toEqual([108_000, 108_000, 20_250]);
  });

  it('says which line has a discount larger than itself instead of throwing', () => {
    const cart = apply(createCart(SALE_ID), addSoda(), addSoda(1_000));
    const key = cart.lines[0]!.key;
    const result = priceCartState(apply(cart, { type: 'set_line_discount', lineKey: key, discount: { type: 'amount', amountMinor: 50_000 }, approvalId: null }), SETTINGS);
    expect(result.priced).toBeNull();
    expect(result.problem).toEqual({ lineKey: key, message: 'The discount is more than the line' });
  });

  it('lists the approvals still needed and sends only the ones given', () => {
    let cart = apply(createCart(SALE_ID), addSoda(2_000));
    const key = cart.lines[0]!.key;
    cart = apply(cart, { type: 'set_line_discount', lineKey: key, discount: { type: 'percent', bps: 2_000 }, approvalId: null });
    expect(pendingApprovals(cart, priced(cart))).toEqual([{ lineKey: key, action: 'discount' }]);
    expect(() => checkout(cart)).toThrow();

    cart = apply(cart, { type: 'set_line_discount', lineKey: key, discount: { type: 'percent', bps: 2_000 }, approvalId: APPROVAL });
    expect(pendingApprovals(cart, priced(cart))).toEqual([]);
    expect(checkout(cart).approvalIds).toEqual([APPROVAL]);

    // A smaller discount no longer needs the approval: it is not sent.
    cart = apply(cart, { type: 'set_line_discount', lineKey: key, discount: { type: 'percent', bps: 500 }, approvalId: APPROVAL });
    expect(checkout(cart).approvalIds).toEqual([]);
  });

  it('asks as the server would for the seller’s limits: a role capped at 5%, no discount permission, no price changes', () => {
    const cart = apply(createCart(SALE_ID), addSoda(), addSugar(1_000));
    const [first, second] = cart.lines.map((line) => line.key) as [string, string];
    const rungUp = apply(
      cart,
      { type: 'set_line_discount', lineKey: first, discount: { type: 'percent', bps: 500 }, approvalId: null },
      { type: 'set_line_discount', lineKey: second, discount: { type: 'percent', bps: 600 }, approvalId: null },
    );
    const pendingFor = (state: CartState, permissions: string[], maxDiscountPercent: number) => {
      const result = priceCartState(state, { ...SETTINGS, limits: sellerLimits({ permissions, maxDiscountPercent }, 1_000) });
      return result.priced ? pendingApprovals(state, result.priced) : null;
    };
    // 5% is within the role's cap, 6% over it though the shop allows 10%.
    expect(pendingFor(rungUp, ['sales.sell', 'sales.discount'], 5)).toEqual([{ lineKey: second, action: 'discount' }]);
    expect(pendingFor(rungUp, ['sales.sell'], 100)).toEqual([
      { lineKey: first, action: 'discount' },
      { lineKey: second, action: 'discount' },
    ]);
    // KSh 65 for a KSh 60 soda: a change of price all the same, unless the seller may override prices.
    const raised = apply(cart, { type: 'set_price_override', lineKey: first, unitPriceMinor: 6_500, approvalId: null });
    expect(pendingFor(raised, ['sales.sell'], 0)).toEqual([{ lineKey: first, action: 'price_override' }]);
    expect(pendingFor(raised, ['sales.sell', 'sales.override_price'], 0)).toEqual([]);
  });
});

describe('checkout body', () => {
  const ringUp = () =>
    apply(
      createCart(SALE_ID),
      addSoda(2_000),
      addSugar(1_500),
      { type: 'set_customer', customer: { id: CUSTOMER, name: 'Mama Mboga', groupDiscountBps: 0, groupPricesMinor: {} } },
      { type: 'set_tip', tipMinor: 5_000 },
      { type: 'set_cart_discount', discount: { type: 'amount', amountMinor: 1_000 }, approvalId: null },
    );

  it('has the shape the checkout API validates', () => {
    const body = checkout(ringUp());
    const parsed = checkoutInputSchema.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(body).toMatchObject({
      id: SALE_ID,
      registerId: REGISTER_ID,
      shiftId: SHIFT_ID,
      customerId: CUSTOMER,
      tipMinor: 5_000,
      cartDiscount: { type: 'amount', amountMinor: 1_000 },
      expectedTotalMinor: 12_000 + 24_000 - 1_000 + 5_000,
      fromOutbox: false,
      lines: [
        { variantId: SODA, quantityMilli: 2_000, unitId: null, unitPriceMinor: null, discount: null },
        { variantId: SUGAR, quantityMilli: 1_500, unitId: null, unitPriceMinor: null, discount: null },
      ],
    });
  });

  it('keeps the same sale id and body across retries and freezes the cart meanwhile', () => {
    const cart = ringUp();
    const first = checkout(cart);
    const attempting = apply(cart, { type: 'checkout_started', body: first });
    expect(apply(attempting, addSoda())).toBe(attempting);
    const retry = checkout(attempting);
    expect(retry).toBe(first);
    expect(retry.id).toBe(SALE_ID);

    // Refused (nothing written): corrected and sent again under the same id.
    const corrected = apply(attempting, { type: 'checkout_refused' }, addSoda());
    expect(checkout(corrected).id).toBe(SALE_ID);
    expect(checkout(corrected).lines[0]?.quantityMilli).toBe(3_000);
  });

  it('takes a new sale id once the sale is done', () => {
    const cart = ringUp();
    const attempting = apply(cart, { type: 'checkout_started', body: checkout(cart) });
    const next = cartReducer(attempting, clearCart());
    expect(next.saleId).not.toBe(SALE_ID);
    expect(next.saleId).toMatch(/^[0-9a-f-]{36}$/);
    expect(next.lines).toEqual([]);
    expect(next.checkout).toBeNull();
    expect(cartReducer(next, clearCart()).saleId).not.toBe(next.saleId);
    expect(createCart().saleId).not.toBe(createCart().saleId);
  });

  it('does not freeze a cart on a body for another sale', () => {
    const cart = ringUp();
    const body = { ...checkout(cart), id: '00000000-0000-4000-8000-000000000999' };
    expect(apply(cart, { type: 'checkout_started', body })).toBe(cart);
  });
});

describe('parked carts', () => {
  it('parks and resumes a cart under a new sale id, saying which lines can no longer be sold', () => {
    const cart = apply(
      createCart(SALE_ID),
      addSoda(2_000),
      addSugar(1_500),
      { type: 'set_cart_discount', discount: { type: 'percent', bps: 500 }, approvalId: null },
    );
    const withDiscount = apply(cart, { type: 'set_line_discount', lineKey: cart.lines[0]!.key, discount: { type: 'amount', amountMinor: 1_000 }, approvalId: null });
    const content = parkedCartContentSchema.parse(toParkedCartContent(withDiscount));

    const nextId = '00000000-0000-4000-8000-000000000002';
    const { cart: resumed, missing } = loadParkedCart(content, {
      saleId: nextId,
      customer: null,
      catalogFor: (variantId) => (variantId === SODA ? soda : null),
    });
    expect(resumed.saleId).toBe(nextId);
    expect(resumed.lines.map((line) => [line.variantId, line.quantityMilli, line.discount])).toEqual([[SODA, 2_000, { type: 'amount', amountMinor: 1_000 }]]);
    expect(resumed.cartDiscount).toEqual({ type: 'percent', bps: 500 });
    expect(missing.map((line) => line.variantId)).toEqual([SUGAR]);
  });
});

describe('exchanges', () => {
  const EARLIER_SALE = '00000000-0000-4000-8000-000000000501';
  const RETURN_ID = '00000000-0000-4000-8000-000000000601';
  const SHIRT_LINE = '00000000-0000-4000-8000-000000000701';
  const earlierSale = {
    id: EARLIER_SALE,
    receiptCode: 'T1-000123',
    customer: null,
    payments: [
      { tender: 'mpesa' as const, amountMinor: 20_000, tenderedMinor: null, reference: 'SGH7K2LQ9P', loyaltyPoints: null },
      { tender: 'cash' as const, amountMinor: 15_001, tenderedMinor: 20_000, reference: null, loyaltyPoints: null },
    ],
  };
  // Three shirts sold for 350.01 together: returning one credits its share, rounded as the server does.
  const shirts = { id: SHIRT_LINE, productName: 'Shirt', variantName: 'Blue', totalMinor: 35_001, quantityMilli: 3_000, returnedQuantityMilli: 0 };
  const credit = (quantityMilli: number) => exchangeCreditOf(earlierSale, [{ line: shirts, quantityMilli, disposition: 'restock' }], 'wrong_item', null, RETURN_ID);

  it('credits the returned goods as the server prices a return', () => {
    expect(credit(1_000)).toMatchObject({ returnId: RETURN_ID, receiptCode: 'T1-000123', customerId: null, creditMinor: 11_667, mpesaPaidMinor: 20_000, approvalId: null, attempt: null });
    expect(credit(1_000).lines).toEqual([{ saleLineId: SHIRT_LINE, name: 'Shirt Blue', quantityMilli: 1_000, disposition: 'restock', amountMinor: 11_667 }]);
    expect(credit(3_000).creditMinor).toBe(35_001);
  });

  it('settles the credit against the new sale: the difference to pay, or to refund', () => {
    expect(settleExchange(18_000, 11_667)).toEqual({ creditAppliedMinor: 11_667, dueMinor: 6_333, refundMinor: 0 });
    expect(settleExchange(6_000, 11_667)).toEqual({ creditAppliedMinor: 6_000, dueMinor: 0, refundMinor: 5_667 });
    expect(settleExchange(11_667, 11_667)).toEqual({ creditAppliedMinor: 11_667, dueMinor: 0, refundMinor: 0 });
  });

  it('refunds M-Pesa first with the reversal code, the rest in cash, and leaves other tenders to the server', () => {
    expect(refundsFor(5_000, 20_000, 'SGH7K2LQ9Q')).toEqual([{ tender: 'mpesa', amountMinor: 5_000, reference: 'SGH7K2LQ9Q' }]);
    expect(refundsFor(25_000, 20_000, 'SGH7K2LQ9Q')).toEqual([
      { tender: 'mpesa', amountMinor: 20_000, reference: 'SGH7K2LQ9Q' },
      { tender: 'cash', amountMinor: 5_000 },
    ]);
    expect(refundsFor(5_000, 0, '')).toBeNull();
    expect(refundsFor(0, 20_000, '')).toBeNull();
  });

  it('builds the return and the new sale the exchange API validates, paying only the difference', () => {
    const cart = apply(createCart(SALE_ID), { type: 'start_exchange', exchange: credit(1_000) }, addSoda(3_000));
    const totals = priced(cart);
    const { dueMinor } = settleExchange(totals.totalMinor, cart.exchange!.creditMinor);
    const body = toExchangeBody(cart, totals, { registerId: REGISTER_ID, shiftId: SHIFT_ID, payments: cashFor(dueMinor), ringUpAt: RING_UP_AT, refunds: null });
    const parsed = exchangeInputSchema.parse(body);
    expect(parsed.saleReturn).toMatchObject({ id: RETURN_ID, saleId: EARLIER_SALE, reason: 'wrong_item', refunds: null, approvalId: null });
    expect(parsed.saleReturn.lines).toEqual([{ saleLineId: SHIRT_LINE, variantId: null, amountMinor: null, quantityMilli: 1_000, disposition: 'restock' }]);
    expect(parsed.sale).toMatchObject({ id: SALE_ID, expectedTotalMinor: 18_000, payments: [{ tender: 'cash', amountMinor: 6_333 }] });
  });

  it('freezes the cart and its credit during an attempt, and a retry sends the same body', () => {
    const cart = apply(createCart(SALE_ID), { type: 'start_exchange', exchange: credit(1_000) }, addSoda());
    const totals = priced(cart);
    const details = { registerId: REGISTER_ID, shiftId: SHIFT_ID, payments: [], ringUpAt: RING_UP_AT, refunds: null };
    const body = toExchangeBody(cart, totals, details);
    const frozen = apply(cart, { type: 'exchange_started', body });
    expect(isFrozen(frozen)).toBe(true);
    expect(apply(frozen, addSugar(1_000), { type: 'cancel_exchange' }, { type: 'exchange_approved', approvalId: APPROVAL })).toBe(frozen);
    expect(toExchangeBody(frozen, totals, { ...details, ringUpAt: '2026-03-02T09:20:00.000Z' })).toBe(body);
    // Refused (nothing written): corrected under the same ids, e.g. with a manager's approval.
    const approved = apply(frozen, { type: 'exchange_refused' }, { type: 'exchange_approved', approvalId: APPROVAL });
    expect(isFrozen(approved)).toBe(false);
    expect(toExchangeBody(approved, totals, details).saleReturn).toMatchObject({ id: RETURN_ID, approvalId: APPROVAL });
  });

  it('ignores an attempt for another exchange, and a cancelled or finished exchange leaves the cart', () => {
    const cart = apply(createCart(SALE_ID), { type: 'start_exchange', exchange: credit(1_000) }, addSoda());
    const body = toExchangeBody(cart, priced(cart), { registerId: REGISTER_ID, shiftId: SHIFT_ID, payments: [], ringUpAt: RING_UP_AT, refunds: null });
    expect(apply(cart, { type: 'exchange_started', body: { ...body, saleReturn: { ...body.saleReturn, id: SALE_ID } } })).toBe(cart);
    expect(apply(cart, { type: 'cancel_exchange' }).exchange).toBeNull();
    expect(apply(cart, { type: 'exchange_started', body }, clearCart()).exchange).toBeNull();
  });
});
