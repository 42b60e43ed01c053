import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { credit, debit } from '../../core/accounting/posting';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { forEachActiveShop } from '../jobs/each-shop';
import type { JobDefinition } from '../jobs/job-queue';
import type { Logger } from '../logger';
import { postDocument, type PostingRule } from './post-document';
import { postEntry, shopDayOf } from './posting';
import { POSTING_RULES } from './rules';

// The history backfill (issue 17, docs/decisions/0020): a shop's documents from before the ledger
// (every shop on upgrade; the demo, whose seed defers its postings while it back-dates them) are
// posted in the order they happened, in history mode, each once: a document already posted is
// skipped, and the journal's unique (source type, document) is the last word. Then one entry
// brings the inventory account to the stock valuation. Running it again posts nothing new.

/** Documents posted per transaction, so a big shop's history is not one huge transaction. */
const DOCUMENTS_PER_TRANSACTION = 300;
/** Documents of one type read at a time, in time order. */
const PAGE_SIZE = 2_000;
const DAY_MS = 24 * 60 * 60_000;

interface PendingDocument {
  rule: PostingRule;
  /** The rule's place in POSTING_RULES: documents of the same moment post in that order. */
  ruleIndex: number;
  id: string;
  /** UTC, fixed width to the microsecond: sorts as text in time order. */
  at: string;
}

/** One type's documents not yet posted, oldest first, a page at a time. */
async function* pendingOfRule(database: Database, tenantId: string, rule: PostingRule, ruleIndex: number): AsyncGenerator<PendingDocument> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const cursor = after;
    const page: { id: string; at: string }[] = await database.withTenant(tenantId, (tx) =>
      queryRows<{ id: string; at: string }>(
        tx,
        sql`select h.id, to_char(h.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at
            from (${rule.history}) h
            where not exists (select 1 from journal_entries e where e.source_type = ${rule.sourceType} and e.source_id = h.id)
              ${cursor ? sql`and (h.at, h.id) > (${cursor.at}::timestamp at time zone 'UTC', ${cursor.id}::uuid)` : sql``}
            order by h.at, h.id
            limit ${PAGE_SIZE}`,
      ),
    );
    for (const row of page) yield { rule, ruleIndex, id: row.id, at: row.at };
    if (page.length < PAGE_SIZE) return;
    after = page[page.length - 1]!;
  }
}

const comesFirst = (a: PendingDocument, b: PendingDocument) => (a.at !== b.at ? a.at < b.at : a.ruleIndex !== b.ruleIndex ? a.ruleIndex < b.ruleIndex : a.id < b.id);

/** Every type's pending documents merged in the order they happened. */
async function* pendingInTimeOrder(database: Database, tenantId: string): AsyncGenerator<PendingDocument> {
  const streams = POSTING_RULES.map((rule, index) => pendingOfRule(database, tenantId, rule, index));
  const heads: (PendingDocument | undefined)[] = [];
  for (const stream of streams) heads.push((await stream.next()).value ?? undefined);
  for (;;) {
    let first = -1;
    heads.forEach((head, index) => {
      if (head && (first < 0 || comesFirst(head, heads[first]!))) first = index;
    });
    if (first < 0) return;
    yield heads[first]!;
    heads[first] = (await streams[first]!.next()).value ?? undefined;
  }
}

export interface HistorySummary {
  /** Journal entries written for documents (documents that move nothing the ledger holds write none). */
  posted: number;
  /** Whether the inventory account needed an entry to reach the stock valuation. */
  revalued: boolean;
}

/**
 * Posts every document of the shop not yet posted, oldest first, a few hundred per transaction,
 * then brings the inventory account to the stock valuation and notes when the history was posted.
 * `onBatch` runs after each transaction (a job keeps its lease there).
 */
export async function postShopHistory(database: Database, tenantId: string, onBatch: () => Promise<void> = async () => {}): Promise<HistorySummary> {
  let posted = 0;
  let batch: PendingDocument[] = [];
  const postBatch = async () => {
    const documents = batch;
    batch = [];
    posted += await database.withTenant(tenantId, async (tx) => {
      let count = 0;
      for (const document of documents) {
        if (await postDocument(tx, tenantId, document.rule.sourceType, document.id, { mode: 'history' })) count += 1;
      }
      return count;
    });
    await onBatch();
  };
  for await (const document of pendingInTimeOrder(database, tenantId)) {
    batch.push(document);
    if (batch.length === DOCUMENTS_PER_TRANSACTION) await postBatch();
  }
  if (batch.length > 0) await postBatch();
  const revalued = await database.withTenant(tenantId, async (tx) => {
    const entry = await bringInventoryToValuation(tx, tenantId);
    await tx.execute(
      sql`insert into accounting_settings (tenant_id, history_posted_at) values (${tenantId}, now())
          on conflict (tenant_id) do update set history_posted_at = excluded.history_posted_at`,
    );
    return entry;
  });
  return { posted, revalued };
}

