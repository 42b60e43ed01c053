import { sql } from 'drizzle-orm';

/**
 * platformTenantStatus (core/platform/tenant-status.rules.ts) as one SQL expression over `tenants t`
 * left-joined to `tenant_subscription_details s`, so the tenant list filters and the overview counts
 * in the database; tenant-status.sql.test.ts holds the two to the same answers. The subscription
 * branches follow subscriptionPhase and the spec §4 gate: an `active` row past its period still
 * passes the gate, so it is past due, not lapsed.
 */
export const PLATFORM_STATUS_SQL = sql.raw(`case
  when t.status = 'suspended' then 'suspended'
  when t.status = 'cancelled' then 'lapsed'
  when s.tenant_id is null then 'trial'
  when s.status = 'pending' then 'past_due'
  when s.status in ('cancelled', 'expired') then 'lapsed'
  when s.status in ('trial', 'trialing') then case when s.trial_end is null or s.trial_end > now() then 'trial' else 'lapsed' end
  when s.current_period_end is not null and s.current_period_end <= now() then 'past_due'
  else 'active'
end`);
