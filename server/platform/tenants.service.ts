import { and, count, eq, inArray, isNull, max, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { LIMIT_KEYS, UNLIMITED } from '../../core/billing/plan-features.rules';
import {
  tenantListQuerySchema,
  type ChangePlanInput,
  type PlatformTenant,
  type PlatformTenantPage,
  type SuspendTenantInput,
  type TenantListQuery,
} from '../../core/platform/platform.schemas';
import { extendedTrialEnd, mayExtendTrial, platformTenantStatus, type PlatformTenantStatus } from '../../core/platform/tenant-status.rules';
import { readSubscriptionState } from '../billing/subscription.service';
import { queryRows, type PlatformDb, type PlatformTx, type TenantTx } from '../db/client';
import { profiles, sessions, tenantUsers, userActivityLogs, users } from '../db/schema/auth';
import { billingPlans, tenantSubscriptions } from '../db/schema/billing';
import { locations } from '../db/schema/inventory';
import { tenantSuspensions } from '../db/schema/platform';
import { products } from '../db/schema/products';
import { sales } from '../db/schema/sales';
import { tenants } from '../db/schema/tenancy';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';
import { unsafeReadAcrossTenants } from './cross-tenant-read';
import { listTenantAuditEvents, recordPlatformAudit } from './platform-audit';
import { containsPattern, isoOrNull } from './platform-sql';
import { PLATFORM_STATUS_SQL } from './tenant-status.sql';

// Tenant management in the super-admin console (issue 21, docs/platform.md): the list across every
// shop, a shop's page, and the actions on it, each written to the platform audit log in its own
// transaction.

const TENANT_NOT_FOUND = /*i18n*/ 'Shop not found';
const CHANGED_MEANWHILE = /*i18n*/ "The shop's subscription changed meanwhile. Reload and try again.";

/** Who acts: the platform admin, with their address for a suspended shop's contact. */
export interface PlatformActor {
  userId: string;
  email: string;
}

interface TenantRow {
  id: string;
  name: string;
  subdomain: string;
  status: PlatformTenantStatus;
  created_at: Date | string;
  trial_end: Date | string | null;
  current_period_end: Date | string | null;
  plan_id: string | null;
  plan_name: string | null;
  plan_period: 'monthly' | 'yearly' | null;
  plan_price_minor: number | null;
  plan_currency: string | null;
  owner_email: string | null;
  total: number;
}

/** The sort's column of a relation (the page is ordered by it twice, inside and out, where plans have names too). */
const SORT_COLUMNS: Record<NonNullable<TenantListQuery['sort']>, (relation: string) => SQL> = {
  name: (relation) => sql.raw(`lower(${relation}.name)`),
  subdomain: (relation) => sql.raw(`${relation}.subdomain`),
  createdAt: (relation) => sql.raw(`${relation}.created_at`),
};

/**
 * The tenant list's one statement (the bench runs it raw beside the API): the matching shops are
 * read once, narrow (from the tenants alone unless a status or plan filter needs their
 * subscriptions), for both the page and the count; then only the page's statuses, plans and owners.
 * A search matches a name, a subdomain, or an owner's e-mail, in part.
 */
export function tenantPageSql(query: TenantListQuery): SQL {
  const q = tenantListQuerySchema.parse(query);
  const direction = q.direction === 'asc' ? sql`asc` : sql`desc`;
  const order = sql`${SORT_COLUMNS[q.sort]('t')} ${direction}, t.id`;
  return sql`with matching as materialized (
      select t.id, t.name, t.subdomain, t.status, t.created_at from ${matchingShopsSql(q)}
    ),
    page as (
      select * from matching t order by ${order} limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}
    )
    select t.id, t.name, t.subdomain, ${PLATFORM_STATUS_SQL} as status, t.created_at, s.trial_end, s.current_period_end,
           p.id as plan_id, p.name as plan_name, p.period as plan_period, p.price_minor as plan_price_minor, p.currency as plan_currency,
           (select u.email from tenant_users tu join users u on u.id = tu.user_id
             where tu.tenant_id = t.id and tu.role = 'admin' and tu.is_active order by tu.created_at limit 1) as owner_email,
           (select count(*)::int from matching) as total
      from page t
      left join tenant_subscription_details s on s.tenant_id = t.id
      left join billing_plans p on p.id = s.billing_plan_id
     order by ${order}`;
}

/** How many shops match the list's search and filters. */
function tenantCountSql(q: z.output<typeof tenantListQuerySchema>): SQL {
  return sql`select count(*)::int as total from ${matchingShopsSql(q)}`;
}

/** `tenants t` (with `s`, their subscriptions, when a filter needs them) and the search's and filters' conditions. */
function matchingShopsSql(q: z.output<typeof tenantListQuerySchema>): SQL {
  const conditions: SQL[] = [sql`true`];
  if (q.search) {
    const pattern = containsPattern(q.search);
    // Each way of matching on its own trigram index, merged (an OR would read every shop).
    conditions.push(sql`t.id in (
      select id from tenants where name ilike ${pattern}
      union select id from tenants where subdomain ilike ${pattern}
      union select tu.tenant_id from users u join tenant_users tu on tu.user_id = u.id where u.email ilike ${pattern} and tu.role = 'admin')`);
  }
  if (q.planId) conditions.push(sql`s.billing_plan_id = ${q.planId}`);
  if (q.status) conditions.push(sql`${PLATFORM_STATUS_SQL} = ${q.status}`);
  const shops = q.planId || q.status ? sql`tenants t left join tenant_subscription_details s on s.tenant_id = t.id` : sql`tenants t`;
  return sql`${shops} where ${sql.join(conditions, sql` and `)}`;
}

/** A page of shops across the platform, with the number of matches. */
export async function listTenants(deps: AppDependencies, query: TenantListQuery): Promise<PlatformTenantPage> {
  const q = tenantListQuerySchema.parse(query);
  return unsafeReadAcrossTenants(deps.database, async (tx) => {
    const rows = await queryRows<TenantRow>(tx, tenantPageSql(q));
    // A page past the last match has no row to carry the total.
    const total = rows[0]?.total ?? (q.page > 1 ? ((await queryRows<{ total: number }>(tx, tenantCountSql(q)))[0]?.total ?? 0) : 0);
    return { items: rows.map(toTenantRow), total };
  });
}

function toTenantRow(row: TenantRow): PlatformTenantPage['items'][number] {
  return {
    id: row.id,
    name: row.name,
    subdomain: row.subdomain,
    status: row.status,
    plan:
      row.plan_id && row.plan_name && row.plan_period
        ? { id: row.plan_id, name: row.plan_name, period: row.plan_period, priceMinor: row.plan_price_minor ?? 0, currency: row.plan_currency ?? 'KES' }
        : null,
    ownerEmail: row.owner_email,
    trialEnd: isoOrNull(row.trial_end),
    currentPeriodEnd: isoOrNull(row.current_period_end),
    createdAt: isoOrNull(row.created_at)!,
  };
}

export async function requireTenant(db: PlatformDb | PlatformTx, tenantId: string, options: { lock?: boolean } = {}) {
  const query = db.select({ id: tenants.id, name: tenants.name, subdomain: tenants.subdomain, status: tenants.status, createdAt: tenants.createdAt }).from(tenants).where(eq(tenants.id, tenantId));
  const [tenant] = await (options.lock ? query.for('update') : query);
  if (!tenant) throw new HttpError('not_found', TENANT_NOT_FOUND);
  return tenant;
}

/** What a shop's page shows: its status, subscription, usage against the plan, domains, staff, activity and history. */
export async function readTenant(deps: AppDependencies, tenantId: string): Promise<PlatformTenant> {
  const { database } = deps;
  const tenant = await requireTenant(database.platform, tenantId);
  const now = new Date();
  const inShop = await database.withTenant(tenantId, async (tx) => {
    const state = await readSubscriptionState(tx, now);
    return {
      state,
      used: await readUsage(tx),
      staff: await tx.select({ userId: tenantUsers.userId, role: tenantUsers.role, isActive: tenantUsers.isActive }).from(tenantUsers).orderBy(tenantUsers.createdAt),
      lastSignInAt: (await tx.select({ at: max(userActivityLogs.createdAt) }).from(userActivityLogs).where(eq(userActivityLogs.actionType, 'login')))[0]?.at ?? null,
      lastSaleAt: (await tx.select({ at: max(sales.createdAt) }).from(sales))[0]?.at ?? null,
    };
  });
  const staffIds = inShop.staff.map((member) => member.userId);
  const people = staffIds.length
    ? await database.platform
        .select({ id: users.id, email: users.email, fullName: profiles.fullName })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(inArray(users.id, staffIds))
    : [];
  const [suspension] = await database.platform.select().from(tenantSuspensions).where(eq(tenantSuspensions.tenantId, tenantId));
  const [lastSession] = await database.platform.select({ at: max(sessions.updatedAt) }).from(sessions).where(eq(sessions.tenantId, tenantId));
  const { subscription, plan, entitlements } = inShop.state;
  const activity = [inShop.lastSignInAt, inShop.lastSaleAt, lastSession?.at ?? null].filter((at): at is Date => at !== null);
  return {
    id: tenant.id,
    name: tenant.name,
    subdomain: tenant.subdomain,
    status: platformTenantStatus(tenant.status, subscription, now),
    createdAt: tenant.createdAt.toISOString(),
    suspension: suspension ? { reason: suspension.reason, contactEmail: suspension.contactEmail, suspendedAt: suspension.suspendedAt.toISOString() } : null,
    subscription: subscription
      ? { status: subscription.status, trialEnd: isoOrNull(subscription.trialEnd), currentPeriodEnd: isoOrNull(subscription.currentPeriodEnd), plan }
      : null,
    usage: LIMIT_KEYS.map((limit) => ({ limit, used: inShop.used[limit], maximum: entitlements.limits[limit] >= UNLIMITED ? null : entitlements.limits[limit] })),
    addresses: deps.config.rootDomains.map((root) => `${tenant.subdomain}.${root}`),
    staff: inShop.staff.map((member) => {
      const person = people.find((candidate) => candidate.id === member.userId);
      return { userId: member.userId, name: person?.fullName ?? null, email: person?.email ?? '', role: member.role, isActive: member.isActive };
    }),
    lastSignInAt: isoOrNull(inShop.lastSignInAt),
    lastSaleAt: isoOrNull(inShop.lastSaleAt),
    lastActivityAt: activity.length ? new Date(Math.max(...activity.map((at) => at.getTime()))).toISOString() : null,
    history: await listTenantAuditEvents(database.platform, tenantId),
  };
}

/** The stored time equals one read earlier (JavaScript dates keep milliseconds, PostgreSQL microseconds). */
function sameInstant(column: typeof tenantSubscriptions.trialEnd, read: Date | null): SQL {
  return read ? sql`date_trunc('milliseconds', ${column}) = ${read.toISOString()}::timestamptz` : isNull(column);
}

/** What the plan limits count (server/billing/plan-limits.ts callers): active staff, open locations, active products. */
async function readUsage(tx: TenantTx): Promise<Record<(typeof LIMIT_KEYS)[number], number>> {
  const [staff] = await tx.select({ n: count() }).from(tenantUsers).where(eq(tenantUsers.isActive, true));
  const [open] = await tx.select({ n: count() }).from(locations).where(eq(locations.isActive, true));
  const [catalog] = await tx.select({ n: count() }).from(products).where(eq(products.status, 'active'));
  return { max_staff_users: staff?.n ?? 0, max_locations: open?.n ?? 0, max_products: catalog?.n ?? 0 };
}

/**
 * More trial days for a shop that has not paid: from the trial's end while it runs, from now once
 * it has ended. The subscription is read first and changed only if it is still as read, in the
 * transaction that records the event.
 */
export async function extendTrial(deps: AppDependencies, actor: PlatformActor, tenantId: string, days: number): Promise<PlatformTenant> {
  await requireTenant(deps.database.platform, tenantId);
  const now = new Date();
  const current = await deps.database.withTenant(tenantId, (tx) => readSubscriptionState(tx, now));
  const subscription = current.subscription;
  if (!mayExtendTrial(subscription)) {
    throw new HttpError('conflict', /*i18n*/ 'This shop pays for its plan: change its plan instead of extending a trial.');
  }
  const trialEnd = extendedTrialEnd(subscription?.trialEnd ?? null, days, now);
  await deps.database.withPlatformThenTenant(async (platformTx, enterTenant) => {
    await recordPlatformAudit(platformTx, {
      actorUserId: actor.userId,
      action: 'tenant.trial_extended',
      tenantId,
      before: { status: subscription?.status ?? null, trialEnd: isoOrNull(subscription?.trialEnd ?? null) },
      after: { status: 'trial', trialEnd: trialEnd.toISOString() },
      details: { days },
    });
    const tx = await enterTenant(tenantId);
    if (!subscription) {
      await tx.insert(tenantSubscriptions).values({ tenantId, status: 'trial', trialEnd });
      return;
    }
    const changed = await tx
      .update(tenantSubscriptions)
      .set({ status: 'trial', trialEnd, updatedAt: now })
      .where(and(eq(tenantSubscriptions.status, subscription.status), sameInstant(tenantSubscriptions.trialEnd, subscription.trialEnd)))
      .returning({ id: tenantSubscriptions.id });
    if (changed.length === 0) throw new HttpError('conflict', CHANGED_MEANWHILE);
  });
  deps.tenantAccess.forgetTenant(tenantId);
  return readTenant(deps, tenantId);
}

/**
 * Puts the shop on another offered plan: its features and limits follow at once; its status,
 * trial and paid period stay as they are (the next payment is for the new plan).
 */
export async function changePlan(deps: AppDependencies, actor: PlatformActor, tenantId: string, input: ChangePlanInput): Promise<PlatformTenant> {
  await requireTenant(deps.database.platform, tenantId);
  const [plan] = await deps.database.platform
    .select({ id: billingPlans.id, name: billingPlans.name, period: billingPlans.period, isActive: billingPlans.isActive })
    .from(billingPlans)
    .where(eq(billingPlans.id, input.planId));
  if (!plan?.isActive) {
    const message = /*i18n*/ 'Choose a plan that is offered';
    throw new HttpError('validation_failed', message, { planId: [message] });
  }
  const now = new Date();
  const current = await deps.database.withTenant(tenantId, (tx) => readSubscriptionState(tx, now));
  const fromPlanId = current.subscription?.billingPlanId ?? null;
  if (fromPlanId === plan.id) throw new HttpError('conflict', /*i18n*/ 'The shop is already on this plan.');
  await deps.database.withPlatformThenTenant(async (platformTx, enterTenant) => {
    await recordPlatformAudit(platformTx, {
      actorUserId: actor.userId,
      action: 'tenant.plan_changed',
      tenantId,
      before: { planId: fromPlanId, plan: current.plan ? `${current.plan.name} (${current.plan.period})` : null },
      after: { planId: plan.id, plan: `${plan.name} (${plan.period})` },
    });
    const tx = await enterTenant(tenantId);
    if (!current.subscription) {
      // No subscription row lets a shop in (spec §4): an open-ended trial on the plan keeps that access.
      await tx.insert(tenantSubscriptions).values({ tenantId, status: 'trial', trialEnd: null, billingPlanId: plan.id });
      return;
    }
    const changed = await tx
      .update(tenantSubscriptions)
      .set({ billingPlanId: plan.id, updatedAt: now })
      .where(fromPlanId ? eq(tenantSubscriptions.billingPlanId, fromPlanId) : isNull(tenantSubscriptions.billingPlanId))
      .returning({ id: tenantSubscriptions.id });
    if (changed.length === 0) throw new HttpError('conflict', CHANGED_MEANWHILE);
  });
  deps.tenantAccess.forgetTenant(tenantId);
  return readTenant(deps, tenantId);
}

/**
 * Suspends a shop: its members see the suspended page with the reason and whom to contact, and its
 * API answers `shop_suspended` (server/platform/shop-suspension.ts); the status it had is kept for
 * reactivation. The shop's row is locked, so two admins cannot suspend it twice.
 */
export async function suspendTenant(deps: AppDependencies, actor: PlatformActor, tenantId: string, input: SuspendTenantInput): Promise<PlatformTenant> {
  const reason = input.reason.trim();
  const contactEmail = input.contactEmail ?? actor.email;
  await deps.database.platform.transaction(async (tx) => {
    const tenant = await requireTenant(tx, tenantId, { lock: true });
    if (tenant.status === 'suspended') throw new HttpError('conflict', /*i18n*/ 'The shop is already suspended.');
    if (tenant.status !== 'active' && tenant.status !== 'trial') throw new HttpError('conflict', /*i18n*/ 'Only an active or trial shop can be suspended.');
    await tx.update(tenants).set({ status: 'suspended', updatedAt: new Date() }).where(eq(tenants.id, tenantId));
    await tx.insert(tenantSuspensions).values({ tenantId, reason, contactEmail, previousStatus: tenant.status, suspendedBy: actor.userId });
    await recordPlatformAudit(tx, {
      actorUserId: actor.userId,
      action: 'tenant.suspended',
      tenantId,
      before: { status: tenant.status },
      after: { status: 'suspended' },
      details: { reason, contactEmail },
    });
  });
  forgetShop(deps, tenantId);
  return readTenant(deps, tenantId);
}

/** Gives a suspended shop back the status it had; its people work again at once. */
export async function reactivateTenant(deps: AppDependencies, actor: PlatformActor, tenantId: string): Promise<PlatformTenant> {
  await deps.database.platform.transaction(async (tx) => {
    const tenant = await requireTenant(tx, tenantId, { lock: true });
    if (tenant.status !== 'suspended') throw new HttpError('conflict', /*i18n*/ 'The shop is not suspended.');
    const [suspension] = await tx.delete(tenantSuspensions).where(eq(tenantSuspensions.tenantId, tenantId)).returning();
    // A shop suspended straight in the database has no record of what it was: it comes back active.
    const restored = suspension?.previousStatus ?? 'active';
    await tx.update(tenants).set({ status: restored, updatedAt: new Date() }).where(eq(tenants.id, tenantId));
    await recordPlatformAudit(tx, {
      actorUserId: actor.userId,
      action: 'tenant.reactivated',
      tenantId,
      before: { status: 'suspended' },
      after: { status: restored },
      details: suspension ? { suspendedFor: suspension.reason, suspendedAt: suspension.suspendedAt.toISOString() } : {},
    });
  });
  forgetShop(deps, tenantId);
  return readTenant(deps, tenantId);
}

/**
 * This server forgets what it cached of the shop (its hosts, its access facts); other servers see
 * the status change on their next request through the shop's access version (docs/decisions/0011),
 * and their host cache lets a suspended shop's address go within its positive TTL.
 */
function forgetShop(deps: AppDependencies, tenantId: string) {
  deps.tenantResolver.invalidate();
  deps.tenantAccess.forgetTenant(tenantId);
}
