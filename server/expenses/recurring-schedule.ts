import type { IsoDate } from '../../core/accounts/aging.rules';

// When a recurring expense (or a recurring journal entry) falls due: monthly, every three months or
// yearly on a day of the month (the month's last day when it is shorter: rent on the 31st is paid
// on 28 February), weekly every 7 days from its start. Days are calendar days (YYYY-MM-DD),
// computed in UTC so no time zone shifts them.

/** A recurring expense's frequencies; recurring journal entries also come every three months or yearly. */
export type RecurringFrequency = 'monthly' | 'weekly';
export type ScheduleFrequency = RecurringFrequency | 'quarterly' | 'yearly';
export interface RecurringSchedule {
  frequency: ScheduleFrequency;
  /** Every frequency but weekly. */
  dayOfMonth: number | null;
}

const MONTHS_APART: Record<Exclude<ScheduleFrequency, 'weekly'>, number> = { monthly: 1, quarterly: 3, yearly: 12 };

const toDate = (day: IsoDate) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date): IsoDate => date.toISOString().slice(0, 10);
const daysInMonth = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();

/** The schedule's day in a month (year, 0-based month), clamped to the month's last day. */
function dayInMonth(year: number, monthIndex: number, dayOfMonth: number): IsoDate {
  return toDay(new Date(Date.UTC(year, monthIndex, Math.min(dayOfMonth, daysInMonth(year, monthIndex)))));
}

/** The first due date on or after the start. */
export function firstDueDate(start: IsoDate, schedule: RecurringSchedule): IsoDate {
  if (schedule.frequency === 'weekly') return start;
  const date = toDate(start);
  const inStartMonth = dayInMonth(date.getUTCFullYear(), date.getUTCMonth(), schedule.dayOfMonth!);
  return inStartMonth >= start ? inStartMonth : dayInMonth(date.getUTCFullYear(), date.getUTCMonth() + 1, schedule.dayOfMonth!);
}

/** The due date after one that was due. */
export function nextDueDate(due: IsoDate, schedule: RecurringSchedule): IsoDate {
  const date = toDate(due);
  if (schedule.frequency === 'weekly') return toDay(new Date(date.getTime() + 7 * 86_400_000));
  return dayInMonth(date.getUTCFullYear(), date.getUTCMonth() + MONTHS_APART[schedule.frequency], schedule.dayOfMonth!);
}

/** Every date due from `next` up to and including `today` (at most `limit`), and the next one after them. */
export function datesDueThrough(next: IsoDate, today: IsoDate, schedule: RecurringSchedule, limit: number): { dates: IsoDate[]; next: IsoDate } {
  const dates: IsoDate[] = [];
  let due = next;
  while (due <= today && dates.length < limit) {
    dates.push(due);
    due = nextDueDate(due, schedule);
  }
  return { dates, next: due };
}

/** The calendar day an instant falls on in a time zone. */
export function calendarDayIn(instant: Date, timeZone: string): IsoDate {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}
