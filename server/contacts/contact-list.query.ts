import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { phoneSearchPrefix } from '../../core/contacts/contact.rules';
import { CONTACT_COUNT_CAP, CONTACT_SEARCH_CAP, type ContactList, type contactListQuerySchema } from '../../core/contacts/contacts.schemas';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { balancesOf, readContactRows, SHOP_TODAY } from './contact-view';

// The contacts list (a shop may have 200,000): the page's ids are read first from an index that
// follows the sort, then only those 10–100 contacts get their group and balances
// (docs/decisions/0011, as server/products/product-list.query.ts does for products).

export type ContactListOptions = z.output<typeof contactListQuerySchema>;

interface PageIds {
  ids: string[];
  total: number;
  totalCapped: boolean;
}

export function listContacts(database: Database, tenantId: string, options: ContactListOptions): Promise<ContactList> {
  return database.withTenant(tenantId, async (tx) => {
    const search = options.q?.trim();
    const offset = (options.page - 1) * options.pageSize;
    const { ids, total, totalCapped } = search
      ? await searchPage(tx, tenantId, options, searchMatches(search), offset)
      : await listPage(tx, tenantId, options, offset);
    const rows = await readContactRows(tx, tenantId, ids);
    return {
      items: rows.map((row) => ({
        id: row.id,
        type: row.type,
        name: row.name,
        phone: row.phone,
        email: row.email,
        company: row.company,
        kraPin: row.kra_pin,
        tags: row.tags,
        isArchived: row.is_archived,
        customerGroupName: row.customer_group_name,
        creditLimitMinor: Number(row.credit_limit_minor),
        balances: balancesOf(row),
      })),
      total,
      totalCapped,
      page: options.page,
      pageSize: options.pageSize,
    };
  });
}

/** The side whose balance the list shows and filters on: suppliers' payable, otherwise receivable. */
const sideOf = (options: ContactListOptions) => (options.type === 'supplier' ? 'payable' : 'receivable');

const direction = (options: ContactListOptions) => (options.dir === 'desc' ? sql`desc` : sql`asc`);
const orderedBy = (keys: SQL[], options: ContactListOptions) => sql.join(keys.map((key) => sql`${key} ${direction(options)}`), sql`, `);

/** The sort's keys, ending with the id: the name follows contacts_name_order (tenant, archived, name_key, id). */
function sortKeys(options: ContactListOptions): SQL[] {
  switch (options.sort) {
    case 'name':
      return [sql`c.name_key`, sql`c.id`];
    case 'created':
      return [sql`c.created_at`, sql`c.id`];
    case 'balance':
      return [sql`coalesce(bal.balance_minor, 0)`, sql`c.name_key`, sql`c.id`];
  }
}

const balanceJoin = (tenantId: string, options: ContactListOptions) =>
  options.sort === 'balance'
    ? sql`left join contact_accounts bal on bal.tenant_id = ${tenantId} and bal.contact_id = c.id and bal.side = ${sideOf(options)}`
    : sql``;

export function contactFilters(tenantId: string, options: ContactListOptions): SQL[] {
  const filters = [sql`c.tenant_id = ${tenantId}`];
  if (options.archived === 'active') filters.push(sql`c.is_archived = false`);
  else if (options.archived === 'archived') filters.push(sql`c.is_archived = true`);
  if (options.type === 'customer') filters.push(sql`c.type in ('customer', 'both')`);
  else if (options.type === 'supplier') filters.push(sql`c.type in ('supplier', 'both')`);
  if (options.groupId) filters.push(sql`c.customer_group_id = ${options.groupId}`);
  if (options.tag) filters.push(sql`c.tags @> array[${options.tag}]::text[]`);
  // Balance filters read the (small) set of contacts with a balance first: contact_accounts_balance_idx
  // and the open-items indexes hold only contacts with an account.
  const sides = options.type === 'all' ? sql`('receivable', 'payable')` : sql`(${sideOf(options)})`;
  if (options.balance === 'due') {
    filters.push(sql`c.id in (select a.contact_id from contact_accounts a where a.tenant_id = ${tenantId} and a.side in ${sides} and a.balance_minor > 0)`);
  } else if (options.balance === 'overdue') {
    filters.push(sql`c.id in (select o.contact_id from account_open_items o where o.tenant_id = ${tenantId} and o.side in ${sides}
      and o.direction = 'debit' and o.open_minor > 0 and o.due_date < ${SHOP_TODAY})`);
  } else if (options.balance === 'deposit') {
    filters.push(sql`c.id in (select o.contact_id from account_open_items o where o.tenant_id = ${tenantId} and o.side in ${sides}
      and o.direction = 'credit' and o.open_minor > 0)`);
  }
  return filters;
}

/**
 * A page of the list: its ids in sort order (a deep page walks index entries). A partly filled page
 * tells the total without counting; otherwise counting stops past CONTACT_COUNT_CAP.
 */
