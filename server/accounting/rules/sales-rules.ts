import type { PostingRule } from '../post-document';
import { giftCardRule } from './gift-card.rule';
import { loyaltyRule } from './loyalty.rule';
import { saleReturnRule } from './sale-return.rule';
import { saleVoidRule } from './sale-void.rule';
import { saleRule } from './sale.rule';
import { shiftCashRule } from './shift-cash.rule';
import { shiftCloseRule } from './shift-close.rule';

/** The register's documents and the customer ledgers they leave alone (gift card screens, loyalty). */
export const SALES_RULES: readonly PostingRule[] = [saleRule, saleReturnRule, saleVoidRule, shiftCloseRule, shiftCashRule, giftCardRule, loyaltyRule];
