import { epochDay, type IsoDate } from '../accounts/aging.rules';

// Statement periods (issue 14): the presets of the period picker, worked out from the shop's
// "today" (a calendar date in its time zone, which the server sends with every statement).

export const STATEMENT_PERIOD_PRESETS = ['this_month', 'last_month', 'last_90_days'] as const;
export type StatementPeriodPreset = (typeof STATEMENT_PERIOD_PRESETS)[number];

/** The longest period one statement covers (ten years and a bit): a bound on the work it asks for. */
export const MAX_STATEMENT_DAYS = 3700;

export interface StatementPeriod {
  from: IsoDate;
  to: IsoDate;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The calendar date a number of days after 1970-01-01. */
export function isoDateFromEpochDay(day: number): IsoDate {
  const date = new Date(day * 86_400_000);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** A date plus (or minus) a number of calendar days. */
export function addDays(date: IsoDate, days: number): IsoDate {
  return isoDateFromEpochDay(epochDay(date) + days);
}

/** Calendar days from `from` to `to`, both counted (a one-day period is 1). */
export function periodLengthDays(period: StatementPeriod): number {
  return epochDay(period.to) - epochDay(period.from) + 1;
}

/**
 * The dates a preset stands for on `today`: this month = the 1st to today; last month = the whole
 * previous calendar month; last 90 days = today and the 89 days before it.
 */
export function presetPeriod(preset: StatementPeriodPreset, today: IsoDate): StatementPeriod {
  epochDay(today);
  const [year, month] = today.split('-').map(Number) as [number, number];
  switch (preset) {
    case 'this_month':
      return { from: `${pad(year, 4)}-${pad(month)}-01`, to: today };
    case 'last_month': {
      const firstOfThisMonth = `${pad(year, 4)}-${pad(month)}-01`;
      const lastOfPrevious = addDays(firstOfThisMonth, -1);
      return { from: `${lastOfPrevious.slice(0, 8)}01`, to: lastOfPrevious };
    }
    case 'last_90_days':
      return { from: addDays(today, -89), to: today };
  }
}

/** The preset whose dates these are on `today`, or 'custom'. */
export function presetOf(period: StatementPeriod, today: IsoDate): StatementPeriodPreset | 'custom' {
  return STATEMENT_PERIOD_PRESETS.find((preset) => {
    const candidate = presetPeriod(preset, today);
    return candidate.from === period.from && candidate.to === period.to;
  }) ?? 'custom';
}

/** A file name for a statement's PDF: statement-<name>-<from>-<to>.pdf, ASCII letters and digits only. */
export function statementFileName(contactName: string, period: StatementPeriod): string {
  const slug = contactName
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `statement-${slug || 'contact'}-${period.from}-${period.to}.pdf`;
}
