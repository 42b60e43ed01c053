// Contacts suite (issue 14): one shop with 200,000 contacts beside 1,000 small shops. Contact
// search through the API next to the list's query function run directly; the statement of a
// customer with 5,000 ledger entries through the API next to the statement function and a bare
// window query; payments recorded by 8 concurrent clients through the ledger next to the same
// writes as bare SQL. Figures C1.x on PGlite, C2.x on PostgreSQL when DATABASE_URL is set (a
// scratch database, dropped afterwards): .1 the dataset build, .2 reads, .3 payments.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { contactListQuerySchema } from '../../../core/contacts/contacts.schemas';
import { statementQuerySchema } from '../../../core/statements/statement.schemas';
import { postAccountEntry, postOpeningBalance, recordPayment } from '../../../server/accounts/account-ledger';
import { listContacts } from '../../../server/contacts/contact-list.query';
import { openDatabase, queryRows, type Database, type TenantTx } from '../../../server/db/client';
import { refreshPlannerStatistics } from '../../../server/products/catalog-generator';
import { contactStatement } from '../../../server/statements/statement.service';
import { createTenant } from '../../../server/tenancy/tenancy.service';
import { benchSubdomain, benchTenantName, DEMO_HOST, range } from '../support/bench-tenants';
import { createTempDataDir } from '../support/child-server';
import { envNumber } from '../support/env';
import { formatMs, formatRatio, formatRps, formatSeconds } from '../support/format';
import { createHttpClient } from '../support/http-client';
import { runLoad, type LoadResult } from '../support/load';
import { createScratchDatabase } from '../support/postgres';
import { startBenchServer, type BenchServer } from '../support/servers';
import { signInCookie } from '../support/sign-in';
import { summarize, type LatencySummary } from '../support/stats';
import { BenchError, goalStatus, type BenchSuite, type SummaryLine } from '../support/suite';
import { printTable } from '../support/table';
import { openSeededDemo } from '../support/seeded-demo';

const GOALS = { searchP95Ms: 30, statementP95Ms: 100, paymentShareOfRaw: 0.5 };

const readSettings = () => ({
  contacts: envNumber('BENCH_CONTACTS', 200_000),
  tenants: envNumber('BENCH_CONTACT_TENANTS', 1_000),
  tenantContacts: envNumber('BENCH_CONTACT_TENANT_CONTACTS', 50),
  statementEntries: envNumber('BENCH_STATEMENT_ENTRIES', 5_000),
  samples: envNumber('BENCH_SAMPLES', 400),
  warmUp: 40,
  apiWarmUp: 200,
  connections: envNumber('BENCH_CONNECTIONS', 8),
  loadSeconds: envNumber('BENCH_DURATION_SECONDS', 5),
  writers: 8,
  paymentSeconds: envNumber('BENCH_PAYMENT_SECONDS', 6),
  rounds: 3,
  /** Payments go to this many customers with money owing, like 8 tills taking payments across a shop. */
  hotCustomers: 200,
});
let settings: ReturnType<typeof readSettings>;

// Kenyan first names and surnames: 80 × 80 names, so a surname is in ~1/80 of the shop (2,500 contacts).
const FIRST_NAMES = (
  'Wanjiku Kamau Achieng Otieno Njeri Mwangi Akinyi Kiprotich Chebet Wairimu Ouma Atieno Mutua Wambui Kariuki Nyambura Omondi Jepkosgei ' +
  'Kipchoge Auma Muthoni Onyango Wekesa Nekesa Barasa Naliaka Juma Zawadi Hassan Amina Fatuma Ali Mohamed Halima Yusuf Abdi Mumbua Mwikali ' +
  'Kioko Ndunge Kilonzo Mueni Musyoka Kavata Njoroge Gathoni Kimani Wangari Maina Wanjiru Kinyua Waweru Nduta Gitau Karanja Wangui Macharia ' +
  'Nyokabi Korir Jelagat Rotich Chepkoech Kiplagat Jeptoo Langat Cherono Ruto Chepngetich Odhiambo Adhiambo Okoth Anyango Ochieng Awino ' +
  'Owino Apiyo Otieno Akoth Oduya Wafula'
).split(' ');
const SURNAMES = [...FIRST_NAMES].reverse();
/** Words people search by: surnames of ~1/80 of the shop, and rarer full names. */
const SEARCH_WORDS = ['wanjiru', 'otieno', 'kiplagat', 'mwikali', 'odhiambo', 'chebet', 'wafula', 'maina'];

