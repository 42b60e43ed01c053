import { sql } from 'drizzle-orm';
import { createAfricasTalkingClient } from '../../../server/communications/africastalking.client';
import { runDueCampaigns } from '../../../server/communications/automations';
import { saveChannel, saveSettings } from '../../../server/communications/channels.service';
import { drainShop, outboxDeps } from '../../../server/communications/outbox';
import { createTenant } from '../../../tests/support/factories';
import { startFakeAfricasTalking } from '../../../tests/support/fake-africastalking';
import { createTestApp } from '../../../tests/support/test-app';
import { formatRatio } from '../support/format';
import { BenchError, type BenchSuite, type SummaryLine } from '../support/suite';
import { printTable } from '../support/table';

// Communications figures (issue 20): a campaign to a tag of N customers is queued (a thousand
// customers a transaction) and drained by the outbox worker against the local fake Africa's
// Talking server (messages per second: lease 100, send concurrently, record in one statement),
// with the heap sampled during the drain to show it flat; beside a bare loop posting the same
// number of messages to the fake with the same client (no database at all).

const settings = { messages: Number(process.env.BENCH_COMMUNICATIONS_MESSAGES ?? 50_000) };
const perSecond = (rate: number) => `${Math.round(rate).toLocaleString('en-US')}/s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const AT = { username: 'bench', apiKey: 'bench-api-key-0001' };

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
      await testApp.database.withTenant(tenant.id, async (tx) => {
        await saveChannel(tx, tenant.id, deps.secretBox, { channel: 'sms', enabled: true, environment: 'sandbox', username: AT.username, apiKey: AT.apiKey, senderId: 'DUKANI', ratePerMinute: 100_000, clearCredentials: false });
        await saveSettings(tx, tenant.id, deps.secretBox, { remindersEnabled: false, reminderChannel: 'sms', reminderEveryDays: 7, quietHoursEnabled: false, quietStart: '20:00', quietEnd: '08:00', lowStockAlerts: false, ownerPhone: null });
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

      const heap: number[] = [];
      const sampler = setInterval(() => heap.push(process.memoryUsage().heapUsed), 250);
      started = performance.now();
      const drained = await drainShop(deps, tenant.id);
      const drainSeconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      if (drained.sent !== settings.messages) throw new BenchError(`the outbox sent ${drained.sent} of ${settings.messages} messages`);
      if (fake.sendCount !== settings.messages) throw new BenchError(`the fake received ${fake.sendCount} of ${settings.messages} messages`);

      const client = createAfricasTalkingClient({ baseUrls: { sandbox: fake.url, production: fake.url } });
      const account = { environment: 'sandbox' as const, ...AT, senderId: 'DUKANI' };
      started = performance.now();
      for (let index = 0; index < settings.messages; index += 100) {
        const outcomes = await Promise.all(
          Array.from({ length: Math.min(100, settings.messages - index) }, (_, offset) => client.send(account, `+2547${String(index + offset).padStart(8, '0')}`, 'Habari, karibu wiki hii.')),
        );
        if (outcomes.some((outcome) => outcome.kind !== 'sent')) throw new BenchError('the bare loop got a refusal');
      }
      const bareSeconds = (performance.now() - started) / 1000;

      const queueRate = settings.messages / queueSeconds;
      const drainRate = settings.messages / drainSeconds;
      const bareRate = settings.messages / bareSeconds;
      const quarter = Math.max(1, Math.floor(heap.length / 4));
      const early = Math.max(...heap.slice(0, quarter));
      const late = Math.max(...heap.slice(-quarter));
      printTable({
        title: `Figure C1 — a campaign of ${settings.messages} SMS queued and drained vs a bare loop of the same sends`,
        columns: ['measure', 'messages/s', 'total'],
        rows: [
          [`queue the campaign (1,000 customers a transaction) on ${testApp.database.driver}`, perSecond(queueRate), `${queueSeconds.toFixed(1)} s`],
          ['outbox worker (leases 100, sends them concurrently, records in one statement)', perSecond(drainRate), `${drainSeconds.toFixed(1)} s`],
          ['bare loop: POST /version1/messaging to the fake, 100 at a time', perSecond(bareRate), `${bareSeconds.toFixed(1)} s`],
        ],
        notes: [
          `Heap during the drain (${heap.length} samples every 250 ms): min ${mb(Math.min(...heap))}, max ${mb(Math.max(...heap))}; highest in the first quarter ${mb(early)}, in the last quarter ${mb(late)}.`,
          'The worker holds one batch (100 messages) at a time; the heap swings with garbage collection, the quarters’ highs compare its level at the start and the end of the drain.',
        ],
      });
      return [
        { figure: `campaign drain, ${settings.messages} SMS`, value: `${perSecond(drainRate)} messages`, baseline: `bare POST loop ${perSecond(bareRate)} (${formatRatio(drainRate / bareRate)})`, status: 'INFO' },
        { figure: 'heap during the drain', value: `first quarter max ${mb(early)}, last quarter max ${mb(late)}`, baseline: `${heap.length} samples`, status: 'INFO' },
      ];
    } finally {
      await testApp.close();
      await fake.close();
    }
  },
};

export default communications;
