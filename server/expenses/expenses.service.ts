import { and, asc, desc, eq, gte, ilike, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { formatExpenseNumber, type Expense, type ExpensePaidFrom, type expenseInputSchema, type expenseListQuerySchema } from '../../core/purchases/purchases.schemas';
import { hasPermission, type MemberAccess } from '../../core/team/permissions.rules';
import { postDocument } from '../accounting/post-document';
import { nextDocumentNumber } from '../accounts/account-ledger';
import type { Database, TenantTx } from '../db/client';
import { contacts } from '../db/schema/contacts';
import { expenseCategories, expenses } from '../db/schema/purchases';
import type { AppDependencies } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import { countAll, createOnce, nameOf, readPage, readUserNames, type DocumentAuthor, type DocumentReader, type Page } from '../inventory/inventory-documents';
import { atWorkplaces } from '../inventory/location-access';
import { recordDrawerCash, requireOpenDrawer } from '../purchases/drawer-cash';
import { requireSupplier } from '../purchases/purchase-documents';
import { requireActiveCategory } from './expense-categories.service';
import { readAttachment, requireUploadedAttachment, storeAttachment, type AttachmentType } from './expense-attachments';
import { readPurchaseSettings } from './purchase-settings.service';

// Expenses (EXP-000001, docs/decisions/0019): money spent on running the shop, never changed once
// recorded (the database grants only the void columns); a mistake is voided with a reason. Cash
// from a register's drawer is a shift cash movement in the same transaction, so the shift's
// expected cash knows it; its void puts the cash back, only while that shift is still open.
// Whoever manages expenses (expenses.manage) records and sees every expense; anyone else who records
// them (a cashier) only cash from the drawer of their own open shift, when the shop allows it, and
// sees only what they recorded. An expense paid from a drawer is at its location: a member limited
// to some locations sees those of theirs and the shop's others (issue 20).

type ExpenseInput = z.output<typeof expenseInputSchema>;
type ExpenseListQuery = z.output<typeof expenseListQuerySchema>;

/** Who asks, with their permissions and locations. */
export interface ExpenseViewer extends DocumentReader {
  userId: string;
  permissions: MemberAccess['permissions'];
}

/** A shift cash movement's amount is an integer column: no drawer holds more. */
const MAX_DRAWER_MINOR = 2_147_483_647;

const managesExpenses = (viewer: ExpenseViewer) => hasPermission(viewer, 'expenses.manage');

/** The expenses at the viewer's locations, and those at none (not paid from a drawer). */
function atViewerLocations(viewer: ExpenseViewer): SQL | undefined {
  const atTheirs = atWorkplaces(expenses.locationId, viewer);
  return atTheirs && or(isNull(expenses.locationId), atTheirs);
}

/** A cashier sees the expenses they recorded; whoever manages expenses every one; at their locations either way. */
const visibleTo = (viewer: ExpenseViewer): SQL | undefined => and(managesExpenses(viewer) ? undefined : eq(expenses.createdBy, viewer.userId), atViewerLocations(viewer));

const refused = (message: string) => new HttpError('forbidden', message);

/** A cashier records only cash from their open shift's drawer, and only when the shop allows it. */
export async function requireCashierMayRecordCash(tx: TenantTx, viewer: ExpenseViewer, paidFrom: ExpensePaidFrom | null): Promise<void> {
  if (managesExpenses(viewer)) return;
  const settings = await readPurchaseSettings(tx);
  if (!settings.cashiersRecordCashPurchases) throw refused(/*i18n*/ 'This shop does not let cashiers record expenses. Ask a manager.');
  if (paidFrom !== null && paidFrom !== 'register_cash') throw refused(/*i18n*/ 'A cashier records only cash paid from the drawer of their open shift.');
}

/** The columns of a new expense row, less what the insert adds (tenant, number). */
export type NewExpense = Omit<typeof expenses.$inferInsert, 'tenantId' | 'number' | 'id'>;

/** Inserts an expense with the shop's next EXP number; null when the recurring date was already made. */
export async function insertExpense(tx: TenantTx, tenantId: string, values: NewExpense): Promise<{ id: string; number: string } | null> {
  const number = formatExpenseNumber(await nextDocumentNumber(tx, tenantId, 'expense'));
  const [row] = await tx
    .insert(expenses)
    .values({ ...values, tenantId, number })
    .onConflictDoNothing({ target: [expenses.tenantId, expenses.recurringId, expenses.expenseDate] })
    .returning({ id: expenses.id });
  return row ? { id: row.id, number } : null;
}

/** Records an expense once per Idempotency-Key; cash from a drawer leaves the shift's drawer with it. */
export async function createExpense(deps: Pick<AppDependencies, 'database' | 'config'>, author: DocumentAuthor & ExpenseViewer, input: ExpenseInput): Promise<Expense> {
  const { database } = deps;
  const attachmentType = input.attachmentFile ? await requireUploadedAttachment(deps, author.tenantId, input.attachmentFile) : null;
  const id = await createOnce(
    database,
    author,
    async (tx, requestKey) => (await tx.select({ id: expenses.id }).from(expenses).where(eq(expenses.requestKey, requestKey)))[0]?.id,
    async (tx) => {
      await requireCashierMayRecordCash(tx, author, input.paidFrom);
      await requireActiveCategory(tx, input.categoryId);
      if (input.supplierId) await requireSupplier(tx, input.supplierId);
      let locationId: string | null = null;
      if (input.shiftId) {
        if (input.amountMinor > MAX_DRAWER_MINOR) throw new HttpError('validation_failed', /*i18n*/ 'That is more cash than a drawer holds', { amountMinor: [/*i18n*/ 'That is more cash than a drawer holds'] });
        ({ locationId } = await requireOpenDrawer(tx, author, input.shiftId));
      }
      const { attachmentFile, ...fields } = input;
      const created = await insertExpense(tx, author.tenantId, {
        ...fields,
        attachmentFile,
        attachmentType,
        locationId,
        createdBy: author.userId,
        requestKey: author.requestKey?.key ?? null,
      });
      if (input.shiftId) {
        await recordDrawerCash(tx, author, {
          shiftId: input.shiftId,
          direction: 'out',
          reason: 'expenses',
          amountMinor: input.amountMinor,
          note: input.description,
          sourceType: 'expense',
          sourceId: created!.id,
        });
      }
      await postDocument(tx, author.tenantId, 'expense', created!.id);
      return created!.id;
    },
  );
  return getExpense(database, author, id);
}

function selectExpenses(tx: TenantTx) {
  return tx
    .select({
      id: expenses.id,
      number: expenses.number,
      categoryId: expenses.categoryId,
      categoryName: expenseCategories.name,
      expenseDate: expenses.expenseDate,
      description: expenses.description,
      amountMinor: expenses.amountMinor,
      vatMinor: expenses.vatMinor,
      vatClaimable: expenses.vatClaimable,
      supplierId: expenses.supplierId,
      supplierName: contacts.name,
      paidFrom: expenses.paidFrom,
      shiftId: expenses.shiftId,
      reference: expenses.reference,
      note: expenses.note,
      attachmentType: expenses.attachmentType,
      recurringId: expenses.recurringId,
      createdBy: expenses.createdBy,
      createdAt: expenses.createdAt,
      voidedAt: expenses.voidedAt,
      voidedBy: expenses.voidedBy,
      voidReason: expenses.voidReason,
    })
    .from(expenses)
    .innerJoin(expenseCategories, and(eq(expenseCategories.tenantId, expenses.tenantId), eq(expenseCategories.id, expenses.categoryId)))
    .leftJoin(contacts, and(eq(contacts.tenantId, expenses.tenantId), eq(contacts.id, expenses.supplierId)))
    .$dynamic();
}

type ExpenseRow = Awaited<ReturnType<ReturnType<typeof selectExpenses>['execute']>>[number];

const toExpense = (row: ExpenseRow, names: Map<string, string>): Expense => ({
  id: row.id,
  number: row.number,
  category: { id: row.categoryId, name: row.categoryName },
  expenseDate: row.expenseDate,
  description: row.description,
  amountMinor: row.amountMinor,
  vatMinor: row.vatMinor,
  vatClaimable: row.vatClaimable,
  supplier: row.supplierId ? { id: row.supplierId, name: row.supplierName ?? '' } : null,
  paidFrom: row.paidFrom as ExpensePaidFrom,
  shiftId: row.shiftId,
  reference: row.reference,
  note: row.note,
  attachment: row.attachmentType ? { type: row.attachmentType } : null,
  recurringId: row.recurringId,
  createdByName: nameOf(names, row.createdBy),
  createdAt: row.createdAt.toISOString(),
  voidedAt: row.voidedAt?.toISOString() ?? null,
  voidedByName: nameOf(names, row.voidedBy),
  voidReason: row.voidReason,
});

/** An expense the viewer may see (404 otherwise: another cashier's, another shop's, none). */
export async function getExpense(database: Database, viewer: ExpenseViewer, id: string): Promise<Expense> {
  const [row] = await database.withTenant(viewer.tenantId, (tx) => selectExpenses(tx).where(and(eq(expenses.id, id), visibleTo(viewer))));
  if (!row) throw notFound(/*i18n*/ 'Expense not found');
  return toExpense(row, await readUserNames(database, [row.createdBy, row.voidedBy]));
}

const SORTS = {
  newest: [desc(expenses.expenseDate), desc(expenses.createdAt), desc(expenses.id)],
  oldest: [asc(expenses.expenseDate), asc(expenses.createdAt), asc(expenses.id)],
  amount: [desc(expenses.amountMinor), desc(expenses.expenseDate), desc(expenses.id)],
} as const;

/** A page of expenses under the filters, and what the expenses that stand under them add up to (voided ones never count). */
export async function listExpenses(database: Database, viewer: ExpenseViewer, query: ExpenseListQuery): Promise<Page<Expense> & { totalMinor: number }> {
  const search = query.search ? `%${query.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : null;
  const where = and(
    query.includeVoided === 'true' ? undefined : isNull(expenses.voidedAt),
    query.categoryId ? eq(expenses.categoryId, query.categoryId) : undefined,
    query.paidFrom ? eq(expenses.paidFrom, query.paidFrom) : undefined,
    query.supplierId ? eq(expenses.supplierId, query.supplierId) : undefined,
    query.locationId ? eq(expenses.locationId, query.locationId) : undefined,
    query.from ? gte(expenses.expenseDate, query.from) : undefined,
    query.to ? lte(expenses.expenseDate, query.to) : undefined,
    search ? or(ilike(expenses.number, search), ilike(expenses.description, search), ilike(expenses.reference, search)) : undefined,
    visibleTo(viewer),
  );
  let totalMinor = 0;
  const page = await readPage(
    database,
    viewer.tenantId,
    query,
    {
      count: async (tx) => {
        const rows = await tx
          .select({ ...countAll, totalMinor: sql<number>`coalesce(sum(${expenses.amountMinor}) filter (where ${expenses.voidedAt} is null), 0)::bigint` })
          .from(expenses)
          .where(where);
        totalMinor = Number(rows[0]?.totalMinor ?? 0);
        return rows;
      },
      rows: (tx, window) =>
        selectExpenses(tx)
          .where(where)
          .orderBy(...SORTS[query.sort])
          .limit(window.limit)
          .offset(window.offset),
      people: (row) => [row.createdBy, row.voidedBy],
    },
    toExpense,
  );
  return { ...page, totalMinor };
}

/**
 * Voids an expense with a reason (kept, never deleted). Cash from a drawer goes back into it as a
 * cash-in on the same shift, so only while that shift is open: after its close the drawer was
 * counted without it (409).
 */
export async function voidExpense(database: Database, viewer: ExpenseViewer, id: string, reason: string): Promise<Expense> {
  await database.withTenant(viewer.tenantId, async (tx) => {
    const [expense] = await tx
      .select({ number: expenses.number, amountMinor: expenses.amountMinor, shiftId: expenses.shiftId, voidedAt: expenses.voidedAt })
      .from(expenses)
      .where(and(eq(expenses.id, id), visibleTo(viewer)))
      .for('update');
    if (!expense) throw notFound(/*i18n*/ 'Expense not found');
    if (expense.voidedAt) throw new HttpError('conflict', /*i18n*/ 'This expense is already voided.');
    if (expense.shiftId) {
      await requireOpenDrawer(tx, viewer, expense.shiftId, { closedMessage: /*i18n*/ 'The shift this cash came from is closed: its drawer was counted without it.' });
      await recordDrawerCash(tx, viewer, {
        shiftId: expense.shiftId,
        direction: 'in',
        reason: 'other',
        amountMinor: expense.amountMinor,
        note: `${expense.number}: ${reason}`,
        sourceType: 'expense',
        sourceId: id,
      });
    }
    await tx.update(expenses).set({ voidedAt: new Date(), voidedBy: viewer.userId, voidReason: reason }).where(eq(expenses.id, id));
    await postDocument(tx, viewer.tenantId, 'expense_void', id);
  });
  return getExpense(database, viewer, id);
}

/** The receipt attached to an expense the viewer may see, with its type. */
export async function getExpenseAttachment(deps: Pick<AppDependencies, 'database' | 'config'>, viewer: ExpenseViewer, id: string): Promise<{ bytes: Buffer; type: string; number: string }> {
  const [row] = await deps.database.withTenant(viewer.tenantId, (tx) =>
    tx
      .select({ number: expenses.number, file: expenses.attachmentFile, type: expenses.attachmentType })
      .from(expenses)
      .where(and(eq(expenses.id, id), visibleTo(viewer))),
  );
  if (!row) throw notFound(/*i18n*/ 'Expense not found');
  if (!row.file || !row.type) throw notFound(/*i18n*/ 'No receipt attached');
  return { bytes: await readAttachment(deps, viewer.tenantId, row.file), type: row.type, number: row.number };
}

/** Stores a receipt for an expense about to be recorded, by whoever may record one. */
export async function uploadExpenseAttachment(deps: Pick<AppDependencies, 'database' | 'config'>, viewer: ExpenseViewer, file: File): Promise<{ file: string; type: AttachmentType }> {
  await deps.database.withTenant(viewer.tenantId, (tx) => requireCashierMayRecordCash(tx, viewer, null));
  return storeAttachment(deps, viewer.tenantId, file, 'expense');
}
