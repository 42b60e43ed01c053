import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { stripGiftCardCode } from '../../core/gift-cards/gift-card-code.rules';
import type {
  GiftCard,
  GiftCardBalance,
  GiftCardDetail,
  GiftCardEntry,
  GiftCardIssued,
  GiftCardList,
  giftCardIssueSchema,
  giftCardListQuerySchema,
} from '../../core/gift-cards/gift-cards.schemas';
import { postDocument } from '../accounting/post-document';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { notFound } from '../http/errors';
import { claimRequestKey, type RequestKey } from '../http/idempotency';
import { nameOf, readUserNames } from '../inventory/inventory-documents';
import { findCardByCode, issueGiftCard, shopToday, voidGiftCard } from './gift-card-ledger';

// The gift card screens' service (routes in gift-cards.routes.ts): list, detail, issue, void and
// the balance check. Writes go through gift-card-ledger.ts.

type IssueInput = z.output<typeof giftCardIssueSchema>;
type ListQuery = z.output<typeof giftCardListQuerySchema>;

export interface GiftCardAuthor {
  tenantId: string;
  userId: string;
  requestKey: RequestKey | null;
}

interface CardListRow {
  id: string;
  last4: string;
  initial_minor: string | number;
  balance_minor: string | number;
  status: 'active' | 'void';
  expires_on: string | null;
  is_expired: boolean;
  contact_id: string | null;
  contact_name: string | null;
  user_id: string | null;
  created_at: string | Date;
}

const listColumns = sql`c.id, c.last4, c.initial_minor, c.balance_minor, c.status, c.expires_on::text as expires_on,
  (c.expires_on is not null and c.expires_on < ${shopToday}) as is_expired, c.contact_id, k.name as contact_name, c.user_id, c.created_at`;
const listFrom = sql`gift_cards c left join contacts k on k.tenant_id = c.tenant_id and k.id = c.contact_id`;

function toCard(row: CardListRow, names: Map<string, string>): GiftCard {
  return {
    id: row.id,
    last4: row.last4,
    initialMinor: Number(row.initial_minor),
    balanceMinor: Number(row.balance_minor),
    status: row.status,
    expiresOn: row.expires_on,
    isExpired: row.is_expired,
    contactId: row.contact_id,
    contactName: row.contact_name,
    issuedByName: nameOf(names, row.user_id),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const SORT_COLUMNS: Record<ListQuery['sort'], SQL> = {
  createdAt: sql`c.created_at`,
  balance: sql`c.balance_minor`,
  expiresOn: sql`c.expires_on`,
  initial: sql`c.initial_minor`,
};

/** A page of cards: search by the last 4 of the code or the customer's name; sortable. */
export async function listGiftCards(database: Database, tenantId: string, query: ListQuery): Promise<GiftCardList> {
  const conditions: SQL[] = [sql`true`];
  if (query.status !== 'all') conditions.push(sql`c.status = ${query.status}`);
  if (query.contactId) conditions.push(sql`c.contact_id = ${query.contactId}`);
  const search = query.search?.trim();
  if (search) {
    const last4 = stripGiftCardCode(search);
    const like = `%${search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(sql`(c.last4 = ${last4.slice(-4)} or k.name_key like ${like})`);
  }
  const where = sql.join(conditions, sql` and `);
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  const nulls = query.sort === 'expiresOn' ? (query.order === 'asc' ? sql` nulls last` : sql` nulls first`) : sql``;
  const { rows, total } = await database.withTenant(tenantId, async (tx) => {
    const [count] = await queryRows<{ total: number }>(tx, sql`select count(*)::int as total from ${listFrom} where ${where}`);
    const page = await queryRows<CardListRow>(
      tx,
      sql`select ${listColumns} from ${listFrom} where ${where}
          order by ${SORT_COLUMNS[query.sort]} ${direction}${nulls}, c.id ${direction}
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    );
    return { rows: page, total: count?.total ?? 0 };
  });
  const names = await readUserNames(database, rows.map((row) => row.user_id));
  return { items: rows.map((row) => toCard(row, names)), total, page: query.page, pageSize: query.pageSize };
}

