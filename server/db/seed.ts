import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { withEan13CheckDigit } from '../../core/products/barcode.rules';
import { parseQuantity } from '../../core/products/quantity.rules';
import { createUserAccount } from '../auth/user-accounts.service';
import { postShopHistory } from '../accounting/history';
import { withPostingsDeferred } from '../accounting/posting-deferral';
import type { AppDependencies } from '../http/context';
import { recordMovements, type MovementRequest } from '../inventory/stock-ledger';
import { generateCatalog, refreshPlannerStatistics } from '../products/catalog-generator';
import { createTenant } from '../tenancy/tenancy.service';
import { addDefaultRegister, createRegister } from '../registers/registers.service';
import { queryRows, type Database, type TenantTx } from './client';
import { seedDemoContacts } from './demo-contacts';
import { seedDemoPurchases } from './demo-purchases';
import { DEMO_SALES_JOB, readDemoSalesProgress, seedDemoSales } from './demo-sales';
import { appJobDefinitions } from '../jobs/app-jobs';
import { createJobQueue } from '../jobs/job-queue';
import { CATEGORY_SEPARATOR, DEMO_CATEGORIES, DEMO_PACK_UNITS, DEMO_PRODUCTS, WESTLANDS_BRANCH } from './demo-catalog';
import { billingPlans, brands, locations, productBarcodes, productCategories, products, productVariants, units } from './schema/index';

export const DEMO_PASSWORD = 'Dukani-Demo-2026';

export const DEMO_TENANTS = [
  { name: 'Demo Duka', subdomain: 'demo', status: 'trial' },
  { name: 'Acme Hardware', subdomain: 'acme', status: 'active' },
  // A shop whose trial has run out: it meets the Subscription Required page and can pay back in.
  { name: 'Lapsed Kiosk', subdomain: 'lapsed', status: 'trial' },
  // A paying Starter shop one product short of its 1,000-product limit.
  { name: 'Kiosk ya Mama Njeri', subdomain: 'kiosk', status: 'active' },
  // A shop still paying for a retired plan with the default features only: no reports.
  { name: 'Duka la Mtaa', subdomain: 'mtaa', status: 'active' },
] as const;

/** The kiosk's catalog: the Starter plan's 1,000 products less one. */
export const KIOSK_PRODUCT_COUNT = 999;

export const DEMO_USERS = [
  { email: 'super@dukani.test', fullName: 'Platform Admin', role: 'superadmin', tenant: null },
  { email: 'owner@demo.test', fullName: 'Wanjiku Kamau', role: 'admin', tenant: 'demo' },
  { email: 'manager@demo.test', fullName: 'Otieno Ouma', role: 'manager', tenant: 'demo' },
  { email: 'cashier@demo.test', fullName: 'Achieng Njeri', role: 'cashier', tenant: 'demo' },
  { email: 'newhire@demo.test', fullName: 'Kevin Mutua', role: 'cashier', tenant: 'demo', requirePasswordChange: true },
  // The Kiswahili till: the browser suite's language tests sign in as her (tests/e2e/languages.e2e.ts).
  { email: 'till@demo.test', fullName: 'Zawadi Chebet', role: 'cashier', tenant: 'demo' },
  { email: 'counter@demo.test', fullName: 'Baraka Kiprono', role: 'cashier', tenant: 'demo' },
  // The register's browser files each sign in as their own cashier (tests/e2e/register*.e2e.ts, sales-history, shifts).
  { email: 'register@demo.test', fullName: 'Faith Wambui', role: 'cashier', tenant: 'demo' },
  { email: 'payments@demo.test', fullName: 'Brian Otieno', role: 'cashier', tenant: 'demo' },
  { email: 'history@demo.test', fullName: 'Mercy Akinyi', role: 'cashier', tenant: 'demo' },
  { email: 'shifts@demo.test', fullName: 'Dennis Kiptoo', role: 'cashier', tenant: 'demo' },
  { email: 'tenders@demo.test', fullName: 'Lilian Wanjala', role: 'cashier', tenant: 'demo' },
  { email: 'exchanges@demo.test', fullName: 'Grace Muthoni', role: 'cashier', tenant: 'demo' },
  { email: 'owner@acme.test', fullName: 'Amina Hassan', role: 'admin', tenant: 'acme' },
  { email: 'owner@lapsed.test', fullName: 'Juma Mwangi', role: 'admin', tenant: 'lapsed' },
  { email: 'owner@kiosk.test', fullName: 'Njeri Wambui', role: 'admin', tenant: 'kiosk' },
  { email: 'cashier@kiosk.test', fullName: 'Mercy Atieno', role: 'cashier', tenant: 'kiosk' },
  { email: 'owner@mtaa.test', fullName: 'Hassan Omondi', role: 'admin', tenant: 'mtaa' },
] as const;

