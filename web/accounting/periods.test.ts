import { describe, expect, it } from 'vitest';
import { monthOf, previousMonthOf, yearToDate } from './periods';

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
});
