// Aging of open items (issue 14): how long what a contact owes (or is owed) has been overdue,
// in the five buckets statements, debtors and creditors lists show. Pure: dates in, minor units out.

/** Calendar dates as 'YYYY-MM-DD' (a shop's local date; no time, no zone). */
export type IsoDate = string;

export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** English labels (translated in core.po; the web shows them through translateMessage). */
export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  current: /*i18n*/ 'Current',
  days1to30: /*i18n*/ '1–30 days',
  days31to60: /*i18n*/ '31–60 days',
  days61to90: /*i18n*/ '61–90 days',
  over90: /*i18n*/ 'Over 90 days',
};

export interface AgingOpenItem {
  /** What is still open on the item, in minor units (> 0 for a debit still owed). */
  openMinor: number;
  /** When it fell or falls due; null = no terms (counted as current). */
  dueDate: IsoDate | null;
}

export interface AgingBuckets {
  currentMinor: number;
  days1to30Minor: number;
  days31to60Minor: number;
  days61to90Minor: number;
  over90Minor: number;
  totalMinor: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a calendar date; throws on anything that is not a real date. */
export function epochDay(date: IsoDate): number {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`Not a calendar date: ${date}`);
  }
  return Math.round(ms / 86_400_000);
}

/** True for a real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(value: string): boolean {
  try {
    epochDay(value);
    return true;
  } catch {
    return false;
  }
}

/** Calendar days from dueDate to asOf: 0 when due today or later, or with no due date. */
export function daysOverdue(dueDate: IsoDate | null, asOf: IsoDate): number {
  if (dueDate === null) return 0;
  return Math.max(0, epochDay(asOf) - epochDay(dueDate));
}

/** The bucket for a number of days overdue. */
export function agingBucketFor(days: number): AgingBucket {
  if (days <= 0) return 'current';
  if (days <= 30) return 'days1to30';
  if (days <= 60) return 'days31to60';
  if (days <= 90) return 'days61to90';
  return 'over90';
}

export function emptyAgingBuckets(): AgingBuckets {
  return { currentMinor: 0, days1to30Minor: 0, days31to60Minor: 0, days61to90Minor: 0, over90Minor: 0, totalMinor: 0 };
}

/**
 * Sums open amounts into the aging buckets at asOf. Days overdue = asOf − dueDate in calendar days;
 * an item not yet due (or due today) or without a due date is current. Integer minor units only.
 */
export function agingBuckets(openItems: readonly AgingOpenItem[], asOf: IsoDate): AgingBuckets {
  epochDay(asOf);
  const result = emptyAgingBuckets();
  for (const item of openItems) {
    if (!Number.isSafeInteger(item.openMinor)) throw new RangeError('openMinor must be an integer number of minor units');
    const bucket = agingBucketFor(daysOverdue(item.dueDate, asOf));
    result[`${bucket}Minor`] += item.openMinor;
    result.totalMinor += item.openMinor;
  }
  return result;
}
