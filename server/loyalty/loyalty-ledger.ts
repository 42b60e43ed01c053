import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_LOYALTY_SETTINGS, MAX_POINTS_PER_ENTRY, type LoyaltyEntryKind, type LoyaltySettings } from '../../core/loyalty/loyalty.schemas';
import { expiryDate, pointsForAmount, pointsToExpire, pointsValueMinor } from '../../core/loyalty/loyalty.rules';
import { postDocument } from '../accounting/post-document';
import { queryRows, type TenantTx } from '../db/client';
import { contacts, loyaltyBalances, loyaltyEntries, loyaltySettings } from '../db/schema/contacts';
import { HttpError, notFound } from '../http/errors';

// The only code that writes loyalty points (docs/decisions/0016). loyalty_entries is append-only
// (the app role has no UPDATE or DELETE on it); loyalty_balances is the Σ of a customer's entries,
// moved by the same statement that appends the entry. Every write first locks the customer's
// balance row, so writes to one customer take turns: a duplicate keyed by its sale is found under
// the lock and answered with the first entry, and a decrement is checked against the balance it
// will change (the balance's CHECK (points >= 0) is the database's last word). Callers (the
// register, returns, the adjustment screen, the expiry job) pass their own tenant transaction.

export interface LoyaltyEntryRow {
  id: string;
  contactId: string;
  kind: LoyaltyEntryKind;
  points: number;
  expiresAt: Date | null;
  sourceType: string | null;
  sourceRef: string | null;
  reason: string | null;
  userId: string | null;
  occurredAt: Date;
}

export interface LedgerWrite {
  /** The entry written, or the earlier one with the same key (a retry), or null when nothing was due. */
  entry: LoyaltyEntryRow | null;
  /** The customer's balance afterwards. */
  balance: number;
  /** True when the entry already existed (a retried sale or request). */
  replayed: boolean;
}

const entryColumns = {
  id: loyaltyEntries.id,
  contactId: loyaltyEntries.contactId,
  kind: loyaltyEntries.kind,
  points: loyaltyEntries.points,
  expiresAt: loyaltyEntries.expiresAt,
  sourceType: loyaltyEntries.sourceType,
  sourceRef: loyaltyEntries.sourceRef,
  reason: loyaltyEntries.reason,
  userId: loyaltyEntries.userId,
  occurredAt: loyaltyEntries.occurredAt,
};

/** The shop's programme (off with default figures when it has never been set). */
export async function readLoyaltySettings(tx: TenantTx): Promise<LoyaltySettings> {
  const [row] = await tx
    .select({
      isEnabled: loyaltySettings.isEnabled,
      earnRateBps: loyaltySettings.earnRateBps,
      pointValueMinor: loyaltySettings.pointValueMinor,
      minRedeemPoints: loyaltySettings.minRedeemPoints,
      expiryMonths: loyaltySettings.expiryMonths,
    })
    .from(loyaltySettings)
    .limit(1);
  return row ?? { ...DEFAULT_LOYALTY_SETTINGS };
}

/** A customer's points (0 when nothing was ever written). */
export async function loyaltyBalance(tx: TenantTx, contactId: string): Promise<number> {
  const [row] = await tx.select({ points: loyaltyBalances.points }).from(loyaltyBalances).where(eq(loyaltyBalances.contactId, contactId));
  return row?.points ?? 0;
}

/** The contact in this shop (404 otherwise, another shop's included); loyalty is for customers. */
export async function requireLoyaltyContact(tx: TenantTx, contactId: string, field = 'contactId'): Promise<{ id: string; type: string }> {
  const [contact] = await tx.select({ id: contacts.id, type: contacts.type }).from(contacts).where(eq(contacts.id, contactId));
  if (!contact) throw notFound(/*i18n*/ 'Contact not found');
  if (contact.type === 'supplier') {
    throw new HttpError('unprocessable', /*i18n*/ 'Loyalty points are for customers', { [field]: [/*i18n*/ 'Loyalty points are for customers'] });
  }
  return contact;
}

/** Creates the balance row when missing and locks it for the rest of the transaction. */
async function lockBalance(tx: TenantTx, tenantId: string, contactId: string): Promise<number> {
  await tx.insert(loyaltyBalances).values({ tenantId, contactId, points: 0 }).onConflictDoNothing();
  const [row] = await tx.select({ points: loyaltyBalances.points }).from(loyaltyBalances).where(eq(loyaltyBalances.contactId, contactId)).for('update');
  return row!.points;
}