/** Generator transactions of this many contacts. */
const BUILD_BATCH = 50_000;

// ---------------------------------------------------------------- C1 dataset

interface Dataset {
  tenantId: string;
  statementContactId: string;
  contactsMs: number;
  tenantsMs: number;
  statementMs: number;
}

type Target = { dataDir: string } | { url: string };

/** Contacts of one shop by set-based SQL: names from the lists above, unique E.164 phones, some e-mails and companies. */
function insertContacts(tx: TenantTx, tenantId: string, from: number, count: number, phonePrefix: string) {
  const firstNames = `{${FIRST_NAMES.join(',')}}`;
  const surnames = `{${SURNAMES.join(',')}}`;
  return tx.execute(sql`
    insert into contacts (tenant_id, type, name, phone, email, company, tags, customer_payment_terms_days, supplier_payment_terms_days)
    select ${tenantId}, case when i % 20 = 0 then 'supplier' when i % 97 = 0 then 'both' else 'customer' end,
           f.names[1 + ((i::bigint * 7919) % ${FIRST_NAMES.length})::int] || ' ' || s.names[1 + ((i::bigint * 104729 / 7) % ${SURNAMES.length})::int],
           ${phonePrefix} || lpad(i::text, 8, '0'),
           case when i % 4 = 0 then 'contact' || i || '@example.com' end,
           case when i % 20 = 0 then (array['Duka', 'Hardware', 'Wholesalers', 'Traders', 'Enterprises', 'Supplies', 'Agencies', 'Distributors'])[1 + i % 8] || ' ' || i end,
           case when i % 10 = 0 then array['regular'] else '{}'::text[] end,
           case when i % 20 = 0 then 0 else 14 end, case when i % 20 = 0 then 30 else 0 end
    from generate_series(${from + 1}::int, ${from + count}::int) i,
         (select ${firstNames}::text[] as names) f, (select ${surnames}::text[] as names) s`);
}

async function buildDataset(target: Target): Promise<Dataset> {
  const { database, tenantId } = await openSeededDemo(target, { inMemoryPglite: true });
  try {

    let started = performance.now();
    for (let done = 0; done < settings.contacts; done += BUILD_BATCH) {
      const count = Math.min(BUILD_BATCH, settings.contacts - done);
      await database.withTenant(tenantId, (tx) => insertContacts(tx, tenantId, done, count, '+2547'));
      console.log(`  ${(done + count).toLocaleString('en-US')} contacts in the demo shop (${formatSeconds(performance.now() - started)})`);
    }
    const contactsMs = performance.now() - started;

    started = performance.now();
    for (const index of range(settings.tenants)) {
      const { id } = await createTenant(database, {
        name: benchTenantName(index),
        subdomain: benchSubdomain(index),
        status: 'active',
        settings: { currencyCode: 'KES', currencySymbol: 'KSh' },
      });
      // Other shops' numbers overlap the demo shop's: a search must still find only its own.
      await database.withTenant(id, (tx) => insertContacts(tx, id, index * settings.tenantContacts, settings.tenantContacts, '+2547'));
      if (index % 200 === 0 || index === settings.tenants) console.log(`  ${index.toLocaleString('en-US')} other shops (${formatSeconds(performance.now() - started)})`);
    }
    const tenantsMs = performance.now() - started;

    started = performance.now();
    const statementContactId = await buildStatementCustomer(database, tenantId);
    const statementMs = performance.now() - started;
    console.log(`  a customer with ${settings.statementEntries.toLocaleString('en-US')} ledger entries (${formatSeconds(statementMs)})`);

    await refreshPlannerStatistics(database);
    await database.platform.execute(sql`vacuum analyze`);
    if ('dataDir' in target) await writeDataDir(database, target.dataDir);
    return { tenantId, statementContactId, contactsMs, tenantsMs, statementMs };
  } finally {
    await database.close();
  }
}

