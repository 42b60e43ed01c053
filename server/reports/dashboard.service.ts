import { sql, type SQL } from 'drizzle-orm';
import { addDays, weekEarlier, weekdayOf } from '../../core/reports/report-periods';
import { REPORT_KEYS, type ReportKey } from '../../core/reports/report-catalog';
import type { Dashboard, DashboardFigures, DashboardQuery } from '../../core/reports/reports.schemas';
import type { RefundTender } from '../../core/sales/sales.schemas';
import { hasPermission, type MemberAccess } from '../../core/team/permissions.rules';
import { readSubscriptionState } from '../billing/subscription.service';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { readUserNames } from '../inventory/inventory-documents';
import type { Workplaces } from '../inventory/location-access';
import { ensurePeriodCache } from './period-caches';
import { atLocation, itemPeriodCacheOf, itemTotalsSql, type ReportParams } from './report-queries';
import { reportLocations, shopDays } from './reports.service';

// The dashboard (issue 18): the shop at a glance for a day or a period, in one request. The shop's
// figures (for those who see reports) read the report summaries, of the member's locations when
// they are limited to some (issue 20; the customers' and suppliers' balances are the shop's); anyone
// else gets their own shift (open, else their last one), read from the shift's sales, and nothing
// shop-wide. Costs and profit only for those who may see costs.

export interface DashboardViewer extends Workplaces {
  userId: string;
  /** The person's permissions (issue 20): the shop's figures need reports.view, costs and margins costs.view. */
  permissions: MemberAccess['permissions'];
}

/** The locations the shop's figures are of: the one asked for, or the member's. */
type Places = Pick<ReportParams, 'locationId' | 'locationIds'>;
const EVERYWHERE: Places = { locationId: null };

const SHOP_ZONE = sql`coalesce((select bs.time_zone from business_settings bs limit 1), 'Africa/Nairobi')`;
const TOP = 5;

interface FigureRow {
  sale_count: string | number | null;
  sales_minor: string | null;
  returned_minor: string | null;
  ex_tax_minor: string | null;
  cost_minor: string | null;
}

function figuresOf(row: FigureRow | undefined, withCosts: boolean): DashboardFigures {
  const count = Number(row?.sale_count ?? 0);
  const sales = Number(row?.sales_minor ?? 0);
  const returned = Number(row?.returned_minor ?? 0);
  const exTax = Number(row?.ex_tax_minor ?? 0);
  const profit = exTax - Number(row?.cost_minor ?? 0);
  const figures = { netSalesMinor: sales - returned, saleCount: count, averageBasketMinor: count === 0 ? 0 : Math.round(sales / count), returnsMinor: returned };
  // Costs and profit are left out of a cashier's answer altogether (cost-visibility.test.ts).
  return withCosts ? { ...figures, grossProfitMinor: profit, marginBp: exTax !== 0 ? Math.round((profit * 10_000) / exTax) : null } : figures;
}

/** The summary rows of the period (at the places, or a cashier's own). */
const hoursWhere = (from: string, to: string, places: Places, cashierId: string | null) =>
  sql`a.day between ${from}::date and ${to}::date ${atLocation(sql`a.location_id`, places)} ${cashierId ? sql`and a.cashier_id = ${cashierId}::uuid` : sql``}`;

const hourFigures = sql`sum(a.sale_count) as sale_count, sum(a.sales_minor) as sales_minor, sum(a.returned_minor) as returned_minor,
  sum(a.sales_minor - a.tax_minor - a.returned_minor + a.returned_tax_minor) as ex_tax_minor, sum(a.cost_minor - a.returned_cost_minor) as cost_minor`;

async function summaryFigures(tx: TenantTx, where: SQL, withCosts: boolean): Promise<DashboardFigures> {
  const [row] = await queryRows<FigureRow>(tx, sql`select ${hourFigures} from report_sale_hours a where ${where}`);
  return figuresOf(row, withCosts);
}

