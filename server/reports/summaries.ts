import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type PlatformTx, type TenantTx } from '../db/client';

// The report summaries recomputed from the documents (issue 18, docs/decisions/0021). The triggers
// of migrations 0040 and 0043-0045 keep report_item_days, report_sale_hours, report_tender_days,
// report_band_days, report_customer_days and report_sale_discounts current one statement at a time; these queries aggregate the same
// documents from scratch, which is what a rebuild writes and what the tests hold the triggers to. A voided sale counts nowhere; a return
// counts on its own day, whatever became of its sale.

/** The advisory lock space of a shop's summaries: every trigger takes it to the commit (migration 0040), and so does a rebuild. */
const SUMMARY_LOCK_SPACE = 1_518_001;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

const SHOP_ZONE = sql`coalesce((select bs.time_zone from business_settings bs limit 1), 'Africa/Nairobi')`;
const shopDay = (column: SQL) => sql`((${column}) at time zone ${SHOP_ZONE})::date`;
const shopHour = (column: SQL) => sql`extract(hour from (${column}) at time zone ${SHOP_ZONE})::smallint`;

/** The shop's days from..to (inclusive) as a created_at condition the indexes serve; everything without one. */
export interface DayRange {
  from: string;
  to: string;
}
const within = (column: SQL, range: DayRange | null) =>
  range ? sql`${column} >= (${range.from}::date::timestamp at time zone ${SHOP_ZONE}) and ${column} < ((${range.to}::date + 1)::timestamp at time zone ${SHOP_ZONE})` : sql`true`;

/** report_item_days' rows as the documents make them. */
export function recomputedItemDays(range: DayRange | null): SQL {
  return sql`
    with sold as (
      select l.tenant_id, ${shopDay(sql`s.created_at`)} as day, s.location_id, l.variant_id, l.tax_class,
             sum(l.stock_quantity) as sold_quantity, sum(l.total_minor) as sales_minor, sum(l.tax_minor) as tax_minor,
             sum(l.cost_minor) as cost_minor, sum(l.line_discount_minor + l.cart_discount_share_minor) as discount_minor, count(*) as line_count
        from sales s join sale_lines l on l.tenant_id = s.tenant_id and l.sale_id = s.id
        where s.status <> 'voided' and ${within(sql`s.created_at`, range)}
        group by 1, 2, 3, 4, 5),
    returned as (
      select l.tenant_id, ${shopDay(sql`r.created_at`)} as day, r.location_id, l.variant_id, l.tax_class,
             sum(l.stock_quantity) as returned_quantity, sum(l.amount_minor) as returned_minor, sum(l.tax_minor) as returned_tax_minor,
             sum(l.cost_minor) as returned_cost_minor
        from sale_returns r join sale_return_lines l on l.tenant_id = r.tenant_id and l.return_id = r.id
        where ${within(sql`r.created_at`, range)}
        group by 1, 2, 3, 4, 5)
    select tenant_id, day, location_id, variant_id,
           (select v.product_id from product_variants v where v.tenant_id = sold_or_returned.tenant_id and v.id = sold_or_returned.variant_id) as product_id, tax_class,
           coalesce(sold.sold_quantity, 0)::numeric(14, 3) as sold_quantity, coalesce(sold.sales_minor, 0) as sales_minor, coalesce(sold.tax_minor, 0) as tax_minor,
           coalesce(sold.cost_minor, 0) as cost_minor, coalesce(sold.discount_minor, 0) as discount_minor, coalesce(sold.line_count, 0)::int as line_count,
           coalesce(returned.returned_quantity, 0)::numeric(14, 3) as returned_quantity, coalesce(returned.returned_minor, 0) as returned_minor,
           coalesce(returned.returned_tax_minor, 0) as returned_tax_minor, coalesce(returned.returned_cost_minor, 0) as returned_cost_minor
      from sold full join returned using (tenant_id, day, location_id, variant_id, tax_class) as sold_or_returned`;
}

