import { count, desc, eq, sql } from 'drizzle-orm';
import type { ContactLoyalty, LoyaltyAdjustmentInput, LoyaltyEntry, LoyaltySettings, LoyaltySettingsInput } from '../../core/loyalty/loyalty.schemas';
import { pointsValueMinor } from '../../core/loyalty/loyalty.rules';
import { postDocument } from '../accounting/post-document';
import { recordSettingsChange } from '../audit/audit-events.service';
import type { Database } from '../db/client';
import { loyaltyEntries, loyaltySettings } from '../db/schema/contacts';
import { claimRequestKey, type RequestKey } from '../http/idempotency';
import { readUserNames } from '../inventory/inventory-documents';
import { adjustPoints, loyaltyBalance, readLoyaltySettings, requireLoyaltyContact, type LoyaltyEntryRow } from './loyalty-ledger';

// Loyalty screens' service (issue 14): the programme's settings, a customer's points and history,
// and a manager's adjustment. The points themselves are written by loyalty-ledger.ts only.

export function getLoyaltySettings(database: Database, tenantId: string): Promise<LoyaltySettings> {
  return database.withTenant(tenantId, readLoyaltySettings);
}

/** Saves the programme; what changed goes into the audit log (settings.loyalty) in the same transaction. */
export function updateLoyaltySettings(database: Database, tenantId: string, input: LoyaltySettingsInput, actorUserId: string): Promise<LoyaltySettings> {
  return database.withTenant(tenantId, async (tx) => {
    const before = await readLoyaltySettings(tx);
    await recordSettingsChange(tx, { tenantId, actorUserId, action: 'settings.loyalty', entity: 'loyalty_settings', before, after: input });
    await tx
      .insert(loyaltySettings)
      .values({ tenantId, ...input })
      .onConflictDoUpdate({ target: loyaltySettings.tenantId, set: { ...input, updatedAt: new Date() } });
    return readLoyaltySettings(tx);
  });
}

function toEntry(row: LoyaltyEntryRow, names: Map<string, string>): LoyaltyEntry {
  return {
    id: row.id,
    kind: row.kind,
    points: row.points,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    sourceType: row.sourceType,
    sourceRef: row.sourceRef,
    reason: row.reason,
    userName: row.userId ? (names.get(row.userId) ?? null) : null,
    occurredAt: row.occurredAt.toISOString(),
  };
}

/** A customer's balance, what it is worth, the programme, and a page of entries (newest first). */
export async function getContactLoyalty(
  database: Database,
  tenantId: string,
  contactId: string,
  query: { page: number; pageSize: number },
): Promise<ContactLoyalty> {
  const { settings, points, rows, total } = await database.withTenant(tenantId, async (tx) => {
    await requireLoyaltyContact(tx, contactId);
    const [counted] = await tx.select({ total: count() }).from(loyaltyEntries).where(eq(loyaltyEntries.contactId, contactId));
    const entries = await tx
      .select({
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
      })
      .from(loyaltyEntries)
      .where(eq(loyaltyEntries.contactId, contactId))
      .orderBy(desc(loyaltyEntries.occurredAt), desc(sql`${loyaltyEntries.id}`))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return {
      settings: await readLoyaltySettings(tx),
      points: await loyaltyBalance(tx, contactId),
      rows: entries as LoyaltyEntryRow[],
      total: counted?.total ?? 0,
    };
  });
  const names = await readUserNames(database, rows.map((row) => row.userId));
  return {
    contactId,
    points,
    valueMinor: pointsValueMinor(points, settings.pointValueMinor),
    programme: settings,
    entries: { items: rows.map((row) => toEntry(row, names)), total, page: query.page, pageSize: query.pageSize },
  };
}

export interface AdjustmentAuthor {
  tenantId: string;
  userId: string;
  requestKey: RequestKey | null;
}

/** A manager's adjustment with a reason (Idempotency-Key: a retry answers the first). */
export async function createLoyaltyAdjustment(
  database: Database,
  author: AdjustmentAuthor,
  contactId: string,
  input: LoyaltyAdjustmentInput,
): Promise<{ entry: LoyaltyEntry; points: number; valueMinor: number }> {
  const { written, settings } = await database.withTenant(author.tenantId, async (tx) => {
    if (author.requestKey) await claimRequestKey(tx, author.tenantId, author.requestKey);
    const result = await adjustPoints(tx, {
      tenantId: author.tenantId,
      contactId,
      points: input.points,
      reason: input.reason,
      userId: author.userId,
      requestKey: author.requestKey?.key ?? null,
    });
    await postDocument(tx, author.tenantId, 'loyalty', result.entry!.id);
    return { written: result, settings: await readLoyaltySettings(tx) };
  });
  const entry = written.entry!;
  const names = await readUserNames(database, [entry.userId]);
  return { entry: toEntry(entry, names), points: written.balance, valueMinor: pointsValueMinor(written.balance, settings.pointValueMinor) };
}
