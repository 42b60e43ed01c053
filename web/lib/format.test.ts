import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatWait, initialsOf } from './format';

describe('formatting', () => {
  it('shows dates and times in the given time zone', () => {
    const iso = '2026-11-20T22:30:00.000Z';
    expect(formatDate(iso, 'Africa/Nairobi')).toBe('21 Nov 2026');
    expect(formatDate(iso, 'UTC')).toBe('20 Nov 2026');
    expect(formatDateTime(iso, 'Africa/Nairobi')).toMatch(/^21 Nov 2026,? 01:30$/);
  });

  it('falls back to the local zone for an unknown zone', () => {
    expect(() => formatDate('2026-11-20T10:00:00.000Z', 'Not/AZone')).not.toThrow();
  });

  it.each([
    ['Wanjiku Kamau', 'w@x.test', 'WK'],
    ['  otieno  wa  ouma ', 'o@x.test', 'OO'],
    ['Achieng', 'a@x.test', 'A'],
    [null, 'cashier@demo.test', 'C'],
    ['', 'manager@demo.test', 'M'],
    [null, '', '?'],
  ])('initials of %j / %j → %s', (name, email, initials) => {
    expect(initialsOf(name, email)).toBe(initials);
  });
});

describe('formatWait', () => {
  it.each([
    [0, '0s'],
    [1, '1s'],
    [59, '59s'],
    [60, '1 min'],
    [61, '2 min'],
    [900, '15 min'],
  ])('%i → %s', (seconds, text) => {
    expect(formatWait(seconds)).toBe(text);
  });
});
