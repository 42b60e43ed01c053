import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatWait, initialsOf, PLATFORM_TIME_ZONE } from './format';

// Worked by hand: Nairobi is UTC+3 all year (no summer time); New York is UTC−5 in November and
// UTC−4 in July. The process runs in New York's zone, so a date that followed the device would
// come out as 23 Nov 2026, 16:30.
describe('dates in the shop\'s zone, whatever the device\'s', () => {
  const hostZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    if (hostZone === undefined) delete process.env.TZ;
    else process.env.TZ = hostZone;
  });

  it('runs in another zone than Nairobi', () => {
    expect(new Date('2026-11-23T21:30:00Z').getHours()).toBe(16);
    expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York');
  });

  it.each([
    ['2026-11-23T21:30:00Z', 'Africa/Nairobi', '24 Nov 2026', '24 Nov 2026, 00:30'],
    ['2026-11-23T20:59:00Z', 'Africa/Nairobi', '23 Nov 2026', '23 Nov 2026, 23:59'],
    ['2026-07-01T11:05:00Z', 'Africa/Nairobi', '1 Jul 2026', '1 Jul 2026, 14:05'],
    ['2026-11-23T21:30:00Z', 'UTC', '23 Nov 2026', '23 Nov 2026, 21:30'],
    ['2026-11-23T21:30:00Z', 'Africa/Lagos', '23 Nov 2026', '23 Nov 2026, 22:30'],
    ['2026-01-01T02:15:00Z', 'Africa/Kampala', '1 Jan 2026', '1 Jan 2026, 05:15'],
  ])('%s in %s → %s / %s', (iso, zone, date, dateTime) => {
    expect(formatDate(iso, zone)).toBe(date);
    expect(formatDateTime(iso, zone)).toBe(dateTime);
    expect(formatDateTime(new Date(iso), zone)).toBe(dateTime);
  });

  it('shows the platform area in Nairobi time', () => {
    expect(formatDateTime('2026-11-23T21:30:00Z', PLATFORM_TIME_ZONE)).toBe('24 Nov 2026, 00:30');
  });

  it('falls back to Nairobi, not the device, for a zone the browser does not know', () => {
    expect(formatDateTime('2026-11-23T21:30:00Z', 'Not/AZone')).toBe('24 Nov 2026, 00:30');
  });

  it('uses the 24-hour clock and day-month-year, not the US style', () => {
    expect(formatDateTime('2026-11-23T11:05:00Z', 'Africa/Nairobi')).toBe('23 Nov 2026, 14:05');
    expect(formatDateTime('2026-11-23T11:05:00Z', 'Africa/Nairobi', 'en-GB')).toBe('23 Nov 2026, 14:05');
  });

  it('takes the locale as a parameter', () => {
    expect(formatDate('2026-11-23T21:30:00Z', 'Africa/Nairobi', 'en-US')).toBe('Nov 24, 2026');
  });
});

describe('initials', () => {
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
