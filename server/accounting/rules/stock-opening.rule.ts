import { sql } from 'drizzle-orm';
import { credit } from '../../../core/accounting/posting';
import { fillMessage } from '../../../core/i18n/message.rules';
import { queryRows } from '../../db/client';
import { documentInventory } from '../document-inventory';
import { inventoryLines } from '../inventory-value';
import type { PostingRule } from '../post-document';
import { shopDayOf } from '../posting';
import { stockRoundingLine } from './stock-rule-lines';

// Opening stock: goods the shop had before it bought them through the app. Dr inventory (the
// stock's value now, per location), Cr opening balances at what the movements say the goods cost.

/**
 * The movement sources of goods that came in without a purchase: a new product's opening stock
 * (the form or the CSV import, keyed by the product), a generated catalog's (keyed by the
 * generation, server/products/catalog-generator.ts) and the demo history's morning top-ups from
 * the market (server/db/demo-sales.ts).
 */
const OPENING_SOURCES = ['product', 'import', 'demo_delivery'] as const;
type OpeningSource = (typeof OPENING_SOURCES)[number];
const openingSources = sql.join(
  OPENING_SOURCES.map((source) => sql`${source}`),
  sql`, `,
);

function memoOf(source: OpeningSource, productName: string | null): string {
  if (source === 'product') return fillMessage(/*i18n*/ 'Opening stock of {product}', { product: productName ?? '' });
  if (source === 'import') return /*i18n*/ 'Opening stock of a generated catalog';
  return /*i18n*/ 'Stock brought in without a supplier bill';
}

export const stockOpeningRule: PostingRule = {
  sourceType: 'stock_opening',
  async draft(tx, { tenantId, mode }, sourceId) {
    const [facts] = await queryRows<{ source_type: OpeningSource | null; day: string; cost: string; product_name: string | null }>(
      tx,
      sql`select min(m.source_type) as source_type, ${shopDayOf(sql`min(m.created_at)`)} as day,
                 round(sum(m.quantity * m.unit_cost_minor))::bigint::text as cost,
                 (select p.name from products p where p.id = ${sourceId}::uuid) as product_name
          from stock_movements m where m.source_type in (${openingSources}) and m.source_id = ${sourceId}::uuid`,
    );
    if (!facts?.source_type) return null;
    const change = await documentInventory(tx, tenantId, { movementSourceType: facts.source_type, sourceId }, mode, { averageChanged: true });
    const lines = [...inventoryLines(change), credit({ key: 'opening_balances' }, Number(facts.cost))];
    return { sourceType: 'stock_opening', sourceId, entryDate: facts.day, memo: memoOf(facts.source_type, facts.product_name), lines: [...lines, stockRoundingLine(lines)] };
  },
  history: sql`select source_id as id, min(created_at) as at from stock_movements
               where source_type in (${openingSources}) and source_id is not null group by source_id`,
};
