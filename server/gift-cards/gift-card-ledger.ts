import { and, eq, sql, type SQL } from 'drizzle-orm';
import { GIFT_CARD_CODE_MESSAGES, giftCardCodeProblem, stripGiftCardCode } from '../../core/gift-cards/gift-card-code.rules';
import { MAX_GIFT_CARD_MINOR, type GiftCardEntryKind } from '../../core/gift-cards/gift-cards.schemas';
import { queryRows, type TenantTx } from '../db/client';
import { contacts, giftCardEntries } from '../db/schema/contacts';
import { HttpError, notFound } from '../http/errors';
import { hashGiftCardCode, newGiftCardCode } from './gift-card-code';

// The only code that writes gift cards and their ledger (issue 14; docs/decisions/0016). Every
// change of gift_cards.balance_minor happens in the one statement that appends the
// gift_card_entries row explaining it, so a card's balance is always the sum of its entries; the
// card row is locked (FOR UPDATE) before its figures are read, so two redemptions of one card run
// one after the other and cannot spend more than it holds (the CHECK balance_minor >= 0 is the last
// line). These functions run in the caller's transaction: the gift card screens' and, later, the
// register's (a sale that sells or takes a gift card calls them inside its own transaction).
//
// Accounting: selling a gift card is a liability (the shop owes the goods), not revenue; redeeming
// it turns that liability into a sale. Nothing is posted to a general ledger here — the accounting
// issue posts issue/redeem/refund/void from these entries (kind, amount, source).

export const GIFT_CARD_NOT_FOUND = /*i18n*/ 'No gift card with this code. Check the code and try again.';

export interface GiftCardRow {
  id: string;
  last4: string;
  initialMinor: number;
  balanceMinor: number;
  status: 'active' | 'void';
  expiresOn: string | null;
  isExpired: boolean;
  contactId: string | null;
}

export interface GiftCardEntryRow {
  id: string;
  giftCardId: string;
  kind: GiftCardEntryKind;
  amountMinor: number;
  balanceAfterMinor: number;
}

/** Today in the shop's time zone: a card expiring today can still be used today. */
export const shopToday = sql`(now() at time zone coalesce((select bs.time_zone from business_settings bs limit 1), 'Africa/Nairobi'))::date`;

const cardColumns = sql`c.id, c.last4, c.initial_minor::bigint as initial_minor, c.balance_minor::bigint as balance_minor, c.status,
  c.expires_on::text as expires_on, (c.expires_on is not null and c.expires_on < ${shopToday}) as is_expired, c.contact_id`;

interface CardSqlRow {
  id: string;
  last4: string;
  initial_minor: string | number;
  balance_minor: string | number;
  status: 'active' | 'void';
  expires_on: string | null;
  is_expired: boolean;
  contact_id: string | null;
}

const toCard = (row: CardSqlRow): GiftCardRow => ({
  id: row.id,
  last4: row.last4,
  initialMinor: Number(row.initial_minor),
  balanceMinor: Number(row.balance_minor),
  status: row.status,
  expiresOn: row.expires_on,
  isExpired: row.is_expired,
  contactId: row.contact_id,
});

