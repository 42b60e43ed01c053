import { i18n } from '@lingui/core';
import { INTL_LOCALES, isLocale, SOURCE_LOCALE } from '../../core/i18n/locale.rules';
import { formatMinorUnits } from '../../core/settings/money.rules';
import { DEFAULT_TIME_ZONE } from '../../core/settings/settings.rules';

// Dates and times on screen: in the shop's time zone (the platform's on its own pages), never the
// device's, in the style of Kenya and Britain ("23 Nov 2026, 14:05"). The API stays in UTC
// (docs/architecture.md). Names of months and days are the screen's language's, through Intl
// ("5 Mac 2026" in Kiswahili): the locale defaults to the current language's Intl locale.
export const DEFAULT_DATE_LOCALE = INTL_LOCALES[SOURCE_LOCALE];

/** The Intl locale of the language on screen ('en-KE' or 'sw-KE'); English Kenya before one is active. */
export function currentIntlLocale(): string {
  return isLocale(i18n.locale) ? INTL_LOCALES[i18n.locale] : DEFAULT_DATE_LOCALE;
}

/** The platform area's zone: Dukani is run from Kenya (there is no platform setting for it yet). */
export const PLATFORM_TIME_ZONE = DEFAULT_TIME_ZONE;

const DATE_PARTS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
// 24-hour clock whatever the locale's habit, as on Kenyan receipts and timetables.
const DATE_TIME_PARTS: Intl.DateTimeFormatOptions = { ...DATE_PARTS, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(parts: Intl.DateTimeFormatOptions, timeZone: string, locale: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${parts === DATE_PARTS ? 'date' : 'date-time'}`;
  let cached = formatters.get(key);
  if (!cached) {
    try {
      cached = new Intl.DateTimeFormat(locale, { ...parts, timeZone });
    } catch {
      // A zone this browser does not know (the settings form checks names, an older browser may
      // still lack one): Kenya's zone, never the device's.
      cached = new Intl.DateTimeFormat(locale, { ...parts, timeZone: DEFAULT_TIME_ZONE });
    }
    formatters.set(key, cached);
  }
  return cached;
}

/** e.g. "24 Nov 2026" for 2026-11-23T21:30:00Z in Africa/Nairobi ("5 Mac 2026" in sw-KE for 5 March). */
export function formatDate(value: string | Date, timeZone: string, locale = currentIntlLocale()): string {
  return formatter(DATE_PARTS, timeZone, locale).format(new Date(value));
}

/** e.g. "24 Nov 2026, 00:30" for 2026-11-23T21:30:00Z in Africa/Nairobi. */
export function formatDateTime(value: string | Date, timeZone: string, locale = currentIntlLocale()): string {
  return formatter(DATE_TIME_PARTS, timeZone, locale).format(new Date(value));
}

/** Avatar initials: first letters of the first and last names, else the e-mail's first letter. */
export function initialsOf(fullName: string | null | undefined, email: string): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letters = first ? `${first.charAt(0)}${last?.charAt(0) ?? ''}` : email.trim().charAt(0);
  return letters.toUpperCase() || '?';
}

/**
 * A wait in words for buttons: "45s", or whole minutes from a minute up ("15 min"); in another
 * language Intl's short units ("sekunde 45", "dakika 15" in sw-KE).
 */
export function formatWait(seconds: number, locale = currentIntlLocale()): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const [amount, unit] = whole < 60 ? [whole, 'second'] : [Math.ceil(whole / 60), 'minute'];
  if (locale === DEFAULT_DATE_LOCALE) return unit === 'second' ? `${amount}s` : `${amount} min`;
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(amount);
}

/** A count or other whole number with the language's grouping ("12,500" in en-KE and sw-KE). */
export function formatNumber(value: number, locale = currentIntlLocale()): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/**
 * Money from integer minor units with the shop's currency symbol, e.g. "KSh 1,250.00": exact
 * integer maths (core/settings/money.rules.ts), the separators of the language's Intl locale.
 */
export function formatMoneyAmount(amountMinor: number, currencySymbol: string, decimals = 2, locale = currentIntlLocale()): string {
  return formatMinorUnits(amountMinor, currencySymbol, decimals, locale);
}

/** Bytes in the largest unit that keeps the number at or above 1 (kB, MB, GB: powers of 1024). */
export function formatBytes(bytes: number): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(currentIntlLocale(), { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}
