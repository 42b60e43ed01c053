import { like, sql, type SQL } from 'drizzle-orm';
import { FEATURE_KEYS, storedEntitlements } from '../../core/billing/plan-features.rules';
import { entitledShopsByFeature, featureSignal, lastMonths, resolveAnalyticsPeriod, type FeatureUsageSignal, type PlanStatusGroup } from '../../core/platform/analytics.rules';
import {
  endingTrialsQuerySchema,
  idleShopsQuerySchema,
  TRIAL_ENDING_WITHIN_DAYS,
  USAGE_SIGNAL_KEYS,
  type AnalyticsPeriodQuery,
  type AnalyticsSummary,
  type EndingTrial,
  type EndingTrialsQuery,
  type IdleShop,
  type IdleShopsQuery,
  type UsageSignalKey,
} from '../../core/platform/analytics.schemas';
import { daysBetween } from '../../core/platform/revenue.rules';
import { PLATFORM_TENANT_STATUSES, type PlatformTenantStatus } from '../../core/platform/tenant-status.rules';
import { DEFAULT_TIME_ZONE } from '../../core/settings/settings.rules';
import { PLAN_ENTITLEMENTS_KEY_PREFIX } from '../billing/subscription.service';
import { queryRows, type Database } from '../db/client';
import { platformSettings } from '../db/schema/billing';
import { unsafeReadAcrossTenants, type CrossTenantReadTx } from './cross-tenant-read';
import { isoOrNull } from './platform-sql';
import { PLATFORM_STATUS_SQL } from './tenant-status.sql';

// Analytics (issue 21, docs/platform.md "Analytics"): activity, sales volume, feature usage, churn
// signals and sign-up cohorts across every shop. Sales come from the reports' summary of sales by
// hour (report_sale_hours: one row per shop, day, register, cashier and hour, kept by triggers,
// voids taken back), never from the sale lines: a shop's day is its own (its time zone), as its
// reports count it. Each shop's rows are reached through the summary's primary key (tenant, day, …).

const PLATFORM_ZONE = sql.raw(`'${DEFAULT_TIME_ZONE}'`);
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const COHORT_MONTHS = 12;

/** Today in the platform's zone, as YYYY-MM-DD. */
export function platformToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** A timestamp within the period's days (platform zone), both ends included. */
const inPeriod = (period: { from: string; to: string }, column: SQL) =>
  sql`${column} >= (${period.from}::date::timestamp at time zone ${PLATFORM_ZONE}) and ${column} < ((${period.to}::date + 1)::timestamp at time zone ${PLATFORM_ZONE})`;

/**
 * Each shop's days between `from` and `to` with at least one sale (not voided): its sales count and
 * amount (totals less tips). Only shops whose days with a sale (report_shop_activity) reach the
 * range are read, each by a range scan of its rows on the summary's primary key (tenant_id, day,
 * …), never a scan of every shop's history.
 */
const shopDays = (from: string, to: string) => sql`
  select a.tenant_id, d.day, d.sales, d.amount
    from report_shop_activity a
    cross join lateral (
      select h.day, sum(h.sale_count)::int as sales, sum(h.sales_minor)::bigint as amount
        from report_sale_hours h
       where h.tenant_id = a.tenant_id and h.day between ${from}::date and ${to}::date
       group by h.day
      having sum(h.sale_count) > 0) d
   where a.last_sale_day >= ${from}::date and a.first_sale_day <= ${to}::date`;

/**
 * Whether a shop (a row `a` of report_shop_activity) sold in the period, from its first and last
 * day with a sale (`first`, `last` name those columns): those days had sales, so a shop whose last
 * or first such day falls in the period did, one whose days end before it or start after it did
 * not; only a shop that sold both before and after the period is probed within it.
 */
const soldWithin = (period: { from: string; to: string }, first: SQL, last: SQL, probe: SQL) => sql`
  case when ${last} is null or ${last} < ${period.from}::date or ${first} > ${period.to}::date then false
       when ${last} <= ${period.to}::date or ${first} >= ${period.from}::date then true
       else exists (${probe}) end`;

