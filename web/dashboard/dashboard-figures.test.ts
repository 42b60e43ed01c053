import { describe, expect, it } from 'vitest';
import {
  clockTime,
  formatMargin,
  formatSignedPercent,
  formatSignedPoints,
  hoursToDraw,
  percentChange,
  periodFromParams,
  periodParams,
  sharesOf,
  weekdayName,
} from './dashboard-figures';

const TODAY = '2026-11-25'; // a Wednesday

describe('percentChange', () => {
  it('is the whole percentage from last week to now', () => {
    expect(percentChange(11_200, 10_000)).toBe(12);
    expect(percentChange(9_500, 10_000)).toBe(-5);
    expect(percentChange(10_000, 10_000)).toBe(0);
    // 1/3 more: rounded.
    expect(percentChange(4, 3)).toBe(33);
  });

  it('has nothing to compare with when last week was zero', () => {
    expect(percentChange(5_000, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
  });

  it('measures against the size of a negative figure (a loss that shrank is a rise)', () => {
    expect(percentChange(-500, -1_000)).toBe(50);
  });
});

describe('the change in words', () => {
  it('writes a signed percentage, no sign for no change', () => {
    expect(formatSignedPercent(12, 'en-KE')).toBe('+12%');
    expect(formatSignedPercent(-5, 'en-KE')).toBe('-5%');
    expect(formatSignedPercent(0, 'en-KE')).toBe('0%');
  });

  it('writes a margin and its change in points', () => {
    expect(formatMargin(2550, 'en-KE')).toBe('25.5%');
    expect(formatSignedPoints(150, 'en-KE')).toBe('+1.5');
    expect(formatSignedPoints(-200, 'en-KE')).toBe('-2');
  });

  it("names last week's day in the language on screen", () => {
    expect(weekdayName('2026-11-18', 'en-KE')).toBe('Wednesday');
    expect(weekdayName('2026-11-18', 'sw-KE')).toBe('Jumatano');
  });

  it("tells the time on the shop's clock, not the device's", () => {
    expect(clockTime('2026-11-25T11:05:00Z', 'Africa/Nairobi', 'en-KE')).toBe('14:05');
    expect(clockTime('2026-11-25T21:30:00Z', 'Africa/Nairobi', 'en-KE')).toBe('00:30');
  });
});

describe('hoursToDraw', () => {
  it('draws from the first busy hour to the last, the quiet ones between as zero', () => {
    const hours = hoursToDraw([
      { hour: 3, netSalesMinor: 0, saleCount: 0 },
      { hour: 9, netSalesMinor: 12_000, saleCount: 2 },
      { hour: 12, netSalesMinor: 5_000, saleCount: 1 },
      { hour: 22, netSalesMinor: 0, saleCount: 0 },
    ]);
    expect(hours.map((row) => row.hour)).toEqual([9, 10, 11, 12]);
    expect(hours[1]).toEqual({ hour: 10, netSalesMinor: 0, saleCount: 0 });
    expect(hours[3]).toEqual({ hour: 12, netSalesMinor: 5_000, saleCount: 1 });
  });

  it('keeps an hour whose returns outweighed its sales', () => {
    expect(hoursToDraw([{ hour: 8, netSalesMinor: -3_000, saleCount: 0 }]).map((row) => row.hour)).toEqual([8]);
  });

  it('draws nothing for a period without sales', () => {
    expect(hoursToDraw([])).toEqual([]);
    expect(hoursToDraw([{ hour: 10, netSalesMinor: 0, saleCount: 0 }])).toEqual([]);
  });
});

describe('the period in the address', () => {
  const read = (search: string) => periodFromParams(new URLSearchParams(search), TODAY);

  it('is today by default and for anything it does not know', () => {
    expect(read('')).toEqual({ preset: 'today', from: TODAY, to: TODAY });
    expect(read('period=fortnight')).toEqual({ preset: 'today', from: TODAY, to: TODAY });
    expect(read('period=custom&from=2026-11-01')).toEqual({ preset: 'today', from: TODAY, to: TODAY });
    expect(read('period=custom&from=1%20Nov&to=2026-11-03')).toEqual({ preset: 'today', from: TODAY, to: TODAY });
  });

  it("works out a preset's days from the shop's today", () => {
    expect(read('period=yesterday')).toEqual({ preset: 'yesterday', from: '2026-11-24', to: '2026-11-24' });
    expect(read('period=this_week')).toEqual({ preset: 'this_week', from: '2026-11-23', to: TODAY });
    expect(read('period=last_month')).toEqual({ preset: 'last_month', from: '2026-10-01', to: '2026-10-31' });
  });

  it('takes a custom period, its ends put in order', () => {
    expect(read('period=custom&from=2026-11-01&to=2026-11-10')).toEqual({ preset: 'custom', from: '2026-11-01', to: '2026-11-10' });
    expect(read('period=custom&from=2026-11-10&to=2026-11-01')).toEqual({ preset: 'custom', from: '2026-11-01', to: '2026-11-10' });
  });

  it('writes back only what a preset needs, nothing for today', () => {
    expect(periodParams({ preset: 'today', from: TODAY, to: TODAY })).toEqual({ period: undefined, from: undefined, to: undefined });
    expect(periodParams({ preset: 'this_month', from: '2026-11-01', to: TODAY })).toEqual({ period: 'this_month', from: undefined, to: undefined });
    expect(periodParams({ preset: 'custom', from: '2026-11-01', to: '2026-11-10' })).toEqual({ period: 'custom', from: '2026-11-01', to: '2026-11-10' });
  });
});

describe('sharesOf', () => {
  it("is each amount's whole percentage of the total", () => {
    expect(sharesOf([7_500, 2_500])).toEqual([75, 25]);
    expect(sharesOf([0, 0])).toEqual([0, 0]);
    expect(sharesOf([])).toEqual([]);
  });
});