/** report_sale_hours' rows as the documents make them. */
export function recomputedSaleHours(range: DayRange | null): SQL {
  const key = (alias: string) =>
    sql`${sql.raw(alias)}.tenant_id, ${shopDay(sql.raw(`${alias}.created_at`))} as day, ${sql.raw(alias)}.location_id, ${sql.raw(alias)}.register_id,
        coalesce(${sql.raw(alias)}.cashier_id, ${NIL_UUID}::uuid) as cashier_id, ${shopHour(sql.raw(`${alias}.created_at`))} as hour`;
  return sql`
    with sold as (
      select ${key('s')}, count(*)::int as sale_count, sum(s.total_minor - s.tip_minor) as sales_minor, sum(s.tax_minor) as tax_minor,
             sum(s.discount_minor) as discount_minor, sum(s.tip_minor) as tip_minor,
             sum((select coalesce(sum(l.cost_minor), 0) from sale_lines l where l.tenant_id = s.tenant_id and l.sale_id = s.id)) as cost_minor,
             sum((select coalesce(sum(l.stock_quantity), 0) from sale_lines l where l.tenant_id = s.tenant_id and l.sale_id = s.id)) as sold_quantity
        from sales s
        where s.status <> 'voided' and ${within(sql`s.created_at`, range)}
        group by 1, 2, 3, 4, 5, 6),
    returned as (
      select ${key('r')}, count(distinct r.id)::int as return_count, sum(l.amount_minor) as returned_minor, sum(l.tax_minor) as returned_tax_minor,
             sum(l.cost_minor) as returned_cost_minor, sum(l.stock_quantity) as returned_quantity
        from sale_returns r join sale_return_lines l on l.tenant_id = r.tenant_id and l.return_id = r.id
        where ${within(sql`r.created_at`, range)}
        group by 1, 2, 3, 4, 5, 6)
    select tenant_id, day, location_id, register_id, cashier_id, hour,
           coalesce(sold.sale_count, 0) as sale_count, coalesce(sold.sales_minor, 0) as sales_minor, coalesce(sold.tax_minor, 0) as tax_minor,
           coalesce(sold.cost_minor, 0)::bigint as cost_minor, coalesce(sold.discount_minor, 0) as discount_minor, coalesce(sold.tip_minor, 0) as tip_minor,
           coalesce(sold.sold_quantity, 0)::numeric(14, 3) as sold_quantity, coalesce(returned.return_count, 0) as return_count,
           coalesce(returned.returned_minor, 0) as returned_minor, coalesce(returned.returned_tax_minor, 0) as returned_tax_minor,
           coalesce(returned.returned_cost_minor, 0) as returned_cost_minor, coalesce(returned.returned_quantity, 0)::numeric(14, 3) as returned_quantity
      from sold full join returned using (tenant_id, day, location_id, register_id, cashier_id, hour)`;
}

/** report_tender_days' rows as the documents make them. */
export function recomputedTenderDays(range: DayRange | null): SQL {
  return sql`
    with paid as (
      select p.tenant_id, ${shopDay(sql`s.created_at`)} as day, s.location_id, p.tender, count(*)::int as payment_count, sum(p.amount_minor) as paid_minor
        from sales s join sale_payments p on p.tenant_id = s.tenant_id and p.sale_id = s.id
        where s.status <> 'voided' and ${within(sql`s.created_at`, range)}
        group by 1, 2, 3, 4),
    refunded as (
      select f.tenant_id, ${shopDay(sql`r.created_at`)} as day, r.location_id, f.tender, count(*)::int as refund_count, sum(f.amount_minor) as refunded_minor
        from sale_returns r join sale_refunds f on f.tenant_id = r.tenant_id and f.return_id = r.id
        where ${within(sql`r.created_at`, range)}
        group by 1, 2, 3, 4)
    select tenant_id, day, location_id, tender,
           coalesce(paid.payment_count, 0) as payment_count, coalesce(paid.paid_minor, 0) as paid_minor,
           coalesce(refunded.refund_count, 0) as refund_count, coalesce(refunded.refunded_minor, 0) as refunded_minor
      from paid full join refunded using (tenant_id, day, location_id, tender)`;
}

/** report_customer_days' rows as the documents make them (the nil uuid for sales and returns to no customer). */
export function recomputedCustomerDays(range: DayRange | null): SQL {
  return sql`
    with sold as (
      select s.tenant_id, ${shopDay(sql`s.created_at`)} as day, s.location_id, coalesce(s.customer_id, ${NIL_UUID}::uuid) as customer_id,
             count(*)::int as sale_count, sum(s.total_minor - s.tip_minor) as sales_minor
        from sales s where s.status <> 'voided' and ${within(sql`s.created_at`, range)}
        group by 1, 2, 3, 4),
    returned as (
      select r.tenant_id, ${shopDay(sql`r.created_at`)} as day, r.location_id, coalesce(r.customer_id, ${NIL_UUID}::uuid) as customer_id, sum(r.total_minor) as returned_minor
        from sale_returns r where ${within(sql`r.created_at`, range)}
        group by 1, 2, 3, 4)
    select tenant_id, day, location_id, customer_id, coalesce(sold.sale_count, 0) as sale_count,
           coalesce(sold.sales_minor, 0)::bigint as sales_minor, coalesce(returned.returned_minor, 0)::bigint as returned_minor
      from sold full join returned using (tenant_id, day, location_id, customer_id)`;
}

