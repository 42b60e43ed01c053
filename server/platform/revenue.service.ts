import { sql, type SQL } from 'drizzle-orm';
import { escapeFormula, serializeCsvRecord } from '../../core/products/csv.rules';
import { annualRecurringRevenue, daysBetween, reconcilePayments, REFUND_STATUSES } from '../../core/platform/revenue.rules';
import type { PlatformPayment, ReconciliationView, RevenuePeriodQuery, RevenueSummary } from '../../core/platform/revenue.schemas';
import { paymentListQuerySchema } from '../../core/platform/revenue.schemas';
import { monthlyRecurringRevenue, type RecurringRevenueLine } from '../../core/platform/tenant-status.rules';
import { DEFAULT_TIME_ZONE } from '../../core/settings/settings.rules';
import { formatMoneyPlain } from '../../core/settings/money.rules';
import { canListTransactions } from '../billing/paystack.client';
import { PaymentProviderError } from '../billing/payment-provider';
import { queryRows, type Database } from '../db/client';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';
import { unsafeReadAcrossTenants, type CrossTenantReadTx } from './cross-tenant-read';
import { containsPattern, isoOrNull } from './platform-sql';
import { PLATFORM_STATUS_SQL } from './tenant-status.sql';

// Revenue (issue 21, docs/platform.md "Revenue"): recurring revenue, payments from payment_history
// across every shop, and Paystack reconciliation. Days are the platform's (Africa/Nairobi); a
// payment belongs to the day it was made (created_at), as Paystack's list filters by its creation.

const PLATFORM_ZONE = sql.raw(`'${DEFAULT_TIME_ZONE}'`);
const DEFAULT_PERIOD_DAYS = 30;

export interface RecurringRevenuePlanLine extends RecurringRevenueLine {
  planId: string;
  name: string;
  currency: string;
}

/**
 * Paying shops by plan and price: subscriptions whose platform status is active (a paid period
 * running, not suspended), each at the price it pays now: its custom price in force
 * (tenant_custom_pricing), else the plan's (get_tenant_effective_pricing, as the shop's checkout).
 * The overview's MRR and the revenue page's MRR and ARR both sum these (monthlyRecurringRevenue,
 * annualRecurringRevenue).
 */
export function readRecurringRevenueLines(tx: CrossTenantReadTx): Promise<RecurringRevenuePlanLine[]> {
  return queryRows<RecurringRevenuePlanLine>(
    tx,
    sql`select p.id as "planId", p.name, p.currency, p.period, e.price_minor as "priceMinor", count(*)::int as subscriptions
          from tenants t
          join tenant_subscription_details s on s.tenant_id = t.id
          join billing_plans p on p.id = s.billing_plan_id
          cross join lateral get_tenant_effective_pricing(t.id, p.id) e
         where ${PLATFORM_STATUS_SQL} = 'active'
         group by p.id, p.name, p.currency, p.period, e.price_minor
         order by e.price_minor, p.name`,
  );
}

/** MRR, ARR and paying shops per currency, from the lines above. */
export function recurringByCurrency(lines: readonly RecurringRevenuePlanLine[]) {
  const currencies = [...new Set(lines.map((line) => line.currency))].sort();
  return currencies.map((currency) => {
    const ofCurrency = lines.filter((line) => line.currency === currency);
    return {
      currency,
      mrrMinor: monthlyRecurringRevenue(ofCurrency),
      arrMinor: annualRecurringRevenue(ofCurrency),
      subscriptions: ofCurrency.reduce((sum, line) => sum + line.subscriptions, 0),
    };
  });
}