function requireAmount(amountMinor: number, field = 'amountMinor') {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor > MAX_GIFT_CARD_MINOR) {
    throw new HttpError('validation_failed', /*i18n*/ 'The amount must be a whole number of cents above zero', {
      [field]: [/*i18n*/ 'The amount must be a whole number of cents above zero'],
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Issue

export interface IssueGiftCardInput {
  tenantId: string;
  amountMinor: number;
  contactId?: string | null;
  /** Last day of use (YYYY-MM-DD, after today in the shop's time zone), or null for no expiry. */
  expiresOn?: string | null;
  userId: string | null;
  /** The Idempotency-Key of the request that issues it (the caller claims it first). */
  requestKey?: string | null;
  /** What the card was sold through: the register passes ('sale', its sale id). */
  sourceType?: string;
  sourceRef?: string | null;
}

/**
 * A new card and its code. The code is returned this once: only its hash and last 4 are kept.
 * Issuing does not take the money — the register's sale does, and the accounting issue books it
 * as a liability (see the top of this file).
 */
export async function issueGiftCard(tx: TenantTx, input: IssueGiftCardInput): Promise<{ card: GiftCardRow; code: string; issueEntryId: string }> {
  requireAmount(input.amountMinor);
  const contactId = input.contactId ?? null;
  const expiresOn = input.expiresOn ?? null;
  const fields: Record<string, string[]> = {};
  if (contactId !== null) {
    const [contact] = await tx
      .select({ type: contacts.type, mergedIntoId: contacts.mergedIntoId })
      .from(contacts)
      .where(eq(contacts.id, contactId));
    if (!contact || contact.mergedIntoId !== null) fields.contactId = [/*i18n*/ 'Customer not found'];
    else if (contact.type === 'supplier') fields.contactId = [/*i18n*/ 'Gift cards are issued to customers, not suppliers'];
  }
  if (expiresOn !== null) {
    const [row] = await queryRows<{ future: boolean | null }>(tx, sql`select ${expiresOn}::date > ${shopToday} as future`);
    if (!row?.future) fields.expiresOn = [/*i18n*/ 'The expiry date must be after today'];
  }
  if (Object.keys(fields).length > 0) throw new HttpError('validation_failed', /*i18n*/ 'Some fields are invalid', fields);

  // A clash of two random 79-bit codes is all but impossible; should one happen, draw again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = newGiftCardCode();
    const [row] = await queryRows<{ id: string; entry_id: string }>(
      tx,
      sql`with card as (
            insert into gift_cards (tenant_id, code_hash, last4, initial_minor, balance_minor, contact_id, expires_on, user_id, request_key)
            values (${input.tenantId}, ${hashGiftCardCode(code)}, ${code.slice(-4)}, ${input.amountMinor}, ${input.amountMinor},
                    ${contactId}::uuid, ${expiresOn}::date, ${input.userId}::uuid, ${input.requestKey ?? null}::uuid)
            on conflict (tenant_id, code_hash) do nothing
            returning id, balance_minor
          ), entry as (
            insert into gift_card_entries (tenant_id, gift_card_id, kind, amount_minor, balance_after_minor, source_type, source_ref, user_id)
            select ${input.tenantId}, card.id, 'issue', ${input.amountMinor}, card.balance_minor,
                   ${input.sourceType ?? 'gift_card'}, ${input.sourceRef ?? null}, ${input.userId}::uuid
            from card
            returning id, gift_card_id
          )
          select gift_card_id as id, id as entry_id from entry`,
    );
    if (row) return { card: await readCard(tx, byId(row.id)), code, issueEntryId: row.entry_id };
  }
  throw new Error('Could not draw an unused gift card code in 5 attempts');
}

// ---------------------------------------------------------------------------------------------
// Reading and locking

async function readCard(tx: TenantTx, where: SQL | undefined, lock = false): Promise<GiftCardRow> {
  const [row] = await queryRows<CardSqlRow>(
    tx,
    sql`select ${cardColumns} from gift_cards c where ${where ?? sql`true`}${lock ? sql` for update of c` : sql``}`,
  );
  if (!row) throw notFound(/*i18n*/ 'Gift card not found');
  return toCard(row);
}

const byId = (id: string) => sql`c.id = ${id}`;
const byHash = (hash: string) => sql`c.code_hash = ${hash}`;

/** The normalised code, or 400 on `field` when the text cannot be a code. */
export function requireCode(code: string, field = 'code'): string {
  const problem = giftCardCodeProblem(code);
  if (problem) throw new HttpError('validation_failed', GIFT_CARD_CODE_MESSAGES[problem], { [field]: [GIFT_CARD_CODE_MESSAGES[problem]] });
  return stripGiftCardCode(code);
}

/**
 * The card a code opens, in this shop (RLS), or 404 with one message whatever was wrong: an
 * unknown code, another shop's code and a mistyped one read the same. `field` names the input the
 * code came in, so a form with several (a sale's payments) knows which one was refused.
 */
export async function findCardByCode(tx: TenantTx, code: string, lock = false, field?: string): Promise<GiftCardRow> {
  return readCard(tx, byHash(hashGiftCardCode(requireCode(code))), lock).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 404) throw new HttpError('not_found', GIFT_CARD_NOT_FOUND, field ? { [field]: [GIFT_CARD_NOT_FOUND] } : undefined);
    throw error;
  });
}

export async function lockCardById(tx: TenantTx, giftCardId: string): Promise<GiftCardRow> {
  return readCard(tx, byId(giftCardId), true);
}