/** report_sale_discounts' rows as the documents make them: the sales that gave a discount or a changed price. */
export function recomputedSaleDiscounts(range: DayRange | null): SQL {
  return sql`
    select s.tenant_id, s.id as sale_id, ${shopDay(sql`s.created_at`)} as day, s.location_id, s.created_at, s.receipt_code, s.cashier_id,
           (count(*) filter (where l.price_overridden))::int as overridden_lines, coalesce(sum(round(l.list_price_minor * l.quantity)), 0)::bigint as list_minor,
           s.discount_minor::bigint as discount_minor, s.total_minor::bigint as total_minor
      from sales s join sale_lines l on l.tenant_id = s.tenant_id and l.sale_id = s.id
      where s.status <> 'voided' and ${within(sql`s.created_at`, range)}
      group by s.tenant_id, s.id
      having s.discount_minor > 0 or bool_or(l.price_overridden or l.unit_price_minor < l.list_price_minor)`;
}

const ITEM_DAY_COLUMNS = sql.raw(
  'tenant_id, day, location_id, variant_id, product_id, tax_class, sold_quantity, sales_minor, tax_minor, cost_minor, discount_minor, line_count, returned_quantity, returned_minor, returned_tax_minor, returned_cost_minor',
);
const SALE_HOUR_COLUMNS = sql.raw(
  'tenant_id, day, location_id, register_id, cashier_id, hour, sale_count, sales_minor, tax_minor, cost_minor, discount_minor, tip_minor, sold_quantity, return_count, returned_minor, returned_tax_minor, returned_cost_minor, returned_quantity',
);
const TENDER_DAY_COLUMNS = sql.raw('tenant_id, day, location_id, tender, payment_count, paid_minor, refund_count, refunded_minor');
/** report_band_days is kept from report_item_days by its own triggers (migration 0044): a rebuild of the item days rebuilds it. */
const BAND_DAY_COLUMNS = sql.raw('tenant_id, day, location_id, tax_class, sales_minor, tax_minor, returned_minor, returned_tax_minor');
const CUSTOMER_DAY_COLUMNS = sql.raw('tenant_id, day, location_id, customer_id, sale_count, sales_minor, returned_minor');
const SALE_DISCOUNT_COLUMNS = sql.raw('tenant_id, sale_id, day, location_id, created_at, receipt_code, cashier_id, overridden_lines, list_minor, discount_minor, total_minor');

/** The shop's summary lock: the value every trigger and a rebuild lock. */
const SHOP_SUMMARY_LOCK = sql`pg_advisory_xact_lock(${SUMMARY_LOCK_SPACE}::int, hashtext(coalesce(current_setting('app.tenant_id', true), '')))`;

/**
 * Takes the shop's summary lock (to the commit) before a sale, a return or a void locks anything
 * else. Their statements post to the journal (its shop-wide counter) and fire the summary triggers
 * in different orders (a sale's entry is written in the statement whose triggers take the lock; a
 * void's and a return's after theirs), so the lock comes first in all of them, as the receipt and
 * return counters already make sales and returns take turns.
 */
export async function lockReportSummaries(tx: TenantTx): Promise<void> {
  await tx.execute(sql`select ${SHOP_SUMMARY_LOCK}`);
}

/**
 * Recomputes the shop's summaries from its documents (all days, or the shop's days of `range`).
 * It takes the summary lock first, so every document written before it is counted and every one
 * after it waits and then adds itself on top.
 */
export async function rebuildReportSummaries(tx: TenantTx | PlatformTx, range: DayRange | null = null): Promise<void> {
  await tx.execute(sql`select ${SHOP_SUMMARY_LOCK}`);
  const days = range ? sql`day between ${range.from}::date and ${range.to}::date` : sql`true`;
  await tx.execute(sql`delete from report_item_days where ${days}`);
  await tx.execute(sql`delete from report_sale_hours where ${days}`);
  await tx.execute(sql`delete from report_tender_days where ${days}`);
  await tx.execute(sql`delete from report_sale_discounts where ${days}`);
  await tx.execute(sql`delete from report_customer_days where ${days}`);
  await tx.execute(sql`insert into report_item_days (${ITEM_DAY_COLUMNS}) select ${ITEM_DAY_COLUMNS} from (${recomputedItemDays(range)}) r`);
  await tx.execute(sql`insert into report_sale_hours (${SALE_HOUR_COLUMNS}) select ${SALE_HOUR_COLUMNS} from (${recomputedSaleHours(range)}) r`);
  await tx.execute(sql`insert into report_tender_days (${TENDER_DAY_COLUMNS}) select ${TENDER_DAY_COLUMNS} from (${recomputedTenderDays(range)}) r`);
  await tx.execute(sql`insert into report_sale_discounts (${SALE_DISCOUNT_COLUMNS}) select ${SALE_DISCOUNT_COLUMNS} from (${recomputedSaleDiscounts(range)}) r`);
  await tx.execute(sql`insert into report_customer_days (${CUSTOMER_DAY_COLUMNS}) select ${CUSTOMER_DAY_COLUMNS} from (${recomputedCustomerDays(range)}) r`);
}