async function findKeyed(tx: TenantTx, kind: LoyaltyEntryKind, sourceType: string, sourceRef: string): Promise<LoyaltyEntryRow | null> {
  const [row] = await tx
    .select(entryColumns)
    .from(loyaltyEntries)
    .where(and(eq(loyaltyEntries.kind, kind), eq(loyaltyEntries.sourceType, sourceType), eq(loyaltyEntries.sourceRef, sourceRef)));
  return (row as LoyaltyEntryRow | undefined) ?? null;
}

interface AppendRequest {
  tenantId: string;
  contactId: string;
  kind: LoyaltyEntryKind;
  points: number;
  expiresAt?: Date | null;
  sourceType?: string | null;
  sourceRef?: string | null;
  reason?: string | null;
  userId?: string | null;
  occurredAt?: Date;
}

/**
 * Appends one entry and moves the balance by its points in one statement (the balance row is
 * already locked by the caller). A decrement that would go below zero matches no balance row and
 * writes nothing: the caller checked, so that is a bug and throws.
 */
async function appendEntry(tx: TenantTx, request: AppendRequest): Promise<{ entry: LoyaltyEntryRow; balance: number }> {
  if (!Number.isSafeInteger(request.points) || request.points === 0 || Math.abs(request.points) > MAX_POINTS_PER_ENTRY) {
    throw new RangeError('A loyalty entry needs a whole, non-zero number of points');
  }
  const occurredAt = request.occurredAt ? sql`${request.occurredAt.toISOString()}::timestamptz` : sql`clock_timestamp()`;
  const expiresAt = request.expiresAt ? sql`${request.expiresAt.toISOString()}::timestamptz` : sql`null`;
  const rows = await queryRows<{
    id: string;
    occurred_at: string | Date;
    expires_at: string | Date | null;
    balance: number;
  }>(
    tx,
    sql`with moved as (
          update loyalty_balances set points = points + ${request.points}, updated_at = clock_timestamp()
          where tenant_id = ${request.tenantId} and contact_id = ${request.contactId} and points + ${request.points} >= 0
          returning points
        ), entry as (
          insert into loyalty_entries (tenant_id, contact_id, kind, points, expires_at, source_type, source_ref, reason, user_id, occurred_at)
          select ${request.tenantId}, ${request.contactId}, ${request.kind}, ${request.points}, ${expiresAt}, ${request.sourceType ?? null},
                 ${request.sourceRef ?? null}, ${request.reason ?? null}, ${request.userId ?? null}, ${occurredAt}
          from moved
          returning id, occurred_at, expires_at
        )
        select entry.id, entry.occurred_at, entry.expires_at, moved.points as balance from entry, moved`,
  );
  const row = rows[0];
  if (!row) throw new Error('Loyalty balance would go below zero');
  return {
    entry: {
      id: row.id,
      contactId: request.contactId,
      kind: request.kind,
      points: request.points,
      expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
      sourceType: request.sourceType ?? null,
      sourceRef: request.sourceRef ?? null,
      reason: request.reason ?? null,
      userId: request.userId ?? null,
      occurredAt: new Date(row.occurred_at),
    },
    balance: Number(row.balance),
  };
}

function pointsField(message: string): HttpError {
  return new HttpError('unprocessable', message, { points: [message] });
}

export interface EarnInput {
  tenantId: string;
  contactId: string;
  /** The sale's reference: a sale earns once, however often it is retried. */
  saleRef: string;
  /** The VAT-inclusive total net of discounts, in minor units. */
  amountMinor: number;
  userId: string | null;
  /** When the sale happened (an offline sale synced later); now by default. */
  occurredAt?: Date;
}

/**
 * Points for a sale, at the shop's rate, floored. Nothing is written when the programme is off or
 * the sale earns less than a point; a second call with the same saleRef answers the first entry.
 */
