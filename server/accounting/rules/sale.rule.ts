import { sql } from 'drizzle-orm';
import { credit, debit, type AccountRef, type PostingDraft, type PostingLine } from '../../../core/accounting/posting';
import { fillMessage } from '../../../core/i18n/message.rules';
import { DEFAULT_LOYALTY_SETTINGS } from '../../../core/loyalty/loyalty.schemas';
import { pointsValueMinor } from '../../../core/loyalty/loyalty.rules';
import { splitInclusive, type TaxClass } from '../../../core/products/tax.rules';
import { queryRows, type TenantTx } from '../../db/client';
import { documentInventory } from '../document-inventory';
import { inventoryLines, type InventoryChange } from '../inventory-value';
import type { PostingContext, PostingRule } from '../post-document';
import { shopDayOf } from '../posting';

// A sale in the general ledger (issue 17). Each payment debits where its money is (the drawer's
// cash, the shop's M-Pesa, card and bank accounts, the customer's account, the gift card or points
// liability it spends, the exchange it came with); sales are credited per tax class at the price
// before discounts, net of VAT, with the discounts debited net of VAT, so the sales, discount and
// VAT lines are exact to the cent; the tip is owed to the staff. The goods leave at the sale
// line's cost (COGS) and the inventory account moves with the stock valuation; the cents between
// the two are stock rounding. Points earned are a liability when the shop values them.

/** Tenders that charge the customer's account (a credit sale, or their deposit spent). */
export const ON_ACCOUNT_TENDERS: ReadonlySet<string> = new Set(['account', 'deposit']);

/** The account a till's tender (other than the customer's account) takes money into or spends. */
export function tenderAccount(tender: string, context: { locationId: string; valuesLoyaltyPoints: boolean }): AccountRef {
  switch (tender) {
    case 'cash':
      return { key: 'cash_location', locationId: context.locationId };
    case 'mpesa':
    case 'card':
    case 'bank_transfer':
      return { tender };
    case 'gift_card':
      return { key: 'gift_cards' };
    case 'loyalty':
      // Valued points were a liability when earned; otherwise spending them is a reward, like a discount.
      return { key: context.valuesLoyaltyPoints ? 'loyalty_points' : 'loyalty_rewards' };
    case 'exchange':
      return { key: 'exchange_clearing' };
    default:
      throw new Error(`No ledger account for the ${tender} tender`);
  }
}

/** An entry of the customer's receivable ledger as the control account's line (+ the customer owes more). */
export interface ReceivableEntry {
  contactId: string;
  amountMinor: number;
}

export const receivableLines = (entries: readonly ReceivableEntry[], locationId: string): PostingLine[] =>
  entries.map((entry) => ({ account: { key: 'receivable' }, amountMinor: entry.amountMinor, contactId: entry.contactId, locationId }));

/** The receivable ledger's entries a document wrote, as JSON [{ contactId, amountMinor }] (SQL). */
export const receivableEntriesOf = (sourceType: string, sourceId: ReturnType<typeof sql>) =>
  sql`(select coalesce(json_agg(json_build_object('contactId', e.contact_id, 'amountMinor', e.amount_minor) order by e.occurred_at, e.id), '[]')
       from account_entries e where e.source_type = ${sourceType} and e.source_id = ${sourceId} and e.side = 'receivable')`;

/** The variants a document's stock movements moved, as a JSON array (SQL): read with the document. */
export const movedVariantsOf = (movementSourceType: string, sourceId: ReturnType<typeof sql>) =>
  sql`(select coalesce(json_agg(distinct m.variant_id), '[]') from stock_movements m where m.source_type = ${movementSourceType} and m.source_id = ${sourceId})`;

/** Whether the shop values loyalty points, and what a point is worth (SQL columns). */
export const loyaltyValueColumns = sql`coalesce((select a.value_loyalty_points from accounting_settings a limit 1), false) as values_points,
  coalesce((select l.point_value_minor from loyalty_settings l limit 1), ${DEFAULT_LOYALTY_SETTINGS.pointValueMinor}) as point_value_minor`;

/**
 * What the goods cost by the document (`costLines`: COGS, shrinkage…), the inventory account's
 * change by the stock valuation, and the cents between the two on stock rounding.
 */
export function withInventory(costLines: PostingLine[], change: InventoryChange, locationId: string): PostingLine[] {
  const costMinor = costLines.reduce((sum, line) => sum + line.amountMinor, 0);
  return [...costLines, ...inventoryLines(change), { account: { key: 'stock_rounding' }, amountMinor: -(costMinor + change.totalMinor), locationId }];
}

/** What the sale rule reads of a sale (readSale), or what the checkout knows of the sale it is writing. */
export interface SaleFacts {
  receipt_code: string;
  location_id: string;
  customer_id: string | null;
  day: string;
  tip_minor: number;
  loyalty_points_earned: number;
  values_points: boolean;
  point_value_minor: number;
  lines: { totalMinor: number; discountMinor: number; taxClass: TaxClass; taxRateBp: number; taxMinor: number; costMinor: number }[];
  payments: { tender: string; amountMinor: number }[];
  receivable: ReceivableEntry[];
  moved_variant_ids: string[];
}

