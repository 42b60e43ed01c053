import { describe, expect, it } from 'vitest';
import { calendarDay, formatCell, weekdayName } from './report-format';

const format = {
  money: (minor: number) => `KSh ${(minor / 100).toFixed(2)}`,
  locale: 'en-KE',
  timeZone: 'Africa/Nairobi',
  codeLabel: (key: string, code: string) => (key === 'tender' && code === 'mpesa' ? 'M-Pesa' : undefined),
};

describe('formatCell', () => {
  it('shows money in the shop’s currency from minor units', () => {
    expect(formatCell({ key: 'netSalesMinor', kind: 'money' }, 150000, format)).toBe('KSh 1500.00');
  });

  it('shows quantities from thousandths and counts as whole numbers', () => {
    expect(formatCell({ key: 'quantity', kind: 'quantity' }, 2500, format)).toBe('2.5');
    expect(formatCell({ key: 'saleCount', kind: 'count' }, 12345, format)).toBe('12,345');
  });

  it('shows a percent from basis points', () => {
    expect(formatCell({ key: 'marginBp', kind: 'percent' }, 2550, format)).toBe('25.5%');
    expect(formatCell({ key: 'marginBp', kind: 'percent' }, -1000, format)).toBe('-10%');
  });

  it('shows a calendar day as that day whatever the zone, and a month by name', () => {
    expect(formatCell({ key: 'day', kind: 'day' }, '2026-11-01', format)).toBe('1 Nov 2026');
    expect(calendarDay('2026-11', 'en-KE')).toBe('November 2026');
    expect(formatCell({ key: 'month', kind: 'month' }, '2026-02', format)).toBe('February 2026');
  });

  it('shows a moment in the shop’s time zone', () => {
    expect(formatCell({ key: 'at', kind: 'datetime' }, '2026-11-23T21:30:00.000Z', format)).toBe('24 Nov 2026, 00:30');
  });

  it('shows an hour as 14:00 and a weekday by name in the language on screen', () => {
    expect(formatCell({ key: 'hour', kind: 'hour' }, 9, format)).toBe('09:00');
    expect(formatCell({ key: 'weekday', kind: 'weekday' }, 1, format)).toBe('Monday');
    expect(formatCell({ key: 'weekday', kind: 'weekday' }, 7, format)).toBe('Sunday');
    expect(weekdayName(1, 'sw-KE')).toBe('Jumatatu');
  });

  it('translates a code it has a label for, and leaves other text as it is', () => {
    expect(formatCell({ key: 'tender', kind: 'text' }, 'mpesa', format)).toBe('M-Pesa');
    expect(formatCell({ key: 'categoryName', kind: 'text' }, 'Drinks', format)).toBe('Drinks');
  });

  it('shows a missing value as a dash', () => {
    expect(formatCell({ key: 'marginBp', kind: 'percent' }, null, format)).toBe('—');
    expect(formatCell({ key: 'categoryName', kind: 'text' }, undefined, format)).toBe('—');
  });
});