/**
 * A customer whose account has `statementEntries` entries written through the ledger: a credit sale
 * and its payment each day for the last ~two years (back-dated with occurredAt), so the statement
 * of those two years lists them all with a running balance.
 */
async function buildStatementCustomer(database: Database, tenantId: string): Promise<string> {
  const [contact] = await database.withTenant(tenantId, (tx) =>
    queryRows<{ id: string }>(
      tx,
      sql`insert into contacts (tenant_id, type, name, phone, customer_payment_terms_days, credit_limit_minor)
          values (${tenantId}, 'customer', 'Statement Bench Customer', '+254100000001', 30, 100000000000) returning id`,
    ),
  );
  const contactId = contact!.id;
  const pairs = Math.floor(settings.statementEntries / 2);
  const now = Date.now();
  const DAY = 24 * 60 * 60 * 1000;
  const BATCH = 250;
  for (let start = 0; start < pairs; start += BATCH) {
    await database.withTenant(tenantId, async (tx) => {
      for (let index = start; index < Math.min(pairs, start + BATCH); index += 1) {
        // Two a day, oldest first, ending yesterday (the last ~pairs/2 days).
        const occurredAt = new Date(now - Math.ceil((pairs - index) / 2) * DAY - (index % 2) * 3_600_000);
        const amount = 50_000 + ((index * 7919) % 200_000);
        await postAccountEntry(tx, { tenantId, contactId, side: 'receivable', kind: 'charge', amountMinor: amount, sourceType: 'bench', occurredAt, dueDate: null });
        await postAccountEntry(tx, {
          tenantId,
          contactId,
          side: 'receivable',
          kind: 'payment',
          amountMinor: -Math.floor(amount * 0.9),
          method: 'cash',
          occurredAt: new Date(occurredAt.getTime() + 60_000),
          allocate: 'oldest',
        });
      }
    });
  }
  return contactId;
}

/** Writes an in-memory PGlite database into a data folder, where server/db/client.ts opens it. */
async function writeDataDir(database: Database, dataDir: string) {
  const memory = (database.platform as unknown as { $client: PGlite }).$client;
  const files = new PGlite(join(dataDir, 'pglite'), { loadDataDir: await memory.dumpDataDir('none'), extensions: { pg_trgm } });
  await files.waitReady;
  await files.close();
}

// ---------------------------------------------------------------- C2 reads

type Params = Record<string, string>;

interface ReadFigure {
  label: string;
  name: string;
  goalP95Ms: number;
  path(params: Params): string;
  params(): Params;
  /** What the route's handler runs. */
  direct(database: Database, params: Params): Promise<unknown>;
  /** The bare SQL of the same answer, for comparison (optional). */
  raw?(tx: TenantTx, params: Params): Promise<unknown>;
}

const randomInt = (max: number) => 1 + Math.floor(Math.random() * max);

