import { describe, expect, it } from 'vitest';
import { calendarDayIn, datesDueThrough, firstDueDate, nextDueDate } from './recurring-schedule';

const rentOn31st = { frequency: 'monthly', dayOfMonth: 31 } as const;
const weekly = { frequency: 'weekly', dayOfMonth: null } as const;

describe('recurring expense schedule', () => {
  it('pays monthly on the day, or the last day of a shorter month', () => {
    // January has 31 days, February 2026 has 28 (not a leap year), April has 30.
    expect(nextDueDate('2026-01-31', rentOn31st)).toBe('2026-02-28');
    expect(nextDueDate('2026-02-28', rentOn31st)).toBe('2026-03-31');
    expect(nextDueDate('2026-03-31', rentOn31st)).toBe('2026-04-30');
    expect(nextDueDate('2027-12-31', rentOn31st)).toBe('2028-01-31');
    expect(nextDueDate('2028-01-31', rentOn31st)).toBe('2028-02-29');
  });

  it('pays every three months or every year on the day, or the last day of a shorter month', () => {
    // 31 Jan + 3 months: April has 30 days; + 3 more: 31 July. 29 Feb 2028 + 1 year: 2029 has no 29 Feb; 2032 does.
    const quarterlyOn31st = { frequency: 'quarterly', dayOfMonth: 31 } as const;
    expect(datesDueThrough('2026-01-31', '2026-12-31', quarterlyOn31st, 100)).toEqual({ dates: ['2026-01-31', '2026-04-30', '2026-07-31', '2026-10-31'], next: '2027-01-31' });
    const yearlyOn29th = { frequency: 'yearly', dayOfMonth: 29 } as const;
    expect(nextDueDate('2028-02-29', yearlyOn29th)).toBe('2029-02-28');
    expect(nextDueDate('2031-02-28', yearlyOn29th)).toBe('2032-02-29');
  });

  it('starts on the first due day on or after the start date', () => {
    expect(firstDueDate('2026-01-15', rentOn31st)).toBe('2026-01-31');
    expect(firstDueDate('2026-01-31', rentOn31st)).toBe('2026-01-31');
    expect(firstDueDate('2026-02-10', { frequency: 'monthly', dayOfMonth: 5 })).toBe('2026-03-05');
    expect(firstDueDate('2026-02-10', weekly)).toBe('2026-02-10');
  });

  it('lists every date due up to today and the next one', () => {
    expect(datesDueThrough('2026-01-31', '2026-03-31', rentOn31st, 100)).toEqual({ dates: ['2026-01-31', '2026-02-28', '2026-03-31'], next: '2026-04-30' });
    // 2 Nov + 7 = 9 Nov, + 7 = 16 Nov, + 7 = 23 Nov; 30 Nov is after the 24th.
    expect(datesDueThrough('2026-11-02', '2026-11-24', weekly, 100)).toEqual({ dates: ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'], next: '2026-11-30' });
    expect(datesDueThrough('2026-11-02', '2026-11-24', weekly, 2)).toEqual({ dates: ['2026-11-02', '2026-11-09'], next: '2026-11-16' });
    expect(datesDueThrough('2026-12-01', '2026-11-24', weekly, 100)).toEqual({ dates: [], next: '2026-12-01' });
  });

  it("takes today in the shop's time zone", () => {
    // 21:30 UTC on 23 Nov is 00:30 on 24 Nov in Nairobi (UTC+3).
    expect(calendarDayIn(new Date('2026-11-23T21:30:00Z'), 'Africa/Nairobi')).toBe('2026-11-24');
    expect(calendarDayIn(new Date('2026-11-23T21:30:00Z'), 'UTC')).toBe('2026-11-23');
  });
});