/** The cashier's open shift, else their latest. */
async function cashierShift(tx: TenantTx, userId: string): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select id from shifts where opened_by = ${userId}::uuid order by (status = 'open') desc, opened_at desc limit 1`,
  );
  return row?.id ?? null;
}

/** A shift's figures, live from its documents. */
async function shiftFigures(tx: TenantTx, shiftId: string): Promise<{ figures: DashboardFigures; byHour: Dashboard['byHour']; tenders: Dashboard['tenders']; top: Dashboard['topProducts'] }> {
  const [row] = await queryRows<FigureRow>(
    tx,
    sql`select (select count(*) from sales s where s.shift_id = ${shiftId}::uuid and s.status <> 'voided') as sale_count,
               (select sum(s.total_minor - s.tip_minor) from sales s where s.shift_id = ${shiftId}::uuid and s.status <> 'voided') as sales_minor,
               (select sum(r.total_minor) from sale_returns r where r.shift_id = ${shiftId}::uuid) as returned_minor,
               null as ex_tax_minor, null as cost_minor`,
  );
  const hours = await queryRows<{ hour: number; sales_minor: string; sale_count: number }>(
    tx,
    sql`select extract(hour from s.created_at at time zone ${SHOP_ZONE})::int as hour, sum(s.total_minor - s.tip_minor) as sales_minor, count(*)::int as sale_count
        from sales s where s.shift_id = ${shiftId}::uuid and s.status <> 'voided' group by 1`,
  );
  const tenders = await queryRows<{ tender: RefundTender; amount: string }>(
    tx,
    sql`select p.tender, sum(p.amount_minor) as amount from sales s join sale_payments p on p.tenant_id = s.tenant_id and p.sale_id = s.id
        where s.shift_id = ${shiftId}::uuid and s.status <> 'voided' group by p.tender order by 2 desc`,
  );
  const top = await queryRows<{ product_id: string; name: string; quantity: string; net: string }>(
    tx,
    sql`select v.product_id, min(l.product_name) as name, (sum(l.stock_quantity) * 1000)::bigint as quantity, sum(l.total_minor) as net
        from sales s join sale_lines l on l.tenant_id = s.tenant_id and l.sale_id = s.id
        join product_variants v on v.tenant_id = l.tenant_id and v.id = l.variant_id
        where s.shift_id = ${shiftId}::uuid and s.status <> 'voided' group by v.product_id order by 4 desc limit ${TOP}`,
  );
  const byHourMap = new Map(hours.map((hour) => [hour.hour, hour]));
  return {
    figures: figuresOf(row, false),
    byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, netSalesMinor: Number(byHourMap.get(hour)?.sales_minor ?? 0), saleCount: byHourMap.get(hour)?.sale_count ?? 0 })),
    tenders: tenders.map((tender) => ({ tender: tender.tender, amountMinor: Number(tender.amount) })),
    top: top.map((product) => ({ productId: product.product_id, name: product.name, quantity: Number(product.quantity), netSalesMinor: Number(product.net) })),
  };
}

async function trendOf(tx: TenantTx, to: string, places: Places, cashierId: string | null): Promise<Dashboard['trend']> {
  const from = addDays(to, -29);
  const rows = await queryRows<{ day: string; sales: string | null; count: string | null }>(
    tx,
    sql`select d::date::text as day, sum(a.sales_minor - a.returned_minor) as sales, sum(a.sale_count) as count
        from generate_series(${from}::date, ${to}::date, interval '1 day') d
        left join report_sale_hours a on a.day = d::date and ${hoursWhere(from, to, places, cashierId)}
        group by d order by d`,
  );
  return rows.map((row) => ({ day: row.day, netSalesMinor: Number(row.sales ?? 0), saleCount: Number(row.count ?? 0) }));
}

type OpenShiftRow = { id: string; register_name: string; location_name: string; opened_by: string | null; opened_at: Date | string; sale_count: number; net: string | null; expected: string };

/** The open shifts (their cashiers' names are read after the shop's transaction: users are platform rows). */
async function openShifts(tx: TenantTx, places: Places, onlyShiftId: string | null): Promise<OpenShiftRow[]> {
  return queryRows<OpenShiftRow>(
    tx,
    sql`select sh.id, r.name as register_name, l.name as location_name, sh.opened_by, sh.opened_at,
               coalesce(sold.sale_count, 0) as sale_count, sold.net,
               sh.opening_float_minor + coalesce(cash.paid, 0) - coalesce(cash.refunded, 0) + coalesce(moves.net, 0) as expected
        from shifts sh
        join registers r on r.tenant_id = sh.tenant_id and r.id = sh.register_id
        join locations l on l.tenant_id = sh.tenant_id and l.id = sh.location_id
        left join lateral (select count(*)::int as sale_count, sum(s.total_minor - s.tip_minor) as net from sales s where s.tenant_id = sh.tenant_id and s.shift_id = sh.id and s.status <> 'voided') sold on true
        left join lateral (
          select (select sum(p.amount_minor) from sales s join sale_payments p on p.tenant_id = s.tenant_id and p.sale_id = s.id
                  where s.tenant_id = sh.tenant_id and s.shift_id = sh.id and s.status <> 'voided' and p.tender = 'cash') as paid,
                 (select sum(f.amount_minor) from sale_returns rt join sale_refunds f on f.tenant_id = rt.tenant_id and f.return_id = rt.id
                  where rt.tenant_id = sh.tenant_id and rt.shift_id = sh.id and f.tender = 'cash') as refunded) cash on true
        left join lateral (select sum(case when m.direction = 'in' then m.amount_minor else -m.amount_minor end) as net
                           from shift_cash_movements m where m.tenant_id = sh.tenant_id and m.shift_id = sh.id) moves on true
        where sh.status = 'open' ${atLocation(sql`sh.location_id`, places)} ${onlyShiftId ? sql`and sh.id = ${onlyShiftId}::uuid` : sql``}
        order by sh.opened_at`,
  );
}

async function withCashierNames(database: Database, rows: OpenShiftRow[]): Promise<Dashboard['openShifts']> {
  const names = await readUserNames(database, rows.map((row) => row.opened_by));
  return rows.map((row) => ({
    shiftId: row.id,
    registerName: row.register_name,
    locationName: row.location_name,
    cashierName: row.opened_by ? (names.get(row.opened_by) ?? null) : null,
    openedAt: new Date(row.opened_at).toISOString(),
    saleCount: row.sale_count,
    netSalesMinor: Number(row.net ?? 0),
    expectedCashMinor: Number(row.expected),
  }));
}

export async function readDashboard(database: Database, tenantId: string, viewer: DashboardViewer, query: DashboardQuery): Promise<Dashboard> {
  const { shifts, ...dashboard } = await database.withTenant(tenantId, async (tx): Promise<Omit<Dashboard, 'openShifts'> & { shifts: OpenShiftRow[] }> => {
    const { today, settledThrough } = await shopDays(tx);
    const from = query.from ?? today;
    const to = query.to ?? (query.from && query.from > today ? query.from : today);
    const places = await reportLocations(tx, query.locationId, viewer);
    const { locationId } = places;
    const compare = weekEarlier({ from, to });
    const isShopView = hasPermission(viewer, 'reports.view');
    const withCosts = hasPermission(viewer, 'costs.view');
    const state = await readSubscriptionState(tx, new Date());
    const pinned = state.entitlements.features.dashboards
      ? (await queryRows<{ id: string; name: string; report_key: string }>(tx, sql`select id, name, report_key from saved_reports where is_pinned order by name limit 20`))
          .filter((row) => (REPORT_KEYS as readonly string[]).includes(row.report_key))
          .map((row) => ({ id: row.id, name: row.name, reportKey: row.report_key as ReportKey }))
      : [];
    const base = { from, to, compareFrom: compare.from, compareTo: compare.to, locationId, pinned, generatedAt: new Date().toISOString() };

    if (!isShopView) {
      const shiftId = await cashierShift(tx, viewer.userId);
      const own = shiftId ? await shiftFigures(tx, shiftId) : null;
      return {
        ...base,
        scope: 'shift',
        shiftId,
        figures: own?.figures ?? figuresOf(undefined, false),
        compare: await summaryFigures(tx, hoursWhere(compare.from, compare.to, EVERYWHERE, viewer.userId), false),
        byHour: own?.byHour ?? Array.from({ length: 24 }, (_, hour) => ({ hour, netSalesMinor: 0, saleCount: 0 })),
        trend: await trendOf(tx, to, EVERYWHERE, viewer.userId),
        tenders: own?.tenders ?? [],
        topProducts: own?.top ?? [],
        topCategories: [],
        lowStockCount: null,
        receivables: null,
        payablesDueThisWeek: null,
        shifts: shiftId ? await openShifts(tx, EVERYWHERE, shiftId) : [],
        problems: [],
      };
    }

    const where = hoursWhere(from, to, places, null);
    const hours = await queryRows<{ hour: number; sales: string; count: string }>(
      tx,
      sql`select a.hour::int as hour, sum(a.sales_minor - a.returned_minor) as sales, sum(a.sale_count) as count from report_sale_hours a where ${where} group by 1`,
    );
    const byHourMap = new Map(hours.map((row) => [row.hour, row]));
    const tenders = await queryRows<{ tender: RefundTender; amount: string }>(
      tx,
      sql`select a.tender, sum(a.paid_minor - a.refunded_minor) as amount from report_tender_days a
          where a.day between ${from}::date and ${to}::date ${atLocation(sql`a.location_id`, places)}
          group by a.tender having sum(a.paid_minor - a.refunded_minor) <> 0 order by 2 desc`,
    );
    // The period's products summed once (a long period's settled days from its period cache,
    // docs/decisions/0021), then cut to the top ones before their names are joined (a year sells
    // tens of thousands of them), and added up by category.
    const period = { from, to, ...places, q: null, settledThrough };
    const cache = itemPeriodCacheOf(period, 'product');
    if (cache) await ensurePeriodCache(tx, cache);
    const tops = await queryRows<{ kind: 'product' | 'category'; id: string | null; name: string | null; quantity: string | null; net: string }>(
      tx,
      sql`with f as materialized (select t.item_id as product_id, t.sold_quantity - t.returned_quantity as quantity, t.sales_minor - t.returned_minor as net
                                  from (${itemTotalsSql(period, 'product')}) t)
          (select 'product' as kind, f.product_id as id, p.name, (f.quantity * 1000)::bigint as quantity, f.net
             from (select * from f order by f.net desc, f.product_id limit ${TOP}) f
             join products p on p.tenant_id = current_setting('app.tenant_id')::uuid and p.id = f.product_id
             order by f.net desc, p.name)
          union all
          (select 'category', c.id, c.name, null, sum(f.net)
             from f join products p on p.tenant_id = current_setting('app.tenant_id')::uuid and p.id = f.product_id
             left join product_categories c on c.tenant_id = p.tenant_id and c.id = p.category_id
             group by c.id, c.name order by 5 desc, 3 limit ${TOP})`,
    );
    const topProducts = tops.filter((row) => row.kind === 'product');
    const topCategories = tops.filter((row) => row.kind === 'category');
    const [counts] = await queryRows<{ low: number; due: string; overdue: string; overdue_customers: number; payable: string; bills: number; late: number; outbox: number }>(
      tx,
      sql`select (select count(*)::int from stock_levels sl where sl.is_low ${atLocation(sql`sl.location_id`, places)}) as low,
                 (select coalesce(sum(o.open_minor), 0) from account_open_items o where o.side = 'receivable' and o.direction = 'debit' and o.open_minor > 0) as due,
                 (select coalesce(sum(o.open_minor), 0) from account_open_items o where o.side = 'receivable' and o.direction = 'debit' and o.open_minor > 0 and o.due_date < ${today}::date) as overdue,
                 (select count(distinct o.contact_id)::int from account_open_items o where o.side = 'receivable' and o.direction = 'debit' and o.open_minor > 0 and o.due_date < ${today}::date) as overdue_customers,
                 (select coalesce(sum(o.open_minor), 0) from account_open_items o where o.side = 'payable' and o.direction = 'debit' and o.open_minor > 0
                    and o.due_date between ${today}::date and ${addDays(today, 7 - weekdayOf(today))}::date) as payable,
                 (select count(*)::int from account_open_items o where o.side = 'payable' and o.direction = 'debit' and o.open_minor > 0
                    and o.due_date between ${today}::date and ${addDays(today, 7 - weekdayOf(today))}::date) as bills,
                 (select count(*)::int from sales s where s.is_late and s.created_at >= (${from}::date::timestamp at time zone ${SHOP_ZONE}) ${atLocation(sql`s.location_id`, places)}) as late,
                 (select count(*)::int from sales s where s.from_outbox and s.created_at >= (${from}::date::timestamp at time zone ${SHOP_ZONE}) ${atLocation(sql`s.location_id`, places)}) as outbox`,
    );
    const problems: Dashboard['problems'] = [];
    if (counts!.late > 0) problems.push({ kind: 'late_sales', count: counts!.late });
    if (counts!.outbox > 0) problems.push({ kind: 'outbox_sales', count: counts!.outbox });
    return {
      ...base,
      scope: 'shop',
      shiftId: null,
      figures: await summaryFigures(tx, where, withCosts),
      compare: await summaryFigures(tx, hoursWhere(compare.from, compare.to, places, null), withCosts),
      byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, netSalesMinor: Number(byHourMap.get(hour)?.sales ?? 0), saleCount: Number(byHourMap.get(hour)?.count ?? 0) })),
      trend: await trendOf(tx, to, places, null),
      tenders: tenders.map((row) => ({ tender: row.tender, amountMinor: Number(row.amount) })),
      topProducts: topProducts.map((row) => ({ productId: row.id!, name: row.name!, quantity: Number(row.quantity), netSalesMinor: Number(row.net) })),
      topCategories: topCategories.map((row) => ({ categoryId: row.id, name: row.name, netSalesMinor: Number(row.net) })),
      lowStockCount: counts!.low,
      receivables: { dueMinor: Number(counts!.due), overdueMinor: Number(counts!.overdue), overdueCustomers: counts!.overdue_customers },
      payablesDueThisWeek: { amountMinor: Number(counts!.payable), billCount: counts!.bills },
      shifts: await openShifts(tx, places, null),
      problems,
    };
  });
  return { ...dashboard, openShifts: await withCashierNames(database, shifts) };
}