function readFigures(dataset: Dataset): ReadFigure[] {
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - (Math.ceil(settings.statementEntries / 4) + 5) * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const search = (label: string, name: string, params: () => Params): ReadFigure => ({
    label,
    name,
    goalP95Ms: GOALS.searchP95Ms,
    path: (p) => `/api/contacts?${new URLSearchParams(p).toString()}`,
    params,
    direct: (database, p) => listContacts(database, dataset.tenantId, contactListQuerySchema.parse(p)),
  });
  return [
    search('search by surname, page 1  GET /api/contacts?q=<surname>', 'search by name', () => ({ q: SEARCH_WORDS[randomInt(SEARCH_WORDS.length) - 1]! })),
    search('search by phone as typed  GET /api/contacts?q=07…', 'search by phone', () => ({ q: `07${String(randomInt(settings.contacts)).padStart(8, '0').slice(0, 7)}` })),
    search('list page (first 1,000 contacts)  GET /api/contacts?page=N', 'list page, first 40', () => ({ page: String(randomInt(40)) })),
    search('list page (any of all)  GET /api/contacts?page=N', 'list page, any', () => ({ page: String(randomInt(Math.min(4000, Math.ceil(settings.contacts / 25)))) })),
    {
      label: `statement, ${settings.statementEntries.toLocaleString('en-US')} entries  GET /api/contacts/:id/statement?from=…`,
      name: 'statement',
      goalP95Ms: GOALS.statementP95Ms,
      path: (p) => `/api/contacts/${dataset.statementContactId}/statement?${new URLSearchParams(p).toString()}`,
      params: () => ({ from, to: today }),
      direct: (database, p) => contactStatement(database, dataset.tenantId, dataset.statementContactId, statementQuerySchema.parse(p)),
      raw: (tx, p) =>
        queryRows(
          tx,
          sql`select id, kind, amount_minor, number, reference, due_date, occurred_at,
                     sum(amount_minor) over (order by occurred_at, id) as running
              from account_entries where contact_id = ${dataset.statementContactId} and side = 'receivable'
                and occurred_at >= (${p.from}::date)::timestamp at time zone 'Africa/Nairobi' and occurred_at < ((${p.to}::date) + 1)::timestamp at time zone 'Africa/Nairobi'
              order by occurred_at, id`,
        ),
    },
  ];
}

interface Timed {
  latency: LatencySummary;
  perSecond: number;
}

async function timeCalls(once: () => Promise<unknown>): Promise<Timed> {
  for (let i = 0; i < settings.warmUp; i += 1) await once();
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < settings.samples; i += 1) {
    const begun = performance.now();
    await once();
    samples.push(performance.now() - begun);
  }
  return { latency: summarize(samples), perSecond: (samples.length * 1000) / (performance.now() - started) };
}

/** EXPLAIN (ANALYZE, BUFFERS) of every statement a read runs (printed when its goal is missed). */
async function explainStatements(database: Database, tenantId: string, run: (tx: TenantTx) => Promise<unknown>): Promise<string[]> {
  return database.withTenant(tenantId, async (tx) => {
    const statements: SQL[] = [];
    const recorder = new Proxy(tx, {
      get: (target, property, receiver) =>
        property === 'execute'
          ? (query: SQL) => {
              statements.push(query);
              return target.execute(query);
            }
          : Reflect.get(target, property, receiver),
    });
    await run(recorder);
    const plans: string[] = [];
    for (const statement of statements) {
      const rows = await queryRows<Record<string, string>>(tx, sql`explain (analyze, buffers) ${statement}`);
      plans.push(rows.map((row) => Object.values(row)[0]).join('\n'));
    }
    return plans;
  });
}

interface ApiFigures {
  latency: LatencySummary;
  load: LoadResult;
}

/** A cheap tenant route: what any tenant API request costs (session, membership, plan gate) before its own query. */
const FLOOR_PATH = '/api/settings/business';

async function timeApi(server: BenchServer, cookie: string, nextPath: () => string): Promise<ApiFigures> {
  const http = createHttpClient(server.port, { cookie });
  try {
    const once = async () => (await http.getJson<object>(nextPath(), DEMO_HOST)).ms;
    for (let i = 0; i < settings.apiWarmUp; i += 1) await once();
    const samples: number[] = [];
    for (let i = 0; i < settings.samples; i += 1) samples.push(await once());
    const load = await runLoad({
      port: server.port,
      path: nextPath(),
      perRequestPath: nextPath,
      host: DEMO_HOST,
      headers: { cookie },
      connections: settings.connections,
      durationSeconds: settings.loadSeconds,
      serverPid: server.pid,
    });
    server.assertAlive();
    return { latency: summarize(samples), load };
  } finally {
    http.close();
  }
}

