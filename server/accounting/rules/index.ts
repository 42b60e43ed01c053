import type { PostingRule } from '../post-document';
import { LEDGER_RULES } from './ledger-rules';
import { PURCHASE_RULES } from './purchase-rules';
import { SALES_RULES } from './sales-rules';
import { STOCK_RULES } from './stock-rules';

/** Every document type's posting rule (the table in docs/accounting.md). */
export const POSTING_RULES: readonly PostingRule[] = [...SALES_RULES, ...PURCHASE_RULES, ...STOCK_RULES, ...LEDGER_RULES];