/** Which table shows a signal in use in the period (a shop counts once). `sales` and `customer_sales` are counted with the period's active shops. */
function signalSql(signal: Exclude<FeatureUsageSignal, 'sales' | 'customer_sales'> | UsageSignalKey, period: { from: string; to: string }): SQL {
  switch (signal) {
    case 'gift_cards':
      return sql`select count(distinct tenant_id)::int from gift_cards where ${inPeriod(period, sql`created_at`)}`;
    case 'loyalty_entries':
      return sql`select count(distinct tenant_id)::int from loyalty_entries where ${inPeriod(period, sql`occurred_at`)}`;
    case 'locations':
      return sql`select count(*)::int from (select tenant_id from locations where is_active group by tenant_id having count(*) > 1) l`;
    case 'saved_reports':
      return sql`select count(distinct tenant_id)::int from saved_reports where ${inPeriod(period, sql`created_at`)}`;
    case 'etims':
      return sql`select count(distinct tenant_id)::int from etims_documents where ${inPeriod(period, sql`created_at`)}`;
    case 'mpesa':
      return sql`select count(distinct tenant_id)::int from mpesa_payments where ${inPeriod(period, sql`trans_time`)}`;
    case 'purchases':
      return sql`select count(distinct tenant_id)::int from goods_receipts where ${inPeriod(period, sql`received_at`)}`;
    case 'expenses':
      return sql`select count(distinct tenant_id)::int from expenses where expense_date between ${period.from}::date and ${period.to}::date`;
    case 'communications':
      return sql`select count(distinct tenant_id)::int from communication_messages where ${inPeriod(period, sql`created_at`)}`;
  }
}

const MEASURED_SIGNALS = [
  ...new Set(
    FEATURE_KEYS.map(featureSignal).filter((signal): signal is Exclude<FeatureUsageSignal, 'sales' | 'customer_sales'> => signal !== null && signal !== 'sales' && signal !== 'customer_sales'),
  ),
];

export interface DayFigureRow {
  day: string;
  currency: string;
  shops: number;
  transactions: number;
  amount: string | number;
}

export interface AnalyticsRows {
  /** Platform figures per day and currency of `days` (the days not already known). */
  days: DayFigureRow[];
  counts: { period_shops: number; customer_shops: number; today_shops: number | null };
  groups: Array<{ status: PlatformTenantStatus; plan_id: string | null; plan_name: string | null; shops: number }>;
  signals: Record<string, number>;
  cohorts: Array<{ month: string; status: PlatformTenantStatus; shops: number }>;
}

/**
 * Every statement of the summary, in one read-only cross-shop transaction (the bench runs this
 * raw): the per-day figures of `days` only (null: none to read, the others are known), and the rest.
 */
