import type { SQL } from 'drizzle-orm';
import type { PostingDraft, SourceType } from '../../core/accounting/posting';
import type { TenantTx } from '../db/client';
import type { PostingMode } from './document-inventory';
import { arePostingsDeferred } from './posting-deferral';
import { POSTING_RULES } from './rules';
import { postEntry, type PostedEntry, type PostOptions } from './posting';

// One rule per document type (issue 17): each reads its document as written in the current
// transaction and says what the ledger gets. Rules live in server/accounting/rules/*.rule.ts,
// each tested against a hand-worked example; POSTING_RULES (rules/index.ts) lists them.

export interface PostingContext {
  tenantId: string;
  mode: PostingMode;
}

export interface PostingRule {
  sourceType: SourceType;
  /** The draft for one document; null when it moves nothing the ledger holds. */
  draft(tx: TenantTx, context: PostingContext, sourceId: string): Promise<PostingDraft | null>;
  /**
   * The shop's documents of this type for the history backfill: a query of (id, at) rows, `at` the
   * moment the document happened (the backfill posts all types in that order).
   */
  history: SQL;
  /** The field a refused lock date is reported on (the document's date field). */
  dateField?: string;
}

const registry = new Map<SourceType, PostingRule>(POSTING_RULES.map((rule) => [rule.sourceType, rule]));

/**
 * Posts a document in the caller's transaction: its rule's draft, once. Sources call this as the
 * last step of the transaction that wrote the document (after its stock, account and cash rows).
 */
export async function postDocument(tx: TenantTx, tenantId: string, sourceType: SourceType, sourceId: string, options: PostOptions & { mode?: PostingMode } = {}): Promise<PostedEntry | null> {
  const rule = registry.get(sourceType);
  if (!rule) throw new Error(`No posting rule for ${sourceType}`);
  const mode = options.mode ?? 'live';
  if (mode === 'live' && arePostingsDeferred()) return null;
  const draft = await rule.draft(tx, { tenantId, mode }, sourceId);
  if (!draft) return null;
  return postEntry(tx, tenantId, draft, { dateField: rule.dateField, ...options });
}
