import { sql } from 'drizzle-orm';
import { credit, debit, type AccountRef } from '../../../core/accounting/posting';
import { fillMessage } from '../../../core/i18n/message.rules';
import { queryRows, type TenantTx } from '../../db/client';
import type { PostingRule } from '../post-document';
import { entryLines, findPostedEntry, shopDayOf } from '../posting';
import { paidThrough } from './contact-entry.rule';

// An expense (issue 17): Dr its category's account net of claimable VAT, Dr VAT input when claimable
// (otherwise the VAT is part of the expense), Cr where the money came from: a shift's drawer (that
// location's cash), cash, M-Pesa, the bank, or the owner's pocket (capital they put in). Dated the
// expense's date, which the form calls expenseDate (a locked date is refused there). A void reverses
// the expense's entry line for line, on the day of the void.

interface ExpenseFacts {
  number: string;
  category_id: string;
  day: string;
  description: string;
  amount_minor: string;
  vat_minor: string;
  vat_claimable: boolean;
  paid_from: 'register_cash' | 'cash' | 'mpesa' | 'bank_transfer' | 'owner';
  location_id: string | null;
  drawer_location_id: string | null;
  void_day: string | null;
  void_reason: string | null;
}

async function readExpense(tx: TenantTx, expenseId: string): Promise<ExpenseFacts | null> {
  const [row] = await queryRows<ExpenseFacts>(
    tx,
    sql`select e.number, e.category_id, e.expense_date::text as day, e.description, e.amount_minor::text, e.vat_minor::text, e.vat_claimable, e.paid_from,
               e.location_id, s.location_id as drawer_location_id, case when e.voided_at is not null then ${shopDayOf(sql`e.voided_at`)} end as void_day, e.void_reason
        from expenses e left join shifts s on s.tenant_id = e.tenant_id and s.id = e.shift_id
        where e.id = ${expenseId}::uuid`,
  );
  return row ?? null;
}

function paidFromAccount(expense: ExpenseFacts): AccountRef {
  if (expense.paid_from === 'owner') return { key: 'owner_capital' };
  if (expense.paid_from === 'register_cash') return paidThrough('cash', expense.drawer_location_id);
  return paidThrough(expense.paid_from);
}

export const expenseRule: PostingRule = {
  sourceType: 'expense',
  async draft(tx, _context, expenseId) {
    const expense = await readExpense(tx, expenseId);
    if (!expense) return null;
    const amountMinor = Number(expense.amount_minor);
    const vatClaimedMinor = expense.vat_claimable ? Number(expense.vat_minor) : 0;
    const at = { locationId: expense.location_id };
    return {
      sourceType: 'expense',
      sourceId: expenseId,
      entryDate: expense.day,
      memo: fillMessage(/*i18n*/ 'Expense {number}: {description}', { number: expense.number, description: expense.description }),
      lines: [
        debit({ key: 'expense_category', categoryId: expense.category_id }, amountMinor - vatClaimedMinor, at),
        debit({ key: 'vat_input' }, vatClaimedMinor, at),
        credit(paidFromAccount(expense), amountMinor, at),
      ],
    };
  },
  history: sql`select id, created_at as at from expenses`,
  dateField: 'expenseDate',
};

export const expenseVoidRule: PostingRule = {
  sourceType: 'expense_void',
  async draft(tx, _context, expenseId) {
    const expense = await readExpense(tx, expenseId);
    const posted = expense?.void_day ? await findPostedEntry(tx, 'expense', expenseId) : null;
    if (!expense?.void_day || !posted) return null;
    const lines = await entryLines(tx, posted.id);
    return {
      sourceType: 'expense_void',
      sourceId: expenseId,
      entryDate: expense.void_day,
      memo: fillMessage(/*i18n*/ 'Expense {number} voided: {reason}', { number: expense.number, reason: expense.void_reason ?? '' }),
      lines: lines.map(({ systemKey: _systemKey, ...line }) => ({ ...line, amountMinor: -line.amountMinor })),
    };
  },
  history: sql`select id, voided_at as at from expenses where voided_at is not null`,
};
