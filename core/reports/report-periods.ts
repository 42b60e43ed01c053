// Report periods as the shop's calendar days (YYYY-MM-DD): the API takes days in the shop's time
// zone, so the arithmetic stays on the day's numbers, never on a clock. Used by the accounting
// reports, the dashboard and /admin/reports (issue 18).

export interface Period {
  from: string;
  to: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
const dayOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const partsOf = (day: string) => day.split('-').map(Number) as [number, number, number];
/** Days in a month (1–12): day 0 of the next month is this month's last. */
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The calendar month holding `day`, from its first to its last day. */
export function monthOf(day: string): Period {
  const [year, month] = partsOf(day);
  return { from: dayOf(year, month, 1), to: dayOf(year, month, daysInMonth(year, month)) };
}

/** The month before the one holding `day` (a VAT return is filed for the month just ended). */
export function previousMonthOf(day: string): Period {
  const [year, month] = partsOf(day);
  return month === 1 ? monthOf(dayOf(year - 1, 12, 1)) : monthOf(dayOf(year, month - 1, 1));
}

/** From the first of January of `day`'s year up to `day`. */
export function yearToDate(day: string): Period {
  return { from: `${day.slice(0, 4)}-01-01`, to: day };
}

/** `day` moved by `days` (negative: back). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = partsOf(day);
  const moved = new Date(Date.UTC(year, month - 1, date + days));
  return dayOf(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/** ISO weekday of a day: 1 = Monday … 7 = Sunday. */
export function weekdayOf(day: string): number {
  const [year, month, date] = partsOf(day);
  return ((new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7) + 1;
}

/** The report period picker's presets (issue 18); custom is whatever days the person picks. */
export const PERIOD_PRESETS = ['today', 'yesterday', 'this_week', 'this_month', 'last_month', 'this_year', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const PERIOD_PRESET_LABELS: Record<PeriodPreset, string> = {
  today: /*i18n*/ 'Today',
  yesterday: /*i18n*/ 'Yesterday',
  this_week: /*i18n*/ 'This week',
  this_month: /*i18n*/ 'This month',
  last_month: /*i18n*/ 'Last month',
  this_year: /*i18n*/ 'This year',
  custom: /*i18n*/ 'Custom',
};

/**
 * A preset's days as of `today` (the shop's day). A week starts on Monday (ISO, as in Kenya); a
 * "this" period runs up to today. Custom has no days of its own: null.
 */
export function presetPeriod(preset: PeriodPreset, today: string): Period | null {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'this_week':
      return { from: addDays(today, 1 - weekdayOf(today)), to: today };
    case 'this_month':
      return { from: monthOf(today).from, to: today };
    case 'last_month':
      return previousMonthOf(today);
    case 'this_year':
      return yearToDate(today);
    case 'custom':
      return null;
  }
}

/** The same days a week earlier: the same weekdays, so a Saturday is compared with a Saturday. */
export function weekEarlier(period: Period): Period {
  return { from: addDays(period.from, -7), to: addDays(period.to, -7) };
}

/** Today in a time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * A custom period with one end moved to `day`: the other end follows when it would be crossed, so
 * the period never ends before it starts. An empty `day` (a cleared date field) changes nothing.
 */
export function withPeriodEnd<P extends Period & { preset: PeriodPreset }>(period: P, end: 'from' | 'to', day: string): P | (Period & { preset: 'custom' }) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return period;
  if (end === 'from') return { preset: 'custom', from: day, to: period.to < day ? day : period.to };
  return { preset: 'custom', from: period.from > day ? day : period.from, to: day };
}
