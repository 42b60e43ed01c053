// The reports' dataset (issue 18): the demo shop with a generated catalog of 100,000 products,
// three locations with several tills and cashiers each, and BENCH_SALE_LINES (1,000,000 by default)
// sale lines over the last two years — the shop's documents (shifts, sales, their lines and
// payments, M-Pesa codes, returns with their lines and refunds, voids), written set-based in
// chunks of about 20,000 lines a transaction through database.withTenant (RLS holds), so the
// report summary triggers run as they do for the checkout. No journal entries, no stock movements
// for the sales: the reports read neither. Used by scripts/generate-report-shop.ts and
// suites/reports.bench.ts. Built once and kept in the bench cache (a PGlite data folder, or a
// PostgreSQL database of its own), keyed by the size and a hash of the migrations and generators.
//
// What it looks like: product popularity is Zipf-like (rank r sells ∝ 1/r: the head every day, the
// tail a few times in two years), the demo's own products at the head; more sales on Fridays and
// Saturdays, a midday and an evening peak, a shop growing through the two years; 1–8 lines a sale
// (most 1–3), now and then two or three of an item; two shifts a day on each till (07:00–14:00,
// 14:00–21:00, in the shop's day, UTC+3) each with its cashier; tenders ~45% cash, 38% M-Pesa,
// 9% card, 5% on account, 3% cash + M-Pesa; ~8% of lines with a line discount, ~3% of sales with a
// cart discount; ~2% of sales with a return (one line, within three days, on a till of the same
// shop), ~0.3% voided.
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { formatReceiptCode, formatReturnCode } from '../../../core/sales/sales.schemas';
import { DEFAULT_TAX_RATES_BP, ETIMS_TAX_BAND, splitInclusive, type TaxClass } from '../../../core/products/tax.rules';
import { openDatabase, queryRows, type Database, type TenantTx } from '../../../server/db/client';
import { generateCatalog, refreshPlannerStatistics } from '../../../server/products/catalog-generator';
import { createTempDataDir } from './child-server';
import { formatSeconds } from './format';
import { REPO_ROOT } from './paths';
import { openSeededDemo } from './seeded-demo';
import { BenchError } from './suite';

export type ReportTarget = { dataDir: string } | { url: string };

export interface ReportDatasetSize {
  /** Sale lines in two years (the demo shop). */
  saleLines: number;
  /** Products generated into the demo shop. */
  products: number;
  /** Days of history, ending with the last day the shop has opened. */
  days: number;
}

export interface ReportDataset {
  tenantId: string;
  /** The demo shop's locations, its default (main shop) first. */
  locationIds: string[];
  /** The first and last day with sales (YYYY-MM-DD, the shop's day). */
  firstDay: string;
  lastDay: string;
  sales: number;
  saleLines: number;
  returns: number;
  voids: number;
  shifts: number;
  /** How the summaries were brought up to date: the triggers during the load, a rebuild after it, or not at all. */
  summaries: 'triggers' | 'rebuild' | 'none';
  summaryRows: { itemDays: number; saleHours: number; tenderDays: number };
  build: { catalogMs: number; salesMs: number; summariesMs: number; analyzeMs: number; totalMs: number };
}

export const readReportDatasetSize = (env: NodeJS.ProcessEnv = process.env): ReportDatasetSize => ({
  saleLines: wholeNumber(env, 'BENCH_SALE_LINES', 1_000_000),
  products: wholeNumber(env, 'BENCH_CATALOG_PRODUCTS', 100_000),
  days: wholeNumber(env, 'BENCH_SALE_DAYS', 730),
});

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replaceAll('_', ''));
  if (!Number.isInteger(value) || value < 1) throw new BenchError(`${name} must be a whole number ≥ 1, got "${raw}"`);
  return value;
}

// ---------------------------------------------------------------- the cache

/** Where built datasets are kept: BENCH_CACHE_DIR, or node_modules/.cache/dukani-bench (ignored by git). */
export const benchCacheDir = () => process.env.BENCH_CACHE_DIR || join(REPO_ROOT, 'node_modules/.cache/dukani-bench');

/** Bumped with any change to what this file generates (the cache key has it, not the file's text). */
const GENERATOR_VERSION = 1;

/** The size and a hash of what shapes the data: the migrations, this generator's version, the catalog generator and the seed. */
export function reportDatasetKey(size: ReportDatasetSize): string {
  const hash = createHash('sha256');
  const migrations = join(REPO_ROOT, 'server/db/migrations');
  for (const file of readdirSync(migrations).filter((name) => name.endsWith('.sql')).sort()) hash.update(file).update(readFileSync(join(migrations, file)));
  hash.update(readFileSync(join(migrations, 'meta/_journal.json')));
  for (const source of ['server/products/catalog-generator.ts', 'server/db/seed.ts']) hash.update(readFileSync(join(REPO_ROOT, source)));
  hash.update(`generator v${GENERATOR_VERSION}`);
  // The last day shifts with the calendar: a dataset built yesterday ends a day early.
  hash.update(lastShopDay(new Date(), size.days).lastDay);
  return `l${size.saleLines}-p${size.products}-d${size.days}-${hash.digest('hex').slice(0, 10)}`;
}

const DATASET_FILE = 'report-dataset.json';

/**
 * A PGlite data folder holding the dataset, built into the cache the first time (BENCH_REBUILD=1:
 * again). `copy`: a private copy in a temporary folder (the caller removes it), as a server writes
 * to its data folder (sessions) and the cached one stays as built.
 */