/**
 * Rebuilds the shop days of these instants and today: the demo history writes a day's documents
 * now (the triggers count them today), then moves them to their day.
 */
export async function rebuildSummaryDaysOf(tx: TenantTx | PlatformTx, instants: string[]): Promise<void> {
  const days = await queryRows<{ day: string }>(
    tx,
    sql`select ((t.at) at time zone ${SHOP_ZONE})::date::text as day from unnest(${`{${instants.join(',')}}`}::timestamptz[]) t(at)
        union select (now() at time zone ${SHOP_ZONE})::date::text`,
  );
  for (const { day } of days) await rebuildReportSummaries(tx, { from: day, to: day });
}

/** The summaries and their recomputation, in one order, rows whose figures are all zero left out (a void leaves such a row). */
export function summaryComparisonQueries(): { name: string; stored: SQL; recomputed: SQL }[] {
  const nonZero = (columns: string[]) => sql.raw(columns.map((column) => `${column} <> 0`).join(' or '));
  const tables = [
    {
      name: 'report_item_days',
      columns: ITEM_DAY_COLUMNS,
      recomputed: recomputedItemDays(null),
      figures: ['sold_quantity', 'sales_minor', 'tax_minor', 'cost_minor', 'discount_minor', 'line_count', 'returned_quantity', 'returned_minor', 'returned_tax_minor', 'returned_cost_minor'],
      order: 'day, location_id, variant_id, tax_class',
    },
    {
      name: 'report_sale_hours',
      columns: SALE_HOUR_COLUMNS,
      recomputed: recomputedSaleHours(null),
      figures: ['sale_count', 'sales_minor', 'tax_minor', 'cost_minor', 'discount_minor', 'tip_minor', 'sold_quantity', 'return_count', 'returned_minor', 'returned_tax_minor', 'returned_cost_minor', 'returned_quantity'],
      order: 'day, location_id, register_id, cashier_id, hour',
    },
    {
      name: 'report_tender_days',
      columns: TENDER_DAY_COLUMNS,
      recomputed: recomputedTenderDays(null),
      figures: ['payment_count', 'paid_minor', 'refund_count', 'refunded_minor'],
      order: 'day, location_id, tender',
    },
    {
      name: 'report_band_days',
      columns: BAND_DAY_COLUMNS,
      recomputed: sql`select tenant_id, day, location_id, tax_class, sum(sales_minor)::bigint as sales_minor, sum(tax_minor)::bigint as tax_minor,
                             sum(returned_minor)::bigint as returned_minor, sum(returned_tax_minor)::bigint as returned_tax_minor
                      from (${recomputedItemDays(null)}) d group by 1, 2, 3, 4`,
      figures: ['sales_minor', 'tax_minor', 'returned_minor', 'returned_tax_minor'],
      order: 'day, location_id, tax_class',
    },
    {
      name: 'report_customer_days',
      columns: CUSTOMER_DAY_COLUMNS,
      recomputed: recomputedCustomerDays(null),
      figures: ['sale_count', 'sales_minor', 'returned_minor'],
      order: 'day, location_id, customer_id',
    },
    {
      name: 'report_sale_discounts',
      columns: SALE_DISCOUNT_COLUMNS,
      recomputed: recomputedSaleDiscounts(null),
      figures: ['overridden_lines', 'list_minor', 'discount_minor', 'total_minor'],
      order: 'sale_id',
    },
  ];
  return tables.map((table) => ({
    name: table.name,
    stored: sql`select ${table.columns} from ${sql.identifier(table.name)} where ${nonZero(table.figures)} order by ${sql.raw(table.order)}`,
    recomputed: sql`select ${table.columns} from (${table.recomputed}) r where ${nonZero(table.figures)} order by ${sql.raw(table.order)}`,
  }));
}
