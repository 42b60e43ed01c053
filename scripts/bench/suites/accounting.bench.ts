import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/db/client';
import { resolveAccounts } from '../../../server/accounting/posting';
import { accountBalancesSql, profitAndLossSql } from '../../../server/accounting/reports/statements';
import { createTestShop } from '../../../tests/support/catalog-shop';
import { createTestApp } from '../../../tests/support/test-app';
import { formatMs, formatRatio } from '../support/format';
import { summarize } from '../support/stats';
import { BenchError, goalStatus, type BenchSuite, type SummaryLine } from '../support/suite';
import { printTable } from '../support/table';

// Accounting suite (issue 17): a shop with 1,000,000 journal lines over the last year (200,000
// sale-shaped entries of five lines at two locations: cash, sales at 16%, VAT output, COGS,
// inventory), then the trial balance and the profit and loss for the year through the API
// (session, tenant guard, plan check, report, JSON, loopback HTTP) beside the same aggregate SQL
// run raw in a tenant transaction, one request at a time. In-process app on PGlite, PostgreSQL with
// TEST_DB=postgres and DATABASE_URL. What a sale's postings add to the checkout is the sales
// suite's figure (`npm run bench -- sales`), whose API path now posts each sale.

const LINES = Number(process.env.BENCH_JOURNAL_LINES ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const WARMUP = 5;
const LINES_PER_ENTRY = 5;
const ENTRIES_PER_CHUNK = 20_000;
const GOALS = { p95Ms: 300, ratio: 1.3 };

const isoDate = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(date);

async function sample(count: number, run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i += 1) await run();
  const ms: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  return ms;
}