/** Today in the platform's zone, as YYYY-MM-DD. */
function platformToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The period asked for, or the last 30 days (today included). */
export function resolvePeriod(query: RevenuePeriodQuery, now = new Date()): { from: string; to: string } {
  const to = query.to ?? (query.from && query.from > platformToday(now) ? query.from : platformToday(now));
  const from = query.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_PERIOD_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/** `created_at` within the period's days (platform zone), both ends included. */
const inPeriod = (period: { from: string; to: string }, column: SQL) =>
  sql`${column} >= (${period.from}::date::timestamp at time zone ${PLATFORM_ZONE}) and ${column} < ((${period.to}::date + 1)::timestamp at time zone ${PLATFORM_ZONE})`;

const isRefund = (status: string) => (REFUND_STATUSES as readonly string[]).includes(status);

export async function readRevenueSummary(database: Database, query: RevenuePeriodQuery): Promise<RevenueSummary> {
  const period = resolvePeriod(query);
  return unsafeReadAcrossTenants(database, async (tx) => {
    const lines = await readRecurringRevenueLines(tx);
    const rows = await queryRows<{ day: string; status: string; currency: string; plan_id: string; plan_name: string; plan_period: 'monthly' | 'yearly'; count: number; amount: string | number }>(
      tx,
      sql`select to_char(ph.created_at at time zone ${PLATFORM_ZONE}, 'YYYY-MM-DD') as day, ph.payment_status as status, ph.currency,
                 p.id as plan_id, p.name as plan_name, p.period as plan_period, count(*)::int as count, sum(ph.amount_minor)::bigint as amount
            from payment_history ph join billing_plans p on p.id = ph.billing_plan_id
           where ${inPeriod(period, sql`ph.created_at`)}
           group by 1, 2, 3, 4, 5, 6`,
    );
    const byDay = new Map(daysBetween(period.from, period.to).map((day) => [day, { day, completedCount: 0, completedMinor: 0, failedCount: 0, failedMinor: 0 }]));
    const byPlan = new Map<string, RevenueSummary['byPlan'][number]>();
    const money = { completed: new Map<string, number>(), failed: new Map<string, number>(), refunded: new Map<string, number>() };
    const totals = { completedCount: 0, failedCount: 0, pendingCount: 0, refundedCount: 0 };
    const add = (map: Map<string, number>, currency: string, amount: number) => map.set(currency, (map.get(currency) ?? 0) + amount);
    for (const row of rows) {
      const amount = Number(row.amount);
      const day = byDay.get(row.day);
      const plan = byPlan.get(row.plan_id) ?? { planId: row.plan_id, name: row.plan_name, period: row.plan_period, completedCount: 0, completedMinor: 0, failedCount: 0, refundedCount: 0 };
      byPlan.set(row.plan_id, plan);
      if (row.status === 'completed') {
        totals.completedCount += row.count;
        add(money.completed, row.currency, amount);
        plan.completedCount += row.count;
        plan.completedMinor += amount;
        if (day) {
          day.completedCount += row.count;
          day.completedMinor += amount;
        }
      } else if (row.status === 'failed') {
        totals.failedCount += row.count;
        add(money.failed, row.currency, amount);
        plan.failedCount += row.count;
        if (day) {
          day.failedCount += row.count;
          day.failedMinor += amount;
        }
      } else if (isRefund(row.status)) {
        totals.refundedCount += row.count;
        add(money.refunded, row.currency, amount);
        plan.refundedCount += row.count;
      } else if (row.status === 'pending') {
        totals.pendingCount += row.count;
      }
    }
    const moneyLines = (map: Map<string, number>) => [...map].sort(([left], [right]) => left.localeCompare(right)).map(([currency, amountMinor]) => ({ currency, amountMinor }));
    return {
      period,
      recurring: recurringByCurrency(lines),
      recurringByPlan: lines.map((line) => ({
        planId: line.planId,
        name: line.name,
        period: line.period,
        currency: line.currency,
        priceMinor: line.priceMinor,
        subscriptions: line.subscriptions,
        mrrMinor: monthlyRecurringRevenue([line]),
      })),
      totals: { ...totals, completed: moneyLines(money.completed), failed: moneyLines(money.failed), refunded: moneyLines(money.refunded) },
      byDay: [...byDay.values()],
      byPlan: [...byPlan.values()].sort((left, right) => right.completedMinor - left.completedMinor || left.name.localeCompare(right.name)),
    };
  });
}

type ParsedPaymentQuery = ReturnType<typeof paymentListQuerySchema.parse>;

function paymentFilters(query: ParsedPaymentQuery, period: { from: string; to: string }): SQL {
  const conditions: SQL[] = [inPeriod(period, sql`ph.created_at`)];
  if (query.status === 'refunded') conditions.push(sql`ph.payment_status in ('reversed', 'refunded')`);
  else if (query.status) conditions.push(sql`ph.payment_status = ${query.status}`);
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(sql`(t.name ilike ${pattern} or t.subdomain ilike ${pattern} or ph.payment_reference ilike ${pattern})`);
  }
  return sql.join(conditions, sql` and `);
}

