import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { currentIntlLocale, formatDate, formatDateTime, formatMoneyAmount, formatNumber, formatWait, initialsOf, PLATFORM_TIME_ZONE } from './format';

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

// Worked by hand from CLDR's Kiswahili (sw): short months Jan Feb Mac Apr Mei Jun Jul Ago Sep Okt
// Nov Des, day-month-year like en-KE, the 24-hour clock kept; Nairobi is UTC+3.
describe('dates in Kiswahili (sw-KE)', () => {
  it.each([
    ['2026-03-05T09:05:00Z', '5 Mac 2026', '5 Mac 2026, 12:05', '5 Mar 2026'],
    ['2026-05-14T21:30:00Z', '15 Mei 2026', '15 Mei 2026, 00:30', '15 May 2026'],
    ['2026-08-15T10:00:00Z', '15 Ago 2026', '15 Ago 2026, 13:00', '15 Aug 2026'],
    ['2026-11-23T21:30:00Z', '24 Nov 2026', '24 Nov 2026, 00:30', '24 Nov 2026'],
  ])('%s in Nairobi → %s / %s (English: %s)', (iso, date, dateTime, english) => {
    expect(formatDate(iso, 'Africa/Nairobi', 'sw-KE')).toBe(date);
    expect(formatDateTime(iso, 'Africa/Nairobi', 'sw-KE')).toBe(dateTime);
    expect(formatDate(iso, 'Africa/Nairobi', 'en-KE')).toBe(english);
  });
});

describe('the language on screen picks the Intl locale', () => {
  afterAll(() => {
    i18n.activate('en');
  });

  it('is en-KE before a language is active, then the language\'s', () => {
    expect(currentIntlLocale()).toBe('en-KE');
    i18n.load('sw', {});
    i18n.activate('sw');
    expect(currentIntlLocale()).toBe('sw-KE');
    expect(formatDate('2026-03-05T09:05:00Z', 'Africa/Nairobi')).toBe('5 Mac 2026');
    expect(formatWait(45)).toBe('sekunde 45');
    expect(formatWait(900)).toBe('dakika 15');
    i18n.load('en', {});
    i18n.activate('en');
    expect(formatDate('2026-03-05T09:05:00Z', 'Africa/Nairobi')).toBe('5 Mar 2026');
    expect(formatWait(45)).toBe('45s');
  });
});

describe('numbers and money per language', () => {
  // Both Kenyan locales group thousands with a comma and use a decimal point (CLDR).
  it.each(['en-KE', 'sw-KE'])('%s: KSh 1,250,000.50 and 12,500', (locale) => {
    expect(formatMoneyAmount(125000050, 'KSh', 2, locale)).toBe('KSh 1,250,000.50');
    expect(formatMoneyAmount(-30000, 'KSh', 2, locale)).toBe('\u2212KSh 300.00');
    expect(formatNumber(12500, locale)).toBe('12,500');
  });
});
