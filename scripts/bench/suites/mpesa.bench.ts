import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { newTransId, startFakeDaraja } from '../../../tests/support/fake-daraja';
import { formatMs, formatRatio, formatRps } from '../support/format';
import { createHttpClient, type HttpClient } from '../support/http-client';
import { runAlternatingLoad } from '../support/load';
import { startBenchServer } from '../support/servers';
import { signInCookie } from '../support/sign-in';
import { summarize } from '../support/stats';
import { BenchError, type BenchSuite, type SummaryLine } from '../support/suite';
import { printTable } from '../support/table';

// M-Pesa callbacks (issue 19): Safaricom's STK results and C2B confirmations as this server takes
// them (token check, one short tenant transaction, Daraja's reply), each a new payment and each a
// replay of one already stored, beside a bare POST route with the same body in the same run.

const HOST = 'demo.localhost';
const SHORTCODE = '174379';
const PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
const settings = {
  deliveries: Number(process.env.BENCH_MPESA_DELIVERIES ?? 400),
  clients: 8,
  connections: 10,
  seconds: Number(process.env.BENCH_DURATION_SECONDS ?? 8),
};
const ACCEPTED = JSON.stringify({ ResultCode: 0, ResultDesc: 'Accepted' });

const c2bBody = (transId: string) =>
  JSON.stringify({
    TransactionType: 'Buy Goods',
    TransID: transId,
    TransTime: '20261129081500',
    TransAmount: '145.00',
    BusinessShortCode: '5123456',
    BillRefNumber: '',
    MSISDN: '2547 ***** 149',
    FirstName: 'JOHN',
  });

const stkBody = (checkoutRequestId: string, receipt: string) =>
  JSON.stringify({
    Body: {
      stkCallback: {
        MerchantRequestID: '29115-34620561-1',
        CheckoutRequestID: checkoutRequestId,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: 145 },
            { Name: 'MpesaReceiptNumber', Value: receipt },
            { Name: 'Balance' },
            { Name: 'TransactionDate', Value: 20261129081500 },
            { Name: 'PhoneNumber', Value: 254712345678 },
          ],
        },
      },
    },
  });