const SORT_COLUMNS: Record<ParsedPaymentQuery['sort'], SQL> = {
  createdAt: sql`ph.created_at`,
  amount: sql`ph.amount_minor`,
  tenant: sql`lower(t.name)`,
  status: sql`ph.payment_status`,
};

interface PaymentRow {
  id: string;
  tenant_id: string;
  tenant_name: string;
  subdomain: string;
  plan_name: string;
  plan_period: 'monthly' | 'yearly';
  amount_minor: number;
  currency: string;
  status: string;
  provider: string;
  reference: string;
  created_at: Date | string;
  paid_at: Date | string | null;
  failed_at: Date | string | null;
}

const paymentSelect = sql`select ph.id, ph.tenant_id, t.name as tenant_name, t.subdomain, p.name as plan_name, p.period as plan_period, ph.amount_minor,
       ph.currency, ph.payment_status as status, ph.provider, ph.payment_reference as reference, ph.created_at, ph.paid_at, ph.failed_at
  from payment_history ph join tenants t on t.id = ph.tenant_id join billing_plans p on p.id = ph.billing_plan_id`;

const toPayment = (row: PaymentRow): PlatformPayment => ({
  id: row.id,
  tenantId: row.tenant_id,
  tenantName: row.tenant_name,
  subdomain: row.subdomain,
  planName: row.plan_name,
  planPeriod: row.plan_period,
  amountMinor: Number(row.amount_minor),
  currency: row.currency,
  status: row.status,
  provider: row.provider,
  reference: row.reference,
  createdAt: isoOrNull(row.created_at)!,
  paidAt: isoOrNull(row.paid_at),
  failedAt: isoOrNull(row.failed_at),
});

/** A page of payments across every shop: the period, search (shop name, subdomain, reference), status, sort. */
export async function listPayments(database: Database, query: ParsedPaymentQuery): Promise<{ items: PlatformPayment[]; total: number }> {
  const period = resolvePeriod(query);
  const where = paymentFilters(query, period);
  const direction = sql.raw(query.direction === 'asc' ? 'asc' : 'desc');
  return unsafeReadAcrossTenants(database, async (tx) => {
    const rows = await queryRows<PaymentRow>(
      tx,
      sql`${paymentSelect} where ${where} order by ${SORT_COLUMNS[query.sort]} ${direction}, ph.id ${direction}
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    );
    const [count] = await queryRows<{ total: number }>(
      tx,
      sql`select count(*)::int as total from payment_history ph join tenants t on t.id = ph.tenant_id where ${where}`,
    );
    return { items: rows.map(toPayment), total: count?.total ?? 0 };
  });
}

export const PAYMENT_EXPORT_COLUMNS = ['Date', 'Shop', 'Subdomain', 'Plan', 'Period', 'Amount', 'Currency', 'Status', 'Provider', 'Reference', 'Paid at', 'Failed at'] as const;
const EXPORT_PAGE_SIZE = 500;

/** The period's payments (same filters as the list) as CSV, oldest first, a page at a time (UTF-8 with a byte order mark). */
export function exportPaymentsCsv(database: Database, query: ParsedPaymentQuery): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const period = resolvePeriod(query);
  const where = paymentFilters(query, period);
  let after: { createdAt: string; id: string } | null = null;
  let isDone = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (isDone) return;
      const cursor: { createdAt: string; id: string } | null = after;
      const page = await unsafeReadAcrossTenants(database, (tx) =>
        queryRows<PaymentRow & { created_key: string }>(
          tx,
          sql`select * from (${paymentSelect} where ${where}${cursor ? sql` and (ph.created_at, ph.id) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : sql``}) page_rows
              order by created_at, id limit ${EXPORT_PAGE_SIZE}`,
        ),
      );
      let text = cursor === null ? `\uFEFF${serializeCsvRecord([...PAYMENT_EXPORT_COLUMNS])}` : '';
      for (const row of page) {
        const payment = toPayment(row);
        text += serializeCsvRecord(
          [
            payment.createdAt,
            payment.tenantName,
            payment.subdomain,
            payment.planName,
            payment.planPeriod,
            formatMoneyPlain(payment.amountMinor),
            payment.currency,
            payment.status,
            payment.provider,
            payment.reference,
            payment.paidAt ?? '',
            payment.failedAt ?? '',
          ].map(escapeFormula),
        );
      }
      const last = page.at(-1);
      if (last) after = { createdAt: isoOrNull(last.created_at)!, id: last.id };
      if (page.length < EXPORT_PAGE_SIZE) isDone = true;
      if (text) controller.enqueue(encoder.encode(text));
      if (isDone) controller.close();
    },
  });
}

