import { z } from 'zod';
import { safeLine } from '../api/text.schemas';
import { calendarDaySchema } from '../purchases/purchases.schemas';
import { REFUND_TENDERS } from '../sales/sales.schemas';
import { PERIOD_GROUPINGS, REPORT_KEYS } from './report-catalog';

// The dashboard's and the reports' API contract (issue 18). Days are YYYY-MM-DD in the shop's time
// zone; money is minor units; quantities thousandths; rates basis points. /api/dashboard for every
// member (a cashier gets their own shift), /api/reports/<key> for managers and owners on a plan
// with advanced_reporting (402 otherwise), /api/saved-reports with custom_reports.

/** The longest period a report or the dashboard reads at once. */
export const MAX_REPORT_DAYS = 1096;
export const REPORT_PAGE_SIZES = [25, 50, 100, 250] as const;
export const DEFAULT_REPORT_PAGE_SIZE = 50;
/** A PDF holds at most this many rows (about 100 pages of A4); the CSV has no limit. */
export const MAX_PDF_ROWS = 5000;
export const SLOW_MOVER_DAYS = { min: 7, max: 730, default: 90 } as const;

const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;

/** Days from `from` to `to`, both counted. */
export function periodLength(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

function checkPeriod(value: { from?: string; to?: string }, ctx: z.core.$RefinementCtx) {
  if (!value.from || !value.to) return;
  if (value.to < value.from) ctx.addIssue({ code: 'custom', path: ['to'], message: /*i18n*/ 'The end date is before the start date' });
  else if (periodLength(value.from, value.to) > MAX_REPORT_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: /*i18n*/ 'Choose a period of at most three years' });
}

export const reportFormatSchema = z.enum(['json', 'csv', 'pdf']);

/** GET /api/reports/<key>: a report's parameters (those a report does not take are ignored). */
export const reportQuerySchema = z
  .object({
    from: calendarDaySchema.optional(),
    to: calendarDaySchema.optional(),
    /** For a report at a day (stock valuation, gift card liability). */
    date: calendarDaySchema.optional(),
    locationId: z.uuid({ message: /*i18n*/ 'Choose a location' }).optional(),
    groupBy: z.enum(PERIOD_GROUPINGS).default('day'),
    days: z.coerce
      .number()
      .int({ message: /*i18n*/ 'Enter a whole number of days' })
      .min(SLOW_MOVER_DAYS.min, { message: /*i18n*/ 'Enter at least 7 days' })
      .max(SLOW_MOVER_DAYS.max, { message: /*i18n*/ 'Enter at most 730 days' })
      .default(SLOW_MOVER_DAYS.default),
    productId: z.uuid({ message: /*i18n*/ 'Choose a product' }).optional(),
    q: safeLine().trim().max(100).optional(),
    sort: z.string().regex(/^[a-zA-Z0-9]{1,40}$/).optional(),
    dir: z.enum(['asc', 'desc']).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .refine((size) => (REPORT_PAGE_SIZES as readonly number[]).includes(size), { message: /*i18n*/ 'Choose 25, 50, 100 or 250 rows a page' })
      .default(DEFAULT_REPORT_PAGE_SIZE),
    /** Columns to leave out of the table and the files (a saved report's choice). */
    hide: z
      .string()
      .regex(/^[a-zA-Z0-9]{1,40}(,[a-zA-Z0-9]{1,40}){0,30}$/)
      .optional(),
    format: reportFormatSchema.default('json'),
  })
  .superRefine(checkPeriod);
export type ReportQuery = z.output<typeof reportQuerySchema>;

export const reportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof reportCellSchema>;
export type ReportRow = Record<string, ReportCell>;

export const reportResultSchema = z.object({
  key: z.enum(REPORT_KEYS),
  /** The period or day read (days in the shop's time zone); null for "as it is now". */
  from: z.string().nullable(),
  to: z.string().nullable(),
  locationId: z.uuid().nullable(),
  /** The columns sent, in order (cost columns only to those who may see costs). */
  columns: z.array(z.string()),
  rows: z.array(z.record(z.string(), reportCellSchema)),
  /** Σ of the summed columns over every row (all pages). */
  totals: z.record(z.string(), reportCellSchema),
  sort: z.object({ key: z.string(), dir: z.enum(['asc', 'desc']) }),
  page: z.int(),
  pageSize: z.int(),
  totalRows: z.int(),
});
export type ReportResult = z.infer<typeof reportResultSchema>;

// --- the dashboard ---

export const dashboardQuerySchema = z
  .object({
    from: calendarDaySchema.optional(),
    to: calendarDaySchema.optional(),
    locationId: z.uuid({ message: /*i18n*/ 'Choose a location' }).optional(),
  })
  .superRefine(checkPeriod);
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