/** The cashiers whose shifts make the demo shop's sales history (not the browser suite's own cashiers). */
const DEMO_SALES_CASHIERS = ['cashier@demo.test', 'till@demo.test'];

export const DEMO_SECOND_TILL = { name: 'Till 2', receiptPrefix: 'T3' } as const;

const DEMO_SEED_LOCK_KEY = 7350022;

/**
 * Fills an empty database with the demo tenants, accounts and catalogs. Demo data is written only
 * in demo mode (embedded database, or SEED_DEMO=true): never into a production database. A database
 * that has any tenant is left alone, so a second start never duplicates anything.
 */
export async function seedDatabase(deps: AppDependencies) {
  if (!deps.config.seedDemo) return;
  const { database } = deps;
  if (!(await claimDemoSeed(database))) return;
  // The seed moves its documents back to their days after the services wrote them: the ledger
  // gets them from the history backfill, on those days, not from live postings dated today.
  const tenantIds = await withPostingsDeferred(() => seedDemoShops(deps));
  await refreshPlannerStatistics(database);
  for (const tenantId of tenantIds.values()) {
    // A sales history still being made (the background job) is posted by that job once done.
    if (await readDemoSalesProgress(database, tenantId)) continue;
    await postShopHistory(database, tenantId);
  }
  deps.logger.info({ tenants: DEMO_TENANTS.length, users: DEMO_USERS.length, demoProducts: DEMO_PRODUCTS.length }, 'Seeded demo data');
}

/** The demo shops, their people, catalogs and history; answers the shops' ids by subdomain. */
async function seedDemoShops(deps: AppDependencies): Promise<Map<string, string>> {
  const { database } = deps;
  const tenantIds = new Map<string, string>();
  for (const tenant of DEMO_TENANTS) {
    const { id } = await createTenant(database, { ...tenant, settings: { currencyCode: 'KES', currencySymbol: 'KSh' } });
    tenantIds.set(tenant.subdomain, id);
  }
  const userIds = new Map<string, string>();
  for (const user of DEMO_USERS) {
    const { id } = await createUserAccount(database, deps.auth, {
      email: user.email,
      password: DEMO_PASSWORD,
      fullName: user.fullName,
      role: user.role,
      tenantId: user.tenant ? (tenantIds.get(user.tenant) ?? null) : null,
      requirePasswordChange: 'requirePasswordChange' in user ? user.requirePasswordChange : false,
    });
    userIds.set(user.email, id);
  }
  await setDemoSubscriptions(deps, tenantIds);
  const demo = tenantIds.get('demo');
  if (demo) {
    await seedDemoCatalog(database, demo, userIds.get('owner@demo.test') ?? null);
    await database.withTenant(demo, (tx) => seedDemoContacts(tx, demo, userIds.get('owner@demo.test') ?? null));
    await addSecondMainTill(database, demo, userIds.get('owner@demo.test')!);
    const now = new Date();
    const salesHistory = { days: deps.config.demoSalesDays, salesPerDay: deps.config.demoSalesPerDay };
    // Purchases first: their deliveries bring in what the sales history (made after them) sells.
    await seedDemoPurchases(deps, { tenantId: demo, managerId: userIds.get('manager@demo.test')!, history: salesHistory, now });
    await seedDemoSales(
      database,
      {
        tenantId: demo,
        staff: { managerId: userIds.get('manager@demo.test')!, cashierIds: DEMO_SALES_CASHIERS.map((email) => userIds.get(email)!) },
        ...salesHistory,
        now: now.toISOString(),
      },
      async (history) => {
        await createJobQueue(database, appJobDefinitions(deps)).enqueue(DEMO_SALES_JOB, { ...history });
      },
    );
  }
  const kiosk = tenantIds.get('kiosk');
  if (kiosk) {
    await database.withTenant(kiosk, async (tx) =>
      generateCatalog(tx, kiosk, { count: KIOSK_PRODUCT_COUNT, locationIds: await locationIdsByName(tx, []), withStock: true }),
    );
  }
  return tenantIds;
}

/** "Till 2" at the main shop, never opened by the seed: the browser suite opens its first shift. */
async function addSecondMainTill(database: Database, tenantId: string, ownerId: string) {
  const [main] = await database.withTenant(tenantId, (tx) => locationIdsByName(tx, []));
  await createRegister(database, { tenantId, userId: ownerId, requestKey: null }, { locationId: main!, name: DEMO_SECOND_TILL.name, receiptPrefix: DEMO_SECOND_TILL.receiptPrefix });
}

