import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodeProblem } from '../../core/products/barcode.rules';
import { readSubscriptionState } from '../billing/subscription.service';
import { generateCatalog } from '../products/catalog-generator';
import { createTestApp, signInAs, type TestApp } from '../../tests/support/test-app';
import { queryRows } from './client';
import { DEMO_PRODUCTS, WESTLANDS_BRANCH } from './demo-catalog';
import { DEMO_PASSWORD, KIOSK_PRODUCT_COUNT, RETIRED_DEMO_PLAN, seedDatabase } from './seed';

// The demo seed: the mini-mart catalog of `demo`, the kiosk one product short of its plan limit,
// stock that agrees with its ledger, two servers seeding at once, and a second start that adds nothing.

let testApp: TestApp;
const tenantIds = new Map<string, string>();

beforeAll(async () => {
  testApp = await createTestApp({ config: { SEED_DEMO: 'true' } });
  // Two servers starting together on an empty database: one seeds, the other finds the claim.
  await Promise.all([seedDatabase(testApp.deps), seedDatabase(testApp.deps)]);
  const rows = await queryRows<{ id: string; subdomain: string }>(testApp.database.platform, sql`select id, subdomain from tenants`);
  for (const row of rows) tenantIds.set(row.subdomain, row.id);
}, 120_000);

afterAll(async () => {
  await testApp.close();
});

const tenantId = (subdomain: string) => {
  const id = tenantIds.get(subdomain);
  if (!id) throw new Error(`No ${subdomain} tenant seeded`);
  return id;
};

/** Level rows whose on hand differs from the sum of their movements (the ledger invariant). */
const ledgerMismatches = (subdomain: string) =>
  testApp.database.withTenant(tenantId(subdomain), (tx) =>
    queryRows<{ variant_id: string }>(
      tx,
      sql`select coalesce(s.variant_id, m.variant_id) as variant_id
          from stock_levels s
          full join (select variant_id, location_id, sum(quantity) as total from stock_movements group by 1, 2) m
            on m.variant_id = s.variant_id and m.location_id = s.location_id
          where s.on_hand is distinct from m.total`,
    ),
  );