export const dashboardFiguresSchema = z.object({
  /** Σ sales after discounts, VAT included, tips left out, less returns. */
  netSalesMinor: z.int(),
  saleCount: z.int(),
  /** Gross sales ÷ number of sales. */
  averageBasketMinor: z.int(),
  returnsMinor: z.int(),
  /** Sales excl. VAT less their cost, returns deducted; left out for those who may not see costs. */
  grossProfitMinor: z.int().optional(),
  /** Gross profit ÷ sales excl. VAT; null without sales; left out for those who may not see costs. */
  marginBp: z.int().nullable().optional(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const dashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The same days a week earlier (the same weekdays). */
  compareFrom: z.string(),
  compareTo: z.string(),
  locationId: z.uuid().nullable(),
  /** shop: the shop's figures; shift: a cashier's own open (or last) shift. */
  scope: z.enum(['shop', 'shift']),
  shiftId: z.uuid().nullable(),
  figures: dashboardFiguresSchema,
  compare: dashboardFiguresSchema,
  byHour: z.array(z.object({ hour: z.int(), netSalesMinor: z.int(), saleCount: z.int() })),
  /** The 30 days ending at `to`, every day present. */
  trend: z.array(z.object({ day: z.string(), netSalesMinor: z.int(), saleCount: z.int() })),
  tenders: z.array(z.object({ tender: z.enum(REFUND_TENDERS), amountMinor: z.int() })),
  topProducts: z.array(z.object({ productId: z.uuid(), name: z.string(), quantity: z.int(), netSalesMinor: z.int() })),
  topCategories: z.array(z.object({ categoryId: z.uuid().nullable(), name: z.string().nullable(), netSalesMinor: z.int() })),
  /** Null for a cashier. */
  lowStockCount: z.int().nullable(),
  receivables: z.object({ dueMinor: z.int(), overdueMinor: z.int(), overdueCustomers: z.int() }).nullable(),
  payablesDueThisWeek: z.object({ amountMinor: z.int(), billCount: z.int() }).nullable(),
  openShifts: z.array(
    z.object({
      shiftId: z.uuid(),
      registerName: z.string(),
      locationName: z.string(),
      cashierName: z.string().nullable(),
      openedAt: z.string(),
      saleCount: z.int(),
      netSalesMinor: z.int(),
      expectedCashMinor: z.int(),
    }),
  ),
  /** Things to look at: sales that reached the server after their shift closed, etc. */
  problems: z.array(z.object({ kind: z.enum(['late_sales', 'outbox_sales']), count: z.int() })),
  /** Saved reports pinned to the dashboard (with the dashboards feature). */
  pinned: z.array(z.object({ id: z.uuid(), name: z.string(), reportKey: z.enum(REPORT_KEYS) })),
  generatedAt: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// --- saved reports ---

/** What a saved report keeps: the report's parameters as the screen had them. */
export const savedReportParamsSchema = z.object({
  preset: z.enum(['today', 'yesterday', 'this_week', 'this_month', 'last_month', 'this_year', 'custom']).default('this_month'),
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
  locationId: z.uuid().optional(),
  groupBy: z.enum(PERIOD_GROUPINGS).optional(),
  days: z.int().min(SLOW_MOVER_DAYS.min).max(SLOW_MOVER_DAYS.max).optional(),
  productId: z.uuid().optional(),
  q: safeLine().trim().max(100).optional(),
  sort: z.string().regex(/^[a-zA-Z0-9]{1,40}$/).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
  hiddenColumns: z.array(z.string().regex(/^[a-zA-Z0-9]{1,40}$/)).max(30).default([]),
});
export type SavedReportParams = z.output<typeof savedReportParamsSchema>;

const savedReportName = safeLine().trim().min(1, { message: /*i18n*/ 'Enter a name' }).max(80, { message: /*i18n*/ 'A name is at most 80 characters' });

export const savedReportInputSchema = z.object({
  name: savedReportName,
  reportKey: z.enum(REPORT_KEYS, { message: /*i18n*/ 'Choose a report' }),
  params: savedReportParamsSchema,
  isPinned: z.boolean().default(false),
});
export type SavedReportInput = z.output<typeof savedReportInputSchema>;

export const savedReportPatchSchema = z
  .object({ name: savedReportName.optional(), params: savedReportParamsSchema.optional(), isPinned: z.boolean().optional() })
  .refine((patch) => Object.keys(patch).length > 0, { message: /*i18n*/ 'Nothing to change' });

export const savedReportSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  reportKey: z.enum(REPORT_KEYS),
  params: savedReportParamsSchema,
  isPinned: z.boolean(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedReport = z.infer<typeof savedReportSchema>;
export const savedReportListSchema = z.object({ items: z.array(savedReportSchema) });

// --- the daily summary e-mail ---

export const reportSettingsSchema = z.object({
  /** E-mail the day's summary to the shop's owners at closing time. */
  dailySummaryEnabled: z.boolean(),
  /** HH:MM in the shop's time zone. */
  closingTime: z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { message: /*i18n*/ 'Enter a time as HH:MM' }),
  lastSummaryDay: z.string().nullable(),
});
export type ReportSettings = z.infer<typeof reportSettingsSchema>;
export const reportSettingsInputSchema = reportSettingsSchema.omit({ lastSummaryDay: true });
