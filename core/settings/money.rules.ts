// Money is integer minor units everywhere (house rule 3); formatting happens at the edge.

const MINUS_SIGN = '\u2212';

interface NumberSymbols {
  group: string;
  decimal: string;
}
const ENGLISH_SYMBOLS: NumberSymbols = { group: ',', decimal: '.' };
const symbolsByLocale = new Map<string, NumberSymbols>();

/** The grouping and decimal separators Intl uses for a locale (both "," and "." for en-KE and sw-KE). */
function numberSymbols(locale: string | undefined): NumberSymbols {
  if (!locale) return ENGLISH_SYMBOLS;
  let symbols = symbolsByLocale.get(locale);
  if (!symbols) {
    try {
      const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567.5);
      symbols = {
        group: parts.find((part) => part.type === 'group')?.value ?? ENGLISH_SYMBOLS.group,
        decimal: parts.find((part) => part.type === 'decimal')?.value ?? ENGLISH_SYMBOLS.decimal,
      };
    } catch {
      symbols = ENGLISH_SYMBOLS;
    }
    symbolsByLocale.set(locale, symbols);
  }
  return symbols;
}

/**
 * "KES 1,500.00" from 150000 minor units; "−KSh 300.00" from −30000 (the minus sign, U+2212, before
 * the currency, as in accounting print). Whole and fraction are cut from the integer, never divided
 * as a float, so every cent up to Number.MAX_SAFE_INTEGER shows as it is stored. With an Intl
 * locale, its grouping and decimal separators (the same as English's for en-KE and sw-KE).
 */
export function formatMinorUnits(amountMinor: number, currency: string, decimals = 2, locale?: string): string {
  const { group, decimal } = numberSymbols(locale);
  const absolute = Math.abs(amountMinor);
  const scale = 10 ** decimals;
  const whole = Math.trunc(absolute / scale).toString().replace(/\B(?=(\d{3})+$)/g, group);
  const fraction = decimals > 0 ? `${decimal}${String(absolute % scale).padStart(decimals, '0')}` : '';
  return `${amountMinor < 0 ? MINUS_SIGN : ''}${currency} ${whole}${fraction}`;
}

const MONEY_PATTERN = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/** "1,250.50" or "1250.5" → 125050 minor units; null for anything else (negative, 3 decimals, text). */
export function parseMoney(text: string): number | null {
  const match = MONEY_PATTERN.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 125050 → "1250.50" (plain, for inputs and CSV). */
export function formatMoneyPlain(amountMinor: number): string {
  const sign = amountMinor < 0 ? '-' : '';
  const absolute = Math.abs(amountMinor);
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}
