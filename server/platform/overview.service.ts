import { eq, sql } from 'drizzle-orm';
import { PLATFORM_TENANT_STATUSES, type PlatformTenantStatus } from '../../core/platform/tenant-status.rules';
import type { PlatformAlert, PlatformAlerts, PlatformOverview, PlatformSearchResult } from '../../core/platform/platform.schemas';
import { DEFAULT_TIME_ZONE } from '../../core/settings/settings.rules';
import { queryRows, type Database } from '../db/client';
import { platformAlertReads } from '../db/schema/platform';
import { unsafeReadAcrossTenants, type CrossTenantReadTx } from './cross-tenant-read';
import { containsPattern, isoOrNull } from './platform-sql';
import { readRecurringRevenueLines, recurringByCurrency } from './revenue.service';
import { PLATFORM_STATUS_SQL } from './tenant-status.sql';

// The console's overview, alerts and header search (issue 21, docs/platform.md), read across every
// shop in one read-only transaction each. Days and weeks are the platform's (Africa/Nairobi).

const PLATFORM_ZONE = sql.raw(`'${DEFAULT_TIME_ZONE}'`);
const SEARCH_RESULTS = 5;

export async function readOverview(database: Database): Promise<PlatformOverview> {
  return unsafeReadAcrossTenants(database, async (tx) => {
    const statuses = await queryRows<{ status: PlatformTenantStatus; tenants: number }>(
      tx,
      sql`select status, count(*)::int as tenants from (
            select ${PLATFORM_STATUS_SQL} as status from tenants t left join tenant_subscription_details s on s.tenant_id = t.id
          ) shops group by status`,
    );
    const [signups] = await queryRows<{ tenants: number }>(
      tx,
      sql`select count(*)::int as tenants from tenants
           where created_at >= (date_trunc('week', now() at time zone ${PLATFORM_ZONE}) at time zone ${PLATFORM_ZONE})`,
    );
    // The revenue page's lines (server/platform/revenue.service.ts): one MRR for both pages.
    const revenueLines = await readRecurringRevenueLines(tx);
    const sales = await queryRows<{ currency: string; amount: string | number; count: number }>(
      tx,
      sql`select coalesce(b.currency_code, 'KES') as currency, coalesce(sum(sa.total_minor - sa.tip_minor), 0)::bigint as amount, count(*)::int as count
            from sales sa
            left join business_settings b on b.tenant_id = sa.tenant_id
           where sa.created_at >= (date_trunc('day', now() at time zone ${PLATFORM_ZONE}) at time zone ${PLATFORM_ZONE})
             and sa.status <> 'voided'
           group by 1 order by 1`,
    );
    const byStatus = Object.fromEntries(PLATFORM_TENANT_STATUSES.map((status) => [status, 0])) as Record<PlatformTenantStatus, number>;
    for (const row of statuses) byStatus[row.status] = row.tenants;
    return {
      tenantsByStatus: byStatus,
      tenantCount: statuses.reduce((sum, row) => sum + row.tenants, 0),
      signupsThisWeek: signups?.tenants ?? 0,
      mrr: recurringByCurrency(revenueLines).map((line) => ({ currency: line.currency, amountMinor: line.mrrMinor, subscriptions: line.subscriptions })),
      salesToday: sales.map((row) => ({ currency: row.currency, amountMinor: Number(row.amount), count: row.count })),
      alerts: await readAlertCounts(tx),
    };
  });
}

/**
 * What needs a platform admin's eye: payments that failed and e-mails that could not be delivered
 * in the last 7 days, and eTIMS documents KRA refused or that have waited over an hour.
 */
async function readAlertCounts(tx: CrossTenantReadTx): Promise<PlatformAlert[]> {
  const rows = await queryRows<{ kind: PlatformAlert['kind']; count: number; shops: number; latest_at: Date | string | null }>(
    tx,
    sql`select 'failed_payments' as kind, count(*)::int as count, count(distinct tenant_id)::int as shops, max(coalesce(failed_at, created_at)) as latest_at
          from payment_history where payment_status = 'failed' and coalesce(failed_at, created_at) > now() - interval '7 days'
        union all
        select 'etims_backlog', count(*)::int, count(distinct tenant_id)::int, max(updated_at)
          from etims_documents where status = 'failed' or (status in ('pending', 'sending') and created_at < now() - interval '1 hour')
        union all
        select 'email_failures', count(*)::int, count(distinct tenant_id)::int, max(created_at)
          from email_outbox where error is not null and sent_at is null and created_at > now() - interval '7 days'`,
  );
  return rows.map((row) => ({ kind: row.kind, count: row.count, shops: row.shops, latestAt: isoOrNull(row.latest_at) }));
}

/** The alerts for the header's bell: unread while any is newer than this admin last looked. */
export async function readAlerts(database: Database, userId: string): Promise<PlatformAlerts> {
  const alerts = await unsafeReadAcrossTenants(database, readAlertCounts);
  const [read] = await database.platform.select({ seenAt: platformAlertReads.seenAt }).from(platformAlertReads).where(eq(platformAlertReads.userId, userId));
  const hasUnread = alerts.some((alert) => alert.count > 0 && alert.latestAt !== null && (!read || new Date(alert.latestAt) > read.seenAt));
  return { alerts, hasUnread };
}

/** This admin has seen the alerts as they are now. */
export async function markAlertsSeen(database: Database, userId: string): Promise<PlatformAlerts> {
  const now = new Date();
  await database.platform
    .insert(platformAlertReads)
    .values({ userId, seenAt: now })
    .onConflictDoUpdate({ target: platformAlertReads.userId, set: { seenAt: now } });
  return readAlerts(database, userId);
}

/** The header's search: shops by name, subdomain or owner's e-mail, and people by name or e-mail. */
export async function searchPlatform(database: Database, text: string): Promise<PlatformSearchResult> {
  const pattern = containsPattern(text);
  const exact = text.toLowerCase();
  return unsafeReadAcrossTenants(database, async (tx) => ({
    tenants: await queryRows<PlatformSearchResult['tenants'][number]>(
      tx,
      sql`select t.id, t.name, t.subdomain, ${PLATFORM_STATUS_SQL} as status
            from tenants t left join tenant_subscription_details s on s.tenant_id = t.id
           where t.id in (
             select id from tenants where name ilike ${pattern}
             union select id from tenants where subdomain ilike ${pattern}
             union select tu.tenant_id from users u join tenant_users tu on tu.user_id = u.id where u.email ilike ${pattern} and tu.role = 'admin')
           order by (t.subdomain = ${exact}) desc, lower(t.name), t.id
           limit ${SEARCH_RESULTS}`,
    ),
    users: await queryRows<PlatformSearchResult['users'][number]>(
      tx,
      sql`select u.id, u.email, p.full_name as "fullName"
            from users u left join profiles p on p.user_id = u.id
           where u.email ilike ${pattern} or p.full_name ilike ${pattern}
           order by (u.email = ${exact}) desc, u.email
           limit ${SEARCH_RESULTS}`,
    ),
  }));
}
