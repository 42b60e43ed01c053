import type { PostingRule } from '../post-document';
import { stockAdjustmentRule } from './stock-adjustment.rule';
import { stockOpeningRule } from './stock-opening.rule';
import { stockTakeRule } from './stock-take.rule';
import { transferDispatchRule } from './transfer-dispatch.rule';
import { transferReceiptRule } from './transfer-receipt.rule';

/** Stock that changes without a sale or a purchase: opening stock, adjustments, stock takes, transfers. */
export const STOCK_RULES: readonly PostingRule[] = [stockOpeningRule, stockAdjustmentRule, stockTakeRule, transferDispatchRule, transferReceiptRule];