export async function cachedPgliteReportDataset(size: ReportDatasetSize, options: { copy: boolean }): Promise<{ dataDir: string; dataset: ReportDataset; cached: boolean; copyMs: number }> {
  const cacheDir = join(benchCacheDir(), `reports-${reportDatasetKey(size)}`);
  const file = join(cacheDir, DATASET_FILE);
  let cached = existsSync(file) && process.env.BENCH_REBUILD !== '1';
  if (!cached) {
    rmSync(cacheDir, { recursive: true, force: true });
    mkdirSync(cacheDir, { recursive: true });
    console.log(`  building the report shop into ${cacheDir}…`);
    const dataset = await buildReportDataset({ dataDir: cacheDir }, size);
    writeFileSync(file, JSON.stringify(dataset, null, 2));
    pruneOldCaches(cacheDir);
  } else {
    console.log(`  the report shop from the cache: ${cacheDir}`);
  }
  const dataset = JSON.parse(readFileSync(file, 'utf8')) as ReportDataset;
  if (!options.copy) return { dataDir: cacheDir, dataset, cached, copyMs: 0 };
  const started = performance.now();
  const dataDir = createTempDataDir('reports');
  cpSync(join(cacheDir, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  cached = cached || false;
  return { dataDir, dataset, cached, copyMs: performance.now() - started };
}

/** Older report datasets of the same size (other hashes) are removed from the cache: each is a gigabyte or so. */
function pruneOldCaches(keep: string) {
  const root = benchCacheDir();
  const sizePrefix = keep.slice(root.length + 1, keep.lastIndexOf('-') + 1);
  for (const entry of readdirSync(root)) {
    const path = join(root, entry);
    if (entry.startsWith(sizePrefix) && path !== keep) rmSync(path, { recursive: true, force: true });
  }
}

/**
 * A database on the PostgreSQL server of `adminUrl` holding the dataset: dukani_reports_<key>,
 * kept between runs (its comment says it is complete), built the first time.
 */
export async function cachedPostgresReportDataset(adminUrl: string, size: ReportDatasetSize): Promise<{ url: string; name: string; dataset: ReportDataset; cached: boolean; serverVersion: string }> {
  const key = reportDatasetKey(size).replace(/[^a-z0-9]/g, '_');
  const name = `dukani_reports_${key}`.slice(0, 63);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    const version = String((await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? 'unknown').split(' ')[0]!;
    const found = await admin.query<{ comment: string | null }>(`select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`, [name]);
    const comment = found.rows[0]?.comment;
    if (comment && comment.startsWith('{') && process.env.BENCH_REBUILD !== '1') {
      console.log(`  the report shop from the cache: database ${name}`);
      return { url: url.toString(), name, dataset: JSON.parse(comment) as ReportDataset, cached: true, serverVersion: version };
    }
    // Older report shops of this size (other hashes) go: each is a gigabyte or so.
    const sizePrefix = name.slice(0, name.lastIndexOf('_') + 1);
    const old = await admin.query<{ datname: string }>(`select datname from pg_database where starts_with(datname, $1)`, [sizePrefix]);
    for (const row of old.rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
    await admin.query(`create database ${name}`);
    console.log(`  building the report shop into database ${name}…`);
    const dataset = await buildReportDataset({ url: url.toString() }, size);
    await admin.query(`comment on database ${name} is ${pg.escapeLiteral(JSON.stringify(dataset))}`);
    return { url: url.toString(), name, dataset, cached: false, serverVersion: version };
  } finally {
    await admin.end();
  }
}

// ---------------------------------------------------------------- the shop's calendar

/** The shop's day and hours: UTC+3 all year (Africa/Nairobi, the demo shop's zone). */
const SHOP_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;
const OPENING_HOUR = 7;
const SHIFT_CHANGE_HOUR = 14;
const CLOSING_HOUR = 21;
/** Sales in each hour from 07:00 to 20:00: a midday and an evening peak. */
const HOUR_WEIGHTS = [3, 5, 7, 9, 12, 13, 10, 7, 6, 7, 10, 12, 9, 5];
/** Monday … Sunday: Fridays and Saturdays busiest. */
const WEEKDAY_WEIGHTS = [0.9, 0.88, 0.92, 0.97, 1.25, 1.45, 0.8];
/** Lines in a sale, 1 … 8: mostly small baskets (mean ≈ 3.1). */
const LINE_COUNT_WEIGHTS = [24, 21, 17, 12, 10, 7, 5, 4];
/** The locations' shares of the sales, and tills each (the main shop first). */
const LOCATION_SHARES = [0.5, 0.3, 0.2];
const TILLS_PER_LOCATION = [3, 2, 2];
const THIRD_LOCATION = 'Kisumu Road';

const dayString = (dayNumber: number) => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
/** The shop's day number (days since 1970-01-01 in the shop's zone) of an instant. */
const shopDayOf = (ms: number) => Math.floor((ms + SHOP_OFFSET_MS) / DAY_MS);
/** The instant of `hour` (may be fractional) on the shop's day `day`. */
const instantOf = (day: number, hour: number) => day * DAY_MS - SHOP_OFFSET_MS + hour * 3_600_000;

/** The history's days: `days` days ending with the last day the shop has opened (today once it is past opening time). */
export function lastShopDay(now: Date, days: number) {
  const today = shopDayOf(now.getTime());
  const last = now.getTime() >= instantOf(today, OPENING_HOUR + 0.5) ? today : today - 1;
  return { firstDayNumber: last - days + 1, lastDayNumber: last, firstDay: dayString(last - days + 1), lastDay: dayString(last) };
}

// ---------------------------------------------------------------- a seeded random source

function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const weighted = (weights: readonly number[]) => {
    const total = weights.reduce((sum, w) => sum + w, 0);
    let x = next() * total;
    for (let i = 0; i < weights.length; i += 1) {
      x -= weights[i]!;
      if (x < 0) return i;
    }
    return weights.length - 1;
  };
  return { next, integer: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), weighted };
}
type Random = ReturnType<typeof randomSource>;

// ---------------------------------------------------------------- the build

interface Item {
  variantId: string;
  productName: string;
  variantName: string;
  sku: string;
  priceMinor: number;
  costMinor: number;
  taxClass: TaxClass;
}

interface Till {
  registerId: string;
  prefix: string;
  locationIndex: number;
}

interface Shop {
  tenantId: string;
  locationIds: string[];
  tills: Till[];
  /** Cashiers of each location (user ids). */
  cashiers: string[][];
  managerId: string;
  customers: string[];
  items: Item[];
  taxRates: Record<TaxClass, number>;
  /** Per till, the last Z number used. */
  zNumbers: number[];
}

/** Builds the dataset into `target` (an empty PGlite folder, or an empty PostgreSQL database). */
export async function buildReportDataset(target: ReportTarget, size: ReportDatasetSize): Promise<ReportDataset> {
  const startedAll = performance.now();
  const { database, tenantId } = await openSeededDemo(target, { inMemoryPglite: true });
  try {
    // The catalog, as catalog-dataset.ts builds it (opening stock at the demo's two branches).
    let started = performance.now();
    const branches = await database.withTenant(tenantId, locationsOf);
    for (let done = 0; done < size.products; done += CATALOG_BATCH) {
      const count = Math.min(CATALOG_BATCH, size.products - done);
      await refreshPlannerStatistics(database);
      await database.withTenant(tenantId, (tx) => generateCatalog(tx, tenantId, { count, startIndex: done, locationIds: branches, withStock: true }));
      console.log(`  ${(done + count).toLocaleString('en-US')} products (${formatSeconds(performance.now() - started)})`);
    }
    const catalogMs = performance.now() - started;
    await refreshPlannerStatistics(database);

    started = performance.now();
    const shop = await database.withTenant(tenantId, (tx) => prepareShop(tx, tenantId));
    const counts = await writeHistory(database, shop, size);
    const salesMs = performance.now() - started;

    started = performance.now();
    const summaries = await bringSummariesUpToDate(database, tenantId);
    const summariesMs = performance.now() - started;

    started = performance.now();
    await database.platform.execute(sql`vacuum analyze`);
    const analyzeMs = performance.now() - started;
    const summaryRows = await database.withTenant(tenantId, async (tx) => {
      const [row] = await queryRows<{ item_days: number; sale_hours: number; tender_days: number }>(
        tx,
        sql`select (select count(*) from report_item_days)::int as item_days, (select count(*) from report_sale_hours)::int as sale_hours,
                   (select count(*) from report_tender_days)::int as tender_days`,
      );
      return { itemDays: row!.item_days, saleHours: row!.sale_hours, tenderDays: row!.tender_days };
    });
    console.log(
      `  summaries (${summaries}): ${summaryRows.itemDays.toLocaleString('en-US')} item-days, ${summaryRows.saleHours.toLocaleString('en-US')} sale-hours, ` +
        `${summaryRows.tenderDays.toLocaleString('en-US')} tender-days; vacuum analyze ${formatSeconds(analyzeMs)}`,
    );
    if ('dataDir' in target) {
      const writing = performance.now();
      await writeDataDir(database, target.dataDir);
      console.log(`  written to ${target.dataDir} (${formatSeconds(performance.now() - writing)})`);
    }
    const { firstDay, lastDay } = lastShopDay(new Date(), size.days);
    return {
      tenantId,
      locationIds: shop.locationIds,
      firstDay,
      lastDay,
      ...counts,
      summaries,
      summaryRows,
      build: { catalogMs, salesMs, summariesMs, analyzeMs, totalMs: performance.now() - startedAll },
    };
  } finally {
    await database.close();
  }
}

const CATALOG_BATCH = 20_000;
/** Sale lines written in one transaction. */
const LINES_PER_CHUNK = 20_000;

async function locationsOf(tx: TenantTx): Promise<string[]> {
  return (await queryRows<{ id: string }>(tx, sql`select id from locations where kind = 'shop' and is_active order by is_default desc, created_at, name`)).map((row) => row.id);
}

/** A third shop, tills to TILLS_PER_LOCATION, the cashiers spread over the shops, the catalog ranked by popularity. */
async function prepareShop(tx: TenantTx, tenantId: string): Promise<Shop> {
  let locationIds = await locationsOf(tx);
  if (locationIds.length < 3) {
    await tx.execute(sql`insert into locations (tenant_id, name, kind, address) values (${tenantId}, ${THIRD_LOCATION}, 'shop', 'Kisumu Road, Nakuru')`);
    locationIds = await locationsOf(tx);
  }
  locationIds = locationIds.slice(0, 3);
  const existing = await queryRows<{ id: string; location_id: string; name: string; receipt_prefix: string }>(tx, sql`select id, location_id, name, receipt_prefix from registers where is_active order by name`);
  const prefixes = new Set((await queryRows<{ p: string }>(tx, sql`select upper(receipt_prefix) as p from registers`)).map((row) => row.p));
  const tills: Till[] = [];
  for (const [locationIndex, locationId] of locationIds.entries()) {
    const here = existing.filter((register) => register.location_id === locationId).slice(0, TILLS_PER_LOCATION[locationIndex]);
    tills.push(...here.map((register) => ({ registerId: register.id, prefix: register.receipt_prefix, locationIndex })));
    const names = new Set(existing.filter((register) => register.location_id === locationId).map((register) => register.name.toLowerCase()));
    for (let n = 1; here.length < TILLS_PER_LOCATION[locationIndex]!; n += 1) {
      if (names.has(`till ${n}`)) continue;
      let prefix = '';
      for (let k = 1; !prefix || prefixes.has(prefix); k += 1) prefix = `L${locationIndex + 1}T${k}`;
      prefixes.add(prefix);
      const [row] = await queryRows<{ id: string }>(tx, sql`insert into registers (tenant_id, location_id, name, receipt_prefix) values (${tenantId}, ${locationId}, ${`Till ${n}`}, ${prefix}) returning id`);
      here.push({ id: row!.id, location_id: locationId, name: `Till ${n}`, receipt_prefix: prefix });
      tills.push({ registerId: row!.id, prefix, locationIndex });
    }
  }
  const members = await queryRows<{ user_id: string; role: string }>(tx, sql`select user_id, role from tenant_users where is_active order by created_at, user_id`);
  const cashierIds = members.filter((member) => member.role === 'cashier').map((member) => member.user_id);
  const managerId = members.find((member) => member.role === 'manager')?.user_id ?? members[0]?.user_id;
  if (!managerId || cashierIds.length === 0) throw new BenchError('the demo shop should have a manager and cashiers');
  // Each shop its own cashiers (round robin), at least two.
  const cashiers = locationIds.map((_, index) => cashierIds.filter((__, k) => k % locationIds.length === index));
  cashiers.forEach((list, index) => {
    while (list.length < 2) list.push(cashierIds[(index + list.length) % cashierIds.length]!);
  });
  const customers = (await queryRows<{ id: string }>(tx, sql`select id from contacts where credit_limit_minor > 0 and not is_archived order by name`)).map((row) => row.id);

  const rows = await queryRows<{ id: string; product_name: string; variant_name: string | null; sku: string; price: number; cost: number; tax_class: TaxClass; generated: boolean }>(
    tx,
    sql`select v.id, p.name as product_name, coalesce(v.name, '') as variant_name, v.sku, v.selling_price_minor::int as price,
               greatest(v.average_cost_minor, v.cost_price_minor, 0)::int as cost, p.tax_class, v.sku like 'GEN-%' as generated
        from product_variants v join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
        where v.selling_price_minor > 0 order by v.sku`,
  );
  // Popularity: the demo's own products first (everyday goods), then the generated ones in a seeded shuffle.
  const random = randomSource(20_260_101);
  const shuffle = <T>(list: T[]) => {
    for (let i = list.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random.next() * (i + 1));
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    return list;
  };
  const ranked = [...shuffle(rows.filter((row) => !row.generated)), ...shuffle(rows.filter((row) => row.generated))];
  const items = ranked.map((row) => ({
    variantId: row.id,
    productName: row.product_name,
    variantName: row.variant_name ?? '',
    sku: row.sku,
    priceMinor: row.price,
    costMinor: Math.min(row.cost, row.price),
    taxClass: row.tax_class,
  }));
  const zNumbers: number[] = [];
  for (const till of tills) zNumbers.push((await queryRows<{ z: number }>(tx, sql`select coalesce(max(z_number), 0)::int as z from shifts where register_id = ${till.registerId}`))[0]!.z);
  return { tenantId, locationIds, tills, cashiers, managerId, customers, items, taxRates: { ...DEFAULT_TAX_RATES_BP }, zNumbers };
}

// ---------------------------------------------------------------- the documents

interface ShiftRow {
  id: string;
  register_id: string;
  location_id: string;
  status: 'open' | 'closed';
  opened_by: string;
  opened_at: string;
  opening_float_minor: number;
  closed_by: string | null;
  closed_at: string | null;
  counted_cash_minor: number | null;
  expected_cash_minor: number | null;
  over_short_minor: number | null;
  z_number: number | null;
  z_report: Record<string, unknown> | null;
}

interface SaleRow {
  id: string;
  receipt_number: number;
  receipt_code: string;
  register_id: string;
  shift_id: string;
  location_id: string;
  cashier_id: string;
  customer_id: string | null;
  subtotal_minor: number;
  discount_minor: number;
  cart_discount_minor: number;
  total_minor: number;
  tax_minor: number;
  tax_bands: Record<string, { grossMinor: number; taxMinor: number; rateBp: number }>;
  paid_minor: number;
  change_minor: number;
  ring_up_at: string;
  created_at: string;
}

interface LineRow {
  id: string;
  sale_id: string;
  line_no: number;
  variant_id: string;
  product_name: string;
  variant_name: string;
  sku: string;
  quantity: number;
  list_price_minor: number;
  unit_price_minor: number;
  line_discount_minor: number;
  cart_discount_share_minor: number;
  total_minor: number;
  tax_class: TaxClass;
  tax_rate_bp: number;
  tax_minor: number;
  cost_minor: number;
}

interface PaymentRow {
  sale_id: string;
  seq: number;
  tender: string;
  amount_minor: number;
  tendered_minor: number | null;
  reference: string | null;
  created_at: string;
}

interface ReturnRow {
  id: string;
  return_number: number;
  return_code: string;
  sale_id: string;
  register_id: string;
  shift_id: string;
  location_id: string;
  cashier_id: string;
  customer_id: string | null;
  reason: string;
  total_minor: number;
  tax_minor: number;
  created_at: string;
}

interface ReturnLineRow {
  return_id: string;
  sale_line_id: string;
  variant_id: string;
  product_name: string;
  variant_name: string;
  quantity: number;
  amount_minor: number;
  tax_class: string;
  tax_rate_bp: number;
  tax_minor: number;
  cost_minor: number;
}

interface RefundRow {
  return_id: string;
  tender: string;
  amount_minor: number;
  created_at: string;
}

interface Chunk {
  shifts: ShiftRow[];
  sales: SaleRow[];
  lines: LineRow[];
  payments: PaymentRow[];
  mpesaCodes: { code: string; sale_id: string; created_at: string }[];
  returns: ReturnRow[];
  returnLines: ReturnLineRow[];
  refunds: RefundRow[];
  /** Sale line id → quantity returned; sale id → its new status. */
  returnedLines: { id: string; quantity: number }[];
  returnedSales: { id: string; status: 'partly_returned' | 'returned' }[];
  voids: { id: string; voided_at: string }[];
}

const iso = (ms: number) => new Date(ms).toISOString();
const TENDERS = [
  { tenders: ['cash'], weight: 45 },
  { tenders: ['mpesa'], weight: 38 },
  { tenders: ['card'], weight: 9 },
  { tenders: ['account'], weight: 5 },
  { tenders: ['cash', 'mpesa'], weight: 3 },
] as const;
const RETURN_REASONS = ['changed_mind', 'defective', 'damaged', 'wrong_item', 'expired'];
const QUICK_NOTES_MINOR = [5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];

/** Writes the history day by day, a transaction per ~LINES_PER_CHUNK lines. */
async function writeHistory(database: Database, shop: Shop, size: ReportDatasetSize) {
  const now = Date.now();
  const { firstDayNumber, lastDayNumber } = lastShopDay(new Date(now), size.days);
  const random = randomSource(42);
  // Lines per day: weekday × a shop growing from 0.75 to 1.25 through the period × (today) the part of the day gone.
  const dayWeights: number[] = [];
  for (let day = firstDayNumber; day <= lastDayNumber; day += 1) {
    const weekday = (new Date(day * DAY_MS).getUTCDay() + 6) % 7;
    const growth = 0.75 + (0.5 * (day - firstDayNumber)) / Math.max(1, lastDayNumber - firstDayNumber);
    dayWeights.push(WEEKDAY_WEIGHTS[weekday]! * growth * openFraction(day, now));
  }
  const totalWeight = dayWeights.reduce((sum, w) => sum + w, 0);
  // Zipf over the catalog (s = 1): rank = ⌊N^u⌋ is log-uniform, P(rank r) ∝ 1/r.
  const logItems = Math.log(shop.items.length + 1);
  const pickItem = () => shop.items[Math.min(shop.items.length - 1, Math.floor(Math.exp(random.next() * logItems)) - 1)]!;

  const totals = { sales: 0, saleLines: 0, returns: 0, voids: 0, shifts: 0 };
  let receiptNumber = await database.withTenant(shop.tenantId, (tx) => counter(tx, 'sale_receipt'));
  let returnNumber = await database.withTenant(shop.tenantId, (tx) => counter(tx, 'sale_return'));
  let mpesaSequence = 0;
  let cumulativeWeight = 0;
  let linesWritten = 0;
  let chunk = emptyChunk();
  let chunkLines = 0;
  /** Returns planned with their sale, written on their own day. */
  let pendingReturns: { at: number; till: Till; sale: SaleRow; line: LineRow; quantity: number; wholeSale: boolean; tender: string }[] = [];
  /** The shifts of the chunk being written, by id: their cash takings, to close them with. */
  const shiftCash = new Map<string, { cash: number }>();
  const started = performance.now();

  const flush = async () => {
    if (chunk.sales.length === 0) return;
    const written = chunk;
    chunk = emptyChunk();
    chunkLines = 0;
    await database.withTenant(shop.tenantId, (tx) => writeChunk(tx, shop.tenantId, written));
    totals.sales += written.sales.length;
    totals.saleLines += written.lines.length;
    totals.returns += written.returns.length;
    totals.voids += written.voids.length;
    totals.shifts += written.shifts.length;
    const seconds = (performance.now() - started) / 1000;
    const rate = totals.saleLines / seconds;
    const left = (size.saleLines - totals.saleLines) / rate;
    console.log(
      `  ${totals.saleLines.toLocaleString('en-US')} / ${size.saleLines.toLocaleString('en-US')} sale lines, ${totals.sales.toLocaleString('en-US')} sales to ${written.sales.at(-1)!.created_at.slice(0, 10)} ` +
        `(${seconds.toFixed(1)} s, ${Math.round(rate).toLocaleString('en-US')} lines/s${left > 1 ? `, ~${left.toFixed(0)} s left` : ''})`,
    );
  };

  for (let dayIndex = 0; dayIndex < dayWeights.length; dayIndex += 1) {
    const day = firstDayNumber + dayIndex;
    cumulativeWeight += dayWeights[dayIndex]!;
    const target = Math.round((size.saleLines * cumulativeWeight) / totalWeight);
    if (target <= linesWritten) continue;
    // The day's shifts: two on each till, each with a cashier of the shop.
    const dayShifts = shop.tills.flatMap((till, tillIndex) =>
      [OPENING_HOUR, SHIFT_CHANGE_HOUR].flatMap((fromHour, slot) => {
        const opensAt = instantOf(day, fromHour) - 10 * 60_000;
        if (opensAt > now) return [];
        const closesAt = instantOf(day, slot === 0 ? SHIFT_CHANGE_HOUR : CLOSING_HOUR) + 15 * 60_000;
        const cashiers = shop.cashiers[till.locationIndex]!;
        const cashierId = cashiers[(day * 2 + slot + tillIndex) % cashiers.length]!;
        return [{ till, tillIndex, slot, opensAt, closesAt, cashierId, id: randomUUID(), cash: 0, sales: [] as SaleRow[] }];
      }),
    );
    chunk.shifts.push(
      ...dayShifts.map((shift): ShiftRow => {
        const open = shift.closesAt > now;
        return {
          id: shift.id,
          register_id: shift.till.registerId,
          location_id: shop.locationIds[shift.till.locationIndex]!,
          status: open ? 'open' : 'closed',
          opened_by: shift.cashierId,
          opened_at: iso(shift.opensAt),
          opening_float_minor: 500_000,
          closed_by: open ? null : shift.cashierId,
          closed_at: open ? null : iso(shift.closesAt),
          counted_cash_minor: null,
          expected_cash_minor: null,
          over_short_minor: null,
          z_number: open ? null : (shop.zNumbers[shift.tillIndex]! += 1),
          z_report: open ? null : { generated: 'bench' },
        };
      }),
    );
    for (const shift of dayShifts) shiftCash.set(shift.id, shift);
    for (const due of pendingReturns.filter((entry) => shopDayOf(entry.at) === day)) {
      const slot = due.at < instantOf(day, SHIFT_CHANGE_HOUR) ? 0 : 1;
      const returnShift = dayShifts.find((shift) => shift.till === due.till && shift.slot === slot);
      if (!returnShift) continue;
      const { line, quantity, sale } = due;
      const amount = Math.floor((line.total_minor * quantity) / line.quantity);
      if (amount <= 0) continue;
      returnNumber += 1;
      const returnId = randomUUID();
      const tax = splitInclusive(amount, line.tax_rate_bp).taxMinor;
      const createdAt = iso(due.at);
      chunk.returns.push({
        id: returnId,
        return_number: returnNumber,
        return_code: formatReturnCode(returnNumber),
        sale_id: sale.id,
        register_id: due.till.registerId,
        shift_id: returnShift.id,
        location_id: sale.location_id,
        cashier_id: returnShift.cashierId,
        customer_id: sale.customer_id,
        reason: RETURN_REASONS[random.integer(0, RETURN_REASONS.length - 1)]!,
        total_minor: amount,
        tax_minor: tax,
        created_at: createdAt,
      });
      chunk.returnLines.push({
        return_id: returnId,
        sale_line_id: line.id,
        variant_id: line.variant_id,
        product_name: line.product_name,
        variant_name: line.variant_name,
        quantity,
        amount_minor: amount,
        tax_class: line.tax_class,
        tax_rate_bp: line.tax_rate_bp,
        tax_minor: tax,
        cost_minor: Math.round((line.cost_minor * quantity) / line.quantity),
      });
      // Paid back the way it was paid (the first tender).
      chunk.refunds.push({ return_id: returnId, tender: due.tender, amount_minor: amount, created_at: createdAt });
      if (due.tender === 'cash') returnShift.cash -= amount;
      chunk.returnedLines.push({ id: line.id, quantity });
      chunk.returnedSales.push({ id: sale.id, status: due.wholeSale ? 'returned' : 'partly_returned' });
    }
    pendingReturns = pendingReturns.filter((entry) => shopDayOf(entry.at) > day);

    const daySales: { at: number; shift: (typeof dayShifts)[number]; lineCount: number }[] = [];
    let dayLines = linesWritten;
    while (dayLines < target) {
      const locationIndex = random.weighted(LOCATION_SHARES);
      const hour = OPENING_HOUR + random.weighted(HOUR_WEIGHTS) + random.next();
      let at = instantOf(day, hour);
      if (at > now - 60_000) at = instantOf(day, OPENING_HOUR) + random.next() * (now - 60_000 - instantOf(day, OPENING_HOUR));
      const slot = at < instantOf(day, SHIFT_CHANGE_HOUR) ? 0 : 1;
      const candidates = dayShifts.filter((shift) => shift.till.locationIndex === locationIndex && shift.slot === slot);
      const shift = candidates[random.integer(0, candidates.length - 1)];
      if (!shift) continue;
      const lineCount = Math.min(1 + random.weighted(LINE_COUNT_WEIGHTS), target - dayLines);
      daySales.push({ at: Math.floor(at), shift, lineCount });
      dayLines += lineCount;
    }
    daySales.sort((a, b) => a.at - b.at);

    for (const planned of daySales) {
      const { shift } = planned;
      const saleId = randomUUID();
      receiptNumber += 1;
      const lines: LineRow[] = [];
      const bands: SaleRow['tax_bands'] = {};
      const used = new Set<string>();
      for (let lineNo = 1; lineNo <= planned.lineCount; lineNo += 1) {
        let item = pickItem();
        for (let tries = 0; used.has(item.variantId) && tries < 5; tries += 1) item = pickItem();
        used.add(item.variantId);
        const quantity = random.next() < 0.82 ? 1 : random.integer(2, 4);
        const gross = item.priceMinor * quantity;
        const lineDiscount = random.next() < 0.08 ? Math.round((gross * random.integer(5, 15)) / 100 / 100) * 100 : 0;
        lines.push({
          id: randomUUID(),
          sale_id: saleId,
          line_no: lineNo,
          variant_id: item.variantId,
          product_name: item.productName,
          variant_name: item.variantName,
          sku: item.sku,
          quantity,
          list_price_minor: item.priceMinor,
          unit_price_minor: item.priceMinor,
          line_discount_minor: Math.min(lineDiscount, gross),
          cart_discount_share_minor: 0,
          total_minor: gross - Math.min(lineDiscount, gross),
          tax_class: item.taxClass,
          tax_rate_bp: shop.taxRates[item.taxClass],
          tax_minor: 0,
          cost_minor: item.costMinor * quantity,
        });
      }
      const subtotal = lines.reduce((sum, line) => sum + line.total_minor, 0);
      // A cart discount (5%, whole shillings) shared over the lines in proportion, the rest on the last.
      const cartDiscount = random.next() < 0.03 ? Math.floor((subtotal * 5) / 100 / 100) * 100 : 0;
      let shared = 0;
      lines.forEach((line, index) => {
        const share = index === lines.length - 1 ? cartDiscount - shared : Math.floor((cartDiscount * line.total_minor) / Math.max(1, subtotal));
        shared += share;
        line.cart_discount_share_minor = share;
        line.total_minor -= share;
        line.tax_minor = splitInclusive(line.total_minor, line.tax_rate_bp).taxMinor;
        const band = (bands[ETIMS_TAX_BAND[line.tax_class]] ??= { grossMinor: 0, taxMinor: 0, rateBp: line.tax_rate_bp });
        band.grossMinor += line.total_minor;
        band.taxMinor += line.tax_minor;
      });
      const total = subtotal - cartDiscount;
      const at = planned.at;
      const pattern = TENDERS[random.weighted(TENDERS.map((t) => t.weight))]!;
      const tenders: string[] = pattern.tenders[0] === 'account' && shop.customers.length === 0 ? ['card'] : [...pattern.tenders];
      const customerId = tenders[0] === 'account' ? shop.customers[random.integer(0, shop.customers.length - 1)]! : null;
      let change = 0;
      let cashPaid = 0;
      let seq = 0;
      const amounts = tenders.length === 2 && total > 1 ? [Math.round((total * 0.4) / 100) * 100 || 1, 0] : [total];
      if (amounts.length === 2) amounts[1] = total - amounts[0]!;
      tenders.forEach((tender, index) => {
        const amount = amounts[index]!;
        if (amount <= 0) return;
        seq += 1;
        let tendered: number | null = null;
        let reference: string | null = null;
        if (tender === 'cash') {
          tendered = QUICK_NOTES_MINOR.find((note) => note >= amount && random.next() < 0.7) ?? Math.ceil(amount / 5_000) * 5_000;
          if (tendered < amount) tendered = amount;
          change += tendered - amount;
          cashPaid += amount;
        } else if (tender === 'mpesa') {
          reference = `R${(mpesaSequence++).toString(36).toUpperCase().padStart(9, '0')}`;
          chunk.mpesaCodes.push({ code: reference, sale_id: saleId, created_at: iso(at) });
        } else if (tender === 'card') {
          reference = String(random.integer(1000, 9999));
        }
        chunk.payments.push({ sale_id: saleId, seq, tender, amount_minor: amount, tendered_minor: tendered, reference, created_at: iso(at) });
      });
      const sale: SaleRow = {
        id: saleId,
        receipt_number: receiptNumber,
        receipt_code: formatReceiptCode(shift.till.prefix, receiptNumber),
        register_id: shift.till.registerId,
        shift_id: shift.id,
        location_id: shop.locationIds[shift.till.locationIndex]!,
        cashier_id: shift.cashierId,
        customer_id: customerId,
        subtotal_minor: subtotal,
        discount_minor: lines.reduce((sum, line) => sum + line.line_discount_minor, 0) + cartDiscount,
        cart_discount_minor: cartDiscount,
        total_minor: total,
        tax_minor: lines.reduce((sum, line) => sum + line.tax_minor, 0),
        tax_bands: bands,
        paid_minor: total,
        change_minor: change,
        ring_up_at: iso(at - random.integer(200, 4000)),
        created_at: iso(at),
      };
      chunk.sales.push(sale);
      chunk.lines.push(...lines);
      chunkLines += lines.length;

      const fate = random.next();
      if (fate < 0.003) {
        chunk.voids.push({ id: saleId, voided_at: iso(Math.min(at + random.integer(60, 900) * 1000, now - 1000)) });
      } else {
        shift.cash += cashPaid;
        if (fate < 0.023 && total > 0) {
          // A return of one line (all of it, or one piece), within three days, on the same till; after closing time, the next morning.
          const line = lines[random.integer(0, lines.length - 1)]!;
          const quantity = line.quantity > 1 && random.next() < 0.5 ? 1 : line.quantity;
          let returnAt = at + random.integer(5 * 60, 3 * 86_400) * 1000;
          const returnDay = shopDayOf(returnAt);
          const hour = (returnAt - instantOf(returnDay, 0)) / 3_600_000;
          if (hour < OPENING_HOUR) returnAt = instantOf(returnDay, OPENING_HOUR + 0.1 + random.next());
          else if (hour >= CLOSING_HOUR - 0.1) returnAt = instantOf(returnDay + 1, OPENING_HOUR + 0.1 + random.next());
          if (returnAt < now - 60_000 && shopDayOf(returnAt) <= lastDayNumber) {
            pendingReturns.push({ at: Math.floor(returnAt), till: shift.till, sale, line, quantity, wholeSale: lines.length === 1 && quantity === line.quantity, tender: tenders[0]! });
          }
        }
      }
    }
    linesWritten = dayLines;
    if (chunkLines >= LINES_PER_CHUNK || dayIndex === dayWeights.length - 1) {
      closeShifts(chunk, random, shiftCash);
      await flush();
      shiftCash.clear();
    }
  }
  await database.withTenant(shop.tenantId, async (tx) => {
    await tx.execute(sql`insert into document_counters (tenant_id, kind, last_number) values (${shop.tenantId}, 'sale_receipt', ${receiptNumber}), (${shop.tenantId}, 'sale_return', ${returnNumber})
                         on conflict (tenant_id, kind) do update set last_number = greatest(document_counters.last_number, excluded.last_number)`);
    for (const [index, till] of shop.tills.entries()) await tx.execute(sql`update registers set last_z_number = ${shop.zNumbers[index]!} where id = ${till.registerId}`);
  });
  return totals;
}


/** Closes the chunk's past shifts: counted = expected (float + cash taken − cash refunded), now and then a little over or short. */
function closeShifts(chunk: Chunk, random: Random, shiftCash: Map<string, { cash: number }>) {
  for (const shift of chunk.shifts) {
    if (shift.status !== 'closed') continue;
    const expected = shift.opening_float_minor + (shiftCash.get(shift.id)?.cash ?? 0);
    const overShort = random.next() < 0.15 ? random.integer(-5, 5) * 1000 : 0;
    shift.expected_cash_minor = expected;
    shift.counted_cash_minor = Math.max(0, expected + overShort);
    shift.over_short_minor = shift.counted_cash_minor - expected;
  }
}

/** The part of the day's expected sales the shop has had: 1 for a past day, less for today. */
function openFraction(day: number, now: number): number {
  const hoursGone = (now - instantOf(day, OPENING_HOUR)) / 3_600_000;
  if (hoursGone >= HOUR_WEIGHTS.length) return 1;
  if (hoursGone <= 0) return 0;
  const total = HOUR_WEIGHTS.reduce((sum, w) => sum + w, 0);
  let gone = 0;
  for (let hour = 0; hour < HOUR_WEIGHTS.length; hour += 1) gone += HOUR_WEIGHTS[hour]! * Math.max(0, Math.min(1, hoursGone - hour));
  return gone / total;
}

const emptyChunk = (): Chunk => ({ shifts: [], sales: [], lines: [], payments: [], mpesaCodes: [], returns: [], returnLines: [], refunds: [], returnedLines: [], returnedSales: [], voids: [] });

async function counter(tx: TenantTx, kind: string): Promise<number> {
  const documents = kind === 'sale_receipt' ? sql`select max(receipt_number) from sales` : sql`select max(return_number) from sale_returns`;
  const [row] = await queryRows<{ n: number }>(tx, sql`select greatest((select max(last_number) from document_counters where kind = ${kind}), (${documents}), 0)::int as n`);
  return row?.n ?? 0;
}

/**
 * One transaction: the documents in the order the app writes them — shifts, sales, their lines,
 * payments (and M-Pesa codes); returns, their lines, refunds, then the returned quantities and the
 * sales' status; voids last (the UPDATE the void service makes). One statement each, from JSON.
 */
async function writeChunk(tx: TenantTx, tenantId: string, chunk: Chunk) {
  const json = (rows: unknown[]) => JSON.stringify(rows);
  await tx.execute(sql`insert into shifts (tenant_id, id, register_id, location_id, status, opened_by, opened_at, opening_float_minor, closed_by, closed_at,
                                           counted_cash_minor, expected_cash_minor, over_short_minor, z_number, z_report, created_at, updated_at)
    select ${tenantId}, id, register_id, location_id, status, opened_by, opened_at, opening_float_minor, closed_by, closed_at,
           counted_cash_minor, expected_cash_minor, over_short_minor, z_number, z_report, opened_at, coalesce(closed_at, opened_at)
    from json_to_recordset(${json(chunk.shifts)}::json) as x(id uuid, register_id uuid, location_id uuid, status text, opened_by uuid, opened_at timestamptz,
      opening_float_minor int, closed_by uuid, closed_at timestamptz, counted_cash_minor int, expected_cash_minor int, over_short_minor int, z_number int, z_report jsonb)`);
  await tx.execute(sql`insert into sales (tenant_id, id, request_hash, receipt_number, receipt_code, register_id, shift_id, location_id, cashier_id, customer_id,
                                          subtotal_minor, discount_minor, cart_discount_minor, total_minor, tax_minor, tax_bands, paid_minor, change_minor,
                                          ring_up_at, created_at, updated_at)
    select ${tenantId}, id, 'bench', receipt_number, receipt_code, register_id, shift_id, location_id, cashier_id, customer_id,
           subtotal_minor, discount_minor, cart_discount_minor, total_minor, tax_minor, tax_bands, paid_minor, change_minor, ring_up_at, created_at, created_at
    from json_to_recordset(${json(chunk.sales)}::json) as x(id uuid, receipt_number int, receipt_code text, register_id uuid, shift_id uuid, location_id uuid,
      cashier_id uuid, customer_id uuid, subtotal_minor int, discount_minor int, cart_discount_minor int, total_minor int, tax_minor int, tax_bands jsonb,
      paid_minor int, change_minor int, ring_up_at timestamptz, created_at timestamptz)`);
  await tx.execute(sql`insert into sale_lines (tenant_id, id, sale_id, line_no, variant_id, product_name, variant_name, sku, quantity, stock_quantity,
                                               list_price_minor, unit_price_minor, line_discount_minor, cart_discount_share_minor, total_minor,
                                               tax_class, tax_rate_bp, tax_minor, cost_minor)
    select ${tenantId}, id, sale_id, line_no, variant_id, product_name, variant_name, sku, quantity, quantity,
           list_price_minor, unit_price_minor, line_discount_minor, cart_discount_share_minor, total_minor, tax_class, tax_rate_bp, tax_minor, cost_minor
    from json_to_recordset(${json(chunk.lines)}::json) as x(id uuid, sale_id uuid, line_no int, variant_id uuid, product_name text, variant_name text, sku text,
      quantity numeric, list_price_minor int, unit_price_minor int, line_discount_minor int, cart_discount_share_minor int, total_minor int,
      tax_class text, tax_rate_bp int, tax_minor int, cost_minor int)`);
  await tx.execute(sql`insert into sale_payments (tenant_id, sale_id, seq, tender, amount_minor, tendered_minor, reference, created_at)
    select ${tenantId}, sale_id, seq, tender, amount_minor, tendered_minor, reference, created_at
    from json_to_recordset(${json(chunk.payments)}::json) as x(sale_id uuid, seq int, tender text, amount_minor int, tendered_minor int, reference text, created_at timestamptz)`);
  if (chunk.mpesaCodes.length) {
    await tx.execute(sql`insert into mpesa_codes (tenant_id, code, source_type, source_id, created_at)
      select ${tenantId}, code, 'sale', sale_id, created_at from json_to_recordset(${json(chunk.mpesaCodes)}::json) as x(code text, sale_id uuid, created_at timestamptz)`);
  }
  if (chunk.returns.length) {
    await tx.execute(sql`insert into sale_returns (tenant_id, id, request_hash, return_number, return_code, sale_id, register_id, shift_id, location_id, cashier_id,
                                                   customer_id, reason, total_minor, tax_minor, created_at, updated_at)
      select ${tenantId}, id, 'bench', return_number, return_code, sale_id, register_id, shift_id, location_id, cashier_id, customer_id, reason, total_minor, tax_minor, created_at, created_at
      from json_to_recordset(${json(chunk.returns)}::json) as x(id uuid, return_number int, return_code text, sale_id uuid, register_id uuid, shift_id uuid,
        location_id uuid, cashier_id uuid, customer_id uuid, reason text, total_minor int, tax_minor int, created_at timestamptz)`);
    await tx.execute(sql`insert into sale_return_lines (tenant_id, return_id, line_no, sale_line_id, variant_id, product_name, variant_name, quantity, stock_quantity,
                                                        amount_minor, tax_class, tax_rate_bp, tax_minor, cost_minor, disposition)
      select ${tenantId}, return_id, 1, sale_line_id, variant_id, product_name, variant_name, quantity, quantity, amount_minor, tax_class, tax_rate_bp, tax_minor, cost_minor, 'restock'
      from json_to_recordset(${json(chunk.returnLines)}::json) as x(return_id uuid, sale_line_id uuid, variant_id uuid, product_name text, variant_name text,
        quantity numeric, amount_minor int, tax_class text, tax_rate_bp int, tax_minor int, cost_minor int)`);
    await tx.execute(sql`insert into sale_refunds (tenant_id, return_id, seq, tender, amount_minor, created_at)
      select ${tenantId}, return_id, 1, tender, amount_minor, created_at
      from json_to_recordset(${json(chunk.refunds)}::json) as x(return_id uuid, tender text, amount_minor int, created_at timestamptz)`);
    await tx.execute(sql`update sale_lines l set returned_quantity = l.returned_quantity + x.quantity
      from json_to_recordset(${json(chunk.returnedLines)}::json) as x(id uuid, quantity numeric) where l.id = x.id`);
    await tx.execute(sql`update sales s set status = x.status, updated_at = s.created_at
      from json_to_recordset(${json(chunk.returnedSales)}::json) as x(id uuid, status text) where s.id = x.id`);
  }
  if (chunk.voids.length) {
    await tx.execute(sql`update sales s set status = 'voided', voided_at = x.voided_at, void_reason = 'Rung up by mistake', updated_at = x.voided_at
      from json_to_recordset(${json(chunk.voids)}::json) as x(id uuid, voided_at timestamptz) where s.id = x.id`);
  }
}

// ---------------------------------------------------------------- the summaries

/**
 * The summary triggers (report_summary_*) kept the summaries during the load when they exist;
 * otherwise server/reports/summaries.ts rebuilds them when it exists; otherwise they stay empty.
 */
async function bringSummariesUpToDate(database: Database, tenantId: string): Promise<ReportDataset['summaries']> {
  const triggers = await reportSummaryTriggers(database);
  if (triggers.length > 0) return 'triggers';
  const module = await importRebuild();
  if (!module) {
    console.log('  ! no report_summary_* triggers and no server/reports/summaries.ts: the summary tables stay empty');
    return 'none';
  }
  await database.withTenant(tenantId, (tx) => module(tx));
  return 'rebuild';
}

/** rebuildReportSummaries from server/reports/summaries.ts, when it is there. */
export async function importRebuild(): Promise<((tx: TenantTx) => Promise<void>) | null> {
  const path = join(REPO_ROOT, 'server/reports/summaries.ts');
  if (!existsSync(path)) return null;
  const module = (await import(pathToFileURL(path).href)) as { rebuildReportSummaries?: (tx: TenantTx) => Promise<void> };
  return module.rebuildReportSummaries ?? null;
}

/** The report summary triggers: [table, trigger] pairs, looked up in pg_trigger. */
export async function reportSummaryTriggers(database: Database): Promise<{ table: string; trigger: string }[]> {
  return queryRows<{ table: string; trigger: string }>(
    database.platform,
    sql`select c.relname as "table", t.tgname as "trigger" from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where t.tgname like 'report\\_summary\\_%' and not t.tgisinternal order by 1, 2`,
  );
}

/** Writes an in-memory PGlite database into a data folder, where server/db/client.ts opens it. */
async function writeDataDir(database: Database, dataDir: string) {
  const memory = (database.platform as unknown as { $client: PGlite }).$client;
  const files = new PGlite(join(dataDir, 'pglite'), { loadDataDir: await memory.dumpDataDir('none'), extensions: { pg_trgm } });
  await files.waitReady;
  await files.close();
}

/** Opens a dataset's database (PGlite folder or PostgreSQL) with the app's own settings. */
export const openReportDatabase = (target: ReportTarget) => openDatabase('url' in target ? { driver: 'postgres', url: target.url } : { driver: 'pglite', dataDir: target.dataDir });

/**
 * The summaries as the triggers left them against their recomputation from the documents
 * (server/reports/summaries.ts summaryComparisonQueries): rows in one and not the other, per table.
 */
export async function compareSummaries(database: Database, tenantId: string): Promise<{ table: string; storedOnly: number; recomputedOnly: number; stored: number }[]> {
  const path = join(REPO_ROOT, 'server/reports/summaries.ts');
  const module = (await import(pathToFileURL(path).href)) as { summaryComparisonQueries?: () => { name: string; stored: SQL; recomputed: SQL }[] };
  if (!module.summaryComparisonQueries) throw new BenchError('server/reports/summaries.ts has no summaryComparisonQueries');
  const comparisons = module.summaryComparisonQueries();
  return database.withTenant(tenantId, async (tx) => {
    const results = [];
    for (const { name, stored, recomputed } of comparisons) {
      const [row] = await queryRows<{ stored_only: number; recomputed_only: number; stored: number }>(
        tx,
        sql`select (select count(*) from ((${stored}) except all (${recomputed})) x)::int as stored_only,
                   (select count(*) from ((${recomputed}) except all (${stored})) x)::int as recomputed_only,
                   (select count(*) from (${stored}) x)::int as stored`,
      );
      results.push({ table: name, storedOnly: row!.stored_only, recomputedOnly: row!.recomputed_only, stored: row!.stored });
    }
    return results;
  });
}
