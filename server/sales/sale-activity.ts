import { sql } from 'drizzle-orm';
import type { ApprovalAction } from '../../core/sales/sales.schemas';
import type { SaleActivity } from '../../core/sales/sale-activity.schemas';
import { queryRows, type Database } from '../db/client';
import { quantityFromNumeric } from '../db/schema/quantity';
import { nameOf, readUserNames } from '../inventory/inventory-documents';

// A sale's page (issue 15): the stock movements of the sale, of its returns and of its void, and the
// manager approvals those documents used. Names of people come from the platform's users table
// afterwards (a tenant transaction cannot read it). Null when the sale is not this shop's.

interface MovementRow {
  id: string;
  created_at: Date | string;
  kind: string;
  source_type: 'sale' | 'sale_return' | 'sale_void';
  document_code: string | null;
  product_name: string;
  variant_name: string;
  location_name: string;
  quantity: string;
  balance_after: string;
}

interface ApprovalRow {
  id: string;
  action: ApprovalAction;
  approver_id: string | null;
  requested_by: string | null;
  reason: string | null;
  method: 'password' | 'pin';
  used_by_type: string;
  document_code: string | null;
  created_at: Date | string;
}

export async function readSaleActivity(database: Database, tenantId: string, saleId: string): Promise<SaleActivity | null> {
  const rows = await database.withTenant(tenantId, async (tx) => {
    const [sale] = await queryRows<{ receipt_code: string }>(tx, sql`select receipt_code from sales where id = ${saleId}`);
    if (!sale) return null;
    // The sale's documents: itself (and its void, keyed by the sale's id) and its returns.
    const movements = await queryRows<MovementRow>(
      tx,
      sql`with documents as (
            select ${saleId}::uuid as id, 'sale' as source_type, ${sale.receipt_code} as code
            union all select ${saleId}::uuid, 'sale_void', ${sale.receipt_code}
            union all select r.id, 'sale_return', r.return_code from sale_returns r where r.sale_id = ${saleId}
          )
          select m.id, m.created_at, m.kind, d.source_type, d.code as document_code, p.name as product_name, v.name as variant_name,
                 l.name as location_name, m.quantity::text as quantity, m.balance_after::text as balance_after
            from documents d
            join stock_movements m on m.source_type = d.source_type and m.source_id = d.id
            join product_variants v on v.id = m.variant_id
            join products p on p.id = v.product_id
            join locations l on l.id = m.location_id
           order by m.created_at, m.id`,
    );
    const approvals = await queryRows<ApprovalRow>(
      tx,
      sql`select a.id, a.action, a.approver_id, a.requested_by, a.reason, a.method, a.used_by_type, a.created_at,
                 coalesce(r.return_code, ${sale.receipt_code}) as document_code
            from approvals a
            left join sale_returns r on a.used_by_type = 'sale_return' and r.id = a.used_by_id
           where (a.used_by_type in ('sale', 'sale_void') and a.used_by_id = ${saleId})
              or (a.used_by_type = 'sale_return' and r.sale_id = ${saleId})
           order by a.created_at, a.id`,
    );
    return { movements, approvals };
  });
  if (!rows) return null;
  const names = await readUserNames(database, rows.approvals.flatMap((row) => [row.approver_id, row.requested_by]));
  return {
    movements: rows.movements.map((row) => ({
      id: row.id,
      at: new Date(row.created_at).toISOString(),
      kind: row.kind,
      sourceType: row.source_type,
      documentCode: row.document_code,
      productName: row.product_name,
      variantName: row.variant_name,
      locationName: row.location_name,
      quantityMilli: quantityFromNumeric(row.quantity),
      balanceAfterMilli: quantityFromNumeric(row.balance_after),
    })),
    approvals: rows.approvals.map((row) => ({
      id: row.id,
      action: row.action,
      approverName: nameOf(names, row.approver_id),
      requestedByName: nameOf(names, row.requested_by),
      reason: row.reason,
      method: row.method,
      usedByType: row.used_by_type,
      documentCode: row.document_code,
      at: new Date(row.created_at).toISOString(),
    })),
  };
}
