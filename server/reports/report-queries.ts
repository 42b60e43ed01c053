import { sql, type SQL } from 'drizzle-orm';
import { reportDefinition, type ReportKey } from '../../core/reports/report-catalog';
import { andAtWorkplaces } from '../inventory/location-access';

// Each report of core/reports/report-catalog.ts as one SQL query (issue 18). A query's columns are
// named by the catalog's column keys (quoted, camelCase); amounts come out as whole minor units,
// quantities as thousandths, days as YYYY-MM-DD text. Columns named "…Id" beside a person's name
// column carry the user id the service turns into the name (users are platform rows). The sales
// and profit reports read the summaries the triggers keep (server/reports/summaries.ts); the rest
// read their documents. `reportSql` wraps a report in its sort, page and totals: the very SQL the
// API runs, which the bench also runs raw.

export interface ReportParams {
  from: string;
  to: string;
  /** The day of a report at a day; the shop's today for the others. */
  date: string;
  today: string;
  locationId: string | null;
  /**
   * The locations of a member limited to several, when they asked for none (issue 20): the figures
   * are theirs only. Absent or null: every location (or the one asked for).
   */
  locationIds?: readonly string[] | null;
  groupBy: 'day' | 'week' | 'month';
  days: number;
  productId: string | null;
  q: string | null;
  /**
   * The last settled day: the day before the shop's today (two days before in the hour after
   * midnight, while a sale begun before it may still commit). Only a void of an old sale or a
   * rebuild changes a settled day's summaries, so a period cache stops there.
   */
  settledThrough: string;
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const SHOP_ZONE = sql`coalesce((select bs.time_zone from business_settings bs limit 1), 'Africa/Nairobi')`;
/** An instant's column within the shop's days from..to. */
const instantWithin = (column: SQL, from: string, to: string) =>
  sql`${column} >= (${from}::date::timestamp at time zone ${SHOP_ZONE}) and ${column} < ((${to}::date + 1)::timestamp at time zone ${SHOP_ZONE})`;
const endOfDay = (day: string) => sql`((${day}::date + 1)::timestamp at time zone ${SHOP_ZONE})`;
const shopDayText = (column: SQL) => sql`((${column}) at time zone ${SHOP_ZONE})::date::text`;
/** The rows at the location asked for, or at the member's locations (`and …`, or nothing for the whole shop). */
export const atLocation = (column: SQL, p: Pick<ReportParams, 'locationId' | 'locationIds'>) =>
  p.locationId ? sql`and ${column} = ${p.locationId}::uuid` : andAtWorkplaces(column, { locationIds: p.locationIds });
/** A search over names and codes: every word must match one of them. */
function matching(columns: SQL[], p: Pick<ReportParams, 'q'>): SQL {
  if (!p.q) return sql``;
  const words = p.q.split(/\s+/).filter(Boolean).slice(0, 5);
  return sql.join(
    words.map((word) => {
      const pattern = `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      return sql`and (${sql.join(
        columns.map((column) => sql`${column} ilike ${pattern}`),
        sql` or `,
      )})`;
    }),
    sql` `,
  );
}
const milli = (expression: SQL) => sql`(${expression} * 1000)::bigint`;
const bigint = (expression: SQL) => sql`(${expression})::bigint`;
const ratioBp = (numerator: SQL, denominator: SQL) => sql`case when (${denominator}) <> 0 then round((${numerator}) * 10000.0 / (${denominator}))::int end`;

// --- the sales figures of a summary table (report_item_days or report_sale_hours, alias a) ---

/** How a figure adds up its rows: summed over summary rows, or as it stands on rows already summed (a period cache's). */
type Total = (expression: SQL) => SQL;
const summed: Total = (expression) => sql`sum(${expression})`;
const asIs: Total = (expression) => sql`(${expression})`;

const netOf = (total: Total) => ({
  quantity: total(sql`a.sold_quantity - a.returned_quantity`),
  sales: total(sql`a.sales_minor - a.returned_minor`),
  exTax: total(sql`a.sales_minor - a.tax_minor - a.returned_minor + a.returned_tax_minor`),
  cost: total(sql`a.cost_minor - a.returned_cost_minor`),
});
const net = netOf(summed);

/** Quantity, gross sales, discounts, returns, net sales, VAT, gross profit and margin. */
function salesFiguresOf(total: Total): SQL {
  const n = netOf(total);
  return sql`
  ${milli(n.quantity)} as "quantity",
  ${bigint(total(sql`a.sales_minor + a.discount_minor`))} as "grossSalesMinor",
  ${bigint(total(sql`a.discount_minor`))} as "discountMinor",
  ${bigint(total(sql`a.returned_minor`))} as "returnsMinor",
  ${bigint(n.sales)} as "netSalesMinor",
  ${bigint(total(sql`a.tax_minor - a.returned_tax_minor`))} as "taxMinor",
  ${bigint(sql`${n.exTax} - ${n.cost}`)} as "grossProfitMinor",
  ${ratioBp(sql`${n.exTax} - ${n.cost}`, n.exTax)} as "marginBp"`;
}
const salesFigures = salesFiguresOf(summed);

/** Quantity, sales excl. VAT, cost, gross profit and margin. */
function profitFiguresOf(total: Total): SQL {
  const n = netOf(total);
  return sql`
  ${milli(n.quantity)} as "quantity",
  ${bigint(n.exTax)} as "salesExTaxMinor",
  ${bigint(n.cost)} as "costMinor",
  ${bigint(sql`${n.exTax} - ${n.cost}`)} as "grossProfitMinor",
  ${ratioBp(sql`${n.exTax} - ${n.cost}`, n.exTax)} as "marginBp"`;
}
const profitFigures = profitFiguresOf(summed);

const saleCount = sql`sum(a.sale_count)::int as "saleCount"`;
const averageBasket = sql`case when sum(a.sale_count) > 0 then round(sum(a.sales_minor)::numeric / sum(a.sale_count))::bigint end as "averageBasketMinor"`;

const saleHours = (p: ReportParams, joins: SQL = sql``) => sql`report_sale_hours a ${joins} where a.day between ${p.from}::date and ${p.to}::date ${atLocation(sql`a.location_id`, p)}`;

const TENANT = sql`current_setting('app.tenant_id')::uuid`;

/** Re-sums per-product figures over a coarser grouping, margin recomputed. */
const resummed = (kind: 'sales' | 'profit') =>
  kind === 'sales'
    ? sql`sum(f."quantity")::bigint as "quantity", sum(f."grossSalesMinor")::bigint as "grossSalesMinor", sum(f."discountMinor")::bigint as "discountMinor",
          sum(f."returnsMinor")::bigint as "returnsMinor", sum(f."netSalesMinor")::bigint as "netSalesMinor", sum(f."taxMinor")::bigint as "taxMinor",
          sum(f."grossProfitMinor")::bigint as "grossProfitMinor", ${ratioBp(sql`sum(f."grossProfitMinor")`, sql`sum(f."netSalesMinor" - f."taxMinor")`)} as "marginBp"`
    : sql`sum(f."quantity")::bigint as "quantity", sum(f."salesExTaxMinor")::bigint as "salesExTaxMinor", sum(f."costMinor")::bigint as "costMinor",
          sum(f."grossProfitMinor")::bigint as "grossProfitMinor", ${ratioBp(sql`sum(f."grossProfitMinor")`, sql`sum(f."salesExTaxMinor")`)} as "marginBp"`;

/** A search over products: the item days of the variants whose product name or SKU matches. */
const matchingVariants = (p: Pick<ReportParams, 'q'>, column: SQL = sql`a.variant_id`) =>
  p.q
    ? sql`and ${column} in (select v.id from product_variants v join products pr on pr.tenant_id = v.tenant_id and pr.id = v.product_id
                              where v.tenant_id = ${TENANT} ${matching([sql`pr.name`, sql`v.sku`], p)})`
    : sql``;

/** The item days' figures a period cache keeps per product or variant (report_period_cache_items). */
const ITEM_SUMS = ['sold_quantity', 'sales_minor', 'tax_minor', 'cost_minor', 'discount_minor', 'returned_quantity', 'returned_minor', 'returned_tax_minor', 'returned_cost_minor'] as const;
/** Money summed back to bigint (sum(bigint) is numeric, whose arithmetic is slow over 67,000 rows); quantities stay numeric. */
const itemSums = sql.raw(ITEM_SUMS.map((column) => (column.endsWith('_quantity') ? `sum(a.${column}) as ${column}` : `sum(a.${column})::bigint as ${column}`)).join(', '));

type ItemGrain = 'product' | 'variant';
const ITEM_COLUMN: Record<ItemGrain, SQL> = { product: sql`a.product_id`, variant: sql`a.variant_id` };
const ITEM_KEY: Record<ItemGrain, string> = { product: 'productId', variant: 'variantId' };

/** The settled days of a period whose per-item sums a cache keeps (docs/decisions/0021-report-summaries.md). */
export interface PeriodCacheKey {
  grain: ItemGrain;
  from: string;
  through: string;
  locationId: string | null;
}

/** A settled stretch shorter than this is summed directly: a month of item days takes less than building a cache. */
const PERIOD_CACHE_MIN_DAYS = 32;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

function periodCacheKeyOf(p: ItemPeriod, grain: ItemGrain): PeriodCacheKey | null {
  // A cache holds one location's sums or the shop's: a member's several locations sum their item days.
  if (p.q || p.locationIds) return null;
  const through = p.to < p.settledThrough ? p.to : p.settledThrough;
  if (dayNumber(through) - dayNumber(p.from) + 1 < PERIOD_CACHE_MIN_DAYS) return null;
  return { grain, from: p.from, through, locationId: p.locationId };
}

const ITEM_GRAIN: Partial<Record<ReportKey, ItemGrain>> = {
  'sales-by-product': 'product',
  'sales-by-variant': 'variant',
  'sales-by-category': 'product',
  'sales-by-brand': 'product',
  'profit-by-product': 'product',
  'profit-by-category': 'product',
};

/** The period cache a report reads, or null when it sums its item days directly. */
export function periodCacheOf(key: ReportKey, p: ReportParams): PeriodCacheKey | null {
  const grain = ITEM_GRAIN[key];
  return grain ? periodCacheKeyOf(p, grain) : null;
}

const SETTLED_VERSION = sql`coalesce((select v.settled_version from report_summary_versions v), 0)`;
/** The id of the cache of these days while it is current (null otherwise). */
const currentCacheId = (key: PeriodCacheKey) =>
  sql`(select c.id from report_period_caches c
       where c.grain = ${key.grain} and c.from_day = ${key.from}::date and c.through_day = ${key.through}::date
         and c.location_id is not distinct from ${key.locationId}::uuid and c.settled_version = ${SETTLED_VERSION})`;

/** Whether the cache of these days is there and current. */
export const periodCacheExistsSql = (key: PeriodCacheKey) => sql`select ${currentCacheId(key)} is not null as "exists"`;

/** Writes the cache of these days unless it is there: its header (the shop's settled version read first, so a change after it makes the cache stale, never wrong), returning its id. */
export const periodCacheHeaderSql = (key: PeriodCacheKey) =>
  sql`insert into report_period_caches (tenant_id, grain, from_day, through_day, location_id, settled_version)
      select ${TENANT}, ${key.grain}, ${key.from}::date, ${key.through}::date, ${key.locationId}::uuid, ${SETTLED_VERSION}
      where ${currentCacheId(key)} is null
      on conflict do nothing
      returning id`;

/** The sums per item of the cache's days. */
export const periodCacheItemsSql = (key: PeriodCacheKey, cacheId: string) =>
  sql`insert into report_period_cache_items (tenant_id, cache_id, item_id, ${sql.raw(ITEM_SUMS.join(', '))})
      select ${TENANT}, ${cacheId}::uuid, ${ITEM_COLUMN[key.grain]}, ${itemSums}
      from report_item_days a where a.day between ${key.from}::date and ${key.through}::date ${key.locationId ? sql`and a.location_id = ${key.locationId}::uuid` : sql``}
      group by 3`;

/** Caches no longer read: stale ones, and all but the newest few. */
const PERIOD_CACHES_KEPT = 8;
export const prunePeriodCachesSql = () =>
  sql`delete from report_period_caches c
      where c.settled_version <> ${SETTLED_VERSION}
         or c.id not in (select k.id from report_period_caches k order by k.built_at desc, k.id limit ${PERIOD_CACHES_KEPT})`;

/** What a product's or variant's sums over a period depend on: its days, location, search and settled days. */
export type ItemPeriod = Pick<ReportParams, 'from' | 'to' | 'locationId' | 'locationIds' | 'q' | 'settledThrough'>;

/** The period cache a period's per-item sums read, or null when they sum the item days directly. */
export const itemPeriodCacheOf = (p: ItemPeriod, grain: ItemGrain): PeriodCacheKey | null => periodCacheKeyOf(p, grain);

/**
 * Each product's or variant's nine item-day sums over the period (item_id, then ITEM_SUMS). A long
 * period reads its settled days' sums from the period cache and adds the days after it (today,
 * mostly) row by row, not re-summed; should the cache be gone or stale when the query runs, the
 * same statement sums those days itself (a one-time filter: the scan runs only then). A short
 * period or a search sums the item days directly.
 */
export function itemTotalsSql(p: ItemPeriod, grain: ItemGrain): SQL {
  const item = ITEM_COLUMN[grain];
  const key = periodCacheKeyOf(p, grain);
  const daysAt = (from: SQL, to: string) => sql`from report_item_days a where a.day between ${from} and ${to}::date ${atLocation(sql`a.location_id`, p)}`;
  if (!key) return sql`select ${item} as item_id, ${itemSums} ${daysAt(sql`${p.from}::date`, p.to)} ${matchingVariants(p)} group by 1`;
  const settled = sql`select ci.item_id, ${sql.raw(ITEM_SUMS.map((column) => `ci.${column}`).join(', '))}
                      from report_period_cache_items ci where ci.cache_id = ${currentCacheId(key)}
                      union all
                      select ${item}, ${itemSums} ${daysAt(sql`${key.from}::date`, key.through)} and ${currentCacheId(key)} is null group by 1`;
  if (key.through >= p.to) return settled;
  return sql`select coalesce(s.item_id, t.item_id) as item_id, ${sql.raw(ITEM_SUMS.map((column) => `coalesce(s.${column}, 0) + coalesce(t.${column}, 0) as ${column}`).join(', '))}
             from (${settled}) s
             full join (select ${item} as item_id, ${itemSums} ${daysAt(sql`${key.through}::date + 1`, p.to)} group by 1) t on t.item_id = s.item_id`;
}

/** The figures of each product or variant, from its sums over the period. No join: names come with the page (LATE_NAMES). */
function itemFigures(p: ReportParams, kind: 'sales' | 'profit', grain: ItemGrain): SQL {
  const figures = kind === 'sales' ? salesFiguresOf : profitFiguresOf;
  return sql`select a.item_id as ${sql.identifier(ITEM_KEY[grain])}, ${figures(asIs)} from (${itemTotalsSql(p, grain)}) a`;
}

function productGrouping(p: ReportParams, kind: 'sales' | 'profit', group: 'product' | 'variant' | 'category' | 'brand'): SQL {
  if (group === 'product') return itemFigures(p, kind, 'product');
  if (group === 'variant') return itemFigures(p, kind, 'variant');
  const products = sql`(${itemFigures(p, kind, 'product')}) f join products pr on pr.tenant_id = ${TENANT} and pr.id = f."productId"`;
  if (group === 'category') {
    return sql`select c.id as "categoryId", c.name as "categoryName", ${resummed(kind)}
               from ${products} left join product_categories c on c.tenant_id = pr.tenant_id and c.id = pr.category_id
               group by c.id, c.name`;
  }
  return sql`select b.id as "brandId", b.name as "brandName", ${resummed(kind)}
             from ${products} left join brands b on b.tenant_id = pr.tenant_id and b.id = pr.brand_id
             group by b.id, b.name`;
}

/**
 * The name columns of a report whose rows are products or variants (and a slow mover's last sale
 * day): joined to the page of rows after the sort and the cut (67,000 products sold in a year need
 * no names for the 50 shown), or to every row first when the sort is by one of them.
 */
interface LateNames {
  keys: readonly string[];
  /** The names, from the rows (alias r) and the joins. */
  columns: SQL;
  joins: SQL;
  /** The row's id columns: the last tie-breaks of the sort. */
  idKeys: readonly string[];
}
const PRODUCT_NAMES: LateNames = {
  keys: ['productName', 'categoryName'],
  columns: sql`pr.name as "productName", c.name as "categoryName"`,
  joins: sql`join products pr on pr.tenant_id = ${TENANT} and pr.id = r."productId" left join product_categories c on c.tenant_id = pr.tenant_id and c.id = pr.category_id`,
  idKeys: ['productId'],
};
const VARIANT_NAMES: LateNames = {
  keys: ['productName', 'variantName', 'sku'],
  columns: sql`pr.name as "productName", v.name as "variantName", v.sku as "sku"`,
  joins: sql`join product_variants v on v.tenant_id = ${TENANT} and v.id = r."variantId" join products pr on pr.tenant_id = v.tenant_id and pr.id = v.product_id`,
  idKeys: ['variantId'],
};
/** A slow mover's names and its last sale day (a look-up in the item days for each row of the page). */
const slowMoverNames = (p: ReportParams): LateNames => ({
  keys: ['productName', 'sku', 'locationName', 'lastSaleDay', 'daysSinceSale'],
  columns: sql`pr.name as "productName", v.sku as "sku", l.name as "locationName", last.day::text as "lastSaleDay",
               case when last.day is not null then (${p.today}::date - last.day) end as "daysSinceSale"`,
  joins: sql`join product_variants v on v.tenant_id = ${TENANT} and v.id = r."variantId" join products pr on pr.tenant_id = v.tenant_id and pr.id = v.product_id
             join locations l on l.tenant_id = ${TENANT} and l.id = r."locationId"
             left join lateral (select max(d.day) as day from report_item_days d
                                where d.tenant_id = ${TENANT} and d.variant_id = r."variantId" and d.location_id = r."locationId" and d.sold_quantity > 0) last on true`,
  idKeys: ['variantId', 'locationId'],
});
const LATE_NAMES: Partial<Record<ReportKey, (p: ReportParams) => LateNames>> = {
  'sales-by-product': () => PRODUCT_NAMES,
  'profit-by-product': () => PRODUCT_NAMES,
  'sales-by-variant': () => VARIANT_NAMES,
  'slow-movers': slowMoverNames,
  'stock-ageing': () => VARIANT_NAMES,
};

/** Days, ISO weeks (from Monday) or months of the period, every one present. */
const periods = (p: ReportParams) =>
  sql`select g::date as start from generate_series(date_trunc(${p.groupBy}, ${p.from}::date), ${p.to}::date, ${`1 ${p.groupBy}`}::interval) g`;

function salesByPeriod(p: ReportParams): SQL {
  return sql`select per.start::text as "period", coalesce(f."saleCount", 0) as "saleCount", coalesce(f."quantity", 0) as "quantity",
                    coalesce(f."grossSalesMinor", 0) as "grossSalesMinor", coalesce(f."discountMinor", 0) as "discountMinor", coalesce(f."returnsMinor", 0) as "returnsMinor",
                    coalesce(f."netSalesMinor", 0) as "netSalesMinor", coalesce(f."taxMinor", 0) as "taxMinor", coalesce(f."grossProfitMinor", 0) as "grossProfitMinor",
                    f."marginBp", f."averageBasketMinor"
             from (${periods(p)}) per
             left join (select date_trunc(${p.groupBy}, a.day)::date as start, ${saleCount}, ${salesFigures}, ${averageBasket} from ${saleHours(p)} group by 1) f on f.start = per.start`;
}

function profitByPeriod(p: ReportParams): SQL {
  return sql`select per.start::text as "period", coalesce(f."quantity", 0) as "quantity", coalesce(f."salesExTaxMinor", 0) as "salesExTaxMinor",
                    coalesce(f."costMinor", 0) as "costMinor", coalesce(f."grossProfitMinor", 0) as "grossProfitMinor", f."marginBp"
             from (${periods(p)}) per
             left join (select date_trunc(${p.groupBy}, a.day)::date as start, ${profitFigures} from ${saleHours(p)} group by 1) f on f.start = per.start`;
}

function salesByHourTable(p: ReportParams, names: SQL, groupBy: SQL, joins: SQL = sql``): SQL {
  return sql`select ${names}, ${saleCount}, ${salesFigures}, ${averageBasket} from ${saleHours(p, joins)} group by ${groupBy}`;
}

/** Sales and returns per customer: the customer days (report_customer_days, kept by the sales', voids' and returns' triggers). */
function salesByCustomer(p: ReportParams, byGroup: boolean): SQL {
  const perCustomer = sql`select nullif(a.customer_id, ${NIL_UUID}::uuid) as customer_id, sum(a.sale_count)::int as sale_count,
                                 sum(a.sales_minor - a.returned_minor) as net_minor, sum(a.sales_minor) as sales_minor,
                                 max(a.day) filter (where a.sale_count > 0) as last_day
                          from report_customer_days a where a.day between ${p.from}::date and ${p.to}::date ${atLocation(sql`a.location_id`, p)}
                          group by a.customer_id
                          having sum(a.sale_count) <> 0 or sum(a.sales_minor) <> 0 or sum(a.returned_minor) <> 0`;
  if (byGroup) {
    return sql`select g.id as "groupId", g.name as "groupName", sum(pc.sale_count)::int as "saleCount", count(pc.customer_id)::int as "customerCount",
                      sum(pc.net_minor)::bigint as "netSalesMinor",
                      case when sum(pc.sale_count) > 0 then round(sum(pc.sales_minor)::numeric / sum(pc.sale_count))::bigint end as "averageBasketMinor"
               from (${perCustomer}) pc
               left join contacts ct on ct.tenant_id = current_setting('app.tenant_id')::uuid and ct.id = pc.customer_id
               left join customer_groups g on g.tenant_id = ct.tenant_id and g.id = ct.customer_group_id
               group by g.id, g.name`;
  }
  return sql`select ct.id as "customerId", ct.name as "customerName", g.name as "groupName", pc.sale_count as "saleCount", pc.net_minor::bigint as "netSalesMinor",
                    case when pc.sale_count > 0 then round(pc.sales_minor::numeric / pc.sale_count)::bigint end as "averageBasketMinor",
                    pc.last_day::text as "lastSaleDay"
             from (${perCustomer}) pc
             join contacts ct on ct.tenant_id = current_setting('app.tenant_id')::uuid and ct.id = pc.customer_id
             left join customer_groups g on g.tenant_id = ct.tenant_id and g.id = ct.customer_group_id
             where true ${matching([sql`ct.name`, sql`coalesce(ct.phone, '')`], p)}`;
}

function salesByTender(p: ReportParams): SQL {
  return sql`select a.tender as "tender", sum(a.payment_count)::int as "paymentCount", sum(a.paid_minor)::bigint as "paidMinor",
                    sum(a.refunded_minor)::bigint as "refundedMinor", sum(a.paid_minor - a.refunded_minor)::bigint as "netMinor"
             from report_tender_days a where a.day between ${p.from}::date and ${p.to}::date ${atLocation(sql`a.location_id`, p)}
             group by a.tender`;
}

function salesByHourOrWeekday(p: ReportParams, by: 'hour' | 'weekday'): SQL {
  const key = by === 'hour' ? sql`a.hour::int` : sql`extract(isodow from a.day)::int`;
  const all = by === 'hour' ? sql`generate_series(0, 23)` : sql`generate_series(1, 7)`;
  return sql`select k.k as ${sql.identifier(by)}, coalesce(f."saleCount", 0) as "saleCount", coalesce(f."netSalesMinor", 0) as "netSalesMinor", f."averageBasketMinor"
             from ${all} k(k)
             left join (select ${key} as k, ${saleCount}, ${bigint(net.sales)} as "netSalesMinor", ${averageBasket} from ${saleHours(p)} group by 1) f on f.k = k.k`;
}

function returnsList(p: ReportParams): SQL {
  return sql`select r.created_at as "at", r.return_code as "returnCode", s.receipt_code as "receiptCode", r.reason as "reason",
                    r.cashier_id as "cashierId", ap.approver_id as "approverId", l.name as "locationName", r.total_minor::bigint as "totalMinor", r.id as "returnId"
             from sale_returns r
             left join sales s on s.tenant_id = r.tenant_id and s.id = r.sale_id
             left join approvals ap on ap.tenant_id = r.tenant_id and ap.id = r.approval_id
             join locations l on l.tenant_id = r.tenant_id and l.id = r.location_id
             where ${instantWithin(sql`r.created_at`, p.from, p.to)} ${atLocation(sql`r.location_id`, p)}`;
}

function returnsByReason(p: ReportParams): SQL {
  return sql`select r.reason as "reason", count(*)::int as "returnCount", sum(r.total_minor)::bigint as "totalMinor"
             from sale_returns r where ${instantWithin(sql`r.created_at`, p.from, p.to)} ${atLocation(sql`r.location_id`, p)}
             group by r.reason`;
}

/** The sales that gave a discount or a changed price (report_sale_discounts, kept by the lines' trigger); who approved it, for the page's rows only. */
function discountsList(p: ReportParams): SQL {
  return sql`select d.created_at as "at", d.receipt_code as "receiptCode", d.cashier_id as "cashierId",
                    (select ap.approver_id from approvals ap where ap.tenant_id = d.tenant_id and ap.used_by_type = 'sale' and ap.used_by_id = d.sale_id order by ap.used_at limit 1) as "approverId",
                    d.overridden_lines as "overriddenLines", d.list_minor as "listMinor", d.discount_minor as "discountMinor", d.total_minor as "totalMinor", d.sale_id as "saleId"
             from report_sale_discounts d
             where d.day between ${p.from}::date and ${p.to}::date ${atLocation(sql`d.location_id`, p)}`;
}

function voidsList(p: ReportParams): SQL {
  return sql`select s.voided_at as "at", s.receipt_code as "receiptCode", s.cashier_id as "cashierId", s.voided_by as "voidedById",
                    ap.approver_id as "approverId", s.void_reason as "reason", s.total_minor::bigint as "totalMinor", s.id as "saleId"
             from sales s
             left join approvals ap on ap.tenant_id = s.tenant_id and ap.id = s.void_approval_id
             where s.status = 'voided' and ${instantWithin(sql`s.voided_at`, p.from, p.to)} ${atLocation(sql`s.location_id`, p)}`;
}

// --- stock ---

function stockValuation(p: ReportParams): SQL {
  return sql`select pr.name as "productName", v.sku as "sku", c.name as "categoryName", ${milli(sql`sum(last.balance_after)`)} as "onHand",
                    max(last.unit_cost_minor)::bigint as "unitCostMinor", round(sum(last.balance_after * last.unit_cost_minor))::bigint as "valueMinor", v.id as "variantId"
             from (
               select distinct on (m.variant_id, m.location_id) m.tenant_id, m.variant_id, m.location_id, m.balance_after, m.unit_cost_minor
               from stock_movements m
               where m.created_at < ${endOfDay(p.date)} ${atLocation(sql`m.location_id`, p)}
               order by m.variant_id, m.location_id, m.created_at desc, m.id desc) last
             join product_variants v on v.tenant_id = last.tenant_id and v.id = last.variant_id
             join products pr on pr.tenant_id = v.tenant_id and pr.id = v.product_id
             left join product_categories c on c.tenant_id = pr.tenant_id and c.id = pr.category_id
             where last.balance_after <> 0 ${matching([sql`pr.name`, sql`v.sku`], p)}
             group by v.id, pr.name, v.sku, c.name`;
}

function stockMovements(p: ReportParams): SQL {
  return sql`select m.kind as "kind", count(*)::int as "movementCount",
                    ${milli(sql`coalesce(sum(m.quantity) filter (where m.quantity > 0), 0)`)} as "quantityIn",
                    ${milli(sql`coalesce(-sum(m.quantity) filter (where m.quantity < 0), 0)`)} as "quantityOut",
                    round(sum(abs(m.quantity) * m.unit_cost_minor))::bigint as "valueMinor"
             from stock_movements m
             where ${instantWithin(sql`m.created_at`, p.from, p.to)} ${atLocation(sql`m.location_id`, p)}
             group by m.kind`;
}

/**
 * Stock on hand with no sale in the last N days (the variants sold at the location in those days,
 * hashed once, not looked up per stock row): cut to the page before each row's last sale day and
 * names are read (slowMoverNames).
 */
function slowMovers(p: ReportParams): SQL {
  return sql`select sl.variant_id as "variantId", sl.location_id as "locationId", ${milli(sql`sl.on_hand`)} as "onHand", round(sl.on_hand * v.average_cost_minor)::bigint as "valueMinor"
             from stock_levels sl
             join product_variants v on v.tenant_id = sl.tenant_id and v.id = sl.variant_id
             left join (select distinct d.variant_id, d.location_id from report_item_days d
                        where d.day >= ${p.today}::date - ${p.days}::int and d.sold_quantity > 0 ${atLocation(sql`d.location_id`, p)}) recent
               on recent.variant_id = sl.variant_id and recent.location_id = sl.location_id
             where sl.on_hand > 0 and recent.variant_id is null ${atLocation(sql`sl.location_id`, p)} ${matchingVariants(p, sql`sl.variant_id`)}`;
}

/** What is on hand is what came in last (newest receipts first); each inflow's part still on hand is aged from its day. Named after the cut (VARIANT_NAMES). */
function stockAgeing(p: ReportParams): SQL {
  const bucket = (low: number, high: number | null) =>
    milli(sql`coalesce(sum(part.kept) filter (where part.age >= ${low}${high === null ? sql`` : sql` and part.age <= ${high}`}), 0)`);
  return sql`select v.id as "variantId", ${milli(sql`aged.on_hand`)} as "onHand", aged."age0to30", aged."age31to60", aged."age61to90", aged."age91plus",
                    round(aged.on_hand * v.average_cost_minor)::bigint as "valueMinor"
             from (
               select part.variant_id, max(part.on_hand) as on_hand,
                      ${bucket(0, 30)} as "age0to30", ${bucket(31, 60)} as "age31to60", ${bucket(61, 90)} as "age61to90", ${bucket(91, null)} as "age91plus"
               from (
                 select i.variant_id, i.on_hand, (${p.today}::date - i.day) as age,
                        greatest(0, least(i.quantity, i.on_hand - (i.running - i.quantity))) as kept
                 from (
                   select m.variant_id, stock.on_hand, ((m.created_at at time zone ${SHOP_ZONE})::date) as day, m.quantity,
                          sum(m.quantity) over (partition by m.variant_id order by m.created_at desc, m.id desc) as running
                   from (select sl.variant_id, sum(sl.on_hand) as on_hand from stock_levels sl
                         where sl.on_hand > 0 ${atLocation(sql`sl.location_id`, p)} ${matchingVariants(p, sql`sl.variant_id`)} group by sl.variant_id) stock
                   join stock_movements m on m.tenant_id = ${TENANT} and m.variant_id = stock.variant_id and m.quantity > 0
                     and m.kind in ('opening', 'purchase_receipt', 'transfer_in', 'adjustment', 'count_variance', 'sale_return') ${atLocation(sql`m.location_id`, p)}
                 ) i
                 where i.running - i.quantity < i.on_hand) part
               group by part.variant_id) aged
             join product_variants v on v.tenant_id = ${TENANT} and v.id = aged.variant_id`;
}

function countVariances(p: ReportParams): SQL {
  return sql`select ${shopDayText(sql`t.posted_at`)} as "day", l.name as "locationName", pr.name as "productName", v.sku as "sku",
                    ${milli(sql`tl.expected_quantity`)} as "expected", ${milli(sql`tl.counted_quantity`)} as "counted",
                    ${milli(sql`tl.counted_quantity - coalesce(tl.expected_quantity, 0)`)} as "variance",
                    round((tl.counted_quantity - coalesce(tl.expected_quantity, 0)) * v.average_cost_minor)::bigint as "valueMinor", v.id as "variantId"
             from stock_takes t
             join stock_take_lines tl on tl.tenant_id = t.tenant_id and tl.stock_take_id = t.id
             join locations l on l.tenant_id = t.tenant_id and l.id = t.location_id
             join product_variants v on v.tenant_id = tl.tenant_id and v.id = tl.variant_id
             join products pr on pr.tenant_id = v.tenant_id and pr.id = v.product_id
             where t.status = 'posted' and t.posted_at is not null and ${instantWithin(sql`t.posted_at`, p.from, p.to)}
               and tl.counted_quantity <> coalesce(tl.expected_quantity, 0) ${atLocation(sql`t.location_id`, p)} ${matching([sql`pr.name`, sql`v.sku`], p)}`;
}

function shrinkage(p: ReportParams): SQL {
  return sql`select pr.name as "productName", v.sku as "sku", coalesce(m.reason, m.kind) as "reason",
                    ${milli(sql`-sum(m.quantity)`)} as "quantityLost", round(-sum(m.quantity * m.unit_cost_minor))::bigint as "valueMinor", v.id as "variantId"
             from stock_movements m
             join product_variants v on v.tenant_id = m.tenant_id and v.id = m.variant_id
             join products pr on pr.tenant_id = v.tenant_id and pr.id = v.product_id
             where m.quantity < 0 and m.kind in ('adjustment', 'transfer_loss', 'count_variance')
               and ${instantWithin(sql`m.created_at`, p.from, p.to)} ${atLocation(sql`m.location_id`, p)} ${matching([sql`pr.name`, sql`v.sku`], p)}
             group by v.id, pr.name, v.sku, coalesce(m.reason, m.kind)`;
}

// --- purchases ---

const receiptsWithin = (p: ReportParams) => sql`${instantWithin(sql`g.received_at`, p.from, p.to)} ${atLocation(sql`g.location_id`, p)}`;
const supplierReturnsWithin = (p: ReportParams) => sql`${instantWithin(sql`sr.created_at`, p.from, p.to)} ${atLocation(sql`sr.location_id`, p)}`;

function purchasesBySupplier(p: ReportParams): SQL {
  return sql`select ct.id as "supplierId", ct.name as "supplierName", coalesce(rc.receipt_count, 0) as "receiptCount", coalesce(rc.received_minor, 0)::bigint as "receivedMinor",
                    coalesce(rt.returned_minor, 0)::bigint as "returnedMinor", (coalesce(rc.received_minor, 0) - coalesce(rt.returned_minor, 0))::bigint as "netMinor"
             from (select g.supplier_id, count(*)::int as receipt_count, sum(g.total_minor) as received_minor from goods_receipts g where ${receiptsWithin(p)} group by g.supplier_id) rc
             full join (select sr.supplier_id, sum(sr.total_minor) as returned_minor from supplier_returns sr where ${supplierReturnsWithin(p)} group by sr.supplier_id) rt
               on rt.supplier_id = rc.supplier_id
             join contacts ct on ct.tenant_id = current_setting('app.tenant_id')::uuid and ct.id = coalesce(rc.supplier_id, rt.supplier_id)`;
}

function purchasesByProduct(p: ReportParams): SQL {
  return sql`select pr.name as "productName", v.sku as "sku", ${milli(sql`sum(gl.stock_quantity)`)} as "quantityReceived",
                    sum(gl.line_subtotal_minor + gl.landed_share_minor)::bigint as "receivedMinor",
                    case when sum(gl.stock_quantity) > 0 then round(sum(gl.line_subtotal_minor + gl.landed_share_minor) / sum(gl.stock_quantity))::bigint end as "averageUnitCostMinor",
                    v.id as "variantId"
             from goods_receipts g
             join goods_receipt_lines gl on gl.tenant_id = g.tenant_id and gl.receipt_id = g.id
             join product_variants v on v.tenant_id = gl.tenant_id and v.id = gl.variant_id
             join products pr on pr.tenant_id = v.tenant_id and pr.id = v.product_id
             where ${receiptsWithin(p)} ${matching([sql`pr.name`, sql`v.sku`], p)}
             group by v.id, pr.name, v.sku`;
}

function purchasesByPeriod(p: ReportParams): SQL {
  const start = (column: SQL) => sql`date_trunc(${p.groupBy}, (${column} at time zone ${SHOP_ZONE})::date)::date`;
  return sql`select per.start::text as "period", coalesce(rc.receipt_count, 0) as "receiptCount", coalesce(rc.received_minor, 0)::bigint as "receivedMinor",
                    coalesce(rt.returned_minor, 0)::bigint as "returnedMinor", coalesce(ex.expenses_minor, 0)::bigint as "expensesMinor"
             from (${periods(p)}) per
             left join (select ${start(sql`g.received_at`)} as start, count(*)::int as receipt_count, sum(g.total_minor) as received_minor
                        from goods_receipts g where ${receiptsWithin(p)} group by 1) rc on rc.start = per.start
             left join (select ${start(sql`sr.created_at`)} as start, sum(sr.total_minor) as returned_minor
                        from supplier_returns sr where ${supplierReturnsWithin(p)} group by 1) rt on rt.start = per.start
             left join (select date_trunc(${p.groupBy}, e.expense_date)::date as start, sum(e.amount_minor) as expenses_minor
                        from expenses e where e.voided_at is null and e.expense_date between ${p.from}::date and ${p.to}::date ${atLocation(sql`e.location_id`, p)}
                        group by 1) ex on ex.start = per.start`;
}

function purchasePriceHistory(p: ReportParams): SQL {
  return sql`select h."day", h."supplierName", h."receiptCode", h."quantity", h."unitCostMinor",
                    ${ratioBp(sql`h."unitCostMinor" - h.previous`, sql`h.previous`)} as "changeBp", h."receivedAt"
             from (
               select ${shopDayText(sql`g.received_at`)} as "day", ct.name as "supplierName", 'GRN-' || lpad(g.number::text, 6, '0') as "receiptCode",
                      ${milli(sql`gl.stock_quantity`)} as "quantity", gl.stock_unit_cost_minor::bigint as "unitCostMinor", g.received_at as "receivedAt",
                      lag(gl.stock_unit_cost_minor) over (order by g.received_at, gl.position) as previous
               from goods_receipts g
               join goods_receipt_lines gl on gl.tenant_id = g.tenant_id and gl.receipt_id = g.id
               join product_variants v on v.tenant_id = gl.tenant_id and v.id = gl.variant_id
               left join contacts ct on ct.tenant_id = g.tenant_id and ct.id = g.supplier_id
               where v.product_id = ${p.productId}::uuid and ${receiptsWithin(p)}) h`;
}

// --- contacts ---

function aging(p: ReportParams, side: 'receivable' | 'payable'): SQL {
  const overdue = sql`${p.today}::date - o.due_date`;
  const bucket = (low: number, high: number | null) =>
    sql`coalesce(sum(o.open_minor) filter (where ${overdue} > ${low}${high === null ? sql`` : sql` and ${overdue} <= ${high}`}), 0)::bigint`;
  return sql`select ct.id as "contactId", ct.name as "contactName", ct.phone as "phone",
                    coalesce(sum(o.open_minor) filter (where o.due_date is null or o.due_date >= ${p.today}::date), 0)::bigint as "currentMinor",
                    ${bucket(0, 30)} as "days1to30Minor", ${bucket(30, 60)} as "days31to60Minor", ${bucket(60, 90)} as "days61to90Minor",
                    ${bucket(90, null)} as "over90Minor", sum(o.open_minor)::bigint as "balanceMinor"
             from account_open_items o
             join contacts ct on ct.tenant_id = o.tenant_id and ct.id = o.contact_id
             where o.side = ${side} and o.direction = 'debit' and o.open_minor > 0 ${matching([sql`ct.name`, sql`coalesce(ct.phone, '')`], p)}
             group by ct.id, ct.name, ct.phone`;
}

function loyaltyPoints(p: ReportParams): SQL {
  return sql`select ct.id as "customerId", ct.name as "customerName",
                    coalesce(sum(e.points) filter (where e.kind = 'earn'), 0)::int as "earned",
                    coalesce(-sum(e.points) filter (where e.kind = 'redeem'), 0)::int as "redeemed",
                    coalesce(sum(e.points) filter (where e.kind not in ('earn', 'redeem')), 0)::int as "other",
                    coalesce(max(b.points), 0)::int as "balance"
             from loyalty_entries e
             join contacts ct on ct.tenant_id = e.tenant_id and ct.id = e.contact_id
             left join loyalty_balances b on b.tenant_id = e.tenant_id and b.contact_id = e.contact_id
             where ${instantWithin(sql`e.occurred_at`, p.from, p.to)} ${matching([sql`ct.name`], p)}
             group by ct.id, ct.name`;
}

function giftCardLiability(p: ReportParams): SQL {
  return sql`select '•••• ' || g.last4 as "cardCode", ct.name as "customerName", ${shopDayText(sql`g.created_at`)} as "issuedDay",
                    g.expires_on::text as "expiresDay", last.balance_after_minor::bigint as "balanceMinor", g.id as "giftCardId"
             from gift_cards g
             cross join lateral (
               select e.balance_after_minor from gift_card_entries e
               where e.tenant_id = g.tenant_id and e.gift_card_id = g.id and e.occurred_at < ${endOfDay(p.date)}
               order by e.occurred_at desc, e.id desc limit 1) last
             left join contacts ct on ct.tenant_id = g.tenant_id and ct.id = g.contact_id
             where last.balance_after_minor > 0`;
}

// --- tax ---

/** VAT per band: the band days (report_band_days, report_item_days added up per band by its triggers). */
function vatByBand(p: ReportParams): SQL {
  return sql`select a.tax_class as "taxClass", ${ratioBp(sql`sum(a.tax_minor)`, sql`sum(a.sales_minor - a.tax_minor)`)} as "rateBp",
                    ${bigint(sql`sum(a.sales_minor - a.tax_minor)`)} as "salesExTaxMinor", ${bigint(sql`sum(a.tax_minor)`)} as "outputTaxMinor",
                    ${bigint(sql`sum(a.returned_minor - a.returned_tax_minor)`)} as "returnsExTaxMinor", ${bigint(sql`sum(a.returned_tax_minor)`)} as "returnsTaxMinor",
                    ${bigint(sql`sum(a.tax_minor - a.returned_tax_minor)`)} as "netTaxMinor"
             from report_band_days a where a.day between ${p.from}::date and ${p.to}::date ${atLocation(sql`a.location_id`, p)}
             group by a.tax_class`;
}

// --- shifts ---

function shiftReports(p: ReportParams): SQL {
  return sql`select sh.opened_at as "openedAt", sh.closed_at as "closedAt", r.name as "registerName", sh.opened_by as "cashierId", sh.z_number as "zNumber",
                    coalesce(sold.sale_count, 0) as "saleCount", coalesce(sold.net_minor, 0)::bigint as "netSalesMinor",
                    sh.expected_cash_minor::bigint as "expectedCashMinor", sh.counted_cash_minor::bigint as "countedCashMinor", sh.over_short_minor::bigint as "overShortMinor",
                    sh.id as "shiftId"
             from shifts sh
             join registers r on r.tenant_id = sh.tenant_id and r.id = sh.register_id
             left join lateral (
               select count(*)::int as sale_count, sum(s.total_minor - s.tip_minor) as net_minor
               from sales s where s.tenant_id = sh.tenant_id and s.shift_id = sh.id and s.status <> 'voided') sold on true
             where ${instantWithin(sql`sh.opened_at`, p.from, p.to)} ${atLocation(sql`sh.location_id`, p)}`;
}

function overShortByCashier(p: ReportParams): SQL {
  return sql`select sh.opened_by as "cashierId", count(*)::int as "shiftCount",
                    coalesce(sum(sh.over_short_minor) filter (where sh.over_short_minor > 0), 0)::bigint as "overMinor",
                    coalesce(-sum(sh.over_short_minor) filter (where sh.over_short_minor < 0), 0)::bigint as "shortMinor",
                    coalesce(sum(sh.over_short_minor), 0)::bigint as "netMinor"
             from shifts sh
             where sh.status = 'closed' and ${instantWithin(sql`sh.closed_at`, p.from, p.to)} ${atLocation(sql`sh.location_id`, p)}
             group by sh.opened_by`;
}

/** Each report's rows, before its sort and page. */
export function reportBaseSql(key: ReportKey, p: ReportParams): SQL {
  switch (key) {
    case 'sales-by-period':
      return salesByPeriod(p);
    case 'sales-by-product':
      return productGrouping(p, 'sales', 'product');
    case 'sales-by-variant':
      return productGrouping(p, 'sales', 'variant');
    case 'sales-by-category':
      return productGrouping(p, 'sales', 'category');
    case 'sales-by-brand':
      return productGrouping(p, 'sales', 'brand');
    case 'sales-by-location':
      return salesByHourTable(p, sql`l.id as "locationId", l.name as "locationName"`, sql`l.id, l.name`, sql`join locations l on l.tenant_id = a.tenant_id and l.id = a.location_id`);
    case 'sales-by-register':
      return salesByHourTable(
        p,
        sql`r.id as "registerId", r.name as "registerName", l.name as "locationName"`,
        sql`r.id, r.name, l.name`,
        sql`join registers r on r.tenant_id = a.tenant_id and r.id = a.register_id join locations l on l.tenant_id = a.tenant_id and l.id = a.location_id`,
      );
    case 'sales-by-cashier':
      return salesByHourTable(p, sql`nullif(a.cashier_id, ${NIL_UUID}::uuid) as "cashierId"`, sql`a.cashier_id`);
    case 'sales-by-customer':
      return salesByCustomer(p, false);
    case 'sales-by-customer-group':
      return salesByCustomer(p, true);
    case 'sales-by-tender':
      return salesByTender(p);
    case 'sales-by-hour':
      return salesByHourOrWeekday(p, 'hour');
    case 'sales-by-weekday':
      return salesByHourOrWeekday(p, 'weekday');
    case 'returns':
      return returnsList(p);
    case 'returns-by-reason':
      return returnsByReason(p);
    case 'discounts':
      return discountsList(p);
    case 'voids':
      return voidsList(p);
    case 'profit-by-period':
      return profitByPeriod(p);
    case 'profit-by-product':
      return productGrouping(p, 'profit', 'product');
    case 'profit-by-category':
      return productGrouping(p, 'profit', 'category');
    case 'profit-by-location':
      return sql`select l.id as "locationId", l.name as "locationName", ${profitFigures} from ${saleHours(p, sql`join locations l on l.tenant_id = a.tenant_id and l.id = a.location_id`)} group by l.id, l.name`;
    case 'stock-valuation':
      return stockValuation(p);
    case 'stock-movements':
      return stockMovements(p);
    case 'slow-movers':
      return slowMovers(p);
    case 'stock-ageing':
      return stockAgeing(p);
    case 'count-variances':
      return countVariances(p);
    case 'shrinkage':
      return shrinkage(p);
    case 'purchases-by-supplier':
      return purchasesBySupplier(p);
    case 'purchases-by-product':
      return purchasesByProduct(p);
    case 'purchases-by-period':
      return purchasesByPeriod(p);
    case 'purchase-price-history':
      return purchasePriceHistory(p);
    case 'debtors-aging':
      return aging(p, 'receivable');
    case 'creditors-aging':
      return aging(p, 'payable');
    case 'loyalty-points':
      return loyaltyPoints(p);
    case 'gift-card-liability':
      return giftCardLiability(p);
    case 'vat-by-band':
      return vatByBand(p);
    case 'shift-reports':
      return shiftReports(p);
    case 'over-short-by-cashier':
      return overShortByCashier(p);
  }
}

/** Columns the service fills after the query (a person's name from their user id): not in the SQL. */
export const FILLED_IN_CODE: Readonly<Record<string, string>> = {
  cashierName: 'cashierId',
  approverName: 'approverId',
  voidedByName: 'voidedById',
};

export interface ReportPage {
  sort: { key: string; dir: 'asc' | 'desc' };
  /** null: every row (an export). */
  limit: number | null;
  offset: number;
}

/** Totals of a report's summed columns, as window sums over every row (computed before the page is cut). */
function totalColumns(key: ReportKey): SQL {
  const summed = reportDefinition(key).columns.filter((column) => column.summed && !(column.key in FILLED_IN_CODE));
  return sql.join(
    [sql`count(*) over ()::int as "__rows"`, ...summed.map((column) => sql`sum(${sql.identifier(column.key)}) over ()::bigint as ${sql.identifier(`__total_${column.key}`)}`)],
    sql`, `,
  );
}

/**
 * The SQL the API runs for a report: its rows sorted (ties broken by every column, so pages never
 * overlap), one page of them, and on every row the row count and the totals over all rows. A
 * report of products or variants is sorted and cut before its names are joined, unless the sort
 * is by a name.
 */
export function reportSql(key: ReportKey, params: ReportParams, page: ReportPage): SQL {
  const definition = reportDefinition(key);
  const late = LATE_NAMES[key]?.(params);
  const namesFirst = late !== undefined && late.keys.includes(page.sort.key);
  const unsorted = late && !namesFirst ? late.keys : [];
  const direction = sql.raw(page.sort.dir === 'asc' ? 'asc nulls first' : 'desc nulls last');
  const tieBreaks = [
    ...definition.columns.filter((column) => column.key !== page.sort.key && !(column.key in FILLED_IN_CODE) && !unsorted.includes(column.key)).map((column) => column.key),
    ...(late ? late.idKeys : []),
  ].map((column) => sql`${sql.identifier(column)} asc nulls first`);
  const order = sql`order by ${sql.identifier(page.sort.key)} ${direction}${tieBreaks.length > 0 ? sql`, ${sql.join(tieBreaks, sql`, `)}` : sql``}`;
  const base = reportBaseSql(key, params);
  const named = (rows: SQL) => (late ? sql`select r.*, ${late.columns} from (${rows}) r ${late.joins}` : rows);
  const sorted = sql`select r.*, ${totalColumns(key)}
                     from (${namesFirst ? named(base) : base}) r
                     ${order}
                     ${page.limit === null ? sql`` : sql`limit ${page.limit} offset ${page.offset}`}`;
  return late && !namesFirst ? sql`${named(sorted)} ${order}` : sorted;
}
