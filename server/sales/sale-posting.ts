import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_LOYALTY_SETTINGS } from '../../core/loyalty/loyalty.schemas';
import { nextDocumentNumber, nextDocumentNumberSql } from '../accounts/account-ledger';
import { queryRows, type TenantTx } from '../db/client';
import { inventoryChangeOf, REVALUATION_CHANGE, revaluationCtes, type InventoryChange } from '../accounting/inventory-value';
import { arePostingsDeferred } from '../accounting/posting-deferral';
import { accountsFor, journalEntryCtes, prepareEntry, readLedgerContext, type LedgerContext } from '../accounting/posting';
import { ON_ACCOUNT_TENDERS, saleDraftOf, type SaleLedgerFacts } from '../accounting/rules/sale.rule';

// The sale's entry in the general ledger, made by the checkout with the sale (issue 17, decision
// 0020). The sold items' stock rows and the shop-wide receipt counter are held from when they are
// taken to the commit, and every other till waits for them; so the ledger's settings and accounts
// are read before them (readSalePosting), and the entry is written in the statement that writes the
// sale (saleEntryCtes), from the sale as the checkout writes it. The draft is the sale rule's
// (rules/sale.rule.ts saleDraftOf), the one it makes of the sale read back; rules/sales-rules.test.ts
// holds the two to the same lines.

/** The sale the checkout is writing, as the ledger sees it. */
export interface SaleForLedger {
  saleId: string;
  locationId: string;
  customerId: string | null;
  tipMinor: number;
  lines: SaleLedgerFacts['lines'];
  /** Every payment row of the sale in order (an exchange's credit first). */
  payments: SaleLedgerFacts['payments'];
  pointValueMinor: number | null;
}

export interface SalePosting {
  context: LedgerContext;
  facts: Omit<SaleLedgerFacts, 'receipt_code' | 'loyalty_points_earned'>;
}

/** The ledger's settings and the accounts the sale's entry names, made where missing; null while postings are deferred. */
export async function readSalePosting(tx: TenantTx, tenantId: string, sale: SaleForLedger): Promise<SalePosting | null> {
  if (arePostingsDeferred()) return null;
  const context = await readLedgerContext(tx);
  const { settings } = context;
  const facts: SalePosting['facts'] = {
    location_id: sale.locationId,
    customer_id: sale.customerId,
    day: settings.today,
    tip_minor: sale.tipMinor,
    values_points: settings.valueLoyaltyPoints,
    point_value_minor: sale.pointValueMinor ?? DEFAULT_LOYALTY_SETTINGS.pointValueMinor,
    lines: sale.lines,
    payments: sale.payments,
    // A charge to the customer's account, or their deposit spent, is the sale's receivable entry.
    receivable: sale.customerId ? sale.payments.filter((payment) => ON_ACCOUNT_TENDERS.has(payment.tender)).map((payment) => ({ contactId: sale.customerId!, amountMinor: payment.amountMinor })) : [],
  };
  // Every account the entry can name: the draft with points earned and an inventory line at the till's location.
  const probe = saleDraftOf(sale.saleId, { ...facts, receipt_code: '', loyalty_points_earned: 1 }, { byLocation: new Map([[sale.locationId, 0]]), totalMinor: 0 });
  await accountsFor(
    tx,
    tenantId,
    context,
    probe.lines.map((line) => line.account),
  );
  return { context, facts };
}

/**
 * The sale's receipt number, and with it the inventory value its stock movements took, booked, in
 * one statement: both are held to the commit (the counter by every till, the book values by the
 * sale's items), so the checkout holds them one round trip less.
 */
export async function takeReceiptNumber(tx: TenantTx, tenantId: string, movedVariantIds: readonly string[], posting: SalePosting | null): Promise<{ receiptNumber: number; inventoryChange: InventoryChange | null }> {
  if (!posting) return { receiptNumber: await nextDocumentNumber(tx, tenantId, 'sale_receipt'), inventoryChange: null };
  const [row] = await queryRows<{ receipt_number: string | number; change: Record<string, string | number> }>(
    tx,
    sql`with ${revaluationCtes(tenantId, movedVariantIds)}, receipt_counter as (${nextDocumentNumberSql(tenantId, 'sale_receipt')})
        select (select last_number from receipt_counter) as receipt_number, ${REVALUATION_CHANGE} as change`,
  );
  return { receiptNumber: Number(row!.receipt_number), inventoryChange: inventoryChangeOf(row!.change) };
}

/** The entry's writes for the sale's statement (journalEntryCtes); null when it moves nothing. */
export async function saleEntryCtes(
  tx: TenantTx,
  tenantId: string,
  posting: SalePosting,
  written: { saleId: string; receiptCode: string; loyaltyPointsEarned: number; change: InventoryChange },
): Promise<SQL | null> {
  const facts: SaleLedgerFacts = { ...posting.facts, receipt_code: written.receiptCode, loyalty_points_earned: written.loyaltyPointsEarned };
  const entry = await prepareEntry(tx, tenantId, saleDraftOf(written.saleId, facts, written.change), {}, posting.context);
  return entry ? journalEntryCtes(entry) : null;
}
