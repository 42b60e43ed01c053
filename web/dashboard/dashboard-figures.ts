import { PERIOD_PRESETS, presetPeriod, type PeriodPreset } from '../../core/reports/report-periods';

// The dashboard's arithmetic, kept apart from the screen so it is tested on its own: the change
// against last week, the hours the hour chart draws, and the period the address asks for.

/** The period the dashboard and the reports show: a preset and its days (custom: any two days). */
export interface PeriodValue {
  preset: PeriodPreset;
  from: string;
  to: string;
}

/**
 * The change from `previous` to `current` as a whole percentage (+12 for 12% more); null when
 * there is nothing to compare with (last week's figure was 0).
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 100);
}

/** A whole percentage with its sign, in the language's style: "+12%", "−5%", "0%". */
export function formatSignedPercent(percent: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' }).format(percent / 100);
}

/** A change of margin (basis points) in percentage points with its sign: 150 → "+1.5". */
export function formatSignedPoints(changeBp: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(changeBp / 100);
}

/** A margin in basis points as a percentage: 2550 → "25.5%". */
export function formatMargin(marginBp: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(marginBp / 10_000);
}

/** The weekday of a calendar day (YYYY-MM-DD) in the language: "Wednesday", "Jumatano". */
export function weekdayName(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

/** A day for a chart's axis: "24 Nov". */
export function shortDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

/** An hour of the day as the clock shows it: 9 → "09:00". */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export interface HourFigures {
  hour: number;
  netSalesMinor: number;
  saleCount: number;
}

/**
 * The hours the hour chart draws: every hour from the first with sales to the last, the quiet ones
 * between as zero, so the day's shape shows without the empty night. No sales: no hours.
 */
export function hoursToDraw(byHour: readonly HourFigures[]): HourFigures[] {
  const busy = byHour.filter((row) => row.saleCount !== 0 || row.netSalesMinor !== 0);
  if (busy.length === 0) return [];
  const first = Math.min(...busy.map((row) => row.hour));
  const last = Math.max(...busy.map((row) => row.hour));
  const byNumber = new Map(byHour.map((row) => [row.hour, row]));
  const hours: HourFigures[] = [];
  for (let hour = first; hour <= last; hour += 1) hours.push(byNumber.get(hour) ?? { hour, netSalesMinor: 0, saleCount: 0 });
  return hours;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isPreset = (value: string | null): value is PeriodPreset => (PERIOD_PRESETS as readonly string[]).includes(value ?? '');

/**
 * The period an address asks for (?period=this_week, or ?period=custom&from=…&to=…), as of the
 * shop's `today`. Anything missing or malformed is today; a custom period's ends are put in order.
 */
export function periodFromParams(params: URLSearchParams, today: string): PeriodValue {
  const asked = params.get('period');
  const preset = isPreset(asked) ? asked : 'today';
  if (preset !== 'custom') return { preset, ...presetPeriod(preset, today)! };
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (!DAY.test(from) || !DAY.test(to)) return { preset: 'today', from: today, to: today };
  return from <= to ? { preset, from, to } : { preset, from: to, to: from };
}

/** The address's parameters for a period (today is the default and leaves the address bare). */
export function periodParams(period: PeriodValue): Record<'period' | 'from' | 'to', string | undefined> {
  if (period.preset === 'custom') return { period: 'custom', from: period.from, to: period.to };
  return { period: period.preset === 'today' ? undefined : period.preset, from: undefined, to: undefined };
}

/** A moment's time of day on the shop's clock, 24-hour: "14:05". */
export function clockTime(iso: string, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(iso));
}

/** Each amount's share of their total as a whole percentage (0 when the total is not above 0). */
export function sharesOf(amounts: readonly number[]): number[] {
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  return amounts.map((amount) => (total > 0 ? Math.round((amount / total) * 100) : 0));
}