describe('demo mini-mart', () => {
  it('has the catalog with categories, brands, pack units and two variant products', async () => {
    const counts = await testApp.database.withTenant(tenantId('demo'), (tx) =>
      queryRows<{ products: number; multi: number; nested: number; brands: number; packs: number }>(
        tx,
        sql`select (select count(*)::int from products) as products,
                   (select count(*)::int from (select product_id from product_variants group by 1 having count(*) > 1) v) as multi,
                   (select count(*)::int from product_categories where parent_id is not null) as nested,
                   (select count(*)::int from brands) as brands,
                   (select count(*)::int from units where base_unit_id is not null) as packs`,
      ),
    );
    expect(counts[0]).toMatchObject({ products: DEMO_PRODUCTS.length, multi: 2 });
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(55);
    expect(counts[0]!.nested).toBeGreaterThan(5);
    expect(counts[0]!.brands).toBeGreaterThan(20);
    expect(counts[0]!.packs).toBe(4);
    const categoryDefaults = await testApp.database.withTenant(tenantId('demo'), (tx) =>
      queryRows<{ name: string; default_tax_class: string | null }>(tx, sql`select name, default_tax_class from product_categories where name in ('Unga', 'Feminine care', 'Dairy & eggs') order by name`),
    );
    expect(categoryDefaults).toEqual([
      { name: 'Dairy & eggs', default_tax_class: null },
      { name: 'Feminine care', default_tax_class: 'exempt' },
      { name: 'Unga', default_tax_class: 'zero_rated' },
    ]);
  });

  it('gives every barcode a correct EAN-13 check digit under GS1 Kenya, unique in the shop', async () => {
    const codes = await testApp.database.withTenant(tenantId('demo'), (tx) => queryRows<{ code: string }>(tx, sql`select code from product_barcodes`));
    expect(codes.length).toBeGreaterThan(50);
    for (const { code } of codes) {
      expect(code).toMatch(/^616\d{10}$/);
      expect(barcodeProblem(code), code).toBeNull();
    }
  });

  it('classes staples as Kenya does: unga, bread and pasteurised milk zero-rated, eggs and sanitary pads exempt, soap standard', async () => {
    const classes = await testApp.database.withTenant(tenantId('demo'), (tx) =>
      queryRows<{ name: string; tax_class: string }>(tx, sql`select name, tax_class from products`),
    );
    const taxOf = (name: string) => classes.find((row) => row.name === name)?.tax_class;
    expect(taxOf('Jogoo maize meal 2 kg')).toBe('zero_rated');
    expect(taxOf('Festive white bread 400 g')).toBe('zero_rated');
    // Only unprocessed milk is exempt (First Schedule); pasteurised milk is zero-rated (Second Schedule, KRA item 0015.12.00).
    expect(taxOf('Brookside fresh milk 500 ml')).toBe('zero_rated');
    expect(taxOf('Kenchic farm eggs')).toBe('exempt');
    expect(taxOf('Always Ultra sanitary pads (8)')).toBe('exempt');
    expect(taxOf('Omo washing powder 1 kg')).toBe('standard');
  });

  it('holds opening stock at both branches, equal to its ledger, at average cost = cost', async () => {
    const stock = await testApp.database.withTenant(tenantId('demo'), (tx) =>
      queryRows<{ location: string; levels: number; movements: number; off_cost: number; weighed: string }>(
        tx,
        sql`select l.name as location, count(s.*)::int as levels,
                   (select count(*)::int from stock_movements m where m.location_id = l.id and m.kind = 'opening') as movements,
                   (select count(*)::int from product_variants v where v.average_cost_minor <> v.cost_price_minor) as off_cost,
                   (select s2.on_hand::text from stock_levels s2 join product_variants v on v.id = s2.variant_id
                    where v.sku = 'FP-TOMATO' and s2.location_id = l.id) as weighed
            from locations l left join stock_levels s on s.location_id = l.id
            group by l.id, l.name, l.is_default order by l.is_default desc`,
      ),
    );
    expect(stock.map((row) => row.location)).toEqual(['Main shop', WESTLANDS_BRANCH.name]);
    for (const row of stock) {
      expect(row.levels).toBeGreaterThan(50);
      expect(row.movements).toBe(row.levels);
      expect(row.off_cost).toBe(0);
    }
    expect(stock.map((row) => row.weighed)).toEqual(['18.500', '9.250']);
    expect(await ledgerMismatches('demo')).toEqual([]);
  });

  it('has two or three products low at the main shop', async () => {
    const low = await testApp.database.withTenant(tenantId('demo'), (tx) =>
      queryRows<{ name: string }>(
        tx,
        sql`select distinct p.name from stock_levels s
            join product_variants v on v.id = s.variant_id join products p on p.id = v.product_id
            join locations l on l.id = s.location_id
            where s.is_low and l.is_default order by p.name`,
      ),
    );
    expect(low.map((row) => row.name)).toEqual(['Brookside fresh milk 500 ml', 'Festive white bread 400 g', 'Sukuma wiki']);
  });
});

