import { sql } from 'drizzle-orm';
import { postAccountEntry } from '../../../server/accounts/account-ledger';
import { queryRows } from '../../../server/db/client';
import { buildStatement } from '../../../server/statements/statement.service';
import { addContact, makeKenyanShop } from '../../../server/statements/statements-test-kit';
import { createTestShop } from '../../../tests/support/catalog-shop';
import { createTestApp } from '../../../tests/support/test-app';
import { formatMs } from '../support/format';
import { summarize } from '../support/stats';
import { BenchError, goalStatus, type BenchSuite, type SummaryLine } from '../support/suite';
import { printTable } from '../support/table';

// A customer's statement (issue 14) with 5,000 account entries: the API (session, tenant guard,
// statement, JSON) beside the same statement built directly in one tenant transaction and beside
// the bare running-balance query. In-process app on PGlite (PostgreSQL with TEST_DB=postgres and
// DATABASE_URL), requests over loopback HTTP, one at a time.

const ENTRIES = Number(process.env.BENCH_STATEMENT_ENTRIES ?? 5000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const WARMUP = 10;
const GOAL_MS = 100;

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

const statements: BenchSuite = {
  name: 'statements',
  description: `A customer's statement with ${ENTRIES.toLocaleString('en-US')} entries: API p95 beside the direct build and the bare running-balance query`,
  async run(): Promise<SummaryLine[]> {
    // The in-process app is the tests' (tests/support/test-app.ts): its auth library reads NODE_ENV itself.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'test';
    const testApp = await createTestApp();
    try {
      const shop = await createTestShop(testApp);
      const tenantId = shop.tenant.id;
      await makeKenyanShop(testApp.database, tenantId);
      const contactId = await addContact(testApp.database, tenantId, { name: 'Bench Customer' });
      // ~13 entries a day over the last year and a bit: charges, and every fourth a payment settling the oldest first.
      const spanMs = 400 * 86_400_000;
      const start = Date.now() - spanMs - 86_400_000;
      let expectedBalance = 0;
      const loaded = performance.now();
      await testApp.database.withTenant(tenantId, async (tx) => {
        for (let i = 0; i < ENTRIES; i += 1) {
          const isPayment = i % 4 === 3;
          const amountMinor = isPayment ? -(2_000_00 + (i % 7) * 100) : 1_000_00 + (i % 13) * 250;
          expectedBalance += amountMinor;
          await postAccountEntry(tx, {
            tenantId,
            contactId,
            side: 'receivable',
            kind: isPayment ? 'payment' : 'charge',
            amountMinor,
            method: isPayment ? 'cash' : null,
            occurredAt: new Date(start + Math.floor((i * spanMs) / ENTRIES)),
          });
        }
      });
      const loadSeconds = (performance.now() - loaded) / 1000;

      const today = isoDate(new Date());
      const everything = { side: 'receivable' as const, from: isoDate(new Date(start - 86_400_000)), to: today };
      const pastTo = isoDate(new Date(Date.now() - 200 * 86_400_000));
      const pastMonth = { side: 'receivable' as const, from: `${pastTo.slice(0, 8)}01`, to: pastTo };
      const query = (period: { side: string; from: string; to: string }) => `/api/contacts/${contactId}/statement?side=${period.side}&from=${period.from}&to=${period.to}`;

      console.log(`  ledger loaded in ${loadSeconds.toFixed(1)} s`);
      // The first request after the long load may meet a socket the server dropped meanwhile: once more then.
      const check = await shop.call('GET', query(everything)).catch(() => shop.call('GET', query(everything)));
      if (check.status !== 200) throw new BenchError(`statement answered ${check.status}: ${check.text.slice(0, 200)}`);
      const body = check.json() as { entries: unknown[]; closingBalanceMinor: number };
      if (body.entries.length !== ENTRIES || body.closingBalanceMinor !== expectedBalance) {
        throw new BenchError(`statement has ${body.entries.length} entries and closes at ${body.closingBalanceMinor}, expected ${ENTRIES} and ${expectedBalance}`);
      }

      const api = await sample(SAMPLES, async () => {
        const response = await shop.call('GET', query(everything));
        if (response.status !== 200) throw new BenchError(`statement answered ${response.status}`);
      });
      const apiMonth = await sample(SAMPLES, () => shop.call('GET', query(pastMonth)));
      const direct = await sample(SAMPLES, () => testApp.database.withTenant(tenantId, (tx) => buildStatement(tx, tenantId, contactId, everything)));
      const directMonth = await sample(SAMPLES, () => testApp.database.withTenant(tenantId, (tx) => buildStatement(tx, tenantId, contactId, pastMonth)));
      const bare = await sample(SAMPLES, () =>
        testApp.database.withTenant(tenantId, (tx) =>
          queryRows(
            tx,
            sql`select id, amount_minor, sum(amount_minor) over (order by occurred_at, id) as running
                from account_entries where tenant_id = ${tenantId} and contact_id = ${contactId} and side = 'receivable' order by occurred_at, id`,
          ),
        ),
      );
      const rows = [
        [`GET statement, all ${ENTRIES.toLocaleString('en-US')} entries (aging from today's open items)`, summarize(api)],
        [`  the same statement built directly in one tenant transaction`, summarize(direct)],
        [`GET statement, one past month (aging rebuilt from allocations at its end)`, summarize(apiMonth)],
        [`  the same, built directly`, summarize(directMonth)],
        [`bare running-balance query over the ${ENTRIES.toLocaleString('en-US')} entries (baseline)`, summarize(bare)],
      ] as const;
      printTable({
        title: `Figure S1 — statement of a customer with ${ENTRIES.toLocaleString('en-US')} entries, ${SAMPLES} requests each after ${WARMUP} warm-up (${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'}, in-process)`,
        columns: ['measure', 'p50', 'p95', 'max'],
        rows: rows.map(([label, s]) => [label, formatMs(s.p50), formatMs(s.p95), formatMs(s.max)]),
        notes: [
          `Ledger written through postAccountEntry (payments settle the oldest charges first) in ${loadSeconds.toFixed(1)} s.`,
          'The API figure includes the session, membership and plan check, JSON serialisation and the HTTP round trip.',
        ],
      });
      const p95 = summarize(api).p95;
      return [
        {
          figure: `statement, ${ENTRIES.toLocaleString('en-US')} entries, p95 via API`,
          value: formatMs(p95),
          baseline: `direct ${formatMs(summarize(direct).p95)}, bare query ${formatMs(summarize(bare).p95)}`,
          goal: `< ${GOAL_MS} ms`,
          status: goalStatus(p95 < GOAL_MS),
        },
        {
          figure: `statement of one past month (aging rebuilt), p95 via API`,
          value: formatMs(summarize(apiMonth).p95),
          baseline: `direct ${formatMs(summarize(directMonth).p95)}`,
          status: 'INFO',
        },
      ];
    } finally {
      await testApp.close();
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
  },
};

export default statements;
