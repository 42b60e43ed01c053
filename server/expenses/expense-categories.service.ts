import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_EXPENSE_CATEGORIES,
  type expenseCategoryInputSchema,
  type expenseCategorySchema,
  type expenseCategoryUpdateSchema,
} from '../../core/purchases/purchases.schemas';
import { fillMessage } from '../../core/i18n/message.rules';
import { ensureShopAccounts } from '../accounting/posting';
import type { Database, TenantTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { expenseCategories } from '../db/schema/purchases';
import { HttpError, notFound } from '../http/errors';

// Expense categories (rent, electricity, wages…): a name unique per shop (case-insensitive),
// renamed or taken out of use, never deleted (expenses name them).

export type ExpenseCategory = z.infer<typeof expenseCategorySchema>;
type CategoryInput = z.output<typeof expenseCategoryInputSchema>;
type CategoryUpdate = z.output<typeof expenseCategoryUpdateSchema>;

const nameTaken = () => new HttpError('conflict', /*i18n*/ 'A category with this name already exists', { name: [/*i18n*/ 'A category with this name already exists'] });

function selectCategories(tx: TenantTx) {
  return tx
    .select({
      id: expenseCategories.id,
      name: expenseCategories.name,
      isActive: expenseCategories.isActive,
      expenseCount: sql<number>`(select count(*)::int from expenses e where e.tenant_id = ${expenseCategories.tenantId} and e.category_id = ${expenseCategories.id})`,
    })
    .from(expenseCategories)
    .$dynamic();
}

/**
 * Every category, active first, by name. Shops made before categories existed have none: the first
 * read gives them the defaults (two first reads at once: the unique name index lets one insert win).
 */
export async function listExpenseCategories(database: Database, tenantId: string): Promise<ExpenseCategory[]> {
  return database.withTenant(tenantId, async (tx) => {
    const [any] = await tx.select({ id: expenseCategories.id }).from(expenseCategories).limit(1);
    if (!any) {
      await tx.insert(expenseCategories).values(DEFAULT_EXPENSE_CATEGORIES.map((name) => ({ tenantId, name }))).onConflictDoNothing();
      await ensureShopAccounts(tx, tenantId);
    }
    return selectCategories(tx).orderBy(sql`${expenseCategories.isActive} desc`, asc(sql`lower(${expenseCategories.name})`));
  });
}

async function readCategory(tx: TenantTx, id: string): Promise<ExpenseCategory> {
  const [row] = await selectCategories(tx).where(eq(expenseCategories.id, id));
  if (!row) throw notFound(/*i18n*/ 'Category not found');
  return row;
}

/** Runs a write whose unique name index may refuse it, as 409 on the name field. */
async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export function createExpenseCategory(database: Database, tenantId: string, input: CategoryInput): Promise<ExpenseCategory> {
  return withUniqueName(() =>
    database.withTenant(tenantId, async (tx) => {
      const [row] = await tx.insert(expenseCategories).values({ tenantId, name: input.name, isActive: input.isActive }).returning({ id: expenseCategories.id });
      await ensureShopAccounts(tx, tenantId);
      return readCategory(tx, row!.id);
    }),
  );
}

export function updateExpenseCategory(database: Database, tenantId: string, id: string, input: CategoryUpdate): Promise<ExpenseCategory> {
  return withUniqueName(() =>
    database.withTenant(tenantId, async (tx) => {
      const updated = await tx
        .update(expenseCategories)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(expenseCategories.id, id))
        .returning({ id: expenseCategories.id });
      if (updated.length === 0) throw notFound(/*i18n*/ 'Category not found');
      return readCategory(tx, id);
    }),
  );
}

/** An active category of this shop, or 400 on the named field (another shop's id names none). */
export async function requireActiveCategory(tx: TenantTx, categoryId: string, field = 'categoryId'): Promise<{ id: string; name: string }> {
  const [row] = await tx.select({ id: expenseCategories.id, name: expenseCategories.name, isActive: expenseCategories.isActive }).from(expenseCategories).where(eq(expenseCategories.id, categoryId));
  if (!row) throw new HttpError('validation_failed', /*i18n*/ 'Category not found', { [field]: [/*i18n*/ 'Category not found'] });
  if (!row.isActive) {
    const message = fillMessage(/*i18n*/ '{name} is no longer in use', { name: row.name });
    throw new HttpError('validation_failed', message, { [field]: [message] });
  }
  return { id: row.id, name: row.name };
}
