// Report periods as the shop's calendar days (YYYY-MM-DD): the API takes days in the shop's time
// zone, so the arithmetic stays on the day's numbers, never on a clock.

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