export async function earnPoints(tx: TenantTx, input: EarnInput): Promise<LedgerWrite> {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor < 0) throw new RangeError('amountMinor must be a whole number ≥ 0');
  await requireLoyaltyContact(tx, input.contactId);
  const settings = await readLoyaltySettings(tx);
  const balance = await lockBalance(tx, input.tenantId, input.contactId);
  const earlier = await findKeyed(tx, 'earn', 'sale', input.saleRef);
  if (earlier) return { entry: earlier, balance, replayed: true };
  const points = settings.isEnabled ? pointsForAmount(input.amountMinor, settings.earnRateBps) : 0;
  if (points === 0) return { entry: null, balance, replayed: false };
  const earnedAt = input.occurredAt ?? new Date();
  const written = await appendEntry(tx, {
    tenantId: input.tenantId,
    contactId: input.contactId,
    kind: 'earn',
    points: Math.min(points, MAX_POINTS_PER_ENTRY),
    expiresAt: expiryDate(earnedAt, settings.expiryMonths),
    sourceType: 'sale',
    sourceRef: input.saleRef,
    userId: input.userId,
    occurredAt: input.occurredAt,
  });
  return { ...written, replayed: false };
}

export interface RedeemInput {
  tenantId: string;
  contactId: string;
  points: number;
  saleRef: string;
  userId: string | null;
}

/**
 * Spends points on a sale (one redemption per sale: a retry answers the first). Refused (422 on
 * `points`) while the programme is off, when the balance is under the shop's minimum balance to
 * redeem, or for more points than the balance. Answers the money the points are worth.
 */
export async function redeemPoints(tx: TenantTx, input: RedeemInput): Promise<LedgerWrite & { valueMinor: number }> {
  if (!Number.isSafeInteger(input.points) || input.points <= 0 || input.points > MAX_POINTS_PER_ENTRY) {
    throw pointsField(/*i18n*/ 'Enter the points to redeem, a whole number more than 0');
  }
  await requireLoyaltyContact(tx, input.contactId);
  const settings = await readLoyaltySettings(tx);
  const balance = await lockBalance(tx, input.tenantId, input.contactId);
  const earlier = await findKeyed(tx, 'redeem', 'sale', input.saleRef);
  if (earlier) return { entry: earlier, balance, replayed: true, valueMinor: pointsValueMinor(-earlier.points, settings.pointValueMinor) };
  if (!settings.isEnabled) throw pointsField(/*i18n*/ 'The loyalty programme is off');
  if (balance < settings.minRedeemPoints) throw pointsField(/*i18n*/ 'The balance is below the minimum to redeem');
  if (input.points > balance) throw pointsField(/*i18n*/ 'More points than the customer has');
  const written = await appendEntry(tx, {
    tenantId: input.tenantId,
    contactId: input.contactId,
    kind: 'redeem',
    points: -input.points,
    sourceType: 'sale',
    sourceRef: input.saleRef,
    userId: input.userId,
  });
  return { ...written, replayed: false, valueMinor: pointsValueMinor(input.points, settings.pointValueMinor) };
}

export interface ReverseInput {
  tenantId: string;
  contactId: string;
  /** The sale whose earned points are taken back. */
  saleRef: string;
  /** The return: one reversal per return, however often it is retried. */
  returnRef: string;
  /** The points to take back (the register works them out from the returned lines). */
  points: number;
  userId: string | null;
}

/**
 * Takes back points a returned sale earned: at most what that sale earned less what earlier
 * returns of it took back, and at most the balance (points already spent stay spent). Writes
 * nothing when that leaves 0.
 */
export async function reversePoints(tx: TenantTx, input: ReverseInput): Promise<LedgerWrite> {
  if (!Number.isSafeInteger(input.points) || input.points <= 0) throw pointsField(/*i18n*/ 'Enter the points to take back, a whole number more than 0');
  await requireLoyaltyContact(tx, input.contactId);
  const balance = await lockBalance(tx, input.tenantId, input.contactId);
  const key = `${input.saleRef}/${input.returnRef}`;
  const earlier = await findKeyed(tx, 'reverse', 'return', key);
  if (earlier) return { entry: earlier, balance, replayed: true };
  const [figures] = await queryRows<{ earned: string | null; reversed: string | null }>(
    tx,
    sql`select
          (select sum(points) from loyalty_entries where contact_id = ${input.contactId} and kind = 'earn' and source_type = 'sale' and source_ref = ${input.saleRef}) as earned,
          (select -sum(points) from loyalty_entries where contact_id = ${input.contactId} and kind = 'reverse' and source_type = 'return'
             and left(source_ref, ${input.saleRef.length + 1}) = ${`${input.saleRef}/`}) as reversed`,
  );
  const left = Number(figures?.earned ?? 0) - Number(figures?.reversed ?? 0);
  const points = Math.min(input.points, left, balance);
  if (points <= 0) return { entry: null, balance, replayed: false };
  const written = await appendEntry(tx, {
    tenantId: input.tenantId,
    contactId: input.contactId,
    kind: 'reverse',
    points: -points,
    sourceType: 'return',
    sourceRef: key,
    userId: input.userId,
  });
  return { ...written, replayed: false };
}

