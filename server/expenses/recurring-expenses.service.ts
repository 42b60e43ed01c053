import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { recurringExpenseInputSchema, recurringExpenseSchema, recurringExpenseUpdateSchema } from '../../core/purchases/purchases.schemas';
import { postDocument } from '../accounting/post-document';
import type { Database, TenantTx } from '../db/client';
import { contacts } from '../db/schema/contacts';
import { expenseCategories, recurringExpenses } from '../db/schema/purchases';
import { businessSettings } from '../db/schema/settings';
import { HttpError, notFound } from '../http/errors';
import { forEachActiveShop } from '../jobs/each-shop';
import type { JobDefinition } from '../jobs/job-queue';
import type { Logger } from '../logger';
import { requireActiveCategory } from './expense-categories.service';
import { requireSupplier } from '../purchases/purchase-documents';
import { insertExpense } from './expenses.service';
import { calendarDayIn, datesDueThrough, firstDueDate, type RecurringFrequency } from './recurring-schedule';

// Recurring expenses (monthly rent, weekly wages): the `expenses.recurring` job makes every expense
// due up to the shop's today and moves next_date on. A recurring row is locked while its expenses
// are made, so two runs take turns and the second finds nothing due; the unique index on
// (recurring_id, expense_date) is the database's last word (docs/decisions/0019).

export type RecurringExpense = z.infer<typeof recurringExpenseSchema>;
type RecurringInput = z.output<typeof recurringExpenseInputSchema>;
type RecurringUpdate = z.output<typeof recurringExpenseUpdateSchema>;

export const RECURRING_EXPENSES_JOB = 'expenses.recurring';
const HOUR_MS = 60 * 60_000;
/** Most expenses one run makes for one recurring expense (a start years back catches up over runs). */
const MAX_DATES_PER_RUN = 60;

function selectRecurring(tx: TenantTx) {
  return tx
    .select({
      id: recurringExpenses.id,
      categoryId: recurringExpenses.categoryId,
      categoryName: expenseCategories.name,
      description: recurringExpenses.description,
      amountMinor: recurringExpenses.amountMinor,
      vatMinor: recurringExpenses.vatMinor,
      vatClaimable: recurringExpenses.vatClaimable,
      supplierId: recurringExpenses.supplierId,
      supplierName: contacts.name,
      paidFrom: recurringExpenses.paidFrom,
      frequency: recurringExpenses.frequency,
      dayOfMonth: recurringExpenses.dayOfMonth,
      nextDate: recurringExpenses.nextDate,
      isActive: recurringExpenses.isActive,
    })
    .from(recurringExpenses)
    .innerJoin(expenseCategories, and(eq(expenseCategories.tenantId, recurringExpenses.tenantId), eq(expenseCategories.id, recurringExpenses.categoryId)))
    .leftJoin(contacts, and(eq(contacts.tenantId, recurringExpenses.tenantId), eq(contacts.id, recurringExpenses.supplierId)))
    .$dynamic();
}

type RecurringRow = Awaited<ReturnType<ReturnType<typeof selectRecurring>['execute']>>[number];

const toRecurring = ({ categoryId, categoryName, supplierId, supplierName, ...row }: RecurringRow): RecurringExpense => ({
  ...row,
  category: { id: categoryId, name: categoryName },
  supplier: supplierId ? { id: supplierId, name: supplierName ?? '' } : null,
  paidFrom: row.paidFrom as RecurringExpense['paidFrom'],
  frequency: row.frequency as RecurringFrequency,
});

async function readRecurring(tx: TenantTx, id: string): Promise<RecurringExpense> {
  const [row] = await selectRecurring(tx).where(eq(recurringExpenses.id, id));
  if (!row) throw notFound(/*i18n*/ 'Recurring expense not found');
  return toRecurring(row);
}

/** Active ones first, soonest due first. */
export async function listRecurringExpenses(database: Database, tenantId: string): Promise<RecurringExpense[]> {
  const rows = await database.withTenant(tenantId, (tx) => selectRecurring(tx).orderBy(desc(recurringExpenses.isActive), asc(recurringExpenses.nextDate)));
  return rows.map(toRecurring);
}

export function createRecurringExpense(database: Database, author: { tenantId: string; userId: string }, input: RecurringInput): Promise<RecurringExpense> {
  return database.withTenant(author.tenantId, async (tx) => {
    await requireActiveCategory(tx, input.categoryId);
    if (input.supplierId) await requireSupplier(tx, input.supplierId);
    const { startDate, ...fields } = input;
    const schedule = { frequency: input.frequency, dayOfMonth: input.frequency === 'monthly' ? input.dayOfMonth : null };
    const [row] = await tx
      .insert(recurringExpenses)
      .values({ ...fields, ...schedule, tenantId: author.tenantId, nextDate: firstDueDate(startDate, schedule), createdBy: author.userId })
      .returning({ id: recurringExpenses.id });
    return readRecurring(tx, row!.id);
  });
}