export async function readAnalyticsRows(tx: CrossTenantReadTx, period: { from: string; to: string }, today: string, days: { from: string; to: string } | null): Promise<AnalyticsRows> {
  const dayRows = days
    ? await queryRows<DayFigureRow>(
        tx,
        sql`select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(b.currency_code, 'KES') as currency, count(*)::int as shops,
                   sum(d.sales)::int as transactions, sum(d.amount)::bigint as amount
              from (${shopDays(days.from, days.to)}) d left join business_settings b on b.tenant_id = d.tenant_id
             group by 1, 2`,
      )
    : [];
  // Shops active in the period, and of those, the ones that sold to a named customer, from each
  // shop's first and last day with a sale (a probe only for a shop that sold both before and after
  // the period). Today's active shops come from the day rows when today was read with them.
  const todayRead = days !== null && days.from <= today && today <= days.to;
  const [counts] = await queryRows<AnalyticsRows['counts']>(
    tx,
    sql`select count(*) filter (where ${soldWithin(
      period,
      sql`a.first_sale_day`,
      sql`a.last_sale_day`,
      sql`select 1 from report_sale_hours x where x.tenant_id = a.tenant_id and x.day between ${period.from}::date and ${period.to}::date and x.sale_count > 0`,
    )})::int as period_shops,
               count(*) filter (where ${soldWithin(
                 period,
                 sql`a.first_customer_sale_day`,
                 sql`a.last_customer_sale_day`,
                 sql`select 1 from report_customer_days c where c.tenant_id = a.tenant_id and c.day between ${period.from}::date and ${period.to}::date
                        and c.customer_id <> ${NIL_UUID}::uuid and c.sale_count > 0`,
               )})::int as customer_shops,
               ${todayRead ? sql`null::int` : sql`(select count(*) from (${shopDays(today, today)}) d)::int`} as today_shops
          from report_shop_activity a`,
  );
  const groups = await queryRows<AnalyticsRows['groups'][number]>(
    tx,
    sql`select ${PLATFORM_STATUS_SQL} as status, p.id as plan_id, p.name as plan_name, count(*)::int as shops
          from tenants t left join tenant_subscription_details s on s.tenant_id = t.id left join billing_plans p on p.id = s.billing_plan_id
         group by 1, 2, 3`,
  );
  const signalKeys = [...MEASURED_SIGNALS, ...USAGE_SIGNAL_KEYS];
  const [signalRow] = await queryRows<Record<string, number>>(
    tx,
    sql`select ${sql.join(
      signalKeys.map((key) => sql`(${signalSql(key, period)}) as ${sql.identifier(key)}`),
      sql`, `,
    )}`,
  );
  const firstMonth = lastMonths(today, COHORT_MONTHS)[0]!;
  const cohorts = await queryRows<AnalyticsRows['cohorts'][number]>(
    tx,
    sql`select to_char(t.created_at at time zone ${PLATFORM_ZONE}, 'YYYY-MM') as month, ${PLATFORM_STATUS_SQL} as status, count(*)::int as shops
          from tenants t left join tenant_subscription_details s on s.tenant_id = t.id
         where t.created_at >= (${`${firstMonth}-01`}::date::timestamp at time zone ${PLATFORM_ZONE})
         group by 1, 2`,
  );
  const todayShops = todayRead ? dayRows.filter((row) => row.day === today).reduce((sum, row) => sum + row.shops, 0) : (counts?.today_shops ?? 0);
  return { days: dayRows, counts: { period_shops: counts?.period_shops ?? 0, customer_shops: counts?.customer_shops ?? 0, today_shops: todayShops }, groups, signals: signalRow ?? {}, cohorts };
}

/**
 * The per-day figures of days before yesterday, kept per database for 10 minutes: they change only
 * when a late sale or a void reaches a past day, and reading a year of every shop's summaries
 * again on each visit would cost seconds. Yesterday and today are always read (a shop in another
 * zone, or a register's outbox, still adds to them).
 */
export const PAST_DAYS_TTL_MS = 10 * 60_000;
const pastDays = new WeakMap<Database, Map<string, { rows: DayFigureRow[]; at: number }>>();

/** The period's days whose figures must be read now: from the first one not known (or live) to the last such; null when all are known. */
export function daysToRead(database: Database, period: { from: string; to: string }, today: string, nowMs: number): { from: string; to: string } | null {
  const known = pastDays.get(database);
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const missing = daysBetween(period.from, period.to).filter((day) => {
    const kept = known?.get(day);
    return day >= yesterday || !kept || nowMs - kept.at > PAST_DAYS_TTL_MS;
  });
  return missing.length === 0 ? null : { from: missing[0]!, to: missing.at(-1)! };
}

/** Forget the kept days (tests that write past sales, the bench's cold figures). */
export function forgetAnalyticsDays(database: Database) {
  pastDays.delete(database);
}

/** Plans' own stored features and limits (Plan Management), by plan id: a platform table, read by the owner. */
async function readPlanEntitlements(database: Database): Promise<Map<string, unknown>> {
  const rows = await database.platform
    .select({ key: platformSettings.key, value: platformSettings.value })
    .from(platformSettings)
    .where(like(platformSettings.key, `${PLAN_ENTITLEMENTS_KEY_PREFIX}%`));
  return new Map(rows.map((row) => [row.key.slice(PLAN_ENTITLEMENTS_KEY_PREFIX.length), row.value]));
}

