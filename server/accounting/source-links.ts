import { sql, type SQL } from 'drizzle-orm';
import { formatJournalNumber } from '../../core/accounting/accounting.schemas';
import { SOURCE_TYPE_LABELS, type SourceType } from '../../core/accounting/posting';
import { fillMessage } from '../../core/i18n/message.rules';
import { queryRows, type TenantTx } from '../db/client';

// What an entry was posted from, as the journal and the general ledger show it: a label naming the
// document ("Sale T1-000123", a template the web translates) and the app page it lives on
// (web/*/…-routes.tsx), or the type's name without a page for entries that have no document
// (manual, recurring, the history's revaluation) or whose document is not found. One query reads
// the documents of any number of entries; `sourceNumberMatches` finds entries by their document's
// number.

export interface SourceRef {
  sourceType: SourceType;
  sourceId: string | null;
}

export interface SourceLink {
  label: string;
  href: string | null;
}

/** The journal entry's page in the accounting area. */
export const journalEntryPath = (entryId: string) => `/admin/accounting/journal/${entryId}`;

interface SourceDocument {
  /** The document table as `d`, with what the label needs joined. */
  from: SQL;
  /** The label's values, as a JSON object of text. */
  values: SQL;
  /** The page, as text (null: none). */
  href: SQL;
  /** The document's own number, searched by the journal's search (none: not searchable). */
  number?: SQL;
  label: (values: Record<string, string>) => string;
}

const saleDocument = (template: string): SourceDocument => ({
  from: sql`sales d`,
  values: sql`json_build_object('number', d.receipt_code)`,
  href: sql`'/admin/sales/' || d.id`,
  number: sql`d.receipt_code`,
  label: (values) => fillMessage(template, values),
});

const expenseDocument = (template: string): SourceDocument => ({
  from: sql`expenses d`,
  values: sql`json_build_object('number', d.number)`,
  href: sql`'/admin/purchases/expenses/' || d.id`,
  number: sql`d.number`,
  label: (values) => fillMessage(template, values),
});

/** The documents each source type is keyed by (see each rule in server/accounting/rules). */
const SOURCE_DOCUMENTS: Partial<Record<SourceType, SourceDocument>> = {
  sale: saleDocument(/*i18n*/ 'Sale {number}'),
  sale_void: saleDocument(/*i18n*/ 'Voided sale {number}'),
  sale_return: {
    from: sql`sale_returns d`,
    values: sql`json_build_object('number', d.return_code)`,
    // A return without a receipt has no sale to show.
    href: sql`'/admin/sales/' || d.sale_id`,
    number: sql`d.return_code`,
    label: (values) => fillMessage(/*i18n*/ 'Sale return {number}', values),
  },
  shift_close: {
    from: sql`shifts d join registers r on r.id = d.register_id`,
    values: sql`json_build_object('register', r.name, 'number', coalesce(d.z_number::text, ''))`,
    href: sql`'/admin/sales/shifts/' || d.id`,
    label: (values) => fillMessage(/*i18n*/ 'Shift close, {register} Z{number}', values),
  },
  shift_cash: {
    from: sql`shift_cash_movements d join shifts s on s.id = d.shift_id join registers r on r.id = s.register_id`,
    values: sql`json_build_object('register', r.name)`,
    href: sql`'/admin/sales/shifts/' || d.shift_id`,
    label: (values) => fillMessage(/*i18n*/ 'Cash in or out at {register}', values),
  },
  goods_receipt: {
    from: sql`goods_receipts d`,
    values: sql`json_build_object('number', d.number)`,
    href: sql`'/admin/purchases/receipts/' || d.id`,
    number: sql`d.number`,
    label: (values) => fillMessage(/*i18n*/ 'Goods received {number}', values),
  },
  supplier_bill: {
    from: sql`supplier_bills d`,
    values: sql`json_build_object('number', d.number)`,
    href: sql`'/admin/purchases/bills/' || d.id`,
    number: sql`d.number`,
    label: (values) => fillMessage(/*i18n*/ 'Supplier bill {number}', values),
  },
  supplier_payment: {
    from: sql`account_entries d join contacts c on c.id = d.contact_id`,
    values: sql`json_build_object('number', coalesce(d.number, ''), 'name', c.name)`,
    href: sql`'/admin/customers/' || d.contact_id`,
    number: sql`d.number`,
    label: (values) => fillMessage(/*i18n*/ 'Payment {number} to {name}', values),
  },
  supplier_return: {
    from: sql`supplier_returns d`,
    values: sql`json_build_object('number', d.number)`,
    href: sql`'/admin/purchases/returns/' || d.id`,
    number: sql`d.number`,
    label: (values) => fillMessage(/*i18n*/ 'Return to supplier {number}', values),
  },
  contact_entry: {
    from: sql`account_entries d join contacts c on c.id = d.contact_id`,
    values: sql`json_build_object('number', coalesce(d.number, ''), 'name', c.name)`,
    // A numbered payment has its printable receipt; anything else is on the contact's account.
    href: sql`case when d.number is not null then '/admin/customers/receipts/' || d.id else '/admin/customers/' || d.contact_id end`,
    number: sql`d.number`,
    label: (values) =>
      values.number ? fillMessage(/*i18n*/ 'Account entry {number} of {name}', values) : fillMessage(/*i18n*/ 'Account entry of {name}', values),
  },
  expense: expenseDocument(/*i18n*/ 'Expense {number}'),
  expense_void: expenseDocument(/*i18n*/ 'Voided expense {number}'),
  stock_opening: {
    // Keyed by the product whose opening stock it is (a generated catalog or the demo's deliveries: no page).
    from: sql`products d`,
    values: sql`json_build_object('product', d.name)`,
    href: sql`'/admin/products/' || d.id`,
    label: (values) => fillMessage(/*i18n*/ 'Opening stock of {product}', values),
  },
  stock_adjustment: {
    from: sql`stock_adjustments d join locations l on l.id = d.location_id`,
    values: sql`json_build_object('location', l.name)`,
    href: sql`'/admin/products/adjustments/' || d.id`,
    label: (values) => fillMessage(/*i18n*/ 'Stock adjustment at {location}', values),
  },
  stock_take: {
    from: sql`stock_takes d join locations l on l.id = d.location_id`,
    values: sql`json_build_object('location', l.name)`,
    href: sql`'/admin/products/stock-takes/' || d.id`,
    label: (values) => fillMessage(/*i18n*/ 'Stock take at {location}', values),
  },
  transfer_dispatch: {
    from: sql`stock_transfers d join locations l on l.id = d.from_location_id join locations t on t.id = d.to_location_id`,
    values: sql`json_build_object('from', l.name, 'to', t.name)`,
    href: sql`'/admin/products/transfers/' || d.id`,
    label: (values) => fillMessage(/*i18n*/ 'Transfer sent from {from} to {to}', values),
  },
  transfer_receipt: {
    // Keyed by the receipt of goods at the destination, or by a transfer called back (its goods back at the source).
    from: sql`(select r.id, r.transfer_id, s.to_location_id as location_id from stock_transfer_receipts r join stock_transfers s on s.id = r.transfer_id
               union all select t.id, t.id, t.from_location_id from stock_transfers t where t.status = 'cancelled') d
              join locations l on l.id = d.location_id`,
    values: sql`json_build_object('location', l.name)`,
    href: sql`'/admin/products/transfers/' || d.transfer_id`,
    label: (values) => fillMessage(/*i18n*/ 'Transfer received at {location}', values),
  },
  gift_card: {
    // Keyed by the card's ledger entry (or by the card itself).
    from: sql`(select e.id, e.gift_card_id from gift_card_entries e union all select g.id, g.id from gift_cards g) d join gift_cards g on g.id = d.gift_card_id`,
    values: sql`json_build_object('last4', g.last4)`,
    href: sql`'/admin/customers/gift-cards/' || d.gift_card_id`,
    label: (values) => fillMessage(/*i18n*/ 'Gift card ending {last4}', values),
  },
  loyalty: {
    from: sql`loyalty_entries d join contacts c on c.id = d.contact_id`,
    values: sql`json_build_object('name', c.name)`,
    href: sql`'/admin/customers/' || d.contact_id`,
    label: (values) => fillMessage(/*i18n*/ 'Loyalty points of {name}', values),
  },
  reversal: {
    from: sql`journal_entries d`,
    values: sql`json_build_object('number', d.number)`,
    href: sql`${journalEntryPath('')}::text || d.id`,
    label: (values) => fillMessage(/*i18n*/ 'Reversal of {number}', { number: formatJournalNumber(Number(values.number)) }),
  },
};

