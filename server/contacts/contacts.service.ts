import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { hasCustomerManagement, normalizeKenyanPhone } from '../../core/contacts/contact.rules';
import type {
  Contact,
  ContactCreate,
  ContactMergeResult,
  Duplicate,
  contactUpdateSchema,
  duplicateQuerySchema,
} from '../../core/contacts/contacts.schemas';
import { hasPermission, type MemberAccess } from '../../core/team/permissions.rules';
import { postDocument } from '../accounting/post-document';
import { postOpeningBalance } from '../accounts/account-ledger';
import { readSubscriptionState } from '../billing/subscription.service';
import type { Database, TenantTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { contactMerges, contacts, customerGroups } from '../db/schema/contacts';
import { HttpError, notFound } from '../http/errors';
import { claimRequestKey, type RequestKey } from '../http/idempotency';
import { queryRows } from '../db/client';
import { readContactRows, toContact } from './contact-view';

// Contacts (issue 14): customers and suppliers. Create (with opening balances and the request's
// Idempotency-Key), update, archive, read with balances, duplicates on phone or e-mail, merge.

type ContactUpdate = z.output<typeof contactUpdateSchema>;
type DuplicateQuery = z.output<typeof duplicateQuerySchema>;

/** Who acts: tenant, person, their permissions in the shop, and the create's Idempotency-Key. */
export interface ContactActor {
  tenantId: string;
  userId: string;
  permissions: MemberAccess['permissions'];
  requestKey: RequestKey | null;
}

const CONTACT_NOT_FOUND = /*i18n*/ 'Contact not found';
const ROLE_MESSAGE = /*i18n*/ 'Your role does not allow this. Ask your shop owner.';

/** A contact in this tenant, with balances; 404 for another shop's id or an unknown one. */
export async function readContact(tx: TenantTx, tenantId: string, contactId: string): Promise<Contact> {
  const [row] = await readContactRows(tx, tenantId, [contactId]);
  if (!row) throw notFound(CONTACT_NOT_FOUND);
  return toContact(row);
}

export function getContact(database: Database, tenantId: string, contactId: string): Promise<Contact> {
  return database.withTenant(tenantId, (tx) => readContact(tx, tenantId, contactId));
}

/** 402 unless the plan has customer management (customer_management or advanced_customer_management). */
export async function assertCustomerManagement(tx: TenantTx): Promise<void> {
  const { entitlements } = await readSubscriptionState(tx, new Date());
  if (!hasCustomerManagement(entitlements.features)) throw new HttpError('payment_required', upgradeMessage('customer_management'));
}

async function checkGroup(tx: TenantTx, groupId: string | null | undefined): Promise<void> {
  if (!groupId) return;
  await assertCustomerManagement(tx);
  const [group] = await tx.select({ id: customerGroups.id }).from(customerGroups).where(eq(customerGroups.id, groupId));
  if (!group) {
    throw new HttpError('unprocessable', /*i18n*/ 'Customer group not found', { customerGroupId: [/*i18n*/ 'Customer group not found'] });
  }
}

/**
 * Anyone who edits contacts (a cashier) looks up customers and creates or edits them (spec roles);
 * suppliers are for whoever manages contacts (contacts.manage), credit limits and opening balances
 * are credit decisions for whoever adjusts accounts (accounts.adjust): managers and owners, or a
 * custom role given them.
 */
function checkContactPermissions(
  actor: ContactActor,
  fields: { type?: string | undefined; creditLimitMinor?: number | undefined; receivableMinor?: number; payableMinor?: number },
  current?: { type: string; creditLimitMinor: number },
) {
  const problems: Record<string, string[]> = {};
  if (!hasPermission(actor, 'contacts.manage')) {
    const type = fields.type ?? current?.type;
    if ((type !== undefined && type !== 'customer') || (current && current.type !== 'customer')) problems.type = [/*i18n*/ 'Your role does not include adding or changing suppliers'];
  }
  if (!hasPermission(actor, 'accounts.adjust')) {
    if (fields.creditLimitMinor !== undefined && fields.creditLimitMinor !== (current?.creditLimitMinor ?? 0)) {
      problems.creditLimitMinor = [/*i18n*/ 'Your role does not include setting a credit limit'];
    }
    if (fields.receivableMinor || fields.payableMinor) problems.openingBalance = [/*i18n*/ 'Your role does not include entering an opening balance'];
  }
  if (Object.keys(problems).length > 0) throw new HttpError('forbidden', ROLE_MESSAGE, problems);
}

function checkOpeningSides(input: ContactCreate) {
  const problems: Record<string, string[]> = {};
  if (input.openingBalance.receivableMinor > 0 && input.type === 'supplier') {
    problems['openingBalance.receivableMinor'] = [/*i18n*/ 'Only a customer owes the shop an opening balance'];
  }
  if (input.openingBalance.payableMinor > 0 && input.type === 'customer') {
    problems['openingBalance.payableMinor'] = [/*i18n*/ 'Only a supplier is owed an opening balance'];
  }
  if (Object.keys(problems).length > 0) throw new HttpError('unprocessable', /*i18n*/ 'Check the opening balances', problems);
}

/** Creates a contact and posts its opening balances in one transaction; a retried key answers with the first. */
export async function createContact(
  database: Database,
  actor: ContactActor,
  input: ContactCreate,
): Promise<Contact & { duplicates: Duplicate[] }> {
  checkContactPermissions(actor, { type: input.type, creditLimitMinor: input.creditLimitMinor, ...input.openingBalance });
  checkOpeningSides(input);
  const { requestKey } = actor;
  const findByKey = async (tx: TenantTx, key: string) =>
    (await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.requestKey, key)))[0]?.id;
  const create = async (tx: TenantTx) => {
    await checkGroup(tx, input.customerGroupId);
    const { openingBalance, ...fields } = input;
    const [row] = await tx
      .insert(contacts)
      .values({ ...fields, tenantId: actor.tenantId, requestKey: requestKey?.key ?? null })
      .returning({ id: contacts.id });
    const contactId = row!.id;
    for (const [side, amountMinor] of [
      ['receivable', openingBalance.receivableMinor],
      ['payable', openingBalance.payableMinor],
    ] as const) {
      if (amountMinor <= 0) continue;
      const opening = await postOpeningBalance(tx, { tenantId: actor.tenantId, contactId, side, amountMinor, userId: actor.userId, sourceType: 'contact' });
      await postDocument(tx, actor.tenantId, 'contact_entry', opening.id);
    }
    return contactId;
  };
  let contactId: string;
  try {
    contactId = await database.withTenant(actor.tenantId, async (tx) => {
      if (!requestKey) return create(tx);
      await claimRequestKey(tx, actor.tenantId, requestKey);
      return (await findByKey(tx, requestKey.key)) ?? create(tx);
    });
  } catch (error) {
    if (!requestKey || !isUniqueViolation(error)) throw error;
    const first = await database.withTenant(actor.tenantId, (tx) => findByKey(tx, requestKey.key));
    if (!first) throw error;
    contactId = first;
  }
  return database.withTenant(actor.tenantId, async (tx) => {
    const contact = await readContact(tx, actor.tenantId, contactId);
    const duplicates = await findDuplicates(tx, actor.tenantId, { phone: contact.phone ?? undefined, email: contact.email ?? undefined, excludeId: contactId });
    return { ...contact, duplicates };
  });
}