describe('kiosk on Starter', () => {
  it(`holds ${KIOSK_PRODUCT_COUNT} simple products with valid barcodes and stock equal to its ledger`, async () => {
    const [counts] = await testApp.database.withTenant(tenantId('kiosk'), (tx) =>
      queryRows<{ products: number; variants: number; barcodes: number; movements: number }>(
        tx,
        sql`select (select count(*)::int from products) as products, (select count(*)::int from product_variants) as variants,
                   (select count(*)::int from product_barcodes) as barcodes, (select count(*)::int from stock_movements) as movements`,
      ),
    );
    expect(counts).toEqual({ products: KIOSK_PRODUCT_COUNT, variants: KIOSK_PRODUCT_COUNT, barcodes: KIOSK_PRODUCT_COUNT, movements: KIOSK_PRODUCT_COUNT });
    const codes = await testApp.database.withTenant(tenantId('kiosk'), (tx) => queryRows<{ code: string }>(tx, sql`select code from product_barcodes`));
    expect(codes.filter(({ code }) => barcodeProblem(code) !== null)).toEqual([]);
    expect(await ledgerMismatches('kiosk')).toEqual([]);
  });

  it('pays for the Starter plan (1,000 products) and its owner signs in at kiosk.localhost', async () => {
    const state = await testApp.database.withTenant(tenantId('kiosk'), (tx) => readSubscriptionState(tx, new Date()));
    expect(state.plan?.name).toBe('Starter');
    expect(state.access.hasAccess).toBe(true);
    expect(state.access.isTrialActive).toBe(false);
    expect(state.entitlements.limits.max_products).toBe(KIOSK_PRODUCT_COUNT + 1);
    const cookie = await signInAs(testApp, 'kiosk.localhost:3000', 'owner@kiosk.test', DEMO_PASSWORD);
    expect(cookie).toContain('=');
  });
});

describe('Duka la Mtaa on a retired plan', () => {
  it('pays for Duka Mini, which is not for sale and gives the default features only: no reports', async () => {
    const state = await testApp.database.withTenant(tenantId('mtaa'), (tx) => readSubscriptionState(tx, new Date()));
    expect([state.plan?.name, state.access.hasAccess, state.access.isTrialActive]).toEqual([RETIRED_DEMO_PLAN, true, false]);
    expect(state.entitlements.features).toMatchObject({ basic_pos: true, sales: true, advanced_reporting: false, custom_reports: false });
    const [plan] = await queryRows<{ is_active: boolean }>(testApp.database.platform, sql`select is_active from billing_plans where name = ${RETIRED_DEMO_PLAN}`);
    expect(plan).toEqual({ is_active: false });
    const cookie = await signInAs(testApp, 'mtaa.localhost:3000', 'owner@mtaa.test', DEMO_PASSWORD);
    expect(cookie).toContain('=');
  });
});

describe('generateCatalog', () => {
  it('extends a catalog from startIndex without clashing SKUs or barcodes, keeping the ledger whole', async () => {
    const kiosk = tenantId('kiosk');
    const generated = await testApp.database.withTenant(kiosk, async (tx) => {
      const locationIds = (await queryRows<{ id: string }>(tx, sql`select id from locations`)).map((row) => row.id);
      return generateCatalog(tx, kiosk, { count: 50, locationIds, startIndex: KIOSK_PRODUCT_COUNT, withStock: true });
    });
    expect(generated.products).toBe(50);
    const [last] = await testApp.database.withTenant(kiosk, (tx) =>
      queryRows<{ sku: string; code: string }>(tx, sql`select v.sku, b.code from product_variants v join product_barcodes b on b.variant_id = v.id order by v.sku desc limit 1`),
    );
    expect(last).toEqual({ sku: 'GEN-00001049', code: expect.stringMatching(/^616900001049\d$/) });
    expect(await ledgerMismatches('kiosk')).toEqual([]);
  });
});

describe('a second start', () => {
  it('adds nothing to a seeded database', async () => {
    const count = () =>
      queryRows<{ tenants: number; users: number }>(
        testApp.database.platform,
        sql`select (select count(*)::int from tenants) as tenants, (select count(*)::int from users) as users`,
      );
    const demoProducts = () => testApp.database.withTenant(tenantId('demo'), (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from products`));
    const before = { platform: await count(), products: await demoProducts() };
    await seedDatabase(testApp.deps);
    expect({ platform: await count(), products: await demoProducts() }).toEqual(before);
    expect(before.products[0]!.n).toBe(DEMO_PRODUCTS.length);
  });
});
