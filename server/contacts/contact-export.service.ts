import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { CONTACT_IMPORT_COLUMNS, contactExportFields } from '../../core/contacts/contact-import.rules';
import type { contactListQuerySchema, ContactType } from '../../core/contacts/contacts.schemas';
import { serializeCsvRecord } from '../../core/products/csv.rules';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { contactFilters, searchMatches } from './contact-list.query';

// GET /api/contacts/export.csv (feature data_export, manager): the contacts the list shows for the
// same filters, in the import's columns, each balance written as the opening balance a re-import
// would start from. Streamed a page at a time in the list's order (lower(name), id), so a shop of
// 200,000 contacts never sits in memory; UTF-8 with a byte order mark for Excel; every cell that a
// spreadsheet would run as a formula is written with a leading apostrophe (escapeFormula).

export const EXPORT_PAGE_SIZE = 1000;

/** The list's filters (GET /api/contacts), without its sort and page. */
export type ContactExportFilters = Pick<z.output<typeof contactListQuerySchema>, 'q' | 'type' | 'groupId' | 'tag' | 'balance' | 'archived'>;

interface ExportRow {
  id: string;
  name_key: string;
  type: ContactType;
  name: string;
  phone: string | null;
  email: string | null;
  company: string | null;
  kra_pin: string | null;
  address: string | null;
  notes: string | null;
  tags: string[];
  group_name: string | null;
  credit_limit_minor: string | number;
  customer_payment_terms_days: number;
  supplier_payment_terms_days: number;
  receivable_minor: string | number;
  payable_minor: string | number;
}

/** The list's filters and search (server/contacts/contact-list.query.ts) as one SQL condition (contacts aliased c). */
export function contactFilterCondition(tenantId: string, filters: ContactExportFilters): SQL {
  const conditions = contactFilters(tenantId, { ...filters, sort: 'name', dir: 'asc', page: 1, pageSize: 25 });
  const q = filters.q?.trim();
  if (q) conditions.push(sql`(${sql.join(searchMatches(q), sql` or `)})`);
  return sql.join(conditions, sql` and `);
}

function readExportPage(tx: TenantTx, tenantId: string, filters: ContactExportFilters, after: { nameKey: string; id: string } | null): Promise<ExportRow[]> {
  const keyset = after ? sql`and (c.name_key, c.id) > (${after.nameKey}, ${after.id}::uuid)` : sql``;
  return queryRows<ExportRow>(
    tx,
    sql`select c.id, c.name_key, c.type, c.name, c.phone, c.email, c.company, c.kra_pin, c.address, c.notes, c.tags,
               g.name as group_name, c.credit_limit_minor, c.customer_payment_terms_days, c.supplier_payment_terms_days,
               coalesce(r.balance_minor, 0) as receivable_minor, coalesce(p.balance_minor, 0) as payable_minor
        from contacts c
        left join customer_groups g on g.tenant_id = c.tenant_id and g.id = c.customer_group_id
        left join contact_accounts r on r.tenant_id = c.tenant_id and r.contact_id = c.id and r.side = 'receivable'
        left join contact_accounts p on p.tenant_id = c.tenant_id and p.contact_id = c.id and p.side = 'payable'
        where ${contactFilterCondition(tenantId, filters)} ${keyset}
        order by c.name_key, c.id
        limit ${EXPORT_PAGE_SIZE}`,
  );
}

/** The CSV as a stream: the header (with the byte order mark) then a page of contacts per pull. */
export function exportContactsCsv(database: Database, tenantId: string, filters: ContactExportFilters): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: { nameKey: string; id: string } | null = null;
  let isDone = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (isDone) return;
      const page = await database.withTenant(tenantId, (tx) => readExportPage(tx, tenantId, filters, after));
      // The byte order mark makes Excel read the file as UTF-8 (the import drops it again).
      let text = after === null ? `\uFEFF${serializeCsvRecord([...CONTACT_IMPORT_COLUMNS])}` : '';
      for (const row of page) {
        text += serializeCsvRecord(
          contactExportFields({
            type: row.type,
            name: row.name,
            phone: row.phone,
            email: row.email,
            company: row.company,
            kraPin: row.kra_pin,
            address: row.address,
            notes: row.notes,
            tags: row.tags,
            customerGroupName: row.group_name,
            creditLimitMinor: Number(row.credit_limit_minor),
            customerPaymentTermsDays: row.customer_payment_terms_days,
            supplierPaymentTermsDays: row.supplier_payment_terms_days,
            receivableMinor: Number(row.receivable_minor),
            payableMinor: Number(row.payable_minor),
          }),
        );
      }
      const last = page.at(-1);
      if (last) after = { nameKey: last.name_key, id: last.id };
      if (text) controller.enqueue(encoder.encode(text));
      if (page.length < EXPORT_PAGE_SIZE) {
        isDone = true;
        controller.close();
      }
    },
  });
}