// ---------------------------------------------------------------- C3 payments

interface WriterRun {
  operations: number;
  seconds: number;
  latencies: number[];
}

async function runWriters(writers: number, ms: number, operation: () => Promise<unknown>): Promise<WriterRun> {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + ms;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (performance.now() < deadline) {
        const begun = performance.now();
        await operation();
        latencies.push(performance.now() - begun);
      }
    }),
  );
  return { operations: latencies.length, seconds: (performance.now() - started) / 1000, latencies };
}

interface PaymentFigures {
  ledger: { perSecond: number; latency: LatencySummary };
  raw: { perSecond: number; latency: LatencySummary };
  roundRatios: number[];
}

async function measurePayments(database: Database, tenantId: string): Promise<PaymentFigures> {
  const customerIds = await database.withTenant(tenantId, async (tx) => {
    const rows = await queryRows<{ id: string }>(tx, sql`select id from contacts where type = 'customer' and name <> 'Statement Bench Customer' order by random() limit ${settings.hotCustomers}`);
    // Each owes a large opening balance (an open charge) that the payments settle a shilling at a time.
    for (const row of rows) await postOpeningBalance(tx, { tenantId, contactId: row.id, side: 'receivable', amountMinor: 1_000_000_000, userId: null });
    return rows.map((row) => row.id);
  });
  const pick = () => customerIds[Math.floor(Math.random() * customerIds.length)]!;
  const ledger = () =>
    database.withTenant(tenantId, (tx) => recordPayment(tx, { tenantId, contactId: pick(), side: 'receivable', amountMinor: 100, method: 'cash', userId: null }));
  // The same writes a payment needs, bare: the balance row (the lock), the numbered entry, its
  // (settled) credit item, the oldest open charge lowered and the allocation between them.
  const raw = () =>
    database.withTenant(tenantId, async (tx) => {
      const contactId = pick();
      await tx.execute(sql`update contact_accounts set balance_minor = balance_minor - 100, updated_at = now()
                           where tenant_id = ${tenantId} and contact_id = ${contactId} and side = 'receivable'`);
      const [counter] = await queryRows<{ n: string }>(
        tx,
        sql`insert into document_counters (tenant_id, kind, last_number) values (${tenantId}, 'bench-raw', 1)
            on conflict (tenant_id, kind) do update set last_number = document_counters.last_number + 1 returning last_number::text as n`,
      );
      const [entry] = await queryRows<{ id: string; occurred_at: string }>(
        tx,
        sql`insert into account_entries (tenant_id, contact_id, side, kind, amount_minor, method, number)
            values (${tenantId}, ${contactId}, 'receivable', 'payment', -100, 'cash', ${`RAW-${counter!.n}`}) returning id, occurred_at`,
      );
      await tx.execute(sql`insert into account_open_items (tenant_id, entry_id, contact_id, side, direction, amount_minor, open_minor, occurred_at)
                           values (${tenantId}, ${entry!.id}, ${contactId}, 'receivable', 'credit', 100, 0, ${entry!.occurred_at})`);
      const [debit] = await queryRows<{ entry_id: string }>(
        tx,
        sql`update account_open_items set open_minor = open_minor - 100
            where (tenant_id, entry_id) = (select tenant_id, entry_id from account_open_items
                                           where tenant_id = ${tenantId} and contact_id = ${contactId} and side = 'receivable' and direction = 'debit' and open_minor >= 100
                                           order by occurred_at limit 1)
            returning entry_id`,
      );
      if (!debit) throw new BenchError('a raw payment found no open charge');
      await tx.execute(sql`insert into account_allocations (tenant_id, debit_entry_id, credit_entry_id, amount_minor)
                           values (${tenantId}, ${debit.entry_id}, ${entry!.id}, 100)`);
    });

  await runWriters(settings.writers, 1000, ledger);
  await runWriters(settings.writers, 1000, raw);
  const runs = { ledger: [] as WriterRun[], raw: [] as WriterRun[] };
  const roundRatios: number[] = [];
  const roundMs = (settings.paymentSeconds * 1000) / settings.rounds;
  for (let round = 0; round < settings.rounds; round += 1) {
    const order = round % 2 === 0 ? (['ledger', 'raw'] as const) : (['raw', 'ledger'] as const);
    for (const path of order) runs[path].push(await runWriters(settings.writers, roundMs, path === 'ledger' ? ledger : raw));
    const rate = (run: WriterRun) => run.operations / run.seconds;
    roundRatios.push(rate(runs.ledger.at(-1)!) / rate(runs.raw.at(-1)!));
  }
  await assertLedgerWhole(database, tenantId, customerIds);
  const total = (list: WriterRun[]) => ({
    perSecond: list.reduce((sum, run) => sum + run.operations, 0) / list.reduce((sum, run) => sum + run.seconds, 0),
    latency: summarize(list.flatMap((run) => run.latencies)),
  });
  return { ledger: total(runs.ledger), raw: total(runs.raw), roundRatios };
}

