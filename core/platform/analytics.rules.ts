import { FEATURE_KEYS, resolveEntitlements, type FeatureKey, type PlanEntitlements } from '../billing/plan-features.rules';
import { ANALYTICS_DEFAULT_DAYS, type AnalyticsPeriodQuery } from './analytics.schemas';
import type { PlatformTenantStatus } from './tenant-status.rules';

// Analytics (issue 21, docs/platform.md "Analytics"): the period, the cohort months, which rows
// show a §9 feature in use, and how many shops a plan grants each feature to.

const DAY_MS = 86_400_000;

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The period asked for, or the last 30 days up to today (both ends included). */
export function resolveAnalyticsPeriod(query: AnalyticsPeriodQuery, today: string): { from: string; to: string } {
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -(ANALYTICS_DEFAULT_DAYS - 1));
  return { from, to };
}

/** The `count` months up to today's, oldest first, as YYYY-MM. */
export function lastMonths(today: string, count: number): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const index = year * 12 + (month - 1) - back;
    months.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

/** Whole days from `from` to `to` (YYYY-MM-DD). */
export const daysFrom = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * The rows that show a feature in use, where the data has such rows (the server's statement per
 * signal, server/platform/analytics.service.ts). Every other key is "not measured": nothing a shop
 * writes tells whether it used it (support levels, API access, branding, …).
 */
export const FEATURE_USAGE_SIGNALS = {
  basic_pos: 'sales',
  sales: 'sales',
  customers: 'customer_sales',
  gift_cards: 'gift_cards',
  loyalty_program: 'loyalty_entries',
  multi_location: 'locations',
  custom_reports: 'saved_reports',
} as const satisfies Partial<Record<FeatureKey, string>>;
export type FeatureUsageSignal = (typeof FEATURE_USAGE_SIGNALS)[keyof typeof FEATURE_USAGE_SIGNALS];

export function featureSignal(feature: FeatureKey): FeatureUsageSignal | null {
  return (FEATURE_USAGE_SIGNALS as Partial<Record<FeatureKey, FeatureUsageSignal>>)[feature] ?? null;
}

/** Shops of one platform status on one plan (null: no plan), with the plan's stored entitlements if any. */
export interface PlanStatusGroup {
  status: PlatformTenantStatus;
  planName: string | null;
  planEntitlements: PlanEntitlements | null;
  shops: number;
}

/**
 * How many shops each feature is granted to now, as the guard resolves it: a running trial has
 * everything, a paid plan (active or past due: still let in) its features, a lapsed shop the
 * defaults; a suspended shop nothing (it cannot get in).
 */
export function entitledShopsByFeature(groups: readonly PlanStatusGroup[]): Record<FeatureKey, number> {
  const counts = Object.fromEntries(FEATURE_KEYS.map((key) => [key, 0])) as Record<FeatureKey, number>;
  for (const group of groups) {
    if (group.status === 'suspended' || group.shops === 0) continue;
    const { features } = resolveEntitlements({
      planName: group.planName,
      isTrialActive: group.status === 'trial',
      hasAccess: group.status === 'active' || group.status === 'past_due',
      planEntitlements: group.planEntitlements,
    });
    for (const key of FEATURE_KEYS) if (features[key]) counts[key] += group.shops;
  }
  return counts;
}
