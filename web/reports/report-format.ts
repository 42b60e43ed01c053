import { formatQuantity } from '../../core/products/quantity.rules';
import type { ReportColumn } from '../../core/reports/report-catalog';
import type { ReportCell } from '../../core/reports/reports.schemas';
import { formatDate, formatDateTime } from '../lib/format';

// A report cell as the screen shows it, by its column's kind (core/reports/report-catalog.ts):
// money in the shop's currency, quantities from thousandths, rates from basis points, days as the
// shop's calendar days, moments in the shop's time zone, hours as "14:00", weekdays by name in the
// language on screen, and codes (tenders, reasons, movement kinds) by their translated labels.

export interface CellFormat {
  /** Minor units in the shop's currency: 150000 → "KSh 1,500.00". */
  money: (amountMinor: number) => string;
  /** The Intl locale of the language on screen (en-KE, sw-KE). */
  locale: string;
  /** The shop's time zone, for moments (datetime). */
  timeZone: string;
  /** A code's label in the language on screen (a tender, a reason), or undefined to show it as it is. */
  codeLabel?: (columnKey: string, code: string) => string | undefined;
}

export const EMPTY_CELL = '—';

/** A Monday (2024-01-01) from which ISO weekday N is N − 1 days on. */
const MONDAY_UTC = Date.UTC(2024, 0, 1);

/** "Monday" … "Sunday" (Jumatatu … Jumapili in sw-KE) for ISO weekday 1–7. */
export function weekdayName(weekday: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(MONDAY_UTC + (weekday - 1) * 86_400_000));
}

/** "November 2026" for 2026-11 (or 2026-11-01 when a month stands for the period). */
export function monthName(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month.slice(0, 7)}-01T00:00:00Z`));
}

/** A calendar day (YYYY-MM-DD) as the shop's day: read at UTC so no zone moves it to another day. */
export function calendarDay(value: string, locale: string): string {
  if (/^\d{4}-\d{2}$/.test(value)) return monthName(value, locale);
  return formatDate(`${value.slice(0, 10)}T00:00:00Z`, 'UTC', locale);
}

export function formatCell(column: Pick<ReportColumn, 'key' | 'kind'>, value: ReportCell | undefined, format: CellFormat): string {
  if (value === null || value === undefined || value === '') return EMPTY_CELL;
  const number = typeof value === 'number' ? value : Number(value);
  switch (column.kind) {
    case 'money':
      return Number.isFinite(number) ? format.money(number) : String(value);
    case 'quantity':
      return Number.isFinite(number) ? formatQuantity(number) : String(value);
    case 'count':
      return Number.isFinite(number) ? new Intl.NumberFormat(format.locale).format(number) : String(value);
    case 'percent':
      return Number.isFinite(number) ? new Intl.NumberFormat(format.locale, { style: 'percent', maximumFractionDigits: 2 }).format(number / 10_000) : String(value);
    case 'day':
      return calendarDay(String(value), format.locale);
    case 'month':
      return monthName(String(value), format.locale);
    case 'datetime':
      return formatDateTime(String(value), format.timeZone, format.locale);
    case 'hour':
      return Number.isInteger(number) && number >= 0 && number <= 23 ? `${String(number).padStart(2, '0')}:00` : String(value);
    case 'weekday':
      return Number.isInteger(number) && number >= 1 && number <= 7 ? weekdayName(number, format.locale) : String(value);
    case 'text':
      return format.codeLabel?.(column.key, String(value)) ?? String(value);
  }
}

/** Right-aligned kinds: the figures. */
export function isFigure(column: Pick<ReportColumn, 'kind'>): boolean {
  return column.kind === 'money' || column.kind === 'quantity' || column.kind === 'count' || column.kind === 'percent';
}

/** A cell's number for the chart's value axis (money stays in minor units; the axis formats it). */
export function chartNumber(value: ReportCell | undefined): number {
  if (typeof value === 'number') return value;
  const number = Number(value);
  return Number.isFinite(number) ? number : 0;
}
