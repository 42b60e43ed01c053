import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createEtimsHttpClient } from '../../../server/etims/etims.client';
import { initialiseDevice, saveDevice } from '../../../server/etims/etims-settings.service';
import { drainShop, type EtimsWorkerDeps } from '../../../server/etims/etims-worker';
import { createTenant } from '../../../tests/support/factories';
import { sampleSaleRequest, startFakeEtims } from '../../../tests/support/fake-etims';
import { createTestApp } from '../../../tests/support/test-app';
import { formatRatio } from '../support/format';
import { BenchError, type BenchSuite, type SummaryLine } from '../support/suite';
import { printTable } from '../support/table';

// eTIMS figures (issue 19): the outbox worker drains queued sales against the local fake KRA
// server (documents per second: lease, send, record per document, in invoice order), beside a
// bare loop posting the same requests to the fake with the same client (no database at all).

const settings = { documents: Number(process.env.BENCH_ETIMS_DOCUMENTS ?? 10_000) };
const TIN = 'P051234567X';
const perSecond = (rate: number) => `${Math.round(rate).toLocaleString('en-US')}/s`;

const payload = sampleSaleRequest;

const etims: BenchSuite = {
  name: 'etims',
  description: `the eTIMS outbox drains ${settings.documents} queued sales against the fake KRA server, beside a bare loop posting the same requests`,
  async run(): Promise<SummaryLine[]> {
    const fake = await startFakeEtims();
    const testApp = await createTestApp({ config: { ETIMS_SANDBOX_URL: fake.url } });
    try {
      const deps: EtimsWorkerDeps = { database: testApp.database, secretBox: testApp.deps.secretBox, logger: testApp.deps.logger, apiFor: () => createEtimsHttpClient({ baseUrl: fake.url }) };
      const tenant = await createTenant(testApp.database);
      fake.registerDevice(TIN, '00', 'bench-outbox');
      // The save is audited with who made it; the bench has nobody signed in.
      const device = await saveDevice(deps, tenant.id, { locationId: null, kraPin: TIN, branchId: '00', deviceSerial: 'bench-outbox', environment: 'sandbox' }, randomUUID());
      await initialiseDevice(deps, tenant.id, device.id);
      // The queue as the checkout leaves it: one frozen request per sale, numbered 1…n on the device.
      await testApp.database.withTenant(tenant.id, async (tx) => {
        for (let start = 1; start <= settings.documents; start += 1000) {
          const values = Array.from({ length: Math.min(1000, settings.documents - start + 1) }, (_, index) => {
            const number = start + index;
            return sql`(${tenant.id}, ${device.id}, ${number}, 'sale', 'sale', ${randomUUID()}, ${number}, ${JSON.stringify(payload(number))}::jsonb)`;
          });
          await tx.execute(sql`insert into etims_documents (tenant_id, settings_id, seq, kind, source_type, source_id, invoice_number, payload) values ${sql.join(values, sql`, `)}`);
        }
        await tx.execute(sql`update etims_settings set last_invoice_number = ${settings.documents}, last_document_seq = ${settings.documents} where id = ${device.id}`);
      });

      let started = performance.now();
      const drained = await drainShop(deps, tenant.id);
      const drainSeconds = (performance.now() - started) / 1000;
      if (drained.signed !== settings.documents) throw new BenchError(`the outbox signed ${drained.signed} of ${settings.documents} documents`);

      // The same requests straight to the fake (under another branch, so none is a replay).
      fake.registerDevice(TIN, '01', 'bench-bare');
      const bareClient = createEtimsHttpClient({ baseUrl: fake.url });
      const init = await bareClient.selectInitOsdcInfo({ tin: TIN, bhfId: '01', dvcSrlNo: 'bench-bare' });
      const bareDevice = { tin: TIN, bhfId: '01', cmcKey: init.data!.info.cmcKey };
      started = performance.now();
      for (let number = 1; number <= settings.documents; number += 1) {
        const answer = await bareClient.saveTrnsSalesOsdc(bareDevice, payload(number));
        if (answer.resultCd !== '000') throw new BenchError(`the bare loop got ${answer.resultCd} for invoice ${number}`);
      }
      const bareSeconds = (performance.now() - started) / 1000;

      const outboxRate = settings.documents / drainSeconds;
      const bareRate = settings.documents / bareSeconds;
      printTable({
        title: `Figure E1 — the eTIMS outbox draining ${settings.documents} queued sales vs a bare loop of the same requests`,
        columns: ['measure', 'documents/s', 'total'],
        rows: [
          [`outbox worker (leases 20 at a time, sends and records each) on ${testApp.database.driver}`, perSecond(outboxRate), `${drainSeconds.toFixed(1)} s`],
          ['bare loop: POST saveTrnsSalesOsdc to the fake, one after another', perSecond(bareRate), `${bareSeconds.toFixed(1)} s`],
        ],
        notes: [
          'One device: its documents go one at a time in invoice order (KRA numbers them), so this is the per-device rate; devices drain side by side.',
          `Every document signed exactly once: the fake counts ${[...fake.signings].filter(([key, count]) => key.startsWith(`${TIN}:00:`) && count === 1).length} of ${settings.documents} invoices signed once.`,
        ],
      });
      return [
        {
          figure: `outbox drain, ${settings.documents} sales`,
          value: `${perSecond(outboxRate)} documents`,
          baseline: `bare POST loop ${perSecond(bareRate)} (${formatRatio(outboxRate / bareRate)})`,
          status: 'INFO',
        },
      ];
    } finally {
      await testApp.close();
      await fake.close();
    }
  },
};

export default etims;