/**
 * Our Paystack payments of the period against Paystack's transactions of the same period
 * (GET /transaction?from=&to=), by reference. 503 when Paystack cannot be reached; without a
 * Paystack key there is nothing to compare with.
 */
export async function reconcileWithPaystack(deps: AppDependencies, query: RevenuePeriodQuery): Promise<ReconciliationView> {
  const period = resolvePeriod(query);
  const { ours, bounds } = await unsafeReadAcrossTenants(deps.database, async (tx) => {
    const [range] = await queryRows<{ start: Date | string; end: Date | string }>(
      tx,
      sql`select (${period.from}::date::timestamp at time zone ${PLATFORM_ZONE}) as start, ((${period.to}::date + 1)::timestamp at time zone ${PLATFORM_ZONE}) as end`,
    );
    const rows = await queryRows<{ reference: string; amount_minor: number; status: string; tenant_name: string; created_at: Date | string }>(
      tx,
      sql`select ph.payment_reference as reference, ph.amount_minor, ph.payment_status as status, t.name as tenant_name, ph.created_at
            from payment_history ph join tenants t on t.id = ph.tenant_id
           where ph.provider = 'paystack' and ${inPeriod(period, sql`ph.created_at`)}`,
    );
    return { ours: rows, bounds: { start: new Date(range!.start), end: new Date(range!.end) } };
  });
  const provider = deps.paymentProvider;
  const empty = { matched: [], onlyInPaystack: [], onlyInDukani: [], amountMismatches: [] };
  if (!canListTransactions(provider)) return { period, isConfigured: false, paystackCount: 0, dukaniCount: ours.length, ...empty };
  let theirs;
  try {
    // Paystack's `to` is inclusive: the last millisecond of the period.
    theirs = await provider.listTransactions({ from: bounds.start, to: new Date(bounds.end.getTime() - 1) });
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new HttpError('service_unavailable', /*i18n*/ 'Paystack could not be reached. Try again later.');
    throw error;
  }
  const result = reconcilePayments(
    ours.map((row) => ({ reference: row.reference, amountMinor: Number(row.amount_minor), status: row.status, tenantName: row.tenant_name, createdAt: isoOrNull(row.created_at)! })),
    theirs.map((transaction) => ({ reference: transaction.reference, amountMinor: transaction.amountMinor, status: transaction.status, createdAt: transaction.createdAt?.toISOString() ?? null })),
  );
  return { period, isConfigured: true, paystackCount: theirs.length, dukaniCount: ours.length, ...result };
}