/** The settings are saved with PUT, which the bench's HTTP client does not send. */
function putJson(port: number, path: string, cookie: string, body: unknown): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname: '127.0.0.1', port, path, method: 'PUT', headers: { host: HOST, cookie, origin: `http://${HOST}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** `count` POSTs spread over `clients` keep-alive connections; each answer must be Daraja's "Accepted". */
async function deliverAll(clients: HttpClient[], count: number, request: (index: number) => { path: string; body: string }) {
  const ms: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      while (next < count) {
        const { path, body } = request(next++);
        const reply = await client.postJson(path, JSON.parse(body), HOST);
        if (reply.status !== 200 || reply.body !== ACCEPTED) throw new BenchError(`callback answered ${reply.status}: ${reply.body.slice(0, 200)}`);
        ms.push(reply.ms);
      }
    }),
  );
  return { ms, perSecond: (count * 1000) / (performance.now() - started) };
}

const mpesa: BenchSuite = {
  name: 'mpesa',
  description: 'M-Pesa STK and C2B callbacks (new and replayed) per second beside a bare POST',
  async run(): Promise<SummaryLine[]> {
    const fake = await startFakeDaraja();
    fake.addConsumer({ key: 'bench-key', secret: 'bench-secret', passkeys: { [SHORTCODE]: PASSKEY } });
    const server = await startBenchServer({ label: 'bench server (mpesa)', tenants: 0, misses: 0, env: { TRUST_PROXY: 'true', MPESA_SANDBOX_URL: fake.url } });
    try {
      const cookie = await signInCookie(server.port, { host: HOST, email: 'owner@demo.test', clientAddress: '198.18.0.9' });
      const owner = createHttpClient(server.port, { cookie });
      const saved = await putJson(server.port, '/api/mpesa/settings', cookie, {
        shortcodeType: 'till',
        shortcode: SHORTCODE,
        tillNumber: '5123456',
        environment: 'sandbox',
        consumerKey: 'bench-key',
        consumerSecret: 'bench-secret',
        passkey: PASSKEY,
      });
      if (saved.status !== 200) throw new BenchError(`M-Pesa settings answered ${saved.status}: ${saved.body.slice(0, 200)}`);
      const urls = (JSON.parse(saved.body) as { callbackUrls: { stk: string; confirmation: string } }).callbackUrls;
      const confirmationPath = new URL(urls.confirmation).pathname;
      const stkPath = new URL(urls.stk).pathname;

      // The prompts whose results arrive: pushed through the fake Daraja, which is told not to call back.
      const registers = await owner.getJson<{ items: { id: string }[] }>('/api/registers', HOST);
      const registerId = registers.items[0]?.id;
      if (!registerId) throw new BenchError('no register in the demo shop');
      fake.queueStk(...Array.from({ length: settings.deliveries }, () => ({ omitCallback: true })));
      const prompts: string[] = [];
      for (let i = 0; i < settings.deliveries; i += 1) {
        const reply = await owner.postJson('/api/mpesa/stk-requests', { id: randomUUID(), registerId, phone: '0712345678', amountMinor: 14_500 }, HOST);
        if (reply.status !== 201) throw new BenchError(`prompt answered ${reply.status}: ${reply.body.slice(0, 200)}`);
        prompts.push((JSON.parse(reply.body) as { id: string }).id);
      }
      const checkoutOf = new Map(fake.stkRequests.map((request) => [String(request.body.CallBackURL).split('/').pop()!, request.checkoutRequestId]));

      const clients = Array.from({ length: settings.clients }, () => createHttpClient(server.port));
      const stkNew = await deliverAll(clients, prompts.length, (i) => ({ path: `${stkPath}/${prompts[i]}`, body: stkBody(checkoutOf.get(prompts[i]!)!, newTransId()) }));
      const c2bNew = await deliverAll(clients, settings.deliveries, () => ({ path: confirmationPath, body: c2bBody(newTransId()) }));

      const replayedStk = stkBody(checkoutOf.get(prompts[0]!)!, newTransId());
      const replayedC2b = c2bBody(newTransId());
      await deliverAll(clients.slice(0, 1), 1, () => ({ path: confirmationPath, body: replayedC2b }));
      const load = (title: string, path: string, body: string, expectBody?: string) => ({
        port: server.port, path, host: HOST, method: 'POST' as const, body, connections: settings.connections, durationSeconds: settings.seconds, serverPid: server.pid, title, expectBody,
      });
      const c2bReplay = await runAlternatingLoad(load('C2B confirmation replayed (stored once)', confirmationPath, replayedC2b, ACCEPTED), load('POST /__bench/bare, same body (baseline)', '/__bench/bare', replayedC2b), 4);
      const stkReplay = await runAlternatingLoad(
        load('STK callback replayed (prompt decided)', `${stkPath}/${prompts[0]}`, replayedStk, ACCEPTED),
        load('POST /__bench/bare, same body (baseline)', '/__bench/bare', replayedStk),
        4,
      );
      const row = (label: string, perSecond: number, ms: number[]) => {
        const s = summarize(ms);
        return [label, formatRps(perSecond), formatMs(s.p50), formatMs(s.p95), formatMs(s.max)];
      };
      const loadRow = (r: typeof c2bReplay.a) => [r.title, formatRps(r.requestsPerSecond), formatMs(r.latency.p50), formatMs(r.latency.p95), `${Math.round(r.serverMicrosecondsPerRequest)} µs/req`];
      printTable({
        title: `Figure M1 — M-Pesa callbacks, ${settings.deliveries} new payments each, ${settings.clients} connections (PGlite)`,
        columns: ['callback', 'throughput', 'p50', 'p95', 'max'],
        rows: [row('STK callback, success: prompt paid, payment stored', stkNew.perSecond, stkNew.ms), row('C2B confirmation: payment stored', c2bNew.perSecond, c2bNew.ms)],
        notes: ['Each callback checks the path token against the shop’s hashed tokens and writes in one tenant transaction.'],
      });
      printTable({
        title: `Figure M2 — replays with autocannon, ${settings.connections} connections, alternating rounds beside a bare POST`,
        columns: ['route', 'throughput', 'p50', 'p95', 'server CPU'],
        rows: [c2bReplay.a, c2bReplay.b, stkReplay.a, stkReplay.b].map(loadRow),
      });
      return [
        { figure: 'STK / C2B callbacks, new payments', value: `${formatRps(stkNew.perSecond)} / ${formatRps(c2bNew.perSecond)}`, status: 'INFO' },
        {
          figure: 'C2B confirmation replayed',
          value: formatRps(c2bReplay.a.requestsPerSecond),
          baseline: `bare POST ${formatRps(c2bReplay.b.requestsPerSecond)} (${formatRatio(c2bReplay.a.requestsPerSecond / c2bReplay.b.requestsPerSecond)})`,
        },
        {
          figure: 'STK callback replayed',
          value: formatRps(stkReplay.a.requestsPerSecond),
          baseline: `bare POST ${formatRps(stkReplay.b.requestsPerSecond)} (${formatRatio(stkReplay.a.requestsPerSecond / stkReplay.b.requestsPerSecond)})`,
        },
      ];
    } finally {
      await server.stop();
      await fake.close();
    }
  },
};

export default mpesa;
