import { describe, expect, it } from 'vitest';
import { AGING_BUCKETS, AGING_BUCKET_LABELS, agingBucketFor, agingBuckets, daysOverdue, epochDay, isIsoDate } from './aging.rules';

describe('daysOverdue (calendar days, hand-worked)', () => {
  it.each([
    ['2026-11-24', '2026-11-24', 0], // due today: not overdue
    ['2026-11-25', '2026-11-24', 0], // not yet due
    ['2026-11-23', '2026-11-24', 1],
    ['2026-01-31', '2026-02-01', 1], // across a month end
    ['2026-01-31', '2026-03-02', 30], // Jan 31 → Feb 28 (28 days) → Mar 2 (2 more)
    ['2026-01-31', '2026-03-03', 31],
    ['2028-02-28', '2028-03-01', 2], // leap year: Feb 29 exists
    ['2027-02-28', '2027-03-01', 1], // not a leap year
    ['2028-02-29', '2028-05-29', 90], // Feb 29 → Mar 29 (29) → Apr 29 (31) → May 29 (30)
    ['2028-02-29', '2028-05-30', 91],
    ['2026-12-31', '2027-01-01', 1], // across a year end
    ['2025-11-24', '2026-11-24', 365],
    ['2027-11-24', '2028-11-24', 366], // a leap year in between
  ])('due %s, as of %s → %i days', (due, asOf, days) => {
    expect(daysOverdue(due, asOf)).toBe(days);
  });

  it('has no due date → 0 days (current)', () => {
    expect(daysOverdue(null, '2026-11-24')).toBe(0);
  });

  it('refuses dates that do not exist', () => {
    expect(() => daysOverdue('2027-02-29', '2027-03-01')).toThrow(RangeError);
    expect(() => daysOverdue('2026-11-24', '2026-13-01')).toThrow(RangeError);
    expect(() => epochDay('24/11/2026')).toThrow(RangeError);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2026-4-1')).toBe(false);
    expect(epochDay('1970-01-02')).toBe(1);
  });
});

describe('agingBucketFor (bucket edges)', () => {
  it.each([
    [0, 'current'],
    [1, 'days1to30'],
    [30, 'days1to30'],
    [31, 'days31to60'],
    [60, 'days31to60'],
    [61, 'days61to90'],
    [90, 'days61to90'],
    [91, 'over90'],
    [1000, 'over90'],
  ])('%i days → %s', (days, bucket) => {
    expect(agingBucketFor(days)).toBe(bucket);
  });

  it('names every bucket in order', () => {
    expect(AGING_BUCKETS).toEqual(['current', 'days1to30', 'days31to60', 'days61to90', 'over90']);
    expect(AGING_BUCKETS.map((b) => AGING_BUCKET_LABELS[b])).toEqual(['Current', '1–30 days', '31–60 days', '61–90 days', 'Over 90 days']);
  });
});

describe('agingBuckets', () => {
  it('sums open amounts into buckets as of a date (hand-worked)', () => {
    const asOf = '2028-03-31';
    const result = agingBuckets(
      [
        { openMinor: 100_00, dueDate: null }, // current: no terms
        { openMinor: 200_00, dueDate: '2028-04-15' }, // current: not yet due
        { openMinor: 50_00, dueDate: '2028-03-31' }, // current: due today
        { openMinor: 300_00, dueDate: '2028-03-01' }, // 30 days → 1–30
        { openMinor: 400_00, dueDate: '2028-02-29' }, // 31 days (leap day) → 31–60
        { openMinor: 500_00, dueDate: '2028-01-31' }, // 60 days → 31–60
        { openMinor: 600_00, dueDate: '2028-01-01' }, // 90 days → 61–90
        { openMinor: 700_00, dueDate: '2027-12-31' }, // 91 days → over 90
      ],
      asOf,
    );
    expect(result).toEqual({
      currentMinor: 350_00,
      days1to30Minor: 300_00,
      days31to60Minor: 900_00,
      days61to90Minor: 600_00,
      over90Minor: 700_00,
      totalMinor: 2850_00,
    });
  });

  it('is all zeros with nothing open', () => {
    expect(agingBuckets([], '2026-11-24')).toEqual({
      currentMinor: 0,
      days1to30Minor: 0,
      days31to60Minor: 0,
      days61to90Minor: 0,
      over90Minor: 0,
      totalMinor: 0,
    });
  });

  it('refuses fractional minor units and a bad as-of date', () => {
    expect(() => agingBuckets([{ openMinor: 1.5, dueDate: null }], '2026-11-24')).toThrow(RangeError);
    expect(() => agingBuckets([], '2026-02-30')).toThrow(RangeError);
  });
});
