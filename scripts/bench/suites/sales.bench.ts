// Sales suite (issue 15): the checkout of a 5-line sale paid cash + M-Pesa by 8 concurrent
// clients through the API (POST /api/sales: validation, the shift lock, pricing, the M-Pesa code
// claim, stock through the ledger, the shop-wide receipt counter, the sale's rows and, since issue
// 17, its general-ledger entry) next to the same writes issued as one raw SQL transaction, in the
// same run; and the raw path without the ledger's writes, issue 15's baseline, for what the
// postings cost. Figures S1 on PGlite, S2 on PostgreSQL when DATABASE_URL is set (a scratch
// database, dropped afterwards).
// Then the register in Chromium with the 100,000-product catalog (support/register-browser.ts):
// time to ready beside /auth's, scan-to-line beside the barcode lookup request alone. Figures S3 on
// PGlite, S4 on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { saleQuoteInputSchema, type SaleQuote } from '../../../core/sales/sales.schemas';
import { builtInPermissions } from '../../../core/team/permissions.rules';
import { accountRefKey, mergeLines, type AccountRef } from '../../../core/accounting/posting';
import { resolveAccounts } from '../../../server/accounting/posting';
import { openDatabase, queryRows, type Database, type TenantTx } from '../../../server/db/client';
import { DEMO_SECOND_TILL } from '../../../server/db/seed';
import { recordMovements } from '../../../server/inventory/stock-ledger';
import { openShift } from '../../../server/registers/shifts.service';
import { builtInSaleActor, quoteSale } from '../../../server/sales/checkout.service';
import { DEMO_HOST } from '../support/bench-tenants';
import { buildCatalogDataset, generatedBarcode, type CatalogTarget } from '../support/catalog-dataset';
import { createTempDataDir } from '../support/child-server';
import { envNumber } from '../support/env';
import { formatMs, formatRatio, formatSeconds } from '../support/format';
import { REGISTER_ROUTE } from '../../web/bundle-size';
import { createScratchDatabase } from '../support/postgres';
import { buildRegisterWeb, measureRegisterInBrowser, startWebServer, type ReadyBreakdown, type RegisterBrowserFigures, type ScanTiming } from '../support/register-browser';
import { startBenchServer } from '../support/servers';
import { signInCookie } from '../support/sign-in';
import { summarize, type LatencySummary } from '../support/stats';
import { BenchError, goalStatus, type BenchSuite, type SummaryLine } from '../support/suite';
import { printTable } from '../support/table';
import { openSeededDemo } from '../support/seeded-demo';

const GOALS = { shareOfRaw: 0.5, p99Ms: 50, registerReadyMs: 2000, scanP95Ms: 100 };

const readSettings = () => ({
  clients: envNumber('BENCH_CONNECTIONS', 8),
  seconds: envNumber('BENCH_SALES_SECONDS', 6),
  warmUpMs: 1500,
  /** The register in Chromium: cold navigations (0: no browser figures), scans after each, catalog size. */
  registerNavigations: envNumber('BENCH_REGISTER_NAVIGATIONS', 10),
  scansPerNavigation: envNumber('BENCH_REGISTER_SCANS', 10),
  catalogProducts: envNumber('BENCH_CATALOG_PRODUCTS', 100_000),
});
let settings: ReturnType<typeof readSettings>;

const LINES = 5;
/** Stock units put on each of the five items first, so no sale of the run is refused for stock. */
const TOP_UP_MILLI = 10_000_000 * 1000;
const CASH_SHARE = 0.4;

type Target = { dataDir: string } | { url: string };

interface Dataset {
  tenantId: string;
  cashierId: string;
  registerId: string;
  shiftId: string;
  locationId: string;
  quote: SaleQuote;
  /** The sale's ledger entry as the raw path writes it: its lines on their accounts, balanced. */
  ledgerLines: { accountId: string; amountMinor: number; locationId: string }[];
}

// ---------------------------------------------------------------- dataset

/** The demo shop, "Till 2" with a cashier's shift open, five stocked items and the server's quote for one of each. */
async function buildDataset(target: Target): Promise<Dataset> {
  const { database, tenantId } = await openSeededDemo(target);
  try {
    const [cashier] = await queryRows<{ id: string }>(database.platform, sql`select id from users where email = 'cashier@demo.test'`);
    if (!cashier) throw new BenchError('the demo shop has no cashier@demo.test');
    const { registerId, locationId, variantIds } = await database.withTenant(tenantId, async (tx) => {
      const [register] = await queryRows<{ id: string; location_id: string }>(tx, sql`select id, location_id from registers where name = ${DEMO_SECOND_TILL.name} and receipt_prefix = ${DEMO_SECOND_TILL.receiptPrefix}`);
      if (!register) throw new BenchError(`the demo shop has no ${DEMO_SECOND_TILL.name}`);
      // Five tracked single-variant products sold by the piece, one per category where possible: an ordinary basket.
      const items = await queryRows<{ id: string }>(
        tx,
        sql`select distinct on (p.category_id) v.id from product_variants v join products p on p.id = v.product_id
            where p.track_stock and (select count(*) from product_variants w where w.product_id = p.id) = 1
            order by p.category_id, v.sku limit ${LINES}`,
      );
      if (items.length < LINES) throw new BenchError(`the demo catalog has fewer than ${LINES} stocked products`);
      await recordMovements(
        tx,
        { tenantId, userId: cashier.id, allowNegative: false },
        items.map((item) => ({ variantId: item.id, locationId: register.location_id, kind: 'adjustment' as const, quantityMilli: TOP_UP_MILLI, reason: 'found', sourceType: 'bench', sourceId: randomUUID() })),
      );
      return { registerId: register.id, locationId: register.location_id, variantIds: items.map((item) => item.id) };
    });
    const shift = await openShift(database, { tenantId, userId: cashier.id, requestKey: null, permissions: builtInPermissions('cashier') }, { registerId, openingFloatMinor: 500_000, denominations: null });
    const quote = await quoteSale(database, builtInSaleActor(tenantId, cashier.id, 'cashier'), saleQuoteInputSchema.parse({ registerId, lines: variantIds.map((variantId) => ({ variantId, quantityMilli: 1000 })) }));
    const ledgerLines = await database.withTenant(tenantId, (tx) => rawLedgerLines(tx, tenantId, locationId, quote));
    await refreshStatistics(database);
    return { tenantId, cashierId: cashier.id, registerId, shiftId: shift.id, locationId, quote, ledgerLines };
  } finally {
    await database.close();
  }
}

