import { sql } from 'drizzle-orm';
import { credit, debit, type PostingLine } from '../../../core/accounting/posting';
import { fillMessage } from '../../../core/i18n/message.rules';
import { queryRows } from '../../db/client';
import { documentInventory } from '../document-inventory';
import { inventoryLines } from '../inventory-value';
import type { PostingRule } from '../post-document';
import { shopDayOf } from '../posting';
import { ledgerLine, paidThrough } from './contact-entry.rule';

// A return to the supplier (issue 17): Cr inventory by what it took off the stock valuation, Cr VAT
// input by the return's VAT (when the delivery's VAT was claimed), Dr accounts payable by the
// credit note. Refunded, the return also wrote the refund on the supplier's ledger (the credit note
// settles it): Cr payable by it, Dr where the money came back to. What the delivery said the goods
// cost less the inventory change is stock valuation rounding. Dated the day of the return.

interface ReturnFacts {
  number: string;
  supplier_id: string;
  supplier_name: string;
  location_id: string;
  vat_minor: string;
  vat_claimable: boolean;
  refund_method: string | null;
  day: string;
  credit_minor: string;
  refund_minor: string | null;
}

export const supplierReturnRule: PostingRule = {
  sourceType: 'supplier_return',
  async draft(tx, { tenantId, mode }, returnId) {
    const [goodsBack] = await queryRows<ReturnFacts>(
      tx,
      sql`select sr.number, sr.supplier_id, c.name as supplier_name, sr.location_id, sr.vat_minor::text, r.vat_claimable, sr.refund_method,
                 ${shopDayOf(sql`sr.created_at`)} as day, note.amount_minor::text as credit_minor, refund.amount_minor::text as refund_minor
          from supplier_returns sr
          join goods_receipts r on r.tenant_id = sr.tenant_id and r.id = sr.receipt_id
          join contacts c on c.tenant_id = sr.tenant_id and c.id = sr.supplier_id
          join account_entries note on note.tenant_id = sr.tenant_id and note.id = sr.entry_id
          left join account_entries refund on refund.tenant_id = sr.tenant_id and refund.source_type = 'supplier_return' and refund.source_id = sr.id and refund.kind = 'refund'
          where sr.id = ${returnId}::uuid`,
    );
    if (!goodsBack) return null;
    const change = await documentInventory(tx, tenantId, { movementSourceType: 'supplier_return', sourceId: returnId }, mode, { averageChanged: true });
    const at = { locationId: goodsBack.location_id };
    const creditNoteMinor = Number(goodsBack.credit_minor);
    const vatClaimedMinor = goodsBack.vat_claimable ? Number(goodsBack.vat_minor) : 0;
    // The credit note lowers what is owed by the goods' cost and their claimed VAT.
    const goodsCostMinor = -creditNoteMinor - vatClaimedMinor;
    const lines: PostingLine[] = [
      ledgerLine('payable', creditNoteMinor, goodsBack.supplier_id, goodsBack.location_id),
      credit({ key: 'vat_input' }, vatClaimedMinor, at),
      ...inventoryLines(change),
      credit({ key: 'stock_rounding' }, goodsCostMinor + change.totalMinor, at),
    ];
    if (goodsBack.refund_minor !== null) {
      const refundedMinor = Number(goodsBack.refund_minor);
      lines.push(ledgerLine('payable', refundedMinor, goodsBack.supplier_id, goodsBack.location_id));
      lines.push(debit(paidThrough(goodsBack.refund_method!), refundedMinor, at));
    }
    return {
      sourceType: 'supplier_return',
      sourceId: returnId,
      entryDate: goodsBack.day,
      memo: fillMessage(/*i18n*/ 'Return {number} to {supplier}', { number: goodsBack.number, supplier: goodsBack.supplier_name }),
      lines,
    };
  },
  history: sql`select id, created_at as at from supplier_returns`,
};