/** The facts the sale's entry is made of (the variants it moved are what its inventory change is read from). */
export type SaleLedgerFacts = Omit<SaleFacts, 'moved_variant_ids'>;

/** The sale with its lines, payments, receivable entries and the variants it moved, in one query. */
async function readSale(tx: TenantTx, saleId: string): Promise<SaleFacts | null> {
  const [row] = await queryRows<SaleFacts>(
    tx,
    sql`select s.receipt_code, s.location_id, s.customer_id, ${shopDayOf(sql`s.created_at`)} as day, s.tip_minor, s.loyalty_points_earned, ${loyaltyValueColumns},
               (select coalesce(json_agg(json_build_object('totalMinor', l.total_minor, 'discountMinor', l.line_discount_minor + l.cart_discount_share_minor,
                         'taxClass', l.tax_class, 'taxRateBp', l.tax_rate_bp, 'taxMinor', l.tax_minor, 'costMinor', l.cost_minor) order by l.line_no), '[]')
                from sale_lines l where l.tenant_id = s.tenant_id and l.sale_id = s.id) as lines,
               (select coalesce(json_agg(json_build_object('tender', p.tender, 'amountMinor', p.amount_minor) order by p.seq), '[]')
                from sale_payments p where p.tenant_id = s.tenant_id and p.sale_id = s.id) as payments,
               ${receivableEntriesOf('sale', sql`s.id`)} as receivable, ${movedVariantsOf('sale', sql`s.id`)} as moved_variant_ids
        from sales s where s.id = ${saleId}::uuid`,
  );
  return row ?? null;
}

/** The sale's revenue per line: sales before discounts, the discounts and the VAT, each net and exact. */
function revenueLines(line: SaleFacts['lines'][number], locationId: string): PostingLine[] {
  const grossMinor = line.totalMinor + line.discountMinor;
  const grossNetMinor = grossMinor - splitInclusive(grossMinor, line.taxRateBp).taxMinor;
  const netMinor = line.totalMinor - line.taxMinor;
  const at = { locationId };
  return [
    credit({ key: 'sales_band', taxClass: line.taxClass }, grossNetMinor, at),
    debit({ key: 'discounts' }, grossNetMinor - netMinor, at),
    credit({ key: 'vat_output_band', taxClass: line.taxClass }, line.taxMinor, at),
  ];
}

/** The sale's draft (also what a void reverses when the sale itself was never posted). */
export async function saleDraft(tx: TenantTx, context: PostingContext, saleId: string): Promise<PostingDraft | null> {
  const sale = await readSale(tx, saleId);
  if (!sale) return null;
  const change = await documentInventory(tx, context.tenantId, { movementSourceType: 'sale', sourceId: saleId, movedVariantIds: sale.moved_variant_ids }, context.mode);
  return saleDraftOf(saleId, sale, change);
}

/**
 * The draft of a sale from its facts and the inventory value its stock movements changed. The
 * checkout calls this with the sale it is writing (server/sales/sale-posting.ts), so the sale is
 * posted in the statement that writes it; the same facts read back from the sale make the same draft.
 */
export function saleDraftOf(saleId: string, sale: SaleLedgerFacts, change: InventoryChange): PostingDraft {
  const locationId = sale.location_id;
  const at = { locationId };
  const tenders = { locationId, valuesLoyaltyPoints: sale.values_points };
  const lines: PostingLine[] = [
    ...sale.payments.filter((payment) => !ON_ACCOUNT_TENDERS.has(payment.tender)).map((payment) => debit(tenderAccount(payment.tender, tenders), payment.amountMinor, at)),
    ...receivableLines(sale.receivable, locationId),
    ...sale.lines.flatMap((line) => revenueLines(line, locationId)),
    credit({ key: 'tips_payable' }, sale.tip_minor, at),
  ];
  if (sale.values_points && sale.customer_id) {
    const earnedMinor = pointsValueMinor(sale.loyalty_points_earned, sale.point_value_minor);
    lines.push(debit({ key: 'loyalty_rewards' }, earnedMinor, at), credit({ key: 'loyalty_points' }, earnedMinor, { ...at, contactId: sale.customer_id }));
  }
  const cogsMinor = sale.lines.reduce((sum, line) => sum + line.costMinor, 0);
  lines.push(...withInventory([debit({ key: 'cogs' }, cogsMinor, at)], change, locationId));
  return { sourceType: 'sale', sourceId: saleId, entryDate: sale.day, memo: fillMessage(/*i18n*/ 'Sale {receipt}', { receipt: sale.receipt_code }), lines };
}

export const saleRule: PostingRule = {
  sourceType: 'sale',
  draft: saleDraft,
  history: sql`select id, created_at as at from sales`,
};
