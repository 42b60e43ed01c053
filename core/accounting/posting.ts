import type { TaxClass } from '../products/tax.rules';
import type { ConfigurableTender, SingleKey } from './chart';

// What a posting rule produces (issue 17): lines naming accounts by role, signed amounts in minor
// units (positive a debit, negative a credit). The server resolves the roles to the shop's
// accounts; an entry's lines always sum to zero (the database refuses anything else at commit).

/** An account by its role in the chart, or one the user picked by id (manual entries, settings). */
export type AccountRef =
  | { key: SingleKey }
  | { key: 'cash_location'; locationId: string }
  | { key: 'sales_band' | 'vat_output_band'; taxClass: TaxClass }
  | { key: 'expense_category'; categoryId: string }
  | { tender: ConfigurableTender }
  | { id: string };

export interface PostingLine {
  account: AccountRef;
  /** Signed minor units: positive debits the account, negative credits it. Never zero. */
  amountMinor: number;
  contactId?: string | null;
  locationId?: string | null;
  description?: string | null;
}

/** The source documents that post, one rule each (server/accounting/rules). */
export const SOURCE_TYPES = [
  'sale',
  'sale_return',
  'sale_void',
  'shift_close',
  'shift_cash',
  'goods_receipt',
  'supplier_bill',
  'supplier_payment',
  'supplier_return',
  'contact_entry',
  'expense',
  'expense_void',
  'stock_opening',
  'stock_adjustment',
  'stock_take',
  'transfer_dispatch',
  'transfer_receipt',
  'gift_card',
  'loyalty',
  'inventory_revaluation',
  'manual',
  'recurring_journal',
  'reversal',
] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

export const SOURCE_TYPE_LABELS: Record<SourceType, string> = {
  sale: /*i18n*/ 'Sale',
  sale_return: /*i18n*/ 'Sale return',
  sale_void: /*i18n*/ 'Voided sale',
  shift_close: /*i18n*/ 'Shift close',
  shift_cash: /*i18n*/ 'Cash in or out',
  goods_receipt: /*i18n*/ 'Goods received',
  supplier_bill: /*i18n*/ 'Supplier bill',
  supplier_payment: /*i18n*/ 'Supplier payment',
  supplier_return: /*i18n*/ 'Return to supplier',
  contact_entry: /*i18n*/ 'Customer or supplier account',
  expense: /*i18n*/ 'Expense',
  expense_void: /*i18n*/ 'Voided expense',
  stock_opening: /*i18n*/ 'Opening stock',
  stock_adjustment: /*i18n*/ 'Stock adjustment',
  stock_take: /*i18n*/ 'Stock take',
  transfer_dispatch: /*i18n*/ 'Transfer sent',
  transfer_receipt: /*i18n*/ 'Transfer received',
  gift_card: /*i18n*/ 'Gift card',
  loyalty: /*i18n*/ 'Loyalty points',
  inventory_revaluation: /*i18n*/ 'Stock revaluation',
  manual: /*i18n*/ 'Manual entry',
  recurring_journal: /*i18n*/ 'Recurring entry',
  reversal: /*i18n*/ 'Reversal',
};

export interface PostingDraft {
  sourceType: SourceType;
  /** The document; the ledger posts each (type, document) once. Null for manual entries. */
  sourceId: string | null;
  /** The shop's calendar day the entry belongs to (YYYY-MM-DD). */
  entryDate: string;
  memo: string;
  lines: PostingLine[];
}

/** Lines with a zero amount dropped and lines to the same account and dimensions summed. */
export function mergeLines(lines: readonly PostingLine[]): PostingLine[] {
  const merged = new Map<string, PostingLine>();
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountMinor)) throw new RangeError(`Posting amounts are whole minor units, got ${line.amountMinor}`);
    const key = JSON.stringify([accountRefKey(line.account), line.contactId ?? null, line.locationId ?? null, line.description ?? null, Math.sign(line.amountMinor)]);
    const existing = merged.get(key);
    if (existing) existing.amountMinor += line.amountMinor;
    else merged.set(key, { ...line });
  }
  return [...merged.values()].filter((line) => line.amountMinor !== 0);
}

export function accountRefKey(ref: AccountRef): string {
  if ('id' in ref) return `id:${ref.id}`;
  if ('tender' in ref) return `tender:${ref.tender}`;
  if (ref.key === 'cash_location') return `cash_location:${ref.locationId}`;
  if (ref.key === 'sales_band' || ref.key === 'vat_output_band') return `${ref.key}:${ref.taxClass}`;
  if (ref.key === 'expense_category') return `expense_category:${ref.categoryId}`;
  return ref.key;
}

/** Σ of the lines: zero for a balanced entry. */
export const linesTotal = (lines: readonly PostingLine[]) => lines.reduce((sum, line) => sum + line.amountMinor, 0);

export const debit = (account: AccountRef, amountMinor: number, extra: Omit<PostingLine, 'account' | 'amountMinor'> = {}): PostingLine => ({ account, amountMinor, ...extra });
export const credit = (account: AccountRef, amountMinor: number, extra: Omit<PostingLine, 'account' | 'amountMinor'> = {}): PostingLine => ({ account, amountMinor: -amountMinor, ...extra });
