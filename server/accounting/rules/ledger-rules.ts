import type { PostingRule } from '../post-document';

export const LEDGER_RULES: readonly PostingRule[] = [];
