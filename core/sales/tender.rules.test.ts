import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TENDERS } from './sales.schemas';
import { quickCashNotes, remainingMinor, settlePayments, type TenderPayment } from './tender.rules';

describe('settling a split payment, worked by hand', () => {
  // Total KSh 1,712.00 (171,200). M-Pesa pays KSh 1,000.00 (100,000); cash pays the remaining
  // 71,200 and the customer hands over a KSh 1,000 note (100,000): change 100,000 − 71,200 = 28,800.
  // Handed over in all: 100,000 + 100,000 = 200,000 = total 171,200 + change 28,800.
  it('gives change from the cash only', () => {
    const payments: TenderPayment[] = [
      { tender: 'mpesa', amountMinor: 100_000 },
      { tender: 'cash', amountMinor: 71_200, tenderedMinor: 100_000 },
    ];
    expect(settlePayments(171_200, payments)).toEqual({ paidMinor: 200_000, changeMinor: 28_800 });
    expect(remainingMinor(171_200, payments.slice(0, 1))).toBe(71_200);
    expect(remainingMinor(171_200, payments)).toBe(0);
  });

  it('takes cash without a handed-over figure as exact', () => {
    expect(settlePayments(5_000, [{ tender: 'cash', amountMinor: 5_000 }])).toEqual({ paidMinor: 5_000, changeMinor: 0 });
    expect(settlePayments(5_000, [{ tender: 'cash', amountMinor: 5_000, tenderedMinor: null }])).toEqual({ paidMinor: 5_000, changeMinor: 0 });
  });

  it('never gives change from a card, whatever was typed as handed over', () => {
    expect(settlePayments(5_000, [{ tender: 'card', amountMinor: 5_000, tenderedMinor: 9_000 }])).toEqual({ paidMinor: 5_000, changeMinor: 0 });
  });

  it('says short or over when the amounts do not add up to the total', () => {
    expect(settlePayments(171_200, [{ tender: 'mpesa', amountMinor: 100_000 }])).toEqual({ problem: 'short' });
    expect(settlePayments(171_200, [{ tender: 'cash', amountMinor: 171_300, tenderedMinor: 200_000 }])).toEqual({ problem: 'over' });
    expect(settlePayments(100, [])).toEqual({ problem: 'short' });
    expect(settlePayments(0, [])).toEqual({ paidMinor: 0, changeMinor: 0 });
  });

  it('remaining never goes below zero', () => {
    expect(remainingMinor(1_000, [{ amountMinor: 1_500 }])).toBe(0);
  });

  it.each([
    ['a negative total', () => settlePayments(-1, [])],
    ['a fractional total', () => settlePayments(10.5, [{ tender: 'cash', amountMinor: 10.5 }])],
    ['a negative amount', () => settlePayments(0, [{ tender: 'cash', amountMinor: -5 }, { tender: 'card', amountMinor: 5 }])],
    ['a fractional amount', () => remainingMinor(100, [{ amountMinor: 0.5 }])],
    ['NaN', () => remainingMinor(Number.NaN, [])],
    ['cash handed over below its amount', () => settlePayments(1_000, [{ tender: 'cash', amountMinor: 1_000, tenderedMinor: 500 }])],
    ['a fractional handed-over figure', () => settlePayments(1_000, [{ tender: 'cash', amountMinor: 1_000, tenderedMinor: 1_000.5 }])],
  ])('refuses %s with a RangeError', (_name, attempt) => {
    expect(attempt).toThrow(RangeError);
  });
});

describe('quick cash buttons', () => {
  it.each([
    // KSh 849.50: exact, next 50 = 850, next 100 = 900, next 500 and 1,000 = 1,000.
    [84_950, [84_950, 85_000, 90_000, 100_000]],
    // KSh 1,712.00: next 50 = 1,750, next 100 = 1,800, next 500 = 2,000, next 1,000 = 2,000.
    [171_200, [171_200, 175_000, 180_000, 200_000]],
    // KSh 1,000 exactly: one button.
    [100_000, [100_000]],
    // KSh 0.01: exact, 50, 100, 500, 1,000.
    [1, [1, 5_000, 10_000, 50_000, 100_000]],
    [0, []],
  ])('%i → %j', (due, notes) => {
    expect(quickCashNotes(due)).toEqual(notes);
  });

  it('refuses negative or fractional amounts', () => {
    expect(() => quickCashNotes(-100)).toThrow(RangeError);
    expect(() => quickCashNotes(99.5)).toThrow(RangeError);
  });

  it('starts at the amount due, ascends, and each button is a round amount less than KSh 1,000 above it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), (due) => {
        const notes = quickCashNotes(due);
        expect(notes[0]).toBe(due);
        notes.slice(1).forEach((note, index) => {
          expect(note).toBeGreaterThan(notes[index] ?? 0);
          expect(note % 5_000).toBe(0);
          expect(note - due).toBeLessThan(100_000);
        });
        expect((notes.at(-1) ?? 0) % 100_000 === 0 || notes.length === 1).toBe(true);
      }),
    );
  });
});

const paymentArb: fc.Arbitrary<TenderPayment> = fc.record({
  tender: fc.constantFrom(...TENDERS),
  amountMinor: fc.integer({ min: 0, max: 10_000_000 }),
  tenderedMinor: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
}).map((payment) => ({
  ...payment,
  // Cash handed over is never below its amount (the schema refuses that); other tenders may carry any figure.
  tenderedMinor: payment.tender === 'cash' && payment.tenderedMinor !== null ? payment.amountMinor + payment.tenderedMinor : payment.tenderedMinor,
}));

describe('settlement properties', () => {
  it('settles only when Σ amounts = total, with change = Σ cash (handed over − amount)', () => {
    fc.assert(
      fc.property(fc.array(paymentArb, { maxLength: 10 }), fc.integer({ min: -5_000, max: 5_000 }), (payments, offset) => {
        const paid = payments.reduce((sum, payment) => sum + payment.amountMinor, 0);
        const total = Math.max(0, paid + offset);
        const settled = settlePayments(total, payments);
        if (paid < total) expect(settled).toEqual({ problem: 'short' });
        else if (paid > total) expect(settled).toEqual({ problem: 'over' });
        else {
          const change = payments.reduce((sum, payment) => sum + (payment.tender === 'cash' && payment.tenderedMinor != null ? payment.tenderedMinor - payment.amountMinor : 0), 0);
          expect(settled).toEqual({ paidMinor: total + change, changeMinor: change });
        }
        expect(remainingMinor(total, payments)).toBe(Math.max(0, total - paid));
      }),
    );
  });

  it('change comes only from cash: without cash there is never change, and the order of payments does not matter', () => {
    fc.assert(
      fc.property(fc.array(paymentArb, { maxLength: 10 }), (payments) => {
        const total = payments.reduce((sum, payment) => sum + payment.amountMinor, 0);
        const nonCash = payments.filter((payment) => payment.tender !== 'cash');
        const nonCashTotal = nonCash.reduce((sum, payment) => sum + payment.amountMinor, 0);
        expect(settlePayments(nonCashTotal, nonCash)).toEqual({ paidMinor: nonCashTotal, changeMinor: 0 });
        expect(settlePayments(total, [...payments].reverse())).toEqual(settlePayments(total, payments));
      }),
    );
  });
});
