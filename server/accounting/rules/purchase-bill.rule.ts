import { sql } from 'drizzle-orm';
import { debit } from '../../../core/accounting/posting';
import { fillMessage } from '../../../core/i18n/message.rules';
import { queryRows } from '../../db/client';
import type { PostingRule } from '../post-document';
import { ledgerLine } from './contact-entry.rule';

// A bill for a service without stock (a carrier, a fundi; issue 17): Dr the bill's expense category
// (uncategorised without one) net of claimable VAT, Dr VAT input when the shop claims VAT back (it
// has a KRA PIN, as a delivery's default), Cr accounts payable by the charge the bill wrote. Dated the
// bill's date. A delivery's bill is posted by the delivery's rule, never here.

interface BillFacts {
  kind: 'goods' | 'services';
  number: string;
  supplier_id: string;
  supplier_name: string;
  day: string;
  vat_minor: string;
  category_id: string | null;
  charge_minor: string;
  claims_vat: boolean;
}

export const supplierBillRule: PostingRule = {
  sourceType: 'supplier_bill',
  async draft(tx, _context, billId) {
    const [bill] = await queryRows<BillFacts>(
      tx,
      sql`select b.kind, b.number, b.supplier_id, c.name as supplier_name, b.bill_date::text as day, b.vat_minor::text, b.category_id,
                 charge.amount_minor::text as charge_minor,
                 coalesce((select trim(kra_pin) <> '' from business_settings limit 1), false) as claims_vat
          from supplier_bills b
          join contacts c on c.tenant_id = b.tenant_id and c.id = b.supplier_id
          join account_entries charge on charge.tenant_id = b.tenant_id and charge.id = b.entry_id
          where b.id = ${billId}::uuid`,
    );
    if (!bill || bill.kind === 'goods') return null;
    const owedMinor = Number(bill.charge_minor);
    const vatClaimedMinor = bill.claims_vat ? Number(bill.vat_minor) : 0;
    return {
      sourceType: 'supplier_bill',
      sourceId: billId,
      entryDate: bill.day,
      memo: fillMessage(/*i18n*/ 'Bill {number} from {supplier}', { number: bill.number, supplier: bill.supplier_name }),
      lines: [
        debit(bill.category_id ? { key: 'expense_category', categoryId: bill.category_id } : { key: 'uncategorised_expenses' }, owedMinor - vatClaimedMinor),
        debit({ key: 'vat_input' }, vatClaimedMinor),
        ledgerLine('payable', owedMinor, bill.supplier_id),
      ],
    };
  },
  history: sql`select id, created_at as at from supplier_bills where kind = 'services'`,
  dateField: 'billDate',
};
