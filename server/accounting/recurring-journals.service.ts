import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RecurringFrequency, recurringEntryInputSchema, recurringEntrySchema, recurringEntryUpdateSchema } from '../../core/accounting/accounting.schemas';
import type { Database, TenantTx } from '../db/client';
import { recurringJournalRuns, recurringJournals } from '../db/schema/accounting';
import { businessSettings } from '../db/schema/settings';
import { calendarDayIn, datesDueThrough, firstDueDate, nextDueDate, type RecurringSchedule } from '../expenses/recurring-schedule';
import { notFound } from '../http/errors';
import { forEachActiveShop } from '../jobs/each-shop';
import type { JobDefinition } from '../jobs/job-queue';
import type { Logger } from '../logger';
import { requireOpenDay, requirePostableLines, toPostingLines } from './manual-entries.service';
import { applyLockDate, postEntry, readLedgerSettings } from './posting';

// Recurring journal entries (issue 17): the same lines posted on the start date and then every
// week, month, three months or year (on the start's day of the month, or the month's last day
// when shorter) until the end date. The `accounting.recurring-journals` job posts every date due
// up to the shop's today, each date once: the recurring row is locked while its entries are posted
// and recurring_journal_runs is unique per (recurring entry, date). A date the books have since
// been locked over is posted on the day after the lock date: no one is there to choose another.

export type RecurringEntry = z.infer<typeof recurringEntrySchema>;
type RecurringInput = z.output<typeof recurringEntryInputSchema>;
type RecurringUpdate = z.output<typeof recurringEntryUpdateSchema>;

export const RECURRING_JOURNALS_JOB = 'accounting.recurring-journals';
const HOUR_MS = 60 * 60_000;
/** Most entries one run posts for one recurring entry (a start years back catches up over runs). */
const MAX_DATES_PER_RUN = 60;

const scheduleOf = (frequency: RecurringFrequency, startDate: string): RecurringSchedule => ({
  frequency,
  dayOfMonth: frequency === 'weekly' ? null : Number(startDate.slice(8, 10)),
});

/** The first date due after the last one posted (none yet: from the start), or null past the end date. */
function nextDateAfter(entry: { frequency: RecurringFrequency; startDate: string; endDate: string | null }, lastRunDate: string | null): string | null {
  const schedule = scheduleOf(entry.frequency, entry.startDate);
  let next = firstDueDate(entry.startDate, schedule);
  while (lastRunDate !== null && next <= lastRunDate) next = nextDueDate(next, schedule);
  return entry.endDate !== null && next > entry.endDate ? null : next;
}

function selectRecurring(tx: TenantTx) {
  return tx
    .select({
      id: recurringJournals.id,
      memo: recurringJournals.memo,
      frequency: recurringJournals.frequency,
      startDate: recurringJournals.startDate,
      endDate: recurringJournals.endDate,
      nextDate: recurringJournals.nextDate,
      isActive: recurringJournals.isActive,
      lines: recurringJournals.lines,
      lastRunDate: sql<string | null>`(select max(r.run_date)::text from recurring_journal_runs r where r.recurring_id = ${recurringJournals.id})`,
    })
    .from(recurringJournals)
    .$dynamic();
}

type RecurringRow = Awaited<ReturnType<ReturnType<typeof selectRecurring>['execute']>>[number];

const toRecurring = (row: RecurringRow): RecurringEntry => ({
  ...row,
  frequency: row.frequency as RecurringFrequency,
  totalMinor: row.lines.reduce((sum, line) => sum + line.debitMinor, 0),
});

async function readRecurring(tx: TenantTx, id: string): Promise<RecurringEntry> {
  const [row] = await selectRecurring(tx).where(eq(recurringJournals.id, id));
  if (!row) throw notFound(/*i18n*/ 'Recurring entry not found');
  return toRecurring(row);
}

/** Active ones first, soonest due first. */
export async function listRecurringEntries(database: Database, tenantId: string): Promise<RecurringEntry[]> {
  const rows = await database.withTenant(tenantId, (tx) => selectRecurring(tx).orderBy(desc(recurringJournals.isActive), asc(recurringJournals.nextDate), asc(recurringJournals.memo)));
  return rows.map(toRecurring);
}

export function createRecurringEntry(database: Database, author: { tenantId: string; userId: string }, input: RecurringInput): Promise<RecurringEntry> {
  return database.withTenant(author.tenantId, async (tx) => {
    await requireOpenDay(tx, input.startDate, 'startDate');
    await requirePostableLines(tx, input.lines);
    const [row] = await tx
      .insert(recurringJournals)
      .values({ ...input, tenantId: author.tenantId, nextDate: nextDateAfter(input, null), createdBy: author.userId })
      .returning({ id: recurringJournals.id });
    return readRecurring(tx, row!.id);
  });
}