/** Changes the fields given; a field left out stays as it is. */
export async function updateContact(database: Database, actor: ContactActor, contactId: string, input: ContactUpdate): Promise<Contact> {
  return database.withTenant(actor.tenantId, async (tx) => {
    const [current] = await tx
      .select({ id: contacts.id, type: contacts.type, creditLimitMinor: contacts.creditLimitMinor, mergedIntoId: contacts.mergedIntoId })
      .from(contacts)
      .where(eq(contacts.id, contactId))
      .for('no key update');
    if (!current) throw notFound(CONTACT_NOT_FOUND);
    if (current.mergedIntoId) throw new HttpError('conflict', /*i18n*/ 'This contact was merged into another one and can no longer be changed');
    checkContactPermissions(actor, { type: input.type, creditLimitMinor: input.creditLimitMinor }, current);
    await checkGroup(tx, input.customerGroupId);
    const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    if (Object.keys(changes).length > 0) {
      await tx.update(contacts).set({ ...changes, updatedAt: new Date() }).where(eq(contacts.id, contactId));
    }
    return readContact(tx, actor.tenantId, contactId);
  });
}

/** Archives (hidden from lists and pickers, ledgers kept) or brings back a contact. */
export async function setContactArchived(database: Database, tenantId: string, contactId: string, archived: boolean): Promise<Contact> {
  return database.withTenant(tenantId, async (tx) => {
    const [row] = await tx
      .update(contacts)
      .set({ isArchived: archived, updatedAt: new Date() })
      .where(and(eq(contacts.id, contactId), archived ? sql`true` : isNull(contacts.mergedIntoId)))
      .returning({ id: contacts.id });
    if (!row) {
      const [exists] = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, contactId));
      if (!exists) throw notFound(CONTACT_NOT_FOUND);
      throw new HttpError('conflict', /*i18n*/ 'A merged contact stays archived: its records are on the contact it was merged into');
    }
    return readContact(tx, tenantId, contactId);
  });
}

