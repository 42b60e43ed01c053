import { describe, expect, it } from 'vitest';
import { addDays, monthOf, presetPeriod, previousMonthOf, todayIn, weekEarlier, weekdayOf, withPeriodEnd, yearToDate } from './report-periods';

describe('report periods', () => {
  it('a month runs from its first to its last day, February of a leap year to the 29th', () => {
    expect(monthOf('2026-04-17')).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(monthOf('2028-02-03')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthOf('2026-02-28')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('the previous month crosses into last year from January', () => {
    expect(previousMonthOf('2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousMonthOf('2026-01-05')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('the year to date runs from the first of January to the day itself', () => {
    expect(yearToDate('2026-11-24')).toEqual({ from: '2026-01-01', to: '2026-11-24' });
  });

  // Hand-checked against a calendar: 25 November 2026 is a Wednesday.
  it('weeks start on Monday and presets run up to today', () => {
    expect(weekdayOf('2026-11-25')).toBe(3);
    expect(weekdayOf('2026-11-29')).toBe(7);
    expect(presetPeriod('this_week', '2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-11-25' });
    expect(presetPeriod('this_week', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(presetPeriod('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(presetPeriod('last_month', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetPeriod('this_month', '2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(presetPeriod('custom', '2026-11-25')).toBeNull();
  });

  it('a week earlier keeps the weekdays, across a month and a year end', () => {
    expect(weekEarlier({ from: '2026-01-03', to: '2026-01-03' })).toEqual({ from: '2025-12-27', to: '2025-12-27' });
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('today is the day in the shop\'s time zone, not the server\'s', () => {
    // 22:30 UTC on 24 November is 01:30 on 25 November in Nairobi (UTC+3).
    expect(todayIn('Africa/Nairobi', new Date('2026-11-24T22:30:00Z'))).toBe('2026-11-25');
    expect(todayIn('UTC', new Date('2026-11-24T22:30:00Z'))).toBe('2026-11-24');
  });
});

describe('withPeriodEnd', () => {
  const period = { preset: 'this_week', from: '2026-11-23', to: '2026-11-25' } as const;

  it('moves one end and makes the period custom', () => {
    expect(withPeriodEnd(period, 'from', '2026-11-20')).toEqual({ preset: 'custom', from: '2026-11-20', to: '2026-11-25' });
    expect(withPeriodEnd(period, 'to', '2026-11-24')).toEqual({ preset: 'custom', from: '2026-11-23', to: '2026-11-24' });
  });

  it('moves the other end along rather than end before the start', () => {
    expect(withPeriodEnd(period, 'from', '2026-11-28')).toEqual({ preset: 'custom', from: '2026-11-28', to: '2026-11-28' });
    expect(withPeriodEnd(period, 'to', '2026-11-01')).toEqual({ preset: 'custom', from: '2026-11-01', to: '2026-11-01' });
  });

  it('ignores a cleared field', () => {
    expect(withPeriodEnd(period, 'to', '')).toBe(period);
  });
});