export interface AdjustInput {
  tenantId: string;
  contactId: string;
  /** Signed: points added (+) or taken away (−). */
  points: number;
  reason: string;
  userId: string | null;
  /** The request's Idempotency-Key: a retried adjustment answers the first. */
  requestKey?: string | null;
}

/** A manager's correction with a reason; it cannot take the balance below zero (422 on `points`). */
export async function adjustPoints(tx: TenantTx, input: AdjustInput): Promise<LedgerWrite> {
  if (!Number.isSafeInteger(input.points) || input.points === 0 || Math.abs(input.points) > MAX_POINTS_PER_ENTRY) {
    throw pointsField(/*i18n*/ 'Enter a change other than 0');
  }
  if (!input.reason.trim()) throw new HttpError('unprocessable', /*i18n*/ 'Enter the reason for the adjustment', { reason: [/*i18n*/ 'Enter the reason for the adjustment'] });
  await requireLoyaltyContact(tx, input.contactId);
  const balance = await lockBalance(tx, input.tenantId, input.contactId);
  if (input.requestKey) {
    const earlier = await findKeyed(tx, 'adjust', 'request', input.requestKey);
    if (earlier) return { entry: earlier, balance, replayed: true };
  }
  if (balance + input.points < 0) throw pointsField(/*i18n*/ 'More points than the customer has');
  const written = await appendEntry(tx, {
    tenantId: input.tenantId,
    contactId: input.contactId,
    kind: 'adjust',
    points: input.points,
    sourceType: input.requestKey ? 'request' : null,
    sourceRef: input.requestKey ?? null,
    reason: input.reason.trim(),
    userId: input.userId,
  });
  return { ...written, replayed: false };
}

interface ExpiryRow {
  contact_id: string;
  lapsed_earned: string;
  consumed: string;
  already_expired: string;
}

function expiryFiguresQuery(now: Date, contactId?: string) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`select contact_id,
        coalesce(sum(points) filter (where kind = 'earn' and expires_at <= ${at}), 0) as lapsed_earned,
        coalesce(-sum(points) filter (where kind in ('redeem', 'reverse') or (kind = 'adjust' and points < 0)), 0) as consumed,
        coalesce(-sum(points) filter (where kind = 'expire'), 0) as already_expired
      from loyalty_entries
      ${contactId ? sql`where contact_id = ${contactId}` : sql``}
      group by contact_id
      having coalesce(sum(points) filter (where kind = 'earn' and expires_at <= ${at}), 0) > 0`;
}

/**
 * Expires lapsed points in this shop, first in first out (loyalty.rules pointsToExpire), as one
 * 'expire' entry per customer. Each customer is recomputed under its balance lock, so running it
 * twice, or twice at once, expires nothing more. Answers the points expired per customer.
 */
export async function expireLapsedPoints(tx: TenantTx, tenantId: string, now: Date): Promise<Map<string, number>> {
  const expired = new Map<string, number>();
  const candidates = await queryRows<ExpiryRow>(tx, expiryFiguresQuery(now));
  for (const candidate of candidates) {
    if (Number(candidate.lapsed_earned) - Number(candidate.consumed) - Number(candidate.already_expired) <= 0) continue;
    const balance = await lockBalance(tx, tenantId, candidate.contact_id);
    const [figures] = await queryRows<ExpiryRow>(tx, expiryFiguresQuery(now, candidate.contact_id));
    if (!figures) continue;
    const points = pointsToExpire({
      lapsedEarned: Number(figures.lapsed_earned),
      consumed: Number(figures.consumed),
      alreadyExpired: Number(figures.already_expired),
      balance,
    });
    if (points <= 0) continue;
    const { entry } = await appendEntry(tx, {
      tenantId,
      contactId: candidate.contact_id,
      kind: 'expire',
      points: -points,
      sourceType: 'expiry',
      occurredAt: now,
    });
    await postDocument(tx, tenantId, 'loyalty', entry.id);
    expired.set(candidate.contact_id, points);
  }
  return expired;
}