export async function readAnalytics(database: Database, query: AnalyticsPeriodQuery, now = new Date()): Promise<AnalyticsSummary> {
  const today = platformToday(now);
  const period = resolveAnalyticsPeriod(query, today);
  const stored = await readPlanEntitlements(database);
  const toRead = daysToRead(database, period, today, now.getTime());
  const rows = await unsafeReadAcrossTenants(database, (tx) => readAnalyticsRows(tx, period, today, toRead));
  const known = pastDays.get(database) ?? new Map<string, { rows: DayFigureRow[]; at: number }>();
  pastDays.set(database, known);
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const fresh = new Map(toRead ? daysBetween(toRead.from, toRead.to).map((day) => [day, [] as DayFigureRow[]]) : []);
  for (const row of rows.days) fresh.get(row.day)?.push(row);
  for (const [day, dayRows] of fresh) if (day < yesterday) known.set(day, { rows: dayRows, at: now.getTime() });
  const periodRows = daysBetween(period.from, period.to).flatMap((day) => fresh.get(day) ?? known.get(day)?.rows ?? []);

  const byDay = new Map(daysBetween(period.from, period.to).map((day) => [day, { day, activeShops: 0, transactions: 0, salesMinor: 0 }]));
  const sales = new Map<string, { currency: string; amountMinor: number; transactions: number }>();
  // The chart's currency: the one most sales were made in (KES when there were none).
  const byCurrency = new Map<string, number>();
  for (const row of periodRows) byCurrency.set(row.currency, (byCurrency.get(row.currency) ?? 0) + row.transactions);
  const chartCurrency = [...byCurrency].sort(([leftCurrency, left], [rightCurrency, right]) => right - left || leftCurrency.localeCompare(rightCurrency))[0]?.[0] ?? 'KES';
  let transactions = 0;
  for (const row of periodRows) {
    const amount = Number(row.amount);
    transactions += row.transactions;
    const line = sales.get(row.currency) ?? { currency: row.currency, amountMinor: 0, transactions: 0 };
    line.amountMinor += amount;
    line.transactions += row.transactions;
    sales.set(row.currency, line);
    const day = byDay.get(row.day);
    if (!day) continue;
    day.activeShops += row.shops;
    day.transactions += row.transactions;
    if (row.currency === chartCurrency) day.salesMinor += amount;
  }

  const groups: PlanStatusGroup[] = rows.groups.map((group) => ({
    status: group.status,
    planName: group.plan_name,
    planEntitlements: group.plan_id ? storedEntitlements(group.plan_name, stored.get(group.plan_id) ?? null) : null,
    shops: group.shops,
  }));
  const entitled = entitledShopsByFeature(groups);
  const signals: Record<string, number> = { ...rows.signals, sales: rows.counts.period_shops, customer_sales: rows.counts.customer_shops };

  const months = lastMonths(today, COHORT_MONTHS);
  const cohorts = new Map(
    months.map((month) => [month, { month, signups: 0, byStatus: Object.fromEntries(PLATFORM_TENANT_STATUSES.map((status) => [status, 0])) as Record<PlatformTenantStatus, number> }]),
  );
  for (const row of rows.cohorts) {
    const cohort = cohorts.get(row.month);
    if (!cohort) continue;
    cohort.signups += row.shops;
    cohort.byStatus[row.status] += row.shops;
  }

  return {
    period,
    today,
    activeShopsToday: rows.counts.today_shops ?? 0,
    activeShopsInPeriod: rows.counts.period_shops,
    transactions,
    chartCurrency,
    sales: [...sales.values()].sort((left, right) => left.currency.localeCompare(right.currency)),
    byDay: [...byDay.values()],
    features: FEATURE_KEYS.map((key) => {
      const signal = featureSignal(key);
      return { key, entitledShops: entitled[key], usedShops: signal ? Number(signals[signal] ?? 0) : null };
    }),
    usage: USAGE_SIGNAL_KEYS.map((key) => ({ key, usedShops: Number(signals[key] ?? 0) })),
    cohorts: [...cohorts.values()],
  };
}

interface IdleRow {
  id: string;
  name: string;
  subdomain: string;
  status: PlatformTenantStatus;
  last_sale_day: string | null;
  created_at: Date | string;
  idle_days: number;
  total: number;
}

