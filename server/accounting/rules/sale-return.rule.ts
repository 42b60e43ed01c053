import { sql } from 'drizzle-orm';
import { credit, debit, type PostingLine } from '../../../core/accounting/posting';
import { fillMessage } from '../../../core/i18n/message.rules';
import { pointsValueMinor } from '../../../core/loyalty/loyalty.rules';
import type { TaxClass } from '../../../core/products/tax.rules';
import { queryRows, type TenantTx } from '../../db/client';
import { documentInventory } from '../document-inventory';
import type { PostingRule } from '../post-document';
import { shopDayOf } from '../posting';
import { loyaltyValueColumns, movedVariantsOf, ON_ACCOUNT_TENDERS, receivableEntriesOf, receivableLines, tenderAccount, withInventory, type ReceivableEntry } from './sale.rule';

// A return (credit note) in the general ledger (issue 17): the sale's revenue reversed for what
// came back (sales returns net of VAT, the VAT output of each class), each refund credited where
// its money came from (as the sale's tenders; the customer's account gets exactly the credit note
// the return wrote on it). The goods come back at the original sale's cost: COGS is credited with
// the sale line's cost for the quantity returned (the shares of a line's returns, taken as
// differences of running totals, add up to its cost exactly), damaged goods are shrinkage at that
// cost, and the inventory account moves with the stock valuation; the cents between are stock
// rounding. Without a receipt there is no sale line: the goods' cost is what the stock ledger
// took them back at. Points taken back leave the liability when the shop values them.

interface ReturnFacts {
  return_code: string;
  receipt_code: string | null;
  has_sale: boolean;
  location_id: string;
  customer_id: string | null;
  day: string;
  loyalty_points_reversed: number;
  values_points: boolean;
  point_value_minor: number;
  /** costMinor: the sale line's cost of the quantity returned (null without a sale line). */
  lines: { amountMinor: number; taxMinor: number; taxClass: TaxClass; damaged: boolean; costMinor: number | null }[];
  refunds: { tender: string; amountMinor: number }[];
  receivable: ReceivableEntry[];
  /** Without a receipt: what the stock ledger took the goods back at, and wrote off as damaged. */
  restocked_value: string;
  damaged_value: string;
  moved_variant_ids: string[];
}

async function readReturn(tx: TenantTx, returnId: string): Promise<ReturnFacts | null> {
  const movementsValue = (kind: string, sign: number) =>
    sql`(select coalesce(round(sum(m.quantity * m.unit_cost_minor) * ${sign}), 0)::bigint::text from stock_movements m
         where m.source_type = 'sale_return' and m.source_id = r.id and m.kind = ${kind})`;
  const [row] = await queryRows<ReturnFacts>(
    tx,
    sql`select r.return_code, s.receipt_code, r.sale_id is not null as has_sale, r.location_id, r.customer_id, ${shopDayOf(sql`r.created_at`)} as day,
               r.loyalty_points_reversed, ${loyaltyValueColumns},
               (select coalesce(json_agg(json_build_object('amountMinor', rl.amount_minor, 'taxMinor', rl.tax_minor, 'taxClass', rl.tax_class,
                         'damaged', rl.disposition = 'damaged', 'costMinor', cost.minor) order by rl.line_no), '[]')
                from sale_return_lines rl
                left join sale_lines sl on sl.tenant_id = rl.tenant_id and sl.id = rl.sale_line_id
                left join lateral (
                  select (round(sl.cost_minor * sum(o.quantity) / sl.quantity) - round(sl.cost_minor * (sum(o.quantity) - rl.quantity) / sl.quantity))::bigint as minor
                  from sale_return_lines o join sale_returns ro on ro.tenant_id = o.tenant_id and ro.id = o.return_id
                  where o.sale_line_id = rl.sale_line_id and (ro.return_number, o.line_no) <= (r.return_number, rl.line_no)
                ) cost on sl.id is not null
                where rl.tenant_id = r.tenant_id and rl.return_id = r.id) as lines,
               (select coalesce(json_agg(json_build_object('tender', f.tender, 'amountMinor', f.amount_minor) order by f.seq), '[]')
                from sale_refunds f where f.tenant_id = r.tenant_id and f.return_id = r.id) as refunds,
               ${receivableEntriesOf('sale_return', sql`r.id`)} as receivable,
               ${movementsValue('sale_return', 1)} as restocked_value, ${movementsValue('adjustment', -1)} as damaged_value,
               ${movedVariantsOf('sale_return', sql`r.id`)} as moved_variant_ids
        from sale_returns r left join sales s on s.tenant_id = r.tenant_id and s.id = r.sale_id
        where r.id = ${returnId}::uuid`,
  );
  return row ?? null;
}

export const saleReturnRule: PostingRule = {
  sourceType: 'sale_return',
  async draft(tx, context, returnId) {
    const saleReturn = await readReturn(tx, returnId);
    if (!saleReturn) return null;
    const locationId = saleReturn.location_id;
    const at = { locationId };
    const tenders = { locationId, valuesLoyaltyPoints: saleReturn.values_points };
    const lines: PostingLine[] = [
      ...saleReturn.lines.flatMap((line) => [
        debit({ key: 'sales_returns' }, line.amountMinor - line.taxMinor, at),
        debit({ key: 'vat_output_band', taxClass: line.taxClass }, line.taxMinor, at),
      ]),
      ...saleReturn.refunds.filter((refund) => !ON_ACCOUNT_TENDERS.has(refund.tender)).map((refund) => credit(tenderAccount(refund.tender, tenders), refund.amountMinor, at)),
      ...receivableLines(saleReturn.receivable, locationId),
    ];
    if (saleReturn.values_points && saleReturn.customer_id) {
      const reversedMinor = pointsValueMinor(saleReturn.loyalty_points_reversed, saleReturn.point_value_minor);
      lines.push(debit({ key: 'loyalty_points' }, reversedMinor, { ...at, contactId: saleReturn.customer_id }), credit({ key: 'loyalty_rewards' }, reversedMinor, at));
    }
    const costOf = (damagedOnly: boolean) => saleReturn.lines.reduce((sum, line) => sum + (damagedOnly && !line.damaged ? 0 : (line.costMinor ?? 0)), 0);
    const returnedCostMinor = saleReturn.has_sale ? costOf(false) : Number(saleReturn.restocked_value);
    const damagedCostMinor = saleReturn.has_sale ? costOf(true) : Number(saleReturn.damaged_value);
    const change = await documentInventory(tx, context.tenantId, { movementSourceType: 'sale_return', sourceId: returnId, movedVariantIds: saleReturn.moved_variant_ids }, context.mode);
    lines.push(...withInventory([credit({ key: 'cogs' }, returnedCostMinor, at), debit({ key: 'shrinkage' }, damagedCostMinor, at)], change, locationId));
    const memo = saleReturn.receipt_code
      ? fillMessage(/*i18n*/ 'Return {returnCode} of sale {receipt}', { returnCode: saleReturn.return_code, receipt: saleReturn.receipt_code })
      : fillMessage(/*i18n*/ 'Return {returnCode} without a receipt', { returnCode: saleReturn.return_code });
    return { sourceType: 'sale_return', sourceId: returnId, entryDate: saleReturn.day, memo, lines };
  },
  history: sql`select id, created_at as at from sale_returns`,
};