/** Changes what the next expenses will be, or pauses and resumes; what was already made stays. */
export function updateRecurringExpense(database: Database, tenantId: string, id: string, input: RecurringUpdate): Promise<RecurringExpense> {
  return database.withTenant(tenantId, async (tx) => {
    const [current] = await tx.select({ amountMinor: recurringExpenses.amountMinor, vatMinor: recurringExpenses.vatMinor }).from(recurringExpenses).where(eq(recurringExpenses.id, id)).for('update');
    if (!current) throw notFound(/*i18n*/ 'Recurring expense not found');
    if ((input.vatMinor ?? current.vatMinor) > (input.amountMinor ?? current.amountMinor)) {
      throw new HttpError('validation_failed', /*i18n*/ 'VAT cannot be more than the amount', { vatMinor: [/*i18n*/ 'VAT cannot be more than the amount'] });
    }
    if (input.categoryId) await requireActiveCategory(tx, input.categoryId);
    if (input.supplierId) await requireSupplier(tx, input.supplierId);
    await tx.update(recurringExpenses).set({ ...input, updatedAt: new Date() }).where(eq(recurringExpenses.id, id));
    return readRecurring(tx, id);
  });
}

/** Makes one shop's due expenses up to its today; answers how many were made. */
export async function makeDueExpensesInShop(tx: TenantTx, tenantId: string, now: Date): Promise<number> {
  const [settings] = await tx.select({ timeZone: businessSettings.timeZone }).from(businessSettings).limit(1);
  const today = calendarDayIn(now, settings?.timeZone ?? 'Africa/Nairobi');
  // Locked one by one in id order, re-checked under the lock: a concurrent run already moved next_date on.
  const due = await tx
    .select({ id: recurringExpenses.id })
    .from(recurringExpenses)
    .where(and(eq(recurringExpenses.isActive, true), lte(recurringExpenses.nextDate, today)))
    .orderBy(asc(recurringExpenses.id));
  let made = 0;
  for (const { id } of due) {
    const [recurring] = await tx
      .select()
      .from(recurringExpenses)
      .where(and(eq(recurringExpenses.id, id), eq(recurringExpenses.isActive, true), lte(recurringExpenses.nextDate, today)))
      .for('update');
    if (!recurring) continue;
    const schedule = { frequency: recurring.frequency as RecurringFrequency, dayOfMonth: recurring.dayOfMonth };
    const { dates, next } = datesDueThrough(recurring.nextDate, today, schedule, MAX_DATES_PER_RUN);
    for (const expenseDate of dates) {
      const created = await insertExpense(tx, tenantId, {
        categoryId: recurring.categoryId,
        expenseDate,
        description: recurring.description,
        amountMinor: recurring.amountMinor,
        vatMinor: recurring.vatMinor,
        vatClaimable: recurring.vatClaimable,
        supplierId: recurring.supplierId,
        paidFrom: recurring.paidFrom,
        recurringId: recurring.id,
        createdBy: recurring.createdBy,
      });
      if (!created) continue;
      await postDocument(tx, tenantId, 'expense', created.id);
      made += 1;
    }
    await tx.update(recurringExpenses).set({ nextDate: next, updatedAt: new Date() }).where(eq(recurringExpenses.id, id));
  }
  return made;
}

/** Runs every active shop at `now`, one transaction per shop; one shop's failure does not stop the others. */
export async function makeDueRecurringExpenses(database: Database, now: Date, { logger, onBatch }: { logger?: Logger; onBatch?: () => Promise<void> } = {}): Promise<number> {
  let made = 0;
  await forEachActiveShop(database, { what: 'Recurring expenses', logger, onBatch }, async (tenantId) => {
    made += await database.withTenant(tenantId, (tx) => makeDueExpensesInShop(tx, tenantId, now));
  });
  return made;
}

/** Hourly, so each shop's expenses are made within an hour of its day starting in its own time zone. */
export function recurringExpensesJob(database: Database, logger: Logger): JobDefinition {
  return {
    name: RECURRING_EXPENSES_JOB,
    recurring: { nextRunAt: (after) => new Date(after.getTime() + HOUR_MS) },
    async handler(context) {
      const made = await makeDueRecurringExpenses(database, context.now, { logger, onBatch: context.extendLease });
      logger.info({ made }, 'Recurring expenses made');
    },
  };
}