/** Changes what the next entries will be, or pauses and resumes; what was posted stays. */
export function updateRecurringEntry(database: Database, tenantId: string, id: string, input: RecurringUpdate): Promise<RecurringEntry> {
  return database.withTenant(tenantId, async (tx) => {
    const [current] = await selectRecurring(tx).where(eq(recurringJournals.id, id)).for('update', { of: recurringJournals });
    if (!current) throw notFound(/*i18n*/ 'Recurring entry not found');
    const entry = {
      frequency: input.frequency ?? (current.frequency as RecurringFrequency),
      startDate: input.startDate ?? current.startDate,
      endDate: input.endDate === undefined ? current.endDate : input.endDate,
      lines: input.lines ?? current.lines,
      isActive: input.isActive ?? current.isActive,
    };
    if (input.startDate !== undefined && input.startDate !== current.startDate) await requireOpenDay(tx, input.startDate, 'startDate');
    // The lines are checked again when they change or come back into use (an account may have been archived meanwhile).
    if (input.lines || (entry.isActive && !current.isActive)) await requirePostableLines(tx, entry.lines);
    await tx
      .update(recurringJournals)
      .set({ ...input, nextDate: nextDateAfter(entry, current.lastRunDate), updatedAt: new Date() })
      .where(eq(recurringJournals.id, id));
    return readRecurring(tx, id);
  });
}

/** Posts one shop's recurring entries due up to its today; answers how many entries were posted. */
export async function postDueRecurringEntriesInShop(tx: TenantTx, tenantId: string, now: Date): Promise<number> {
  const [settings] = await tx.select({ timeZone: businessSettings.timeZone }).from(businessSettings).limit(1);
  const today = calendarDayIn(now, settings?.timeZone ?? 'Africa/Nairobi');
  const due = await tx
    .select({ id: recurringJournals.id })
    .from(recurringJournals)
    .where(and(eq(recurringJournals.isActive, true), lte(recurringJournals.nextDate, today)))
    .orderBy(asc(recurringJournals.id));
  if (due.length === 0) return 0;
  const ledgerSettings = await readLedgerSettings(tx);
  let posted = 0;
  for (const { id } of due) {
    // Locked one by one in id order, re-checked under the lock: a concurrent run already moved next_date on.
    const [recurring] = await tx
      .select()
      .from(recurringJournals)
      .where(and(eq(recurringJournals.id, id), eq(recurringJournals.isActive, true), lte(recurringJournals.nextDate, today)))
      .for('update');
    if (!recurring?.nextDate) continue;
    const lastDay = recurring.endDate !== null && recurring.endDate < today ? recurring.endDate : today;
    const { dates, next } = datesDueThrough(recurring.nextDate, lastDay, scheduleOf(recurring.frequency as RecurringFrequency, recurring.startDate), MAX_DATES_PER_RUN);
    for (const runDate of dates) {
      const entry = await postEntry(
        tx,
        tenantId,
        {
          sourceType: 'recurring_journal',
          sourceId: null,
          entryDate: applyLockDate(runDate, { ...ledgerSettings, lockPolicy: 'next_open_day' }),
          memo: recurring.memo,
          lines: toPostingLines(recurring.lines),
        },
        { createdBy: recurring.createdBy },
      );
      await tx.insert(recurringJournalRuns).values({ tenantId, recurringId: id, runDate, entryId: entry!.entryId });
      posted += 1;
    }
    await tx
      .update(recurringJournals)
      .set({ nextDate: recurring.endDate !== null && next > recurring.endDate ? null : next, updatedAt: new Date() })
      .where(eq(recurringJournals.id, id));
  }
  return posted;
}

/** Runs every active shop at `now`, one transaction per shop; one shop's failure does not stop the others. */
export async function postDueRecurringEntries(database: Database, now: Date, { logger, onBatch }: { logger?: Logger; onBatch?: () => Promise<void> } = {}): Promise<number> {
  let posted = 0;
  await forEachActiveShop(database, { what: 'Recurring journal entries', logger, onBatch }, async (tenantId) => {
    posted += await database.withTenant(tenantId, (tx) => postDueRecurringEntriesInShop(tx, tenantId, now));
  });
  return posted;
}

/** Hourly, so each shop's entries are posted within an hour of its day starting in its own time zone. */
export function recurringJournalsJob(database: Database, logger: Logger): JobDefinition {
  return {
    name: RECURRING_JOURNALS_JOB,
    recurring: { nextRunAt: (after) => new Date(after.getTime() + HOUR_MS) },
    async handler(context) {
      const posted = await postDueRecurringEntries(database, context.now, { logger, onBatch: context.extendLease });
      logger.info({ posted }, 'Recurring journal entries posted');
    },
  };
}
