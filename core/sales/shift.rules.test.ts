import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectedCashMinor, needsOverShortApproval, overShortMinor, type ShiftCashFlows } from './shift.rules';

describe('cashing up a shift, worked by hand', () => {
  // Float KSh 5,000 (500,000). Cash sales net of change KSh 23,450.50 (2,345,050). A cash refund of
  // KSh 189.00 (18,900). A float top-up of KSh 2,000 (200,000) in; a bank deposit of KSh 15,000
  // (1,500,000) and KSh 350 of expenses (35,000) out.
  // Expected: 500,000 + 2,345,050 − 18,900 + 200,000 − (1,500,000 + 35,000) = 1,491,150 (KSh 14,911.50).
  const flows: ShiftCashFlows = { openingFloatMinor: 500_000, cashSalesMinor: 2_345_050, cashRefundsMinor: 18_900, cashInMinor: 200_000, cashOutMinor: 1_535_000 };

  it('expects float + cash sales − refunds + in − out', () => {
    expect(expectedCashMinor(flows)).toBe(1_491_150);
  });

  it('records a shortfall as it is and asks a manager past the tolerance', () => {
    // Counted KSh 14,861.50 (1,486,150): short by 5,000 (KSh 50). Tolerance KSh 100 (10,000): fine;
    // tolerance KSh 20 (2,000): a manager approves.
    const overShort = overShortMinor(1_486_150, 1_491_150);
    expect(overShort).toBe(-5_000);
    expect(needsOverShortApproval(overShort, 10_000)).toBe(false);
    expect(needsOverShortApproval(overShort, 2_000)).toBe(true);
    expect(needsOverShortApproval(overShort, 5_000)).toBe(false); // exactly the tolerance is within it
    expect(needsOverShortApproval(5_001, 5_000)).toBe(true); // over, too
  });

  it('allows an expected figure below zero (more paid out than came in) to be shown', () => {
    expect(expectedCashMinor({ openingFloatMinor: 0, cashSalesMinor: 0, cashRefundsMinor: 1_000, cashInMinor: 0, cashOutMinor: 0 })).toBe(-1_000);
    expect(overShortMinor(0, -1_000)).toBe(1_000);
  });

  it.each([
    ['a negative float', () => expectedCashMinor({ ...flows, openingFloatMinor: -1 })],
    ['fractional cash sales', () => expectedCashMinor({ ...flows, cashSalesMinor: 10.5 })],
    ['a negative cash out', () => expectedCashMinor({ ...flows, cashOutMinor: -100 })],
    ['a negative count', () => overShortMinor(-1, 0)],
    ['a fractional count', () => overShortMinor(100.25, 0)],
    ['a fractional expected figure', () => overShortMinor(100, 0.5)],
    ['a negative tolerance', () => needsOverShortApproval(0, -1)],
    ['a NaN difference', () => needsOverShortApproval(Number.NaN, 0)],
  ])('refuses %s with a RangeError', (_name, attempt) => {
    expect(attempt).toThrow(RangeError);
  });
});

const amount = fc.integer({ min: 0, max: 100_000_000 });
const flowsArb: fc.Arbitrary<ShiftCashFlows> = fc.record({ openingFloatMinor: amount, cashSalesMinor: amount, cashRefundsMinor: amount, cashInMinor: amount, cashOutMinor: amount });

type CashEvent = { kind: Exclude<keyof ShiftCashFlows, 'openingFloatMinor'>; amountMinor: number };
const eventArb: fc.Arbitrary<CashEvent> = fc.record({
  kind: fc.constantFrom('cashSalesMinor', 'cashRefundsMinor', 'cashInMinor', 'cashOutMinor'),
  amountMinor: fc.integer({ min: 0, max: 1_000_000 }),
});

/** A shift's flows from its events, totalled in the order given. */
function flowsOf(openingFloatMinor: number, events: CashEvent[]): ShiftCashFlows {
  const flows: ShiftCashFlows = { openingFloatMinor, cashSalesMinor: 0, cashRefundsMinor: 0, cashInMinor: 0, cashOutMinor: 0 };
  for (const event of events) flows[event.kind] += event.amountMinor;
  return flows;
}

const add = (a: ShiftCashFlows, b: ShiftCashFlows): ShiftCashFlows => ({
  openingFloatMinor: a.openingFloatMinor + b.openingFloatMinor,
  cashSalesMinor: a.cashSalesMinor + b.cashSalesMinor,
  cashRefundsMinor: a.cashRefundsMinor + b.cashRefundsMinor,
  cashInMinor: a.cashInMinor + b.cashInMinor,
  cashOutMinor: a.cashOutMinor + b.cashOutMinor,
});

describe('expected cash properties', () => {
  it('is float + cash sales − cash refunds + cash in − cash out', () => {
    fc.assert(
      fc.property(flowsArb, (flows) => {
        expect(expectedCashMinor(flows)).toBe(flows.openingFloatMinor + flows.cashSalesMinor - flows.cashRefundsMinor + flows.cashInMinor - flows.cashOutMinor);
      }),
    );
  });

  it('does not depend on the order of the shift’s events', () => {
    fc.assert(
      fc.property(amount, fc.array(eventArb, { maxLength: 40 }).chain((events) => fc.tuple(fc.constant(events), fc.shuffledSubarray(events, { minLength: events.length, maxLength: events.length }))), (float, [events, shuffled]) => {
        expect(expectedCashMinor(flowsOf(float, shuffled))).toBe(expectedCashMinor(flowsOf(float, events)));
      }),
    );
  });

  it('is linear: two halves of a shift add up to the whole, and nothing expects nothing', () => {
    fc.assert(
      fc.property(flowsArb, flowsArb, (a, b) => {
        expect(expectedCashMinor(add(a, b))).toBe(expectedCashMinor(a) + expectedCashMinor(b));
      }),
    );
    expect(expectedCashMinor({ openingFloatMinor: 0, cashSalesMinor: 0, cashRefundsMinor: 0, cashInMinor: 0, cashOutMinor: 0 })).toBe(0);
  });

  it('counting what is expected is neither over nor short; approval is symmetric and exactly past the tolerance', () => {
    fc.assert(
      fc.property(flowsArb, fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (flows, difference, tolerance) => {
        const expected = expectedCashMinor(flows);
        const counted = Math.max(0, expected + difference);
        const overShort = overShortMinor(counted, expected);
        expect(counted - overShort).toBe(expected);
        if (expected >= 0) expect(overShortMinor(expected, expected)).toBe(0);
        expect(needsOverShortApproval(overShort, tolerance)).toBe(Math.abs(overShort) > tolerance);
        expect(needsOverShortApproval(-overShort, tolerance)).toBe(needsOverShortApproval(overShort, tolerance));
      }),
    );
  });
});