/**
 * The lines of the sale's entry for the raw path, worked out once: the tenders, sales and VAT per
 * class, and the goods at their average cost (COGS against inventory).
 */
async function rawLedgerLines(tx: TenantTx, tenantId: string, locationId: string, quote: SaleQuote): Promise<Dataset['ledgerLines']> {
  const { cash, mpesa } = tenderSplit(quote.totalMinor);
  const [cost] = await queryRows<{ minor: string }>(
    tx,
    sql`select sum(average_cost_minor)::text as minor from product_variants where id in (${sql.join(
      quote.lines.map((line) => sql`${line.variantId}::uuid`),
      sql`, `,
    )})`,
  );
  const costMinor = Number(cost!.minor);
  const lines: { account: AccountRef; amountMinor: number }[] = [
    { account: { key: 'cash_location', locationId }, amountMinor: cash },
    { account: { tender: 'mpesa' }, amountMinor: mpesa },
    ...quote.lines.flatMap((line) => [
      { account: { key: 'sales_band' as const, taxClass: line.taxClass }, amountMinor: -(line.totalMinor - line.taxMinor) },
      { account: { key: 'vat_output_band' as const, taxClass: line.taxClass }, amountMinor: -line.taxMinor },
    ]),
    { account: { key: 'cogs' }, amountMinor: costMinor },
    { account: { key: 'inventory' }, amountMinor: -costMinor },
  ];
  const accounts = await resolveAccounts(tx, tenantId, lines.map((line) => line.account));
  return mergeLines(lines).map((line) => ({ accountId: accounts.get(accountRefKey(line.account))!, amountMinor: line.amountMinor, locationId }));
}

async function refreshStatistics(database: Database) {
  if (database.driver === 'pglite') await database.platform.execute(sql`vacuum analyze`);
  else await database.platform.execute(sql`analyze`);
}

// ---------------------------------------------------------------- the sale

let mpesaSequence = 0;
/** A fresh, valid M-Pesa code per sale (10 capitals and digits), unique across the run's clients. */
const nextMpesaCode = (prefix: string) => `${prefix}${(mpesaSequence++).toString(36).toUpperCase().padStart(9, '0')}`.slice(0, 10);

/** The sale's two payments: the cash part and M-Pesa for the rest. */
function tenderSplit(totalMinor: number) {
  const cash = Math.round(totalMinor * CASH_SHARE);
  return { cash, mpesa: totalMinor - cash };
}

function checkoutBody(dataset: Dataset, runTag: string) {
  const total = dataset.quote.totalMinor;
  const { cash, mpesa } = tenderSplit(total);
  return {
    id: randomUUID(),
    registerId: dataset.registerId,
    shiftId: dataset.shiftId,
    customerId: null,
    lines: dataset.quote.lines.map((line) => ({ variantId: line.variantId, quantityMilli: line.quantityMilli })),
    payments: [
      // Handed a round note: the cash part gives change.
      { tender: 'cash', amountMinor: cash, tenderedMinor: Math.ceil(cash / 100_000) * 100_000 },
      { tender: 'mpesa', amountMinor: mpesa, reference: nextMpesaCode(runTag) },
    ],
    approvalIds: [],
    expectedTotalMinor: total,
    ringUpAt: new Date().toISOString(),
    fromOutbox: false,
  };
}

/**
 * The writes of that checkout, bare, in one transaction: the shift row shared, the M-Pesa code
 * claimed, each line's stock row moved with its ledger row, the receipt counter (last, as the
 * service does), the sale, its five lines and two payments. `withLedger`: also what the checkout
 * writes to the general ledger since issue 17: the items' book values at the stock's new value, and
 * the sale's journal entry (numbered) with its lines.
 */
