import { constants, PerformanceObserver } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createAfricasTalkingClient } from '../../../server/communications/africastalking.client';
import { runDueCampaigns } from '../../../server/communications/automations';
import { saveChannel, saveSettings } from '../../../server/communications/channels.service';
import { drainShop, outboxDeps } from '../../../server/communications/outbox';
import { createTenant, createUser } from '../../../tests/support/factories';
import { startFakeAfricasTalking } from '../../../tests/support/fake-africastalking';
import { createTestApp } from '../../../tests/support/test-app';
import { formatRatio } from '../support/format';
import { BenchError, type BenchSuite, type SummaryLine } from '../support/suite';
import { printTable } from '../support/table';

// Communications figures (issue 20): a campaign to a tag of N customers is queued (a thousand
// customers a transaction) and drained by the outbox worker against the local fake Africa's
// Talking server (messages per second: lease 100, send concurrently, record in one statement);
// beside a bare loop posting the same number of messages to the fake with the same client (no
// database at all). The heap is watched in both the same way: sampled every 250 ms, and read
// right after each full collection. The samples swing with the garbage not yet collected (the
// fake server, PGlite and the client all run in this process); what is left after a full
// collection is what the run holds, and is the figure that must stay flat.

const settings = { messages: Number(process.env.BENCH_COMMUNICATIONS_MESSAGES ?? 50_000) };
const perSecond = (rate: number) => `${Math.round(rate).toLocaleString('en-US')}/s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const AT = { username: 'bench', apiKey: 'bench-api-key-0001' };

interface HeapReadings {
  /** heapUsed every 250 ms. */
  samples: number[];
  /** heapUsed just after each full (mark-sweep) collection: the heap the run holds. */
  afterFullCollections: number[];
}

function watchHeap(): () => HeapReadings {
  const readings: HeapReadings = { samples: [], afterFullCollections: [] };
  const sampler = setInterval(() => readings.samples.push(process.memoryUsage().heapUsed), 250);
  const collections = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) readings.afterFullCollections.push(process.memoryUsage().heapUsed);
    }
  });
  collections.observe({ entryTypes: ['gc'] });
  return () => {
    clearInterval(sampler);
    collections.disconnect();
    return readings;
  };
}

const range = (values: number[]) => (values.length ? `${mb(Math.min(...values))} – ${mb(Math.max(...values))} (${values.length})` : 'none');
/** At most ten values in order, evenly spread over the run: the heap's course at a glance. */
const course = (values: number[]) => {
  const picked = values.length <= 10 ? values : Array.from({ length: 10 }, (_, index) => values[Math.round((index * (values.length - 1)) / 9)]!);
  return picked.length ? picked.map((value) => (value / 1024 / 1024).toFixed(0)).join(' ') : 'none';
};
/** The highest after-collection heap in the first and in the last quarter of the run. */
const quarters = (values: number[]) => {
  const quarter = Math.max(1, Math.floor(values.length / 4));
  return values.length ? { first: Math.max(...values.slice(0, quarter)), last: Math.max(...values.slice(-quarter)) } : null;
};

const communications: BenchSuite = {
  name: 'communications',
  description: `a campaign of ${settings.messages} SMS queued and drained against the fake Africa's Talking server (memory sampled), beside a bare loop posting to the fake`,
  async run(): Promise<SummaryLine[]> {
    const fake = await startFakeAfricasTalking();
    fake.record = false;
    fake.addApp(AT.username, AT.apiKey);
    const testApp = await createTestApp({ config: { AFRICASTALKING_SANDBOX_URL: fake.url } });
    try {
      const deps = outboxDeps(testApp.deps);
      const tenant = await createTenant(testApp.database);
      const owner = await createUser(testApp.database, testApp.deps.auth, { tenantId: tenant.id, role: 'owner' });
      await testApp.database.withTenant(tenant.id, async (tx) => {
        const sms = { channel: 'sms', enabled: true, environment: 'sandbox', username: AT.username, apiKey: AT.apiKey, senderId: 'DUKANI', ratePerMinute: 100_000, clearCredentials: false } as const;
        await saveChannel(tx, tenant.id, deps.secretBox, sms, owner.id);
        const quietHoursOff = { remindersEnabled: false, reminderChannel: 'sms', reminderEveryDays: 7, quietHoursEnabled: false, quietStart: '20:00', quietEnd: '08:00', lowStockAlerts: false, ownerPhone: null } as const;
        await saveSettings(tx, tenant.id, deps.secretBox, quietHoursOff, owner.id);
        await tx.execute(sql`update business_settings set currency_code = 'KES'`);
        for (let start = 0; start < settings.messages; start += 10_000) {
          const end = Math.min(settings.messages, start + 10_000) - 1;
          await tx.execute(
            sql`insert into contacts (tenant_id, type, name, phone, tags)
                select ${tenant.id}, 'customer', 'Customer ' || n, '+2547' || lpad(n::text, 8, '0'), '{bench}' from generate_series(${start}::int, ${end}::int) n`,
          );
        }
        await tx.execute(
          sql`insert into communication_campaigns (tenant_id, name, channel, language, body, tag, scheduled_at)
              values (${tenant.id}, 'Bench', 'sms', 'en', 'Habari {customer_name}, karibu {shop_name} wiki hii: punguzo la 10%.', 'bench', now())`,
        );
      });

      let started = performance.now();
      await runDueCampaigns(testApp.database, tenant.id);
      const queueSeconds = (performance.now() - started) / 1000;

      let stopWatching = watchHeap();
      started = performance.now();
      const drained = await drainShop(deps, tenant.id);
      const drainSeconds = (performance.now() - started) / 1000;
      const drainHeap = stopWatching();
      if (drained.sent !== settings.messages) throw new BenchError(`the outbox sent ${drained.sent} of ${settings.messages} messages`);
      if (fake.sendCount !== settings.messages) throw new BenchError(`the fake received ${fake.sendCount} of ${settings.messages} messages`);

      const client = createAfricasTalkingClient({ baseUrls: { sandbox: fake.url, production: fake.url } });
      const account = { environment: 'sandbox' as const, ...AT, senderId: 'DUKANI' };
      stopWatching = watchHeap();
      started = performance.now();
      for (let index = 0; index < settings.messages; index += 100) {
        const outcomes = await Promise.all(
          Array.from({ length: Math.min(100, settings.messages - index) }, (_, offset) => client.send(account, `+2547${String(index + offset).padStart(8, '0')}`, 'Habari, karibu wiki hii.')),
        );
        if (outcomes.some((outcome) => outcome.kind !== 'sent')) throw new BenchError('the bare loop got a refusal');
      }
      const bareSeconds = (performance.now() - started) / 1000;
      const bareHeap = stopWatching();

      const queueRate = settings.messages / queueSeconds;
      const drainRate = settings.messages / drainSeconds;
      const bareRate = settings.messages / bareSeconds;
      const drainQuarters = quarters(drainHeap.afterFullCollections);
      printTable({
        title: `Figure C1 — a campaign of ${settings.messages} SMS queued and drained vs a bare loop of the same sends`,
        columns: ['measure', 'messages/s', 'total'],
        rows: [
          [`queue the campaign (1,000 customers a transaction) on ${testApp.database.driver}`, perSecond(queueRate), `${queueSeconds.toFixed(1)} s`],
          ['outbox worker (leases 100, sends them concurrently, records in one statement)', perSecond(drainRate), `${drainSeconds.toFixed(1)} s`],
          ['bare loop: POST /version1/messaging to the fake, 100 at a time', perSecond(bareRate), `${bareSeconds.toFixed(1)} s`],
        ],
      });
      printTable({
        title: 'Figure C2 — the heap during the drain vs during the bare loop (MB)',
        columns: ['heap', 'outbox worker', 'bare loop'],
        rows: [
          ['after each full collection: lowest – highest (collections)', range(drainHeap.afterFullCollections), range(bareHeap.afterFullCollections)],
          ['after each full collection, in order (≤ 10 spread over the run)', course(drainHeap.afterFullCollections), course(bareHeap.afterFullCollections)],
          ['every 250 ms: lowest – highest (samples)', range(drainHeap.samples), range(bareHeap.samples)],
          ['every 250 ms, in order (10 spread over the run)', course(drainHeap.samples), course(bareHeap.samples)],
        ],
        notes: [
          'After a full collection the heap holds only what the run keeps: the worker holds one batch of 100 messages at a time, so that figure stays level from the first to the last batch.',
          'The 250 ms samples also count garbage not yet collected (this process runs the fake server and PGlite too): they rise and fall with the collector, in the bare loop as in the drain.',
        ],
      });
      return [
        { figure: `campaign drain, ${settings.messages} SMS`, value: `${perSecond(drainRate)} messages`, baseline: `bare POST loop ${perSecond(bareRate)} (${formatRatio(drainRate / bareRate)})`, status: 'INFO' },
        {
          figure: 'heap after full collections, drain',
          value: drainQuarters ? `first quarter max ${mb(drainQuarters.first)}, last quarter max ${mb(drainQuarters.last)}` : 'no full collection',
          baseline: `bare loop ${range(bareHeap.afterFullCollections)}`,
          status: 'INFO',
        },
      ];
    } finally {
      await testApp.close();
      await fake.close();
    }
  },
};

export default communications;
