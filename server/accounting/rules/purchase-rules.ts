import type { PostingRule } from '../post-document';
import { contactEntryRule } from './contact-entry.rule';
import { expenseRule, expenseVoidRule } from './expense.rule';
import { supplierBillRule } from './purchase-bill.rule';
import { supplierPaymentRule } from './purchase-payment.rule';
import { goodsReceiptRule } from './purchase-receipt.rule';
import { supplierReturnRule } from './purchase-return.rule';

/** Purchases, expenses and the contacts' ledgers (docs/accounting.md's posting rules table). */
export const PURCHASE_RULES: readonly PostingRule[] = [goodsReceiptRule, supplierBillRule, supplierPaymentRule, supplierReturnRule, expenseRule, expenseVoidRule, contactEntryRule];