/** Other live (not merged) contacts with this phone (any written form) or e-mail, at most 5. */
export async function findDuplicates(tx: TenantTx, tenantId: string, query: DuplicateQuery): Promise<Duplicate[]> {
  const phone = query.phone ? normalizeKenyanPhone(query.phone) : null;
  const email = query.email?.trim().toLowerCase() || null;
  if (!phone && !email) return [];
  const matches = [phone ? eq(contacts.phone, phone) : undefined, email ? sql`lower(${contacts.email}) = ${email}` : undefined].filter(
    (match) => match !== undefined,
  );
  const rows = await tx
    .select({ id: contacts.id, name: contacts.name, type: contacts.type, phone: contacts.phone, email: contacts.email, isArchived: contacts.isArchived })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), isNull(contacts.mergedIntoId), query.excludeId ? ne(contacts.id, query.excludeId) : undefined, or(...matches)))
    .orderBy(contacts.isArchived, contacts.nameKey, contacts.id)
    .limit(5);
  return rows.map((row) => ({
    ...row,
    type: row.type as Duplicate['type'],
    matchedOn: [
      ...(phone && row.phone === phone ? (['phone'] as const) : []),
      ...(email && row.email?.toLowerCase() === email ? (['email'] as const) : []),
    ],
  }));
}

export function listDuplicates(database: Database, tenantId: string, query: DuplicateQuery): Promise<Duplicate[]> {
  return database.withTenant(tenantId, (tx) => findDuplicates(tx, tenantId, query));
}

type ContactRecord = typeof contacts.$inferSelect;

/** The target's blank fields filled from the source; tags joined; a customer merged with a supplier is both. */
function mergedFields(target: ContactRecord, source: ContactRecord) {
  const type = target.type === source.type ? target.type : 'both';
  const tags = [...new Map([...target.tags, ...source.tags].map((tag) => [tag.toLowerCase(), tag])).values()].slice(0, 20);
  return {
    type,
    phone: target.phone ?? source.phone,
    email: target.email ?? source.email,
    company: target.company ?? source.company,
    kraPin: target.kraPin ?? source.kraPin,
    address: target.address ?? source.address,
    notes: target.notes ?? source.notes,
    tags,
    customerGroupId: target.customerGroupId ?? source.customerGroupId,
    creditLimitMinor: target.creditLimitMinor || source.creditLimitMinor,
    customerPaymentTermsDays: target.customerPaymentTermsDays || source.customerPaymentTermsDays,
    supplierPaymentTermsDays: target.supplierPaymentTermsDays || source.supplierPaymentTermsDays,
    userId: target.userId ?? source.userId,
    updatedAt: new Date(),
  };
}

/**
 * Merges the source contact into the target in one transaction: both contacts and their account
 * rows are locked in id order (the order every ledger write takes them in, so no deadlock), the
 * source's account entries, open items, loyalty entries and gift cards move to the target, its
 * balances are added to the target's, the target's blank fields are filled from it, and it is
 * archived with merged_into_id. The merge is recorded with the source as it was. The contact rows
 * are locked FOR NO KEY UPDATE: a ledger write in flight holds its account row and still needs a
 * key-share lock on its contact (the entry's foreign key), which FOR UPDATE would deadlock with.
 */