/** Both paths must leave balance = Σ entries, or the figures mean nothing. */
async function assertLedgerWhole(database: Database, tenantId: string, customerIds: string[]) {
  const [check] = await database.withTenant(tenantId, (tx) =>
    queryRows<{ mismatched: number }>(
      tx,
      sql`select count(*)::int as mismatched from contact_accounts a
          join (select contact_id, sum(amount_minor) as total from account_entries
                where side = 'receivable' and contact_id in (select unnest(${`{${customerIds.join(',')}}`}::uuid[])) group by 1) e
            on e.contact_id = a.contact_id
          where a.side = 'receivable' and a.balance_minor <> e.total`,
    ),
  );
  if (!check || check.mismatched) throw new BenchError(`after the payments, ${check?.mismatched} balances differ from their entries`);
}

// ---------------------------------------------------------------- a run on one database

interface DriverFigures {
  database: string;
  dataset: Dataset;
  reads: { figure: ReadFigure; api: ApiFigures; direct: Timed; raw: Timed | null; plans: string[] }[];
  /** A tenant route with a one-row query: what every tenant request pays before its own query. */
  floor: ApiFigures;
  payments: PaymentFigures;
}

async function runOnDatabase(label: string, target: Target): Promise<DriverFigures> {
  console.log(`\n  ${label}: building the dataset…`);
  const dataset = await buildDataset(target);
  const figures = readFigures(dataset);

  const database = await openDatabase('url' in target ? { driver: 'postgres', url: target.url } : { driver: 'pglite', dataDir: target.dataDir });
  const direct: { direct: Timed; raw: Timed | null; plans: string[] }[] = [];
  let payments: PaymentFigures;
  try {
    console.log(`  ${label}: timing the queries directly, then payments…`);
    for (const figure of figures) {
      const timedDirect = await timeCalls(() => figure.direct(database, figure.params()));
      const raw = figure.raw;
      const timedRaw = raw ? await timeCalls(() => database.withTenant(dataset.tenantId, (tx) => raw(tx, figure.params()))) : null;
      const planInput = figure.params();
      const plans = await explainStatements(database, dataset.tenantId, (tx) =>
        figure.name === 'statement'
          ? contactStatementInTx(tx, dataset, planInput)
          : listContactsInTx(tx, dataset.tenantId, planInput),
      );
      direct.push({ direct: timedDirect, raw: timedRaw, plans });
    }
    payments = await measurePayments(database, dataset.tenantId);
  } finally {
    await database.close();
  }

  console.log(`  ${label}: timing the API…`);
  const server = await startBenchServer({
    label: `bench server (contacts, ${label})`,
    tenants: 0,
    misses: 0,
    env: { TRUST_PROXY: 'true' },
    ...('url' in target ? { databaseUrl: target.url } : { dataDir: target.dataDir }),
  });
  try {
    const cookie = await signInCookie(server.port, { host: DEMO_HOST, email: 'owner@demo.test', clientAddress: '198.18.0.6' });
    const reads = [];
    for (const [index, figure] of figures.entries()) {
      reads.push({ figure, api: await timeApi(server, cookie, () => figure.path(figure.params())), ...direct[index]! });
    }
    const floor = await timeApi(server, cookie, () => FLOOR_PATH);
    return { database: label, dataset, reads, floor, payments };
  } finally {
    await server.stop();
  }
}