async function rawCheckout(database: Database, dataset: Dataset, runTag: string, withLedger: boolean) {
  const { tenantId, quote } = dataset;
  const body = checkoutBody(dataset, runTag);
  const mpesa = body.payments[1]!;
  await database.withTenant(tenantId, async (tx) => {
    await tx.execute(sql`select id from shifts where id = ${dataset.shiftId} and register_id = ${dataset.registerId} and status = 'open' for share`);
    await tx.execute(sql`insert into mpesa_codes (tenant_id, code, source_type, source_id) values (${tenantId}, ${'reference' in mpesa ? mpesa.reference : ''}, 'sale', ${body.id})`);
    for (const line of quote.lines) {
      await tx.execute(sql`with level as (
                             update stock_levels set on_hand = on_hand - ${line.stockQuantityMilli / 1000}::numeric, updated_at = now()
                             where tenant_id = ${tenantId} and variant_id = ${line.variantId} and location_id = ${dataset.locationId} and on_hand >= ${line.stockQuantityMilli / 1000}::numeric
                             returning on_hand)
                           insert into stock_movements (tenant_id, variant_id, location_id, kind, quantity, balance_after, source_type, source_id, user_id, created_at)
                           select ${tenantId}, ${line.variantId}, ${dataset.locationId}, 'sale', ${-line.stockQuantityMilli / 1000}::numeric, level.on_hand, 'sale', ${body.id}, ${dataset.cashierId}, clock_timestamp()
                           from level`);
    }
    if (withLedger) {
      await tx.execute(sql`insert into inventory_book_values (tenant_id, variant_id, location_id, value_minor)
                           select s.tenant_id, s.variant_id, s.location_id, round(s.on_hand * v.average_cost_minor)::bigint
                           from stock_levels s join product_variants v on v.tenant_id = s.tenant_id and v.id = s.variant_id
                           where s.variant_id in (${sql.join(
                             quote.lines.map((line) => sql`${line.variantId}::uuid`),
                             sql`, `,
                           )})
                           on conflict (tenant_id, variant_id, location_id) do update set value_minor = excluded.value_minor`);
    }
    const [counter] = await queryRows<{ n: number }>(
      tx,
      sql`insert into document_counters (tenant_id, kind, last_number) values (${tenantId}, 'sale_receipt', 1)
          on conflict (tenant_id, kind) do update set last_number = document_counters.last_number + 1 returning last_number::int as n`,
    );
    await tx.execute(sql`insert into sales (tenant_id, id, request_hash, receipt_number, receipt_code, register_id, shift_id, location_id, cashier_id,
                                            subtotal_minor, total_minor, tax_minor, tax_bands, paid_minor, change_minor, ring_up_at)
                         values (${tenantId}, ${body.id}, 'raw', ${counter!.n}, ${`RAW-${counter!.n}`}, ${dataset.registerId}, ${dataset.shiftId}, ${dataset.locationId},
                                 ${dataset.cashierId}, ${quote.subtotalMinor}, ${quote.totalMinor}, ${quote.taxMinor}, ${JSON.stringify(quote.taxBands)}::jsonb,
                                 ${quote.totalMinor}, 0, now())`);
    await tx.execute(sql`insert into sale_lines (tenant_id, sale_id, line_no, variant_id, product_name, variant_name, sku, quantity, stock_quantity,
                                                 list_price_minor, unit_price_minor, total_minor, tax_class, tax_rate_bp, tax_minor)
                         values ${sql.join(
                           quote.lines.map(
                             (line, index) =>
                               sql`(${tenantId}, ${body.id}, ${index + 1}, ${line.variantId}, ${line.productName}, ${line.variantName}, ${line.sku},
                                    ${line.quantityMilli / 1000}::numeric, ${line.stockQuantityMilli / 1000}::numeric, ${line.listPriceMinor}, ${line.unitPriceMinor},
                                    ${line.totalMinor}, ${line.taxClass}, ${line.taxRateBp}, ${line.taxMinor})`,
                           ),
                           sql`, `,
                         )}`);
    const cash = body.payments[0]!;
    await tx.execute(sql`insert into sale_payments (tenant_id, sale_id, seq, tender, amount_minor, tendered_minor, reference)
                         values (${tenantId}, ${body.id}, 1, 'cash', ${cash.amountMinor}, ${'tenderedMinor' in cash ? cash.tenderedMinor : null}, null),
                                (${tenantId}, ${body.id}, 2, 'mpesa', ${mpesa.amountMinor}, null, ${'reference' in mpesa ? mpesa.reference : null})`);
    if (withLedger) {
      await tx.execute(sql`with counter as (
                             insert into document_counters (tenant_id, kind, last_number) values (${tenantId}, 'journal_entry', 1)
                             on conflict (tenant_id, kind) do update set last_number = document_counters.last_number + 1 returning last_number
                           ), entry as (
                             insert into journal_entries (tenant_id, number, entry_date, source_type, source_id, memo)
                             select ${tenantId}, last_number, current_date, 'sale', ${body.id}, ${`Sale RAW-${counter!.n}`} from counter returning id
                           )
                           insert into journal_lines (tenant_id, entry_id, line_no, account_id, entry_date, debit_minor, credit_minor, location_id)
                           select ${tenantId}, entry.id, line.line_no, line.account_id, current_date, line.debit, line.credit, line.location_id
                           from entry cross join (values ${sql.join(
                             dataset.ledgerLines.map(
                               (line, index) =>
                                 sql`(${index + 1}::smallint, ${line.accountId}::uuid, ${Math.max(line.amountMinor, 0)}::bigint, ${Math.max(-line.amountMinor, 0)}::bigint, ${line.locationId}::uuid)`,
                             ),
                             sql`, `,
                           )}) as line (line_no, account_id, debit, credit, location_id)`);
    }
  });
}

// ---------------------------------------------------------------- clients