export async function mergeContacts(database: Database, actor: ContactActor, sourceId: string, targetId: string): Promise<ContactMergeResult> {
  if (sourceId === targetId) {
    throw new HttpError('unprocessable', /*i18n*/ 'Choose another contact to merge into', { intoContactId: [/*i18n*/ 'Choose another contact to merge into'] });
  }
  const tenantId = actor.tenantId;
  return database.withTenant(tenantId, async (tx) => {
    const locked = await tx
      .select()
      .from(contacts)
      .where(sql`${contacts.id} in (${sourceId}, ${targetId})`)
      .orderBy(contacts.id)
      .for('no key update');
    const source = locked.find((row) => row.id === sourceId);
    const target = locked.find((row) => row.id === targetId);
    if (!source) throw notFound(CONTACT_NOT_FOUND);
    if (!target) throw new HttpError('unprocessable', /*i18n*/ 'Contact not found', { intoContactId: [/*i18n*/ 'Contact not found'] });
    if (source.mergedIntoId) throw new HttpError('conflict', /*i18n*/ 'This contact was already merged into another one');
    if (target.mergedIntoId) {
      throw new HttpError('unprocessable', /*i18n*/ 'That contact was merged into another one', { intoContactId: [/*i18n*/ 'That contact was merged into another one'] });
    }
    if (source.userId && target.userId && source.userId !== target.userId) {
      throw new HttpError('unprocessable', /*i18n*/ 'Both contacts belong to signed-in people and cannot be merged', {
        intoContactId: [/*i18n*/ 'Both contacts belong to signed-in people'],
      });
    }
    // The balance rows: the ledgers' per-contact lock, taken in contact id order.
    await queryRows(
      tx,
      sql`select contact_id from contact_accounts where tenant_id = ${tenantId} and contact_id in (${sourceId}, ${targetId})
          order by contact_id, side for update`,
    );
    await queryRows(
      tx,
      sql`select contact_id from loyalty_balances where tenant_id = ${tenantId} and contact_id in (${sourceId}, ${targetId})
          order by contact_id for update`,
    );

    const moved = async (statement: ReturnType<typeof sql>) => (await queryRows<{ moved: number }>(tx, statement))[0]?.moved ?? 0;
    const accountEntries = await moved(
      sql`with m as (update account_entries set contact_id = ${targetId} where tenant_id = ${tenantId} and contact_id = ${sourceId} returning 1)
          select count(*)::int as moved from m`,
    );
    const openItems = await moved(
      sql`with m as (update account_open_items set contact_id = ${targetId} where tenant_id = ${tenantId} and contact_id = ${sourceId} returning 1)
          select count(*)::int as moved from m`,
    );
    await tx.execute(
      sql`insert into contact_accounts (tenant_id, contact_id, side, balance_minor, updated_at)
          select tenant_id, ${targetId}, side, balance_minor, now() from contact_accounts where tenant_id = ${tenantId} and contact_id = ${sourceId}
          on conflict (tenant_id, contact_id, side)
          do update set balance_minor = contact_accounts.balance_minor + excluded.balance_minor, updated_at = now()`,
    );
    await tx.execute(sql`delete from contact_accounts where tenant_id = ${tenantId} and contact_id = ${sourceId}`);
    const loyaltyEntries = await moved(
      sql`with m as (update loyalty_entries set contact_id = ${targetId} where tenant_id = ${tenantId} and contact_id = ${sourceId} returning 1)
          select count(*)::int as moved from m`,
    );
    await tx.execute(
      sql`insert into loyalty_balances (tenant_id, contact_id, points, updated_at)
          select tenant_id, ${targetId}, points, now() from loyalty_balances where tenant_id = ${tenantId} and contact_id = ${sourceId}
          on conflict (tenant_id, contact_id)
          do update set points = loyalty_balances.points + excluded.points, updated_at = now()`,
    );
    await tx.execute(sql`delete from loyalty_balances where tenant_id = ${tenantId} and contact_id = ${sourceId}`);
    const giftCards = await moved(
      sql`with m as (update gift_cards set contact_id = ${targetId}, updated_at = now() where tenant_id = ${tenantId} and contact_id = ${sourceId} returning 1)
          select count(*)::int as moved from m`,
    );

    // The source first gives up its person (the profile contact is one per person), then the target takes what it lacks.
    await tx
      .update(contacts)
      .set({ isArchived: true, mergedIntoId: targetId, userId: null, requestKey: source.requestKey, updatedAt: new Date() })
      .where(eq(contacts.id, sourceId));
    await tx.update(contacts).set(mergedFields(target, source)).where(eq(contacts.id, targetId));

    const counts = { accountEntries, openItems, loyaltyEntries, giftCards };
    const { nameKey: _nameKey, ...snapshot } = source;
    await tx.insert(contactMerges).values({
      tenantId,
      sourceContactId: sourceId,
      targetContactId: targetId,
      sourceSnapshot: snapshot,
      movedCounts: counts,
      userId: actor.userId,
    });
    return { sourceContactId: sourceId, targetContactId: targetId, moved: counts };
  });
}