/**
 * History mode posts stock at the cost its movements carried; this entry moves the inventory account
 * to the valuation now (each stock row's on hand × average cost, rounded to the cent), location by
 * location, against stock valuation rounding, and sets the book value of every stock row to it, so
 * documents posted live from here on move the account with the valuation. The shop's stock rows are
 * locked first: no document can move stock between the valuation and the entry.
 */
async function bringInventoryToValuation(tx: TenantTx, tenantId: string): Promise<boolean> {
  await tx.execute(sql`select 1 from stock_levels where tenant_id = ${tenantId} order by variant_id, location_id for update`);
  const differences = await queryRows<{ location_id: string | null; difference: string; day: string }>(
    tx,
    sql`with now_worth as (
          select s.variant_id, s.location_id, round(s.on_hand * v.average_cost_minor)::bigint as value
          from stock_levels s join product_variants v on v.tenant_id = s.tenant_id and v.id = s.variant_id
          where s.tenant_id = ${tenantId}
        ), booked as (
          insert into inventory_book_values (tenant_id, variant_id, location_id, value_minor)
          select ${tenantId}, variant_id, location_id, value from now_worth
          on conflict (tenant_id, variant_id, location_id) do update set value_minor = excluded.value_minor
          where inventory_book_values.value_minor <> excluded.value_minor
        ), emptied as (
          update inventory_book_values b set value_minor = 0
          where b.tenant_id = ${tenantId} and b.value_minor <> 0
            and not exists (select 1 from stock_levels s where s.tenant_id = b.tenant_id and s.variant_id = b.variant_id and s.location_id = b.location_id)
        )
        select location_id, sum(amount)::text as difference, ${shopDayOf(sql`now()`)} as day from (
          select location_id, value as amount from now_worth
          union all
          select l.location_id, l.credit_minor - l.debit_minor
          from journal_lines l join ledger_accounts a on a.tenant_id = l.tenant_id and a.id = l.account_id
          where l.tenant_id = ${tenantId} and a.system_key = 'inventory'
        ) worth_and_ledger
        group by location_id
        having sum(amount) <> 0`,
  );
  if (differences.length === 0) return false;
  await postEntry(tx, tenantId, {
    sourceType: 'inventory_revaluation',
    sourceId: randomUUID(),
    entryDate: differences[0]!.day,
    memo: /*i18n*/ 'Stock brought to its value at average cost',
    lines: differences.flatMap((row) => {
      const amount = Number(row.difference);
      return [debit({ key: 'inventory' }, amount, { locationId: row.location_id }), credit({ key: 'stock_rounding' }, amount, { locationId: row.location_id })];
    }),
  });
  return true;
}

export const POST_HISTORY_JOB = 'accounting.post-history';

/** Posts the history of every active shop whose history was never posted (a shop made before the ledger); answers how many. */
export async function postMissingHistories(database: Database, options: { logger?: Logger; onBatch?: () => Promise<void> } = {}): Promise<number> {
  let shops = 0;
  await forEachActiveShop(database, { what: 'Posting the ledger history', ...options }, async (tenantId) => {
    const [settings] = await database.withTenant(tenantId, (tx) => queryRows<{ posted: boolean }>(tx, sql`select history_posted_at is not null as posted from accounting_settings`));
    if (settings?.posted) return;
    await postShopHistory(database, tenantId, options.onBatch);
    shops += 1;
  });
  return shops;
}

/** `accounting.post-history`: due at once when the server first knows it (the upgrade), then daily for shops that missed it. */
export function postHistoryJob(database: Database, logger: Logger): JobDefinition {
  return {
    name: POST_HISTORY_JOB,
    recurring: { nextRunAt: (after) => new Date(after.getTime() + DAY_MS) },
    async handler(context) {
      const shops = await postMissingHistories(database, { logger, onBatch: context.extendLease });
      if (shops > 0) logger.info({ shops }, 'Ledger history posted');
    },
  };
}