// The query functions take the database; for EXPLAIN they run inside the recording transaction.
function listContactsInTx(tx: TenantTx, tenantId: string, params: Params) {
  const database = { withTenant: (_: string, run: (inner: TenantTx) => Promise<unknown>) => run(tx) } as unknown as Database;
  return listContacts(database, tenantId, contactListQuerySchema.parse(params));
}
function contactStatementInTx(tx: TenantTx, dataset: Dataset, params: Params) {
  const database = { withTenant: (_: string, run: (inner: TenantTx) => Promise<unknown>) => run(tx) } as unknown as Database;
  return contactStatement(database, dataset.tenantId, dataset.statementContactId, statementQuerySchema.parse(params));
}

// ---------------------------------------------------------------- report

const perSecond = (rate: number, unit: string) => `${Math.round(rate).toLocaleString('en-US')} ${unit}`;

function report(run: DriverFigures, prefix: string): SummaryLine[] {
  const { dataset } = run;
  printTable({
    title: `Figure ${prefix}.1 — dataset (${run.database}), set-based SQL`,
    columns: ['what', 'time'],
    rows: [
      [`${settings.contacts.toLocaleString('en-US')} contacts in the demo shop`, formatSeconds(dataset.contactsMs)],
      [`${settings.tenants.toLocaleString('en-US')} other shops (createTenant) × ${settings.tenantContacts} contacts`, formatSeconds(dataset.tenantsMs)],
      [`one customer with ${settings.statementEntries.toLocaleString('en-US')} entries through the ledger`, formatSeconds(dataset.statementMs)],
    ],
    notes: ['Then VACUUM ANALYZE, as autovacuum would after a bulk load.'],
  });

  printTable({
    title: `Figure ${prefix}.2 — reads in the ${settings.contacts.toLocaleString('en-US')}-contact shop (${run.database}): API vs the query function vs bare SQL`,
    columns: ['read', 'API p50', 'API p95', `API req/s (${settings.connections} conn.)`, 'direct p50', 'direct p95', 'raw SQL p95', 'goal', 'status'],
    rows: run.reads.map(({ figure, api, direct, raw }) => [
      figure.label,
      formatMs(api.latency.p50),
      formatMs(api.latency.p95),
      formatRps(api.load.requestsPerSecond),
      formatMs(direct.latency.p50),
      formatMs(direct.latency.p95),
      raw ? formatMs(raw.latency.p95) : '–',
      `API p95 < ${figure.goalP95Ms} ms`,
      goalStatus(api.latency.p95 < figure.goalP95Ms),
    ]).concat([
      [`floor: GET ${FLOOR_PATH} (one-row read)`, formatMs(run.floor.latency.p50), formatMs(run.floor.latency.p95), formatRps(run.floor.load.requestsPerSecond), '–', '–', '–', '', 'INFO'],
    ]),
    align: ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'left', 'left'],
    notes: [
      `p50/p95: ${settings.samples} sequential requests each on one keep-alive connection (the demo owner), random inputs, after ${settings.apiWarmUp} untimed ones; req/s: autocannon, ${settings.connections} connections, ${settings.loadSeconds} s.`,
      'direct: the handler\'s own function (listContacts / contactStatement) on the same database; raw SQL: the statement\'s entries with a window running balance, nothing else.',
      `Search words: ${SEARCH_WORDS.join(', ')} (each a surname of ~1/80 of the shop); phones: the first 7 digits of a random number as typed (07…).`,
    ],
  });
  for (const { figure, api, plans } of run.reads) {
    if (api.latency.p95 < figure.goalP95Ms) continue;
    console.log(`\n  ✖ ${figure.label}: API p95 ${formatMs(api.latency.p95)} misses < ${figure.goalP95Ms} ms. Its statements:`);
    plans.forEach((plan, index) => console.log(`\n  — statement ${index + 1}, EXPLAIN (ANALYZE, BUFFERS):\n${plan.replace(/^/gm, '    ')}`));
  }

  const { ledger, raw, roundRatios } = run.payments;
  const share = ledger.perSecond / raw.perSecond;
  printTable({
    title: `Figure ${prefix}.3 — payments received, ${settings.writers} concurrent clients, KES 1 each (${run.database})`,
    columns: ['path', 'payments/s', 'p50', 'p95'],
    rows: [
      ['ledger: recordPayment (numbered, oldest charge first) in a withTenant transaction', perSecond(ledger.perSecond, '/s'), formatMs(ledger.latency.p50), formatMs(ledger.latency.p95)],
      ['raw: UPDATE balance + counter + INSERT entry, credit item + UPDATE oldest charge + INSERT allocation', perSecond(raw.perSecond, '/s'), formatMs(raw.latency.p50), formatMs(raw.latency.p95)],
    ],
    notes: [
      `ledger ÷ raw: ${formatRatio(share)} (goal ≥ ${GOALS.paymentShareOfRaw}); per round: ${roundRatios.map((ratio) => ratio.toFixed(2)).join(', ')}.`,
      `Random picks among ${settings.hotCustomers} customers who owe; ${settings.rounds} alternating rounds; afterwards balance = Σ entries (checked).`,
    ],
  });

  const tag = `[${run.database}]`;
  return [
    ...run.reads.map(({ figure, api, direct, raw: rawTimed }) => ({
      figure: `${tag} ${figure.name} p95 (API)`,
      value: formatMs(api.latency.p95),
      baseline: `direct ${formatMs(direct.latency.p95)}${rawTimed ? `; raw SQL ${formatMs(rawTimed.latency.p95)}` : ''}; API ${formatRps(api.load.requestsPerSecond)}`,
      goal: `< ${figure.goalP95Ms} ms`,
      status: goalStatus(api.latency.p95 < figure.goalP95Ms),
    })),
    {
      figure: `${tag} floor p95 (API, one-row tenant read)`,
      value: formatMs(run.floor.latency.p95),
      baseline: `p50 ${formatMs(run.floor.latency.p50)}; ${formatRps(run.floor.load.requestsPerSecond)}`,
      status: 'INFO' as const,
    },
    {
      figure: `${tag} payments, ledger ÷ raw (${settings.writers} clients)`,
      value: `${Math.round(ledger.perSecond)}/s (${formatRatio(share)})`,
      baseline: `raw ${Math.round(raw.perSecond)}/s`,
      goal: `≥ ${GOALS.paymentShareOfRaw}×`,
      status: goalStatus(share >= GOALS.paymentShareOfRaw),
    },
  ];
}

const contactsSuite: BenchSuite = {
  name: 'contacts',
  description: '200,000 contacts + 1,000 shops: search and list (API vs direct), a 5,000-entry statement, ledger vs raw payments',
  async run() {
    settings = readSettings();
    const summary: SummaryLine[] = [];
    const dataDir = createTempDataDir('contacts');
    try {
      summary.push(...report(await runOnDatabase('PGlite', { dataDir }), 'C1'));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) {
      console.log('\n■ Figure C2 — PostgreSQL: SKIPPED, DATABASE_URL is not set (DATABASE_URL=postgres://… npm run bench -- contacts).');
      summary.push({ figure: '[PostgreSQL] contacts', value: 'skipped', baseline: 'set DATABASE_URL to run', status: 'SKIPPED' });
      return summary;
    }
    const scratch = await createScratchDatabase(adminUrl);
    try {
      summary.push(...report(await runOnDatabase(`PostgreSQL ${scratch.serverVersion}`, { url: scratch.url }), 'C2'));
    } finally {
      await scratch.drop();
    }
    return summary;
  },
};

export default contactsSuite;