function refuseUnusable(card: GiftCardRow, field?: string) {
  const refusal = (message: string) => new HttpError('conflict', message, field ? { [field]: [message] } : undefined);
  if (card.status === 'void') throw refusal(/*i18n*/ 'This gift card was voided and cannot be used');
  if (card.isExpired) throw refusal(/*i18n*/ 'This gift card has expired and cannot be used');
}

/**
 * One statement: move the card's balance under `guard` and append the entry that explains it.
 * Undefined when the guard refused (the caller, holding the row lock, has checked it already).
 */
async function applyEntry(
  tx: TenantTx,
  entry: {
    tenantId: string;
    giftCardId: string;
    kind: GiftCardEntryKind;
    deltaMinor: number;
    guard: SQL;
    status?: 'void';
    sourceType: string | null;
    sourceRef: string | null;
    reason?: string | null;
    userId: string | null;
  },
): Promise<GiftCardEntryRow | undefined> {
  const [row] = await queryRows<{ id: string; balance_after_minor: string | number }>(
    tx,
    sql`with card as (
          update gift_cards c
          set balance_minor = c.balance_minor + ${entry.deltaMinor}, status = coalesce(${entry.status ?? null}, c.status), updated_at = now()
          where c.id = ${entry.giftCardId} and ${entry.guard}
          returning c.id, c.balance_minor
        ), appended as (
          insert into gift_card_entries (tenant_id, gift_card_id, kind, amount_minor, balance_after_minor, source_type, source_ref, reason, user_id, occurred_at)
          select ${entry.tenantId}, card.id, ${entry.kind}, ${entry.deltaMinor}, card.balance_minor, ${entry.sourceType}, ${entry.sourceRef},
                 ${entry.reason ?? null}, ${entry.userId}::uuid, clock_timestamp()
          from card
          returning id, balance_after_minor
        )
        select id, balance_after_minor from appended`,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    giftCardId: entry.giftCardId,
    kind: entry.kind,
    amountMinor: entry.deltaMinor,
    balanceAfterMinor: Number(row.balance_after_minor),
  };
}

/** An earlier entry of this kind for this source (a retried sale or return), if any. */
async function findSourceEntry(tx: TenantTx, kind: GiftCardEntryKind, sourceType: string, sourceRef: string): Promise<GiftCardEntryRow | undefined> {
  const [row] = await tx
    .select({
      id: giftCardEntries.id,
      giftCardId: giftCardEntries.giftCardId,
      amountMinor: giftCardEntries.amountMinor,
      balanceAfterMinor: giftCardEntries.balanceAfterMinor,
    })
    .from(giftCardEntries)
    .where(and(eq(giftCardEntries.kind, kind), eq(giftCardEntries.sourceType, sourceType), eq(giftCardEntries.sourceRef, sourceRef)));
  return row ? { ...row, kind } : undefined;
}

function refuseDifferentRetry(earlier: GiftCardEntryRow, giftCardId: string, deltaMinor: number) {
  if (earlier.giftCardId !== giftCardId || earlier.amountMinor !== deltaMinor) {
    throw new HttpError('conflict', /*i18n*/ 'This sale already used a gift card for a different amount');
  }
}

const requireRef = (ref: string, field: string) => {
  if (ref.trim() === '' || ref.length > 100) {
    throw new HttpError('validation_failed', /*i18n*/ 'A sale reference is required', { [field]: [/*i18n*/ 'A sale reference is required'] });
  }
};

// ---------------------------------------------------------------------------------------------
// Redeem, refund, void

export interface RedeemGiftCardInput {
  tenantId: string;
  code: string;
  amountMinor: number;
  /** The sale paying with the card: a retry of the same sale redeems once. */
  saleRef: string;
  userId: string | null;
}

/**
 * Spends part or all of a card for a sale. Refuses (409) more than the balance, a voided or
 * expired card; 404 for a code that opens no card here. Keyed by saleRef: a retried sale gets its
 * first redemption back (`replayed`), never a second one.
 */
