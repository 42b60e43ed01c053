import { sql } from 'drizzle-orm';
import { fillMessage } from '../../../core/i18n/message.rules';
import type { PostingRule } from '../post-document';
import { entryDraft, isSupplierPayment, readEntryFacts } from './contact-entry.rule';

// A payment to a supplier (issue 17): Dr accounts payable, Cr where the money came from (cash from a
// shift's drawer: that location's cash). It is one entry on the supplier's payable ledger, however
// many bills it settles (the allocations only say which), so paying a bill never posts the purchase
// again. The payment a delivery paid at once is the delivery's (source goods_receipt): its rule posts it.

export const supplierPaymentRule: PostingRule = {
  sourceType: 'supplier_payment',
  async draft(tx, _context, entryId) {
    const entry = await readEntryFacts(tx, entryId);
    if (!entry || !isSupplierPayment(entry) || entry.source_type === 'goods_receipt') return null;
    const memo = fillMessage(/*i18n*/ 'Payment {number} to {name}', { number: entry.number ?? '', name: entry.contact_name });
    return entryDraft('supplier_payment', entryId, entry, memo);
  },
  history: sql`select id, occurred_at as at from account_entries
               where kind = 'payment' and side = 'payable' and coalesce(source_type, '') <> 'goods_receipt'`,
};