interface Run {
  operations: number;
  seconds: number;
  latencies: number[];
}

/** `clients` loops, each doing one operation after the other until the deadline. */
async function runClients(operations: (() => Promise<unknown>)[], ms: number): Promise<Run> {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + ms;
  await Promise.all(
    operations.map(async (operation) => {
      while (performance.now() < deadline) {
        const begun = performance.now();
        await operation();
        latencies.push(performance.now() - begun);
      }
    }),
  );
  return { operations: latencies.length, seconds: (performance.now() - started) / 1000, latencies };
}

/**
 * `clients` loops at a steady pace, together `perSecond` operations a second: each operation is due
 * at its slot and its latency counts from then, so a late start counts too (no coordinated omission).
 */
async function runPaced(operations: (() => Promise<unknown>)[], perSecond: number, ms: number): Promise<Run> {
  const latencies: number[] = [];
  const intervalMs = (1000 * operations.length) / perSecond;
  const started = performance.now();
  const deadline = started + ms;
  await Promise.all(
    operations.map(async (operation, index) => {
      // Clients start spread over one interval, as tills do not ring up in step.
      for (let due = started + (intervalMs * index) / operations.length; due < deadline; due += intervalMs) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        await operation();
        latencies.push(performance.now() - due);
      }
    }),
  );
  return { operations: latencies.length, seconds: (performance.now() - started) / 1000, latencies };
}