export async function redeemGiftCard(
  tx: TenantTx,
  input: RedeemGiftCardInput,
): Promise<{ card: GiftCardRow; entry: GiftCardEntryRow; replayed: boolean }> {
  requireAmount(input.amountMinor);
  requireRef(input.saleRef, 'saleRef');
  const card = await findCardByCode(tx, input.code, true, 'code');
  const earlier = await findSourceEntry(tx, 'redeem', 'sale', input.saleRef);
  if (earlier) {
    refuseDifferentRetry(earlier, card.id, -input.amountMinor);
    return { card, entry: earlier, replayed: true };
  }
  refuseUnusable(card, 'code');
  if (input.amountMinor > card.balanceMinor) {
    throw new HttpError('conflict', /*i18n*/ 'The gift card does not hold enough for this amount', {
      amountMinor: [/*i18n*/ 'More than the card holds'],
    });
  }
  const entry = await applyEntry(tx, {
    tenantId: input.tenantId,
    giftCardId: card.id,
    kind: 'redeem',
    deltaMinor: -input.amountMinor,
    guard: sql`c.status = 'active' and c.balance_minor >= ${input.amountMinor} and (c.expires_on is null or c.expires_on >= ${shopToday})`,
    sourceType: 'sale',
    sourceRef: input.saleRef,
    userId: input.userId,
  });
  if (!entry) throw new HttpError('conflict', /*i18n*/ 'The gift card does not hold enough for this amount');
  return { card: { ...card, balanceMinor: entry.balanceAfterMinor }, entry, replayed: false };
}

export interface RefundToGiftCardInput {
  tenantId: string;
  giftCardId: string;
  amountMinor: number;
  /** The return (or cancelled sale) giving the money back: a retry refunds once. */
  returnRef: string;
  userId: string | null;
}

/**
 * Puts money back on a card (a return of goods paid with it). Only what was spent from the card
 * can come back (its balance never rises above its issued value), and only to a usable card: for a
 * voided or expired one the register refunds another way.
 */
export async function refundToGiftCard(
  tx: TenantTx,
  input: RefundToGiftCardInput,
): Promise<{ card: GiftCardRow; entry: GiftCardEntryRow; replayed: boolean }> {
  requireAmount(input.amountMinor);
  requireRef(input.returnRef, 'returnRef');
  const card = await lockCardById(tx, input.giftCardId);
  const earlier = await findSourceEntry(tx, 'refund', 'sale_return', input.returnRef);
  if (earlier) {
    refuseDifferentRetry(earlier, card.id, input.amountMinor);
    return { card, entry: earlier, replayed: true };
  }
  refuseUnusable(card);
  if (card.balanceMinor + input.amountMinor > card.initialMinor) {
    throw new HttpError('conflict', /*i18n*/ 'More than was spent from this gift card cannot be refunded to it', {
      amountMinor: [/*i18n*/ 'More than was spent from this gift card'],
    });
  }
  const entry = await applyEntry(tx, {
    tenantId: input.tenantId,
    giftCardId: card.id,
    kind: 'refund',
    deltaMinor: input.amountMinor,
    guard: sql`c.status = 'active' and c.balance_minor + ${input.amountMinor} <= c.initial_minor`,
    sourceType: 'sale_return',
    sourceRef: input.returnRef,
    userId: input.userId,
  });
  if (!entry) throw new HttpError('conflict', /*i18n*/ 'More than was spent from this gift card cannot be refunded to it');
  return { card: { ...card, balanceMinor: entry.balanceAfterMinor }, entry, replayed: false };
}

export interface VoidGiftCardInput {
  tenantId: string;
  giftCardId: string;
  reason: string;
  userId: string | null;
}

/** Ends a card (lost, sold by mistake): its balance goes to 0 with a 'void' entry; 409 if already void. */
export async function voidGiftCard(tx: TenantTx, input: VoidGiftCardInput): Promise<{ card: GiftCardRow; entry: GiftCardEntryRow }> {
  const card = await lockCardById(tx, input.giftCardId);
  if (card.status === 'void') throw new HttpError('conflict', /*i18n*/ 'This gift card is already void');
  const entry = await applyEntry(tx, {
    tenantId: input.tenantId,
    giftCardId: card.id,
    kind: 'void',
    deltaMinor: -card.balanceMinor,
    guard: sql`c.status = 'active' and c.balance_minor = ${card.balanceMinor}`,
    status: 'void',
    sourceType: 'gift_card',
    sourceRef: null,
    reason: input.reason,
    userId: input.userId,
  });
  if (!entry) throw new HttpError('conflict', /*i18n*/ 'This gift card is already void');
  return { card: { ...card, balanceMinor: 0, status: 'void' }, entry };
}

/** Read without locking (screens, balance check). */
export async function readGiftCard(tx: TenantTx, giftCardId: string): Promise<GiftCardRow> {
  return readCard(tx, byId(giftCardId));
}
