import { and, eq, inArray, sql } from 'drizzle-orm';
import { USABLE_TENANT_STATUSES, type TenantStatus } from '../../core/tenancy/tenancy.rules';
import type { PublicTenant, TenantContext } from '../../core/tenancy/tenancy.schemas';
import type { TenantResolver } from './tenant-resolver';
import { queryRows, type Database, type PlatformTx, type TenantTx } from '../db/client';
import { readTrialDays, startTrial } from '../billing/subscription.service';
import { DEFAULT_LOCATION_NAME } from '../../core/inventory/inventory.schemas';
import { DEFAULT_UNITS } from '../../core/products/products.schemas';
import { DEFAULT_EXPENSE_CATEGORIES } from '../../core/purchases/purchases.schemas';
import { accountingSettings, businessSettings, expenseCategories, locations, tenants, units } from '../db/schema/index';
import { addDefaultRegister } from '../registers/registers.service';
import { ensureShopAccounts } from '../accounting/posting';

// Lookups behind host-based tenant resolution (spec §4 "Domain resolution", §7 "Tenant and domain").
// They read platform tables only; the logo and default language come from the tenant's own settings
// through withTenant.

const usable = inArray(tenants.status, [...USABLE_TENANT_STATUSES]);

type TenantRow = Omit<PublicTenant, 'logoUrl' | 'defaultLanguage'>;
const tenantColumns = { id: tenants.id, name: tenants.name, subdomain: tenants.subdomain, status: tenants.status };

export async function findUsableTenantBySubdomain(database: Database, subdomain: string): Promise<TenantRow | null> {
  const [row] = await database.platform.select(tenantColumns).from(tenants).where(and(eq(tenants.subdomain, subdomain), usable)).limit(1);
  return row ? { ...row, status: row.status as TenantRow['status'] } : null;
}

/** Local development hosts: by normalised tenant name, then by partial subdomain or name match. */
export async function findUsableTenantIdByNameOrPartial(database: Database, term: string): Promise<string | null> {
  // The same normalisation as generateSubdomain() in core, done in SQL so no tenant list is loaded.
  const normalisedName = sql`trim(both '-' from regexp_replace(lower(${tenants.name}), '[^a-z0-9]+', '-', 'g'))`;
  const [byName] = await database.platform
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(usable, sql`${normalisedName} = ${term}`))
    .orderBy(tenants.createdAt)
    .limit(1);
  if (byName) return byName.id;
  // strpos, not LIKE: the host is client input and must not act as a pattern.
  const [partial] = await database.platform
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(usable, sql`(strpos(${tenants.subdomain}, ${term}) > 0 or strpos(lower(${tenants.name}), ${term}) > 0)`))
    .orderBy(sql`length(${tenants.subdomain})`, tenants.createdAt)
    .limit(1);
  return partial?.id ?? null;
}

export interface DomainRecordMatch {
  tenantId: string | null;
  allowTenantlessAuth: boolean;
}

/** Spec §7 RPC get_tenant_by_domain, plus the record's tenantless-sign-in flag. */
export async function findTenantByDomain(database: Database, domain: string): Promise<DomainRecordMatch> {
  const [row] = await queryRows<{ tenant_id: string | null; allow_tenantless_auth: boolean | null }>(
    database.platform,
    sql`select get_tenant_by_domain(${domain}) as tenant_id,
               (select allow_tenantless_auth from tenant_domains where domain = lower(${domain})) as allow_tenantless_auth`,
  );
  return { tenantId: row?.tenant_id ?? null, allowTenantlessAuth: row?.allow_tenantless_auth ?? false };
}

export async function findUsableTenantById(database: Database, tenantId: string): Promise<TenantRow | null> {
  const [row] = await database.platform.select(tenantColumns).from(tenants).where(and(eq(tenants.id, tenantId), usable)).limit(1);
  return row ? { ...row, status: row.status as TenantRow['status'] } : null;
}

/** The tenant's public face: its row plus the logo and default language from its own settings (read in its scope). */
export async function withPublicSettings(database: Database, tenant: TenantRow): Promise<PublicTenant> {
  const [settings] = await database.withTenant(tenant.id, (tx) =>
    tx.select({ logoUrl: businessSettings.companyLogoUrl, defaultLanguage: businessSettings.defaultLanguage }).from(businessSettings).limit(1),
  );
  return { ...tenant, logoUrl: settings?.logoUrl ?? null, defaultLanguage: settings?.defaultLanguage ?? null };
}

/**
 * The request's tenant context for the sign-in page and the app shell: the host → tenant mapping may
 * come from the resolver's cache (spec §9, 5 minutes), but the shop's name, logo, default language
 * and status are read now, so a change made through any app server shows on every other at once.
 */
export async function readTenantContext(database: Database, resolver: TenantResolver, host: string | undefined): Promise<TenantContext> {
  const context = await resolver.resolve(host);
  if (!context.tenant) return context;
  const tenant = await findUsableTenantById(database, context.tenant.id);
  return { ...context, tenant: tenant ? await withPublicSettings(database, tenant) : null };
}

export interface NewTenant {
  name: string;
  subdomain: string;
  status?: TenantStatus;
  settings?: Partial<Pick<typeof businessSettings.$inferInsert, 'currencyCode' | 'currencySymbol' | 'companyLogoUrl' | 'timeZone'>>;
}

/**
 * Creates a tenant, its business settings, trial subscription, default location with its register,
 * units, expense categories, accounting settings and chart of accounts in one transaction.
 */
export async function createTenant(database: Database, input: NewTenant): Promise<{ id: string }> {
  const trialDays = await readTrialDays(database);
  return database.withPlatformThenTenant(async (tx, enterTenant) => {
    const tenant = await insertTenant(tx, input);
    await setUpNewTenant(await enterTenant(tenant.id), tenant.id, input.settings, trialDays);
    return tenant;
  });
}

/** The tenant's own row, in a transaction that then enters its scope for setUpNewTenant. */
export async function insertTenant(tx: PlatformTx, input: NewTenant): Promise<{ id: string }> {
  const [tenant] = await tx
    .insert(tenants)
    .values({ name: input.name, subdomain: input.subdomain, status: input.status ?? 'trial' })
    .returning({ id: tenants.id });
  if (!tenant) throw new Error('Tenant insert returned no row');
  return tenant;
}

/**
 * What every new shop starts with, in its scope: its business settings, a trial of `trialDays`, the
 * default location with its register, units, expense categories, accounting settings and the chart
 * of accounts. A new shop has no documents from before the ledger: its history counts as posted.
 */
export async function setUpNewTenant(scoped: TenantTx, tenantId: string, settings: NewTenant['settings'], trialDays: number) {
  await scoped.insert(businessSettings).values({ tenantId, ...settings });
  await startTrial(scoped, tenantId, trialDays);
  const [location] = await scoped
    .insert(locations)
    .values({ tenantId, name: DEFAULT_LOCATION_NAME, isDefault: true })
    .returning({ id: locations.id });
  await addDefaultRegister(scoped, tenantId, location!.id);
  await scoped.insert(units).values(DEFAULT_UNITS.map((unit) => ({ tenantId, ...unit })));
  await scoped.insert(expenseCategories).values(DEFAULT_EXPENSE_CATEGORIES.map((name) => ({ tenantId, name })));
  await scoped.insert(accountingSettings).values({ tenantId, historyPostedAt: sql`now()` });
  await ensureShopAccounts(scoped, tenantId);
}