/** One card with its ledger, oldest entry first (404 for another shop's card). */
export async function getGiftCard(database: Database, tenantId: string, giftCardId: string): Promise<GiftCardDetail> {
  const { card, entries } = await database.withTenant(tenantId, async (tx) => {
    const [found] = await queryRows<CardListRow>(tx, sql`select ${listColumns} from ${listFrom} where c.id = ${giftCardId}`);
    if (!found) throw notFound(/*i18n*/ 'Gift card not found');
    const rows = await queryRows<{
      id: string;
      kind: GiftCardEntry['kind'];
      amount_minor: string | number;
      balance_after_minor: string | number;
      source_type: string | null;
      source_ref: string | null;
      reason: string | null;
      user_id: string | null;
      occurred_at: string | Date;
    }>(
      tx,
      sql`select id, kind, amount_minor, balance_after_minor, source_type, source_ref, reason, user_id, occurred_at
          from gift_card_entries where gift_card_id = ${giftCardId} order by occurred_at, id`,
    );
    return { card: found, entries: rows };
  });
  // Users are platform rows, read after the tenant transaction (PGlite has one connection).
  const names = await readUserNames(database, [card.user_id, ...entries.map((entry) => entry.user_id)]);
  return {
    ...toCard(card, names),
    entries: entries.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      amountMinor: Number(entry.amount_minor),
      balanceAfterMinor: Number(entry.balance_after_minor),
      sourceType: entry.source_type,
      sourceRef: entry.source_ref,
      reason: entry.reason,
      userName: nameOf(names, entry.user_id),
      occurredAt: new Date(entry.occurred_at).toISOString(),
    })),
  };
}

async function findByRequestKey(tx: TenantTx, key: string): Promise<string | undefined> {
  const [row] = await queryRows<{ id: string }>(tx, sql`select id from gift_cards where request_key = ${key}`);
  return row?.id;
}

/**
 * Issues a card once per Idempotency-Key. The code exists only in the first answer (only its hash
 * is kept), so a retry answers the same card with `code: null, replayed: true`; the screen then
 * says the code was shown once, and a card whose code nobody saw can be voided and issued again.
 */
export async function issue(database: Database, author: GiftCardAuthor, input: IssueInput): Promise<GiftCardIssued> {
  const { requestKey } = author;
  const create = async (tx: TenantTx) => {
    const { card, code, issueEntryId } = await issueGiftCard(tx, {
      tenantId: author.tenantId,
      amountMinor: input.amountMinor,
      contactId: input.contactId,
      expiresOn: input.expiresOn,
      userId: author.userId,
      requestKey: requestKey?.key ?? null,
    });
    await postDocument(tx, author.tenantId, 'gift_card', issueEntryId);
    return { id: card.id, code: code as string | null };
  };
  let issued: { id: string; code: string | null };
  try {
    issued = await database.withTenant(author.tenantId, async (tx) => {
      if (!requestKey) return create(tx);
      await claimRequestKey(tx, author.tenantId, requestKey);
      const first = await findByRequestKey(tx, requestKey.key);
      return first ? { id: first, code: null } : create(tx);
    });
  } catch (error) {
    if (!requestKey || !isUniqueViolation(error, 'gift_cards_request_key_unique')) throw error;
    const first = await database.withTenant(author.tenantId, (tx) => findByRequestKey(tx, requestKey.key));
    if (!first) throw error;
    issued = { id: first, code: null };
  }
  const card = await getGiftCard(database, author.tenantId, issued.id);
  const { entries: _entries, ...summary } = card;
  return { card: summary, code: issued.code, replayed: issued.code === null };
}

/** Voids a card (manager): balance to 0 with a 'void' entry and the reason. */
export async function voidCard(database: Database, author: Omit<GiftCardAuthor, 'requestKey'>, giftCardId: string, reason: string): Promise<GiftCardDetail> {
  await database.withTenant(author.tenantId, async (tx) => {
    const { entry } = await voidGiftCard(tx, { tenantId: author.tenantId, giftCardId, reason, userId: author.userId });
    await postDocument(tx, author.tenantId, 'gift_card', entry.id);
  });
  return getGiftCard(database, author.tenantId, giftCardId);
}

/** What a code's holder may know: balance, status and expiry (404 for a code that opens nothing here). */
export async function checkBalance(database: Database, tenantId: string, code: string): Promise<GiftCardBalance> {
  const card = await database.withTenant(tenantId, (tx) => findCardByCode(tx, code));
  return {
    id: card.id,
    last4: card.last4,
    balanceMinor: card.balanceMinor,
    status: card.status,
    expiresOn: card.expiresOn,
    isExpired: card.isExpired,
  };
}
