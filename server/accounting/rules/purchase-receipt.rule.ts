import { sql } from 'drizzle-orm';
import { credit, debit, type PostingLine } from '../../../core/accounting/posting';
import { fillMessage } from '../../../core/i18n/message.rules';
import { queryRows } from '../../db/client';
import { documentInventory } from '../document-inventory';
import { inventoryLines } from '../inventory-value';
import type { PostingRule } from '../post-document';
import { shopDayOf } from '../posting';
import { drawerLocationOf, ledgerLine, paidThrough } from './contact-entry.rule';

// A delivery (issue 17): Dr inventory by what it added to the stock valuation, Dr VAT input (when
// the shop claims it; otherwise VAT is in the stock's cost), Cr accounts payable by the bill it
// wrote on the supplier's ledger. Paid at once, the delivery's payment is posted with it: Dr payable,
// Cr the cash (the drawer's location's when from a shift), M-Pesa or bank. What the goods cost
// (what is owed less claimed VAT: invoice and landed costs) less the inventory change is stock
// valuation rounding; goods received free owe nothing, and their value (cents of an average) is
// other income. Dated the day it was received.

interface ReceiptFacts {
  number: string;
  supplier_id: string;
  supplier_name: string;
  location_id: string;
  vat_claimable: boolean;
  vat_minor: string;
  day: string;
  charge_minor: string | null;
  payment_minor: string | null;
  payment_method: string | null;
  drawer_location_id: string | null;
}

export const goodsReceiptRule: PostingRule = {
  sourceType: 'goods_receipt',
  async draft(tx, { tenantId, mode }, receiptId) {
    const [receipt] = await queryRows<ReceiptFacts>(
      tx,
      sql`select r.number, r.supplier_id, c.name as supplier_name, r.location_id, r.vat_claimable, r.vat_minor::text, ${shopDayOf(sql`r.received_at`)} as day,
                 charge.amount_minor::text as charge_minor, pay.amount_minor::text as payment_minor, pay.method as payment_method,
                 ${drawerLocationOf(sql`pay.id`)} as drawer_location_id
          from goods_receipts r
          join contacts c on c.tenant_id = r.tenant_id and c.id = r.supplier_id
          left join supplier_bills b on b.tenant_id = r.tenant_id and b.receipt_id = r.id
          left join account_entries charge on charge.tenant_id = b.tenant_id and charge.id = b.entry_id
          left join account_entries pay on pay.tenant_id = r.tenant_id and pay.source_type = 'goods_receipt' and pay.source_id = r.id and pay.kind = 'payment'
          where r.id = ${receiptId}::uuid`,
    );
    if (!receipt) return null;
    const change = await documentInventory(tx, tenantId, { movementSourceType: 'goods_receipt', sourceId: receiptId }, mode, { averageChanged: true });
    const at = { locationId: receipt.location_id };
    const owedMinor = Number(receipt.charge_minor ?? 0);
    const vatClaimedMinor = receipt.vat_claimable ? Number(receipt.vat_minor) : 0;
    const lines: PostingLine[] = [...inventoryLines(change), debit({ key: 'vat_input' }, vatClaimedMinor, at)];
    if (owedMinor > 0) {
      lines.push(ledgerLine('payable', owedMinor, receipt.supplier_id, receipt.location_id));
      lines.push(debit({ key: 'stock_rounding' }, owedMinor - vatClaimedMinor - change.totalMinor, at));
    } else {
      lines.push(credit({ key: 'other_income' }, change.totalMinor, at));
    }
    if (receipt.payment_minor !== null) {
      const paidMinor = -Number(receipt.payment_minor);
      lines.push(ledgerLine('payable', -paidMinor, receipt.supplier_id, receipt.location_id));
      lines.push(credit(paidThrough(receipt.payment_method!, receipt.drawer_location_id), paidMinor, at));
    }
    return {
      sourceType: 'goods_receipt',
      sourceId: receiptId,
      entryDate: receipt.day,
      memo: fillMessage(/*i18n*/ 'Goods received {number} from {supplier}', { number: receipt.number, supplier: receipt.supplier_name }),
      lines,
    };
  },
  history: sql`select id, received_at as at from goods_receipts`,
};