const refKey = (ref: SourceRef) => `${ref.sourceType}:${ref.sourceId}`;

const plainLink = (sourceType: SourceType): SourceLink => ({ label: SOURCE_TYPE_LABELS[sourceType], href: null });

/**
 * The links of the entries' source documents, in one query; `linkOf` answers any of the refs (a
 * type without a document, or a document not found, is its type's name without a page).
 */
export async function readSourceLinks(tx: TenantTx, refs: readonly SourceRef[]): Promise<(ref: SourceRef) => SourceLink> {
  const idsByType = new Map<SourceType, Set<string>>();
  for (const ref of refs) {
    if (ref.sourceId === null || !SOURCE_DOCUMENTS[ref.sourceType]) continue;
    const ids = idsByType.get(ref.sourceType) ?? new Set<string>();
    ids.add(ref.sourceId);
    idsByType.set(ref.sourceType, ids);
  }
  const links = new Map<string, SourceLink>();
  if (idsByType.size > 0) {
    const selects = [...idsByType].map(([sourceType, ids]) => {
      const document = SOURCE_DOCUMENTS[sourceType]!;
      const idList = sql.join([...ids].map((id) => sql`${id}::uuid`), sql`, `);
      return sql`select ${sourceType}::text as source_type, d.id, ${document.href} as href, ${document.values}::jsonb as values from ${document.from} where d.id in (${idList})`;
    });
    const rows = await queryRows<{ source_type: SourceType; id: string; href: string | null; values: Record<string, string | number | null> }>(tx, sql.join(selects, sql` union all `));
    for (const row of rows) {
      const values = Object.fromEntries(Object.entries(row.values).map(([name, value]) => [name, value === null ? '' : String(value)]));
      links.set(refKey({ sourceType: row.source_type, sourceId: row.id }), { label: SOURCE_DOCUMENTS[row.source_type]!.label(values), href: row.href });
    }
  }
  return (ref) => links.get(refKey(ref)) ?? plainLink(ref.sourceType);
}

/** Entries (as `alias`) whose source document's number contains the text (case-insensitive). */
export function sourceNumberMatches(alias: SQL, text: string): SQL {
  const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const selects = Object.entries(SOURCE_DOCUMENTS)
    .filter(([, document]) => document.number)
    .map(([sourceType, document]) => sql`select ${sourceType}::text, d.id from ${document.from} where ${document.number} ilike ${pattern}`);
  return sql`(${alias}.source_type, ${alias}.source_id) in (${sql.join(selects, sql` union all `)})`;
}