/** One client: its own keep-alive connection posting checkouts; anything but 201 stops the bench. */
function apiClient(port: number, cookie: string, dataset: Dataset, runTag: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const payload = JSON.stringify(checkoutBody(dataset, runTag));
      const req = request(
        {
          hostname: '127.0.0.1',
          port,
          path: '/api/sales',
          method: 'POST',
          agent,
          headers: { host: DEMO_HOST, cookie, origin: `http://${DEMO_HOST}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            if (res.statusCode === 201) resolve();
            else reject(new BenchError(`POST /api/sales answered ${res.statusCode}: ${Buffer.concat(chunks).toString('utf8').slice(0, 300)}`));
          });
          res.on('error', reject);
        },
      );
      req.setTimeout(30_000, () => req.destroy(new BenchError('POST /api/sales timed out')));
      req.on('error', reject);
      req.end(payload);
    });
  return { post, close: () => agent.destroy() };
}

// ---------------------------------------------------------------- a run on one database

interface Figures {
  database: string;
  api: { perSecond: number; latency: LatencySummary; sales: number };
  /** The same writes as the API, bare: the sale's and, since issue 17, its ledger entry's. */
  raw: { perSecond: number; latency: LatencySummary; sales: number };
  /** The sale's writes without the ledger's (issue 15's baseline): what the postings cost the bare path. */
  rawWithoutLedger: { perSecond: number; latency: LatencySummary; sales: number };
  /** Both paths again at a steady PACED_SHARE of the API's own throughput above (raw: PostgreSQL only). */
  paced: { perSecond: number; api: LatencySummary; raw: LatencySummary | null };
  /** Issue 18: the API and the raw path again with the report summary triggers disabled (null: no such triggers). */
  upkeep: { triggers: string[]; apiOff: Figures['api']; rawOff: Figures['raw'] } | null;
}

/** The paced runs' load: this share of the throughput the API reached with clients back to back. */
const PACED_SHARE = 0.5;

const toFigure = (run: Run) => ({ perSecond: run.operations / run.seconds, latency: summarize(run.latencies), sales: run.operations });

async function runOnDatabase(label: string, target: Target): Promise<Figures> {
  console.log(`\n  ${label}: seeding the demo shop…`);
  const dataset = await buildDataset(target);

  console.log(`  ${label}: raw SQL checkouts, ${settings.clients} clients…`);
  const database = await openDatabase('url' in target ? { driver: 'postgres', url: target.url } : { driver: 'pglite', dataDir: target.dataDir });
  const rawOperations = (tag: string, withLedger = true) => Array.from({ length: settings.clients }, () => () => rawCheckout(database, dataset, tag, withLedger));
  // PGlite is one process's database: the raw path closes it before the server opens it, and is
  // not paced. On PostgreSQL it stays open for the paced run.
  const rawStaysOpen = 'url' in target;
  let raw: Run;
  let rawWithoutLedger: Run;
  const triggers: { table: string; trigger: string }[] = [];
  let rawOff: Run | null = null;
  try {
    await runClients(rawOperations('W', false), settings.warmUpMs);
    rawWithoutLedger = await runClients(rawOperations('N', false), settings.seconds * 1000);
    console.log(`  ${label}: raw SQL checkouts with the ledger's writes, ${settings.clients} clients…`);
    await runClients(rawOperations('V'), settings.warmUpMs);
    raw = await runClients(rawOperations('R'), settings.seconds * 1000);
    // Issue 18: the same raw path with the report summary triggers disabled, for what their upkeep costs.
    triggers.push(...(await reportSummaryTriggers(database)));
    if (triggers.length > 0) {
      console.log(`  ${label}: raw SQL checkouts with the ${triggers.length} report summary triggers disabled, ${settings.clients} clients…`);
      await setReportSummaryTriggers(database, triggers, false);
      await runClients(rawOperations('T'), settings.warmUpMs);
      rawOff = await runClients(rawOperations('F'), settings.seconds * 1000);
      await setReportSummaryTriggers(database, triggers, true);
    }
  } finally {
    if (!rawStaysOpen) await database.close();
  }
  // PGlite: a server removes its data folder when it stops, so the API run without the triggers gets a copy, made now.
  let offTarget: Target | null = null;
  if (triggers.length > 0) {
    if ('url' in target) offTarget = target;
    else {
      offTarget = { dataDir: createTempDataDir('sales-upkeep') };
      cpSync(join(target.dataDir, 'pglite'), join(offTarget.dataDir, 'pglite'), { recursive: true });
      const copy = await openDatabase({ driver: 'pglite', dataDir: offTarget.dataDir });
      await setReportSummaryTriggers(copy, triggers, false).finally(() => copy.close());
    }
  }

  console.log(`  ${label}: API checkouts, ${settings.clients} clients…`);
  const server = await startBenchServer({
    label: `bench server (sales, ${label})`,
    tenants: 0,
    misses: 0,
    env: { TRUST_PROXY: 'true', DEMO_SALES_DAYS: '0' },
    ...('url' in target ? { databaseUrl: target.url } : { dataDir: target.dataDir }),
  });
  let api: Run;
  let paced: Figures['paced'];
  try {
    const cookie = await signInCookie(server.port, { host: DEMO_HOST, email: 'cashier@demo.test', clientAddress: '198.18.0.15' });
    const clients = (tag: string) => Array.from({ length: settings.clients }, () => apiClient(server.port, cookie, dataset, tag));
    const timedRun = async (tag: string, run: (operations: (() => Promise<void>)[]) => Promise<Run>) => {
      const opened = clients(tag);
      try {
        return await run(opened.map((client) => client.post));
      } finally {
        opened.forEach((client) => client.close());
      }
    };
    await timedRun('X', (operations) => runClients(operations, settings.warmUpMs));
    api = await timedRun('A', (operations) => runClients(operations, settings.seconds * 1000));
    const perSecond = (api.operations / api.seconds) * PACED_SHARE;
    console.log(`  ${label}: both paths paced at ${perSecond.toFixed(0)} sales/s, ${settings.clients} clients…`);
    const pacedApi = await timedRun('P', (operations) => runPaced(operations, perSecond, settings.seconds * 1000));
    const pacedRaw = rawStaysOpen ? await runPaced(rawOperations('Q'), perSecond, settings.seconds * 1000) : null;
    paced = { perSecond, api: summarize(pacedApi.latencies), raw: pacedRaw && summarize(pacedRaw.latencies) };
  } finally {
    await server.stop();
  }
  let upkeep: Figures['upkeep'] = null;
  try {
    if (offTarget && rawOff) {
      if (rawStaysOpen) await setReportSummaryTriggers(database, triggers, false);
      console.log(`  ${label}: API checkouts with the report summary triggers disabled, ${settings.clients} clients…`);
      const apiOff = await apiCheckouts(label, offTarget, dataset, 'upkeep');
      upkeep = { triggers: triggers.map((trigger) => trigger.trigger), apiOff: toFigure(apiOff), rawOff: toFigure(rawOff) };
    }
  } finally {
    if (rawStaysOpen) {
      if (triggers.length > 0) await setReportSummaryTriggers(database, triggers, true);
      await database.close();
    }
  }
  return { database: label, api: toFigure(api), raw: toFigure(raw), rawWithoutLedger: toFigure(rawWithoutLedger), paced, upkeep };
}

/** The API checkout back to back on a server of its own (warm-up, then timed): the upkeep comparison's run. */
async function apiCheckouts(label: string, target: Target, dataset: Dataset, what: string): Promise<Run> {
  const server = await startBenchServer({
    label: `bench server (sales, ${label}, ${what})`,
    tenants: 0,
    misses: 0,
    env: { TRUST_PROXY: 'true', DEMO_SALES_DAYS: '0' },
    ...('url' in target ? { databaseUrl: target.url } : { dataDir: target.dataDir }),
  });
  try {
    const cookie = await signInCookie(server.port, { host: DEMO_HOST, email: 'cashier@demo.test', clientAddress: '198.18.0.16' });
    const timed = async (tag: string, ms: number) => {
      const opened = Array.from({ length: settings.clients }, () => apiClient(server.port, cookie, dataset, tag));
      try {
        return await runClients(opened.map((client) => client.post), ms);
      } finally {
        opened.forEach((client) => client.close());
      }
    };
    await timed('K', settings.warmUpMs);
    return await timed('J', settings.seconds * 1000);
  } finally {
    await server.stop();
  }
}

/** The report summary triggers (issue 18), looked up in pg_trigger by their prefix. */
async function reportSummaryTriggers(database: Database): Promise<{ table: string; trigger: string }[]> {
  return queryRows<{ table: string; trigger: string }>(
    database.platform,
    sql`select c.relname as "table", t.tgname as "trigger" from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where t.tgname like 'report\\_summary\\_%' and not t.tgisinternal order by 1, 2`,
  );
}

async function setReportSummaryTriggers(database: Database, triggers: { table: string; trigger: string }[], enabled: boolean) {
  for (const { table, trigger } of triggers) {
    await database.platform.execute(sql.raw(`alter table ${table} ${enabled ? 'enable' : 'disable'} trigger ${trigger}`));
  }
}

// ---------------------------------------------------------------- report

function report(run: Figures, prefix: string, goalsApply: boolean): SummaryLine[] {
  const { api, raw, rawWithoutLedger } = run;
  const share = api.perSecond / raw.perSecond;
  const shareWithoutLedger = api.perSecond / rawWithoutLedger.perSecond;
  const row = (path: string, figure: Figures['api']) => [path, figure.perSecond.toFixed(0), String(figure.sales), formatMs(figure.latency.p50), formatMs(figure.latency.p95), formatMs(figure.latency.p99)];
  printTable({
    title: `Figure ${prefix} — checkout of a 5-line sale, cash + M-Pesa, ${settings.clients} concurrent clients (${run.database})`,
    columns: ['path', 'sales/s', 'sales', 'p50', 'p95', 'p99'],
    rows: [
      row('API: POST /api/sales (completeSaleInTx in a withTenant transaction, with its ledger entry)', api),
      row('raw: shift FOR SHARE, M-Pesa code, 5 × stock + movement, book values, counter, sale, lines, payments, journal entry + lines', raw),
      row("raw without the ledger's writes (book values, journal entry): issue 15's baseline", rawWithoutLedger),
    ],
    notes: [
      `API ÷ raw throughput: ${formatRatio(share)} (goal ≥ ${GOALS.shareOfRaw}×); API p99 goal < ${GOALS.p99Ms} ms${goalsApply ? '' : ' (PostgreSQL only: PGlite runs one statement at a time)'}.`,
      `API ÷ raw without the ledger's writes: ${formatRatio(shareWithoutLedger)}; the ledger's writes take the raw path from ${rawWithoutLedger.perSecond.toFixed(0)} to ${raw.perSecond.toFixed(0)} sales/s.`,
      `${settings.seconds} s each after ${settings.warmUpMs / 1000} s untimed; the raw paths first, then the API on the same database (PGlite allows one process). Each client: one keep-alive connection, the next sale when the last is answered.`,
      'Back to back, 8 clients keep the machine saturated: each sale waits for the others (Little\'s law: mean latency = clients ÷ throughput), the raw path too.',
    ],
  });
  const { paced } = run;
  printTable({
    title: `Figure ${prefix}.paced — the same checkout at a steady ${paced.perSecond.toFixed(0)} sales/s (${PACED_SHARE * 100}% of the API's throughput above), ${settings.clients} clients (${run.database})`,
    columns: ['path', 'p50', 'p95', 'p99'],
    rows: [
      ['API: POST /api/sales', formatMs(paced.api.p50), formatMs(paced.api.p95), formatMs(paced.api.p99)],
      ...(paced.raw ? [['raw SQL, same rate', formatMs(paced.raw.p50), formatMs(paced.raw.p95), formatMs(paced.raw.p99)]] : []),
    ],
    notes: [
      `Each client's sales are due at fixed intervals, ${settings.seconds} s; a sale's latency counts from when it was due, so one that starts late because the last was slow counts its wait.`,
    ],
  });
  const tag = `[${run.database}]`;
  const upkeepLines: SummaryLine[] = [];
  const { upkeep } = run;
  if (upkeep) {
    const apiCost = 1 - api.perSecond / upkeep.apiOff.perSecond;
    const rawCost = 1 - raw.perSecond / upkeep.rawOff.perSecond;
    printTable({
      title: `Figure ${prefix}.upkeep — what keeping the report summaries costs the checkout: the runs above beside the same runs with the ${upkeep.triggers.length} report_summary_* triggers disabled (${run.database})`,
      columns: ['path', 'sales/s', 'sales', 'p50', 'p95', 'p99'],
      rows: [
        row('API, summaries kept (the run above)', api),
        row('API, summary triggers disabled', upkeep.apiOff),
        row('raw with the ledger, summaries kept (the run above)', raw),
        row('raw with the ledger, summary triggers disabled', upkeep.rawOff),
      ],
      notes: [
        `The upkeep takes the API from ${upkeep.apiOff.perSecond.toFixed(0)} to ${api.perSecond.toFixed(0)} sales/s (${(apiCost * 100).toFixed(0)}%), the raw path from ${upkeep.rawOff.perSecond.toFixed(0)} to ${raw.perSecond.toFixed(0)} (${(rawCost * 100).toFixed(0)}%).`,
        `With the upkeep on, API ÷ raw = ${formatRatio(share)} (goal ≥ ${GOALS.shareOfRaw}×); API with it ÷ raw without it = ${formatRatio(api.perSecond / upkeep.rawOff.perSecond)}.`,
        `Triggers: ${upkeep.triggers.join(', ')}. The runs without them come after those with them, on the same shop (PGlite: a copy of it), ${settings.seconds} s each after ${settings.warmUpMs / 1000} s untimed.`,
      ],
    });
    upkeepLines.push({
      figure: `${tag} checkout API with the report summaries kept ÷ without (${settings.clients} clients)`,
      value: `${Math.round(api.perSecond)}/s (${formatRatio(api.perSecond / upkeep.apiOff.perSecond)})`,
      baseline: `triggers disabled ${Math.round(upkeep.apiOff.perSecond)}/s; raw ${Math.round(raw.perSecond)} vs ${Math.round(upkeep.rawOff.perSecond)}/s`,
      goal: `API ≥ ${GOALS.shareOfRaw}× raw with them`,
      status: goalsApply ? goalStatus(share >= GOALS.shareOfRaw) : 'INFO',
    });
  }
  return [
    ...upkeepLines,
    {
      figure: `${tag} checkout API ÷ raw (${settings.clients} clients)`,
      value: `${Math.round(api.perSecond)}/s (${formatRatio(share)})`,
      baseline: `raw ${Math.round(raw.perSecond)}/s`,
      goal: `≥ ${GOALS.shareOfRaw}×`,
      status: goalsApply ? goalStatus(share >= GOALS.shareOfRaw) : 'INFO',
    },
    {
      figure: `${tag} checkout API ÷ raw without the ledger's writes`,
      value: `${Math.round(api.perSecond)}/s (${formatRatio(shareWithoutLedger)})`,
      baseline: `raw ${Math.round(rawWithoutLedger.perSecond)}/s`,
      goal: '',
      status: 'INFO',
    },
    {
      figure: `${tag} checkout p99 (API)`,
      value: formatMs(api.latency.p99),
      baseline: `p50 ${formatMs(api.latency.p50)}, p95 ${formatMs(api.latency.p95)}; raw p99 ${formatMs(raw.latency.p99)}`,
      goal: `< ${GOALS.p99Ms} ms`,
      status: goalsApply ? goalStatus(api.latency.p99 < GOALS.p99Ms) : 'INFO',
    },
    {
      figure: `${tag} checkout p99 (API) at a steady ${paced.perSecond.toFixed(0)} sales/s`,
      value: formatMs(paced.api.p99),
      baseline: `p50 ${formatMs(paced.api.p50)}, p95 ${formatMs(paced.api.p95)}${paced.raw ? `; raw p99 ${formatMs(paced.raw.p99)}` : ''}`,
      goal: `< ${GOALS.p99Ms} ms`,
      status: 'INFO',
    },
  ];
}

// ---------------------------------------------------------------- the register in Chromium

interface BrowserRun {
  database: string;
  catalogMs: number;
  figures: RegisterBrowserFigures;
  loadAverage: string;
}

/** The demo shop with the big catalog (no other shops), the app serving the web build, the register timed in Chromium. */
async function runRegisterBrowser(label: string, target: CatalogTarget, webDistDir: string): Promise<BrowserRun> {
  console.log(`\n  ${label}: the ${settings.catalogProducts.toLocaleString('en-US')}-product catalog for the register…`);
  const dataset = await buildCatalogDataset(target, { products: settings.catalogProducts, tenants: 0, tenantProducts: 0 });
  console.log(`  ${label}: the register in Chromium, ${settings.registerNavigations} rounds…`);
  const server = await startWebServer({ label: `app server (register, ${label})`, webDistDir, ...('url' in target ? { databaseUrl: target.url } : { dataDir: target.dataDir }) });
  try {
    const figures = await measureRegisterInBrowser(server.port, {
      navigations: settings.registerNavigations,
      scansPerNavigation: settings.scansPerNavigation,
      products: settings.catalogProducts,
      barcodeOf: generatedBarcode,
    });
    return { database: label, catalogMs: dataset.catalogMs, figures, loadAverage: loadavg()[0]!.toFixed(2) };
  } finally {
    await server.stop();
  }
}

const readyOf = (runs: ReadyBreakdown[]) => summarize(runs.map((run) => run.readyMs));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function reportRegister(run: BrowserRun, prefix: string): SummaryLine[] {
  const { figures } = run;
  const register = { cold: readyOf(figures.register.cold), warm: readyOf(figures.register.warm) };
  const auth = { cold: readyOf(figures.auth.cold), warm: readyOf(figures.auth.warm) };
  const scans = summarize(figures.scans.map((scan) => scan.totalMs));
  const lookups = summarize(figures.lookupsMs);
  const row = (what: string, latency: LatencySummary) => [what, String(latency.count), formatMs(latency.p50), formatMs(latency.p95), formatMs(latency.p99), formatMs(latency.max)];
  printTable({
    title: `Figure ${prefix} — the register in Chromium, ${settings.catalogProducts.toLocaleString('en-US')}-product catalog (${run.database})`,
    columns: ['what', 'samples', 'p50', 'p95', 'p99', 'max'],
    rows: [
      row(`time to ready: ${REGISTER_ROUTE} → search field focused, new context (cold cache)`, register.cold),
      row('time to ready: the same, reloaded (warm cache)', register.warm),
      row('baseline: /auth → sign-in form, new context (cold cache)', auth.cold),
      row('baseline: /auth reloaded (warm cache)', auth.warm),
      row('scan-to-line: first keydown → the new cart line painted', scans),
      row('baseline: GET /api/register/items?code=… alone, fetch from the page', lookups),
    ],
    notes: [
      `Goals: time to ready (cold, p50) < ${formatSeconds(GOALS.registerReadyMs)}; scan-to-line p95 < ${GOALS.scanP95Ms} ms. Timed in the page (performance.now(): from the navigation's start; from the first key).`,
      `Chromium ${figures.chromiumVersion} headless, 1366×768, no CPU or network throttling, on loopback; the app as \`npm start\` runs it (server/main.ts) serving a production build; cashier@demo.test on ${figures.registerName}.`,
      `Each round: /auth signed out then reloaded; the register in a new signed-in context, ${settings.scansPerNavigation} scans of different random products (a scanner burst: keys + Enter within 1 ms), as many lookups of other random barcodes, then reloaded. One untimed round first.`,
      `Catalog generated in ${formatSeconds(run.catalogMs)}. Load average (1 min) at the end: ${run.loadAverage} on ${cpus().length} CPUs (Chromium, the server and the database share them).`,
    ],
  });
  // Where the time goes: the median cold navigation, from its own timing entries.
  const median = [...figures.register.cold].sort((a, b) => a.readyMs - b.readyMs)[Math.floor((figures.register.cold.length - 1) / 2)];
  if (median) {
    printTable({
      title: `Figure ${prefix}.1 — where the time goes: the median cold navigation to the register (${run.database})`,
      columns: ['step', 'at (ms from navigation start)'],
      rows: [
        ['document received', formatMs(median.documentMs)],
        ['DOMContentLoaded', formatMs(median.domContentLoadedMs)],
        ...[
          ...median.scriptWaves.map((wave, index) => ({ label: `JavaScript wave ${index + 1}: ${wave.files} files, ${kb(wave.transferBytes)} on the wire`, ...wave })),
          ...median.api.map((request) => ({ label: `GET ${request.path.length > 70 ? `${request.path.slice(0, 67)}…` : request.path}`, ...request })),
        ]
          .sort((a, b) => a.startMs - b.startMs)
          .map((step) => [`  ${step.label}`, `${formatMs(step.startMs)} → ${formatMs(step.endMs)}`]),
        [`last of ${median.scriptFiles} JavaScript files arrived (${kb(median.scriptTransferBytes)} on the wire)`, formatMs(median.scriptsMs)],
        ['search field focused (ready)', formatMs(median.readyMs)],
      ],
      align: ['left', 'right'],
    });
  }
  const part = (pick: (scan: ScanTiming) => number) => summarize(figures.scans.map(pick).filter(Number.isFinite));
  const parts = [
    ['first key → lookup request sent (scanner detector, query queue)', part((scan) => scan.beforeRequestMs)],
    ['GET /api/register/items?code=… (network and server, Resource Timing)', part((scan) => scan.requestMs)],
    ['response → cart line in the page (parse, cart, React render)', part((scan) => scan.renderMs)],
    ['cart line in the page → the frame that paints it', part((scan) => scan.frameMs)],
  ] as const;
  printTable({
    title: `Figure ${prefix}.2 — where a scan's time goes (${run.database})`,
    columns: ['step', 'p50', 'p95', 'max'],
    rows: parts.map(([step, latency]) => [step, formatMs(latency.p50), formatMs(latency.p95), formatMs(latency.max)]),
    notes: ['Each step on its own: the p95s of the steps need not add up to the p95 of the whole.'],
  });
  const tag = `[${run.database}]`;
  return [
    {
      figure: `${tag} register time to ready (cold, p50)`,
      value: formatMs(register.cold.p50),
      baseline: `/auth cold ${formatMs(auth.cold.p50)}; register warm ${formatMs(register.warm.p50)}, cold max ${formatMs(register.cold.max)}`,
      goal: `< ${formatSeconds(GOALS.registerReadyMs)}`,
      status: goalStatus(register.cold.p50 < GOALS.registerReadyMs),
    },
    {
      figure: `${tag} register scan-to-line p95`,
      value: formatMs(scans.p95),
      baseline: `lookup request alone p95 ${formatMs(lookups.p95)} (p50 ${formatMs(scans.p50)} vs ${formatMs(lookups.p50)})`,
      goal: `< ${GOALS.scanP95Ms} ms`,
      status: goalStatus(scans.p95 < GOALS.scanP95Ms),
    },
  ];
}

const salesSuite: BenchSuite = {
  name: 'sales',
  description: 'checkout of a 5-line cash + M-Pesa sale by 8 clients (API vs the same writes as raw SQL); the register in Chromium with 100,000 products',
  async run() {
    settings = readSettings();
    const withBrowser = settings.registerNavigations > 0;
    const webDistDir = withBrowser ? await buildRegisterWeb() : null;
    const summary: SummaryLine[] = [];
    const dataDir = createTempDataDir('sales');
    try {
      summary.push(...report(await runOnDatabase('PGlite', { dataDir }), 'S1', false));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    if (webDistDir) {
      const catalogDir = createTempDataDir('register');
      try {
        summary.push(...reportRegister(await runRegisterBrowser('PGlite', { dataDir: catalogDir }, webDistDir), 'S3'));
      } finally {
        rmSync(catalogDir, { recursive: true, force: true });
      }
    }
    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) {
      console.log('\n■ Figures S2 and S4 — PostgreSQL: SKIPPED, DATABASE_URL is not set (DATABASE_URL=postgres://… npm run bench -- sales).');
      summary.push({ figure: '[PostgreSQL] sales', value: 'skipped', baseline: 'set DATABASE_URL to run', status: 'SKIPPED' });
      return summary;
    }
    const scratch = await createScratchDatabase(adminUrl);
    try {
      summary.push(...report(await runOnDatabase(`PostgreSQL ${scratch.serverVersion}`, { url: scratch.url }), 'S2', true));
    } finally {
      await scratch.drop();
    }
    if (webDistDir) {
      const catalog = await createScratchDatabase(adminUrl);
      try {
        summary.push(...reportRegister(await runRegisterBrowser(`PostgreSQL ${catalog.serverVersion}`, { url: catalog.url }, webDistDir), 'S4'));
      } finally {
        await catalog.drop();
      }
    }
    return summary;
  },
};

export default salesSuite;