/**
 * Servers that start together on an empty database must not both seed it: the first to take the
 * claim (a platform_settings row, written under a transaction-level lock that works through a
 * transaction-mode pooler) seeds; the others, and any later start, find a tenant or the claim.
 */
async function claimDemoSeed(database: Database): Promise<boolean> {
  return database.platform.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY})`);
    const [existing] = await queryRows<{ count: number }>(tx, sql`select count(*)::int as count from tenants`);
    if (Number(existing?.count ?? 0) > 0) return false;
    const claimed = await queryRows<{ key: string }>(
      tx,
      sql`insert into platform_settings (key, value) values ('demo_seed', ${JSON.stringify({ startedAt: new Date().toISOString() })}::jsonb)
          on conflict (key) do nothing returning key`,
    );
    return claimed.length === 1;
  });
}

/** A plan no longer sold (not on the plans page) whose name gives only the default features (spec §9). */
export const RETIRED_DEMO_PLAN = 'Duka Mini';

/**
 * Acme pays for Professional, the kiosk for Starter and Duka la Mtaa for the retired Duka Mini
 * (monthly); Lapsed Kiosk's trial ended yesterday.
 */
async function setDemoSubscriptions(deps: AppDependencies, tenantIds: Map<string, string>) {
  const acme = tenantIds.get('acme');
  const kiosk = tenantIds.get('kiosk');
  const lapsed = tenantIds.get('lapsed');
  const mtaa = tenantIds.get('mtaa');
  if (acme) await payForMonthlyPlan(deps.database, acme, 'Professional', 'dk-demo-acme-professional');
  if (kiosk) await payForMonthlyPlan(deps.database, kiosk, 'Starter', 'dk-demo-kiosk-starter');
  if (mtaa) {
    await deps.database.platform
      .insert(billingPlans)
      .values({ name: RETIRED_DEMO_PLAN, priceMinor: 50_000, period: 'monthly', isActive: false, features: ['Point of sale', 'Products and stock', 'Customers'] });
    await payForMonthlyPlan(deps.database, mtaa, RETIRED_DEMO_PLAN, 'dk-demo-mtaa-mini');
  }
  if (lapsed) {
    await deps.database.withTenant(lapsed, (tx) => tx.execute(sql`update tenant_subscription_details set trial_end = now() - interval '1 day'`));
  }
}

/** A completed payment a week ago for a month of the plan, after a trial that ended three weeks ago. */
async function payForMonthlyPlan(database: Database, tenantId: string, planName: string, paymentReference: string) {
  await database.withTenant(tenantId, async (tx) => {
    const [plan] = await queryRows<{ id: string; price_minor: number }>(tx, sql`select id, price_minor from billing_plans where name = ${planName} and period = 'monthly'`);
    if (!plan) return;
    await tx.execute(sql`insert into payment_history (tenant_id, payment_reference, billing_plan_id, amount_minor, currency, provider, payment_status, paid_at, created_at)
      values (${tenantId}, ${paymentReference}, ${plan.id}, ${plan.price_minor}, 'KES', 'sandbox', 'completed', now() - interval '7 days', now() - interval '7 days')`);
    await tx.execute(sql`update tenant_subscription_details set status = 'active', trial_end = now() - interval '21 days',
      billing_plan_id = ${plan.id}, current_period_end = now() + interval '23 days'`);
  });
}

const quantityMilli = (text: string) => {
  const milli = parseQuantity(text);
  if (milli === null) throw new RangeError(`Bad demo quantity ${text}`);
  return milli;
};

/** Ids of locations by name, the default location first (the main shop). */
async function locationIdsByName(tx: TenantTx, names: string[]): Promise<string[]> {
  const rows = await tx.select({ id: locations.id, name: locations.name, isDefault: locations.isDefault }).from(locations);
  const main = rows.find((row) => row.isDefault);
  if (!main) throw new Error('The tenant has no default location');
  return [main.id, ...names.map((name) => rows.find((row) => row.name === name)?.id ?? '')].filter(Boolean);
}

/**
 * The demo shop's mini-mart (server/db/demo-catalog.ts): pack units, nested categories, brands, a
 * second branch, products with variants and barcodes, and opening stock at both branches written
 * through the stock ledger at cost, so on hand, movements and average costs agree.
 */
async function seedDemoCatalog(database: Database, tenantId: string, ownerId: string | null) {
  await database.withTenant(tenantId, async (tx) => {
    const unitIds = await insertPackUnits(tx, tenantId);
    const categoryIds = await insertCategories(tx, tenantId);
    const brandNames = [...new Set(DEMO_PRODUCTS.flatMap((product) => (product.brand ? [product.brand] : [])))];
    const brandRows = await tx.insert(brands).values(brandNames.map((name) => ({ tenantId, name }))).returning({ id: brands.id, name: brands.name });
    const brandIds = new Map(brandRows.map((row) => [row.name, row.id]));
    const [westlands] = await tx
      .insert(locations)
      .values({ tenantId, name: WESTLANDS_BRANCH.name, address: WESTLANDS_BRANCH.address })
      .returning({ id: locations.id });
    await addDefaultRegister(tx, tenantId, westlands!.id);
    const locationIds = await locationIdsByName(tx, [WESTLANDS_BRANCH.name]);

    const productRows: (typeof products.$inferInsert)[] = [];
    const variantRows: (typeof productVariants.$inferInsert)[] = [];
    const barcodeRows: (typeof productBarcodes.$inferInsert)[] = [];
    const opening: MovementRequest[] = [];
    for (const product of DEMO_PRODUCTS) {
      const productId = randomUUID();
      productRows.push({
        tenantId,
        id: productId,
        name: product.name,
        description: product.description,
        categoryId: categoryIds.get(product.category) ?? null,
        brandId: product.brand ? (brandIds.get(product.brand) ?? null) : null,
        unitId: unitIds.get(product.unit) ?? null,
        taxClass: product.taxClass,
        reorderLevel: product.reorderLevel === null ? null : quantityMilli(product.reorderLevel),
      });
      product.variants.forEach((variant, position) => {
        const variantId = randomUUID();
        variantRows.push({
          tenantId,
          id: variantId,
          productId,
          name: variant.name,
          options: variant.options,
          sku: variant.sku,
          costPriceMinor: variant.costKes * 100,
          sellingPriceMinor: variant.priceKes * 100,
          position,
        });
        if (variant.barcodeBody) barcodeRows.push({ tenantId, variantId, code: withEan13CheckDigit(variant.barcodeBody) });
        variant.stock.forEach((text, index) => {
          const quantity = quantityMilli(text);
          const locationId = locationIds[index];
          if (quantity === 0 || !locationId) return;
          opening.push({ variantId, locationId, kind: 'opening', quantityMilli: quantity, unitCostMinor: variant.costKes * 100, sourceType: 'product', sourceId: productId });
        });
      });
    }
    await tx.insert(products).values(productRows);
    await tx.insert(productVariants).values(variantRows);
    await tx.insert(productBarcodes).values(barcodeRows);
    await recordMovements(tx, { tenantId, userId: ownerId, allowNegative: false }, opening);
  });
}

/** The packs of DEMO_PACK_UNITS beside the default units; returns every unit's id by name. */
async function insertPackUnits(tx: TenantTx, tenantId: string): Promise<Map<string, string>> {
  const existing = await tx.select({ id: units.id, name: units.name }).from(units);
  const piece = existing.find((unit) => unit.name === 'Piece');
  if (!piece) throw new Error('The tenant has no Piece unit');
  const packs = await tx
    .insert(units)
    .values(DEMO_PACK_UNITS.map((pack) => ({ tenantId, name: pack.name, shortName: pack.shortName, baseUnitId: piece.id, baseQuantity: pack.pieces * 1000 })))
    .returning({ id: units.id, name: units.name });
  return new Map([...existing, ...packs].map((unit) => [unit.name, unit.id]));
}

/** DEMO_CATEGORIES, parents then children; returns ids by "Parent" and "Parent › Child". */
async function insertCategories(tx: TenantTx, tenantId: string): Promise<Map<string, string>> {
  const parents = await tx
    .insert(productCategories)
    .values(DEMO_CATEGORIES.map((category) => ({ tenantId, name: category.name, defaultTaxClass: category.taxClass ?? null })))
    .returning({ id: productCategories.id, name: productCategories.name });
  const ids = new Map(parents.map((row) => [row.name, row.id]));
  const parentNames = new Map(parents.map((row) => [row.id, row.name]));
  const childRows = await tx
    .insert(productCategories)
    .values(
      DEMO_CATEGORIES.flatMap((category) =>
        category.children.map((child) => ({ tenantId, name: child.name, parentId: ids.get(category.name), defaultTaxClass: child.taxClass ?? null })),
      ),
    )
    .returning({ id: productCategories.id, name: productCategories.name, parentId: productCategories.parentId });
  for (const row of childRows) ids.set(`${parentNames.get(row.parentId ?? '')}${CATEGORY_SEPARATOR}${row.name}`, row.id);
  return ids;
}