const accounting: BenchSuite = {
  name: 'accounting',
  description: `Trial balance and P&L for a year over ${LINES.toLocaleString('en-US')} journal lines: API p95 beside the same SQL run raw`,
  async run(): Promise<SummaryLine[]> {
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'test';
    const testApp = await createTestApp();
    try {
      const shop = await createTestShop(testApp);
      const tenantId = shop.tenant.id;
      const secondLocationId = await testApp.database.withTenant(tenantId, async (tx) => {
        const [row] = await queryRows<{ id: string }>(tx, sql`insert into locations (tenant_id, name) values (${tenantId}, 'Westlands') returning id`);
        return row!.id;
      });
      const locations = [shop.defaultLocationId, secondLocationId];
      const refs = [
        { key: 'cash_location' as const, locationId: locations[0]! },
        { key: 'cash_location' as const, locationId: locations[1]! },
        { key: 'sales_band' as const, taxClass: 'standard' as const },
        { key: 'vat_output_band' as const, taxClass: 'standard' as const },
        { key: 'cogs' as const },
        { key: 'inventory' as const },
      ];
      const ids = await testApp.database.withTenant(tenantId, async (tx) => [...(await resolveAccounts(tx, tenantId, refs)).values()]);
      const [cashMain, cashWestlands, sales, vat, cogs, inventory] = ids;

      // Entry n: gross KES 10.00 + (n·37 mod 50,000) cents at 16% VAT inclusive, cost 60% of net, on day n mod 365 of the last year.
      const today = isoDate(new Date());
      const start = isoDate(new Date(Date.now() - 364 * 86_400_000));
      const entries = Math.ceil(LINES / LINES_PER_ENTRY);
      const loaded = performance.now();
      for (let first = 1; first <= entries; first += ENTRIES_PER_CHUNK) {
        const last = Math.min(entries, first + ENTRIES_PER_CHUNK - 1);
        await testApp.database.withTenant(tenantId, (tx) =>
          tx.execute(sql`
            with entry as (
              insert into journal_entries (tenant_id, number, entry_date, source_type, memo)
              select ${tenantId}, 1000000 + n, ${start}::date + (n % 365), 'manual', 'Bench sale ' || n
              from generate_series(${first}::int, ${last}::int) n
              returning id, number, entry_date
            ), amounts as (
              select id, entry_date, number,
                     1000 + ((number * 37) % 50000) as gross,
                     round((1000 + ((number * 37) % 50000)) * 1600 / 11600.0)::bigint as vat
              from entry
            )
            insert into journal_lines (tenant_id, entry_id, line_no, account_id, entry_date, debit_minor, credit_minor, location_id)
            select ${tenantId}, a.id, l.line_no, l.account_id, a.entry_date,
                   case l.line_no when 1 then a.gross when 4 then round((a.gross - a.vat) * 0.6)::bigint else 0 end,
                   case l.line_no when 2 then a.gross - a.vat when 3 then a.vat when 5 then round((a.gross - a.vat) * 0.6)::bigint else 0 end,
                   case when l.line_no in (1, 2) then (case when a.number % 2 = 0 then ${locations[0]!}::uuid else ${locations[1]!}::uuid end) end
            from amounts a
            cross join lateral (values
              (1::smallint, case when a.number % 2 = 0 then ${cashMain!}::uuid else ${cashWestlands!}::uuid end),
              (2::smallint, ${sales!}::uuid), (3::smallint, ${vat!}::uuid), (4::smallint, ${cogs!}::uuid), (5::smallint, ${inventory!}::uuid)
            ) as l (line_no, account_id)`),
        );
      }
      const loadSeconds = (performance.now() - loaded) / 1000;
      const [counted] = await testApp.database.withTenant(tenantId, (tx) => queryRows<{ lines: number }>(tx, sql`select count(*)::int as lines from journal_lines`));
      console.log(`  ${counted!.lines.toLocaleString('en-US')} journal lines loaded in ${loadSeconds.toFixed(1)} s`);
      // What autovacuum does after a bulk load in production: the visibility map lets the report read the index alone.
      await testApp.database.platform.execute(sql`vacuum analyze journal_lines`);

      const trialBalancePath = `/api/accounting/reports/trial-balance?date=${today}`;
      const profitPath = `/api/accounting/reports/profit-and-loss?from=${start}&to=${today}&compare=none`;
      // The first request after the long load may meet a socket the server dropped meanwhile: once more then.
      const check = await shop.call('GET', trialBalancePath).catch(() => shop.call('GET', trialBalancePath));
      if (check.status !== 200) throw new BenchError(`trial balance answered ${check.status}: ${check.text.slice(0, 200)}`);
      const balance = check.json<{ totalDebitMinor: number; totalCreditMinor: number }>();
      if (balance.totalDebitMinor !== balance.totalCreditMinor || balance.totalDebitMinor === 0) throw new BenchError(`trial balance does not balance: ${JSON.stringify(balance)}`);
      const profit = await shop.call('GET', profitPath);
      if (profit.status !== 200) throw new BenchError(`P&L answered ${profit.status}: ${profit.text.slice(0, 200)}`);

      const call = (path: string) => async () => {
        const response = await shop.call('GET', path);
        if (response.status !== 200) throw new BenchError(`${path} answered ${response.status}`);
      };
      const raw = (query: ReturnType<typeof sql>) => () => testApp.database.withTenant(tenantId, (tx) => queryRows(tx, query));
      const trialApi = summarize(await sample(SAMPLES, call(trialBalancePath)));
      const trialRaw = summarize(await sample(SAMPLES, raw(accountBalancesSql(today))));
      const profitApi = summarize(await sample(SAMPLES, call(profitPath)));
      const profitRaw = summarize(await sample(SAMPLES, raw(profitAndLossSql({ start, from: start, to: today, byLocation: false }))));
      const engine = process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite';
      printTable({
        title: `Figure A1 — accounting reports over ${counted!.lines.toLocaleString('en-US')} journal lines, ${SAMPLES} requests each after ${WARMUP} warm-up (${engine}, in-process)`,
        columns: ['measure', 'p50', 'p95', 'max'],
        rows: [
          ['GET trial balance at today (all lines to date)', trialApi],
          ['  the same SQL, raw in a tenant transaction', trialRaw],
          ['GET profit and loss for the year', profitApi],
          ['  the same SQL, raw in a tenant transaction', profitRaw],
        ].map(([label, s]) => [label as string, formatMs((s as typeof trialApi).p50), formatMs((s as typeof trialApi).p95), formatMs((s as typeof trialApi).max)]),
        notes: [`Lines written set-based in ${loadSeconds.toFixed(1)} s (the balance trigger checked every entry at commit).`],
      });
      const figure = (label: string, api: typeof trialApi, bare: typeof trialApi): SummaryLine => {
        const ratio = api.p95 / bare.p95;
        return {
          figure: `${label}, ${counted!.lines.toLocaleString('en-US')} lines, p95 via API (${engine})`,
          value: formatMs(api.p95),
          baseline: `raw SQL ${formatMs(bare.p95)} (${formatRatio(ratio)})`,
          goal: `< ${GOALS.p95Ms} ms and ≤ ${GOALS.ratio}× raw`,
          status: goalStatus(api.p95 < GOALS.p95Ms && ratio <= GOALS.ratio),
        };
      };
      return [figure('trial balance', trialApi, trialRaw), figure('P&L for a year', profitApi, profitRaw)];
    } finally {
      await testApp.close();
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
  },
};

export default accounting;