/**
 * Trial and active shops whose last sale (or, never having sold, their sign-up) is `days` days ago
 * or more, longest idle first. The last sale day is the shop's in report_shop_activity.
 */
export function idleShopsSql(query: ReturnType<typeof idleShopsQuerySchema.parse>, today: string): SQL {
  return sql`
    with shops as (
      select t.id, t.name, t.subdomain, t.created_at, ${PLATFORM_STATUS_SQL} as status,
             (select a.last_sale_day from report_shop_activity a where a.tenant_id = t.id) as last_sale_day
        from tenants t left join tenant_subscription_details s on s.tenant_id = t.id
       where ${PLATFORM_STATUS_SQL} in ('trial', 'active')
    ),
    idle as (
      select *, ${today}::date - coalesce(last_sale_day, (created_at at time zone ${PLATFORM_ZONE})::date) as idle_days from shops
    )
    select id, name, subdomain, status, to_char(last_sale_day, 'YYYY-MM-DD') as last_sale_day, created_at, idle_days, count(*) over ()::int as total
      from idle
     where idle_days >= ${query.days}
     order by idle_days desc, lower(name), id
     limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`;
}

export async function listIdleShops(database: Database, input: IdleShopsQuery, now = new Date()): Promise<{ items: IdleShop[]; total: number }> {
  const query = idleShopsQuerySchema.parse(input);
  const today = platformToday(now);
  const rows = await unsafeReadAcrossTenants(database, (tx) => queryRows<IdleRow>(tx, idleShopsSql(query, today)));
  return {
    items: rows.map((row) => ({
      tenantId: row.id,
      name: row.name,
      subdomain: row.subdomain,
      status: row.status,
      lastSaleDay: row.last_sale_day,
      createdAt: isoOrNull(row.created_at)!,
      idleDays: Number(row.idle_days),
    })),
    total: rows[0]?.total ?? (query.page > 1 ? await countIdle(database, query, today) : 0),
  };
}

/** A page past the end holds no row to carry the total: count alone. */
async function countIdle(database: Database, query: ReturnType<typeof idleShopsQuerySchema.parse>, today: string): Promise<number> {
  const rows = await unsafeReadAcrossTenants(database, (tx) => queryRows<IdleRow>(tx, idleShopsSql({ ...query, page: 1 }, today)));
  return rows[0]?.total ?? 0;
}

interface TrialRow {
  id: string;
  name: string;
  subdomain: string;
  trial_end: Date | string;
  owner_email: string | null;
  total: number;
}

/** Shops on a running trial that ends within 7 days and that never completed a payment, soonest first. */
export function endingTrialsSql(query: ReturnType<typeof endingTrialsQuerySchema.parse>): SQL {
  return sql`
    select t.id, t.name, t.subdomain, s.trial_end,
           (select u.email from tenant_users tu join users u on u.id = tu.user_id
             where tu.tenant_id = t.id and tu.role = 'admin' and tu.is_active order by tu.created_at limit 1) as owner_email,
           count(*) over ()::int as total
      from tenants t join tenant_subscription_details s on s.tenant_id = t.id
     where ${PLATFORM_STATUS_SQL} = 'trial'
       and s.trial_end > now() and s.trial_end <= now() + make_interval(days => ${TRIAL_ENDING_WITHIN_DAYS})
       and not exists (select 1 from payment_history ph where ph.tenant_id = t.id and ph.payment_status = 'completed')
     order by s.trial_end, lower(t.name), t.id
     limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`;
}

export async function listEndingTrials(database: Database, input: EndingTrialsQuery): Promise<{ items: EndingTrial[]; total: number }> {
  const query = endingTrialsQuerySchema.parse(input);
  const read = (page: number) => unsafeReadAcrossTenants(database, (tx) => queryRows<TrialRow>(tx, endingTrialsSql({ ...query, page })));
  const rows = await read(query.page);
  const total = rows[0]?.total ?? (query.page > 1 ? ((await read(1))[0]?.total ?? 0) : 0);
  return {
    items: rows.map((row) => ({ tenantId: row.id, name: row.name, subdomain: row.subdomain, trialEnd: isoOrNull(row.trial_end)!, ownerEmail: row.owner_email })),
    total,
  };
}