async function listPage(tx: TenantTx, tenantId: string, options: ContactListOptions, offset: number): Promise<PageIds> {
  const where = sql.join(contactFilters(tenantId, options), sql` and `);
  const page = await queryRows<{ id: string }>(
    tx,
    sql`select c.id from contacts c ${balanceJoin(tenantId, options)} where ${where}
        order by ${orderedBy(sortKeys(options), options)} limit ${options.pageSize} offset ${offset}`,
  );
  const ids = page.map((row) => row.id);
  if (ids.length > 0 && ids.length < options.pageSize) return { ids, total: offset + ids.length, totalCapped: false };
  const [{ counted }] = (await queryRows<{ counted: number }>(
    tx,
    sql`select count(*)::int as counted from (select 1 from contacts c where ${where} limit ${CONTACT_COUNT_CAP + 1}) matched`,
  )) as [{ counted: number }];
  return { ids, total: Math.min(counted, CONTACT_COUNT_CAP), totalCapped: counted > CONTACT_COUNT_CAP };
}

/**
 * A search page and its total from one ordered read of the first CONTACT_SEARCH_CAP + 1 matches.
 * Each way of matching is its own query cut to that many rows in sort order and the cuts are
 * merged: an OR across them would read every contact of the shop.
 */
async function searchPage(tx: TenantTx, tenantId: string, options: ContactListOptions, matches: SQL[], offset: number): Promise<PageIds> {
  const reach = Math.max(offset + options.pageSize, CONTACT_SEARCH_CAP + 1);
  const keys = sortKeys(options);
  const keyNames = keys.map((_, index) => sql.raw(`sort_key_${index}`));
  const selectKeys = sql.join(keys.map((key, index) => sql`${key} as ${keyNames[index]}`), sql`, `);
  const filters = contactFilters(tenantId, options);
  const cuts = matches.map(
    (match) => sql`(select c.id, ${selectKeys} from contacts c ${balanceJoin(tenantId, options)}
                    where ${sql.join([...filters, match], sql` and `)} order by ${orderedBy(keys, options)} limit ${reach})`,
  );
  const [found] = (await queryRows<{ ids: string[]; found: number }>(
    tx,
    sql`with found as materialized (
          select id, ${sql.join(keyNames, sql`, `)} from (${sql.join(cuts, sql` union `)}) matched
          order by ${orderedBy(keyNames, options)} limit ${reach})
        select (select count(*) from found)::int as found,
               array(select id from found order by ${orderedBy(keyNames, options)} offset ${offset} limit ${options.pageSize})::text[] as ids`,
  )) as [{ ids: string[]; found: number }];
  const complete = found.found < reach;
  return { ids: found.ids, total: complete ? found.found : CONTACT_SEARCH_CAP, totalCapped: !complete };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** The first string after every string that starts with `prefix` (digits only): '+2547123' → '+2547124', '+25479' → '+2548'. */
function prefixEnd(prefix: string): string {
  const trimmed = prefix.replace(/9+$/, '');
  const last = trimmed.at(-1)!;
  return trimmed.slice(0, -1) + (last === '+' ? ',' : String(Number(last) + 1));
}

/**
 * The ways a search matches a contact: the name contains every word (name_key: the trigram index,
 * or the name order for a broad word); a phone that starts as the typed number does, in any written
 * form (a range of contacts_phone_idx); an e-mail equal to it; a company containing it
 * (contacts_company_trgm); a KRA PIN starting with it (contacts_kra_pin_idx).
 */
export function searchMatches(search: string): SQL[] {
  const phone = phoneSearchPrefix(search);
  const phoneMatch = phone ? sql`(c.phone >= ${phone} and c.phone < ${prefixEnd(phone)} and c.phone like ${`${phone}%`})` : null;
  // A number is a phone number: looking for it in names would walk every name in order and find none.
  if (/^[\d\s()+.-]+$/.test(search)) return phoneMatch ? [phoneMatch] : [sql`false`];
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = [sql.join(words.map((word) => sql`c.name_key like ${`%${escapeLike(word)}%`}`), sql` and `)];
  if (phoneMatch) matches.push(phoneMatch);
  if (search.includes('@')) matches.push(sql`lower(c.email) = ${search.toLowerCase()}`);
  else if (search.length >= 3) matches.push(sql`lower(c.company) like ${`%${escapeLike(search.toLowerCase())}%`}`);
  const pin = search.toUpperCase();
  if (/^[A-Z]\d{0,9}[A-Z]?$/.test(pin) && pin.length >= 2) {
    matches.push(pin.length === 11 ? sql`c.kra_pin = ${pin}` : sql`(c.kra_pin >= ${pin} and c.kra_pin like ${`${pin}%`})`);
  }
  return matches;
}
