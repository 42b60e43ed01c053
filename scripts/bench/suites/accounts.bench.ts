import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { DEMO_PASSWORD } from '../../../server/db/seed';
import { formatMs, formatRatio, formatRps } from '../support/format';
import { runAlternatingLoad, runLoad, type LoadResult } from '../support/load';
import { postSignIn } from '../support/sign-in';
import { startBenchServer } from '../support/servers';
import { summarize } from '../support/stats';
import { BenchError, type BenchSuite, type SummaryLine } from '../support/suite';
import { printTable } from '../support/table';

// Accounts figures: sign-in throughput and latency beside the cost of one scrypt hash (password
// hashing dominates sign-in by design), and an authenticated read beside a bare route.

const HOST = 'demo.localhost';
const EMAIL = 'owner@demo.test';
const settings = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  signInConnections: 4,
  seconds: Number(process.env.BENCH_DURATION_SECONDS ?? 10),
  rounds: 4,
  hashSamples: 20,
};

/** A different documentation-range client address per request, so per-address limits do not apply. */
let addressCounter = 0;
const nextClientAddress = () => {
  addressCounter += 1;
  return `198.18.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

const signIn = (port: number) => postSignIn(port, { host: HOST, email: EMAIL, clientAddress: nextClientAddress() });

async function measureHashing() {
  const hashMs: number[] = [];
  const verifyMs: number[] = [];
  for (let i = 0; i < settings.hashSamples; i += 1) {
    let started = performance.now();
    const hash = await hashPassword(DEMO_PASSWORD);
    hashMs.push(performance.now() - started);
    started = performance.now();
    await verifyPassword({ hash, password: DEMO_PASSWORD });
    verifyMs.push(performance.now() - started);
  }
  return { hash: summarize(hashMs), verify: summarize(verifyMs) };
}

const accounts: BenchSuite = {
  name: 'accounts',
  description: 'sign-in throughput and p95 beside one scrypt hash; authenticated GET /api/profile beside a bare route',
  async run(): Promise<SummaryLine[]> {
    const hashing = await measureHashing();
    const server = await startBenchServer({ label: 'bench server (accounts)', tenants: 0, misses: 0, env: { TRUST_PROXY: 'true' } });
    try {
      const first = await signIn(server.port);
      if (first.status !== 200 || !first.cookie.includes('dukani.session_token=')) {
        throw new BenchError(`sign-in as ${EMAIL} answered ${first.status}: ${first.body.slice(0, 300)}`);
      }
      const signInLoad: LoadResult = await runLoad({
        title: `POST /api/auth/sign-in (Host ${HOST})`,
        port: server.port,
        path: '/api/auth/sign-in',
        method: 'POST',
        host: HOST,
        body: JSON.stringify({ email: EMAIL, password: DEMO_PASSWORD }),
        perRequestHeaders: () => ({ 'x-forwarded-for': nextClientAddress() }),
        connections: settings.signInConnections,
        durationSeconds: settings.seconds,
        serverPid: server.pid,
      });
      const perCoreCeiling = 1000 / hashing.verify.p50;
      printTable({
        title: 'Figure A1 — sign-in (password check + session + activity log) beside one scrypt hash',
        columns: ['measure', 'throughput', 'p50', 'p95', 'p99', 'server CPU'],
        rows: [
          [signInLoad.title, formatRps(signInLoad.requestsPerSecond), formatMs(signInLoad.latency.p50), formatMs(signInLoad.latency.p95), formatMs(signInLoad.latency.p99), `${Math.round(signInLoad.cpu.server * 100)}%`],
          ['one scrypt hash (better-auth hashPassword), sequential', `${formatRps(1000 / hashing.hash.p50)} / core`, formatMs(hashing.hash.p50), formatMs(hashing.hash.p95), '–', '–'],
          ['one scrypt verify (what sign-in does), sequential', `${formatRps(perCoreCeiling)} / core`, formatMs(hashing.verify.p50), formatMs(hashing.verify.p95), '–', '–'],
        ],
        notes: [
          `${settings.signInConnections} connections for ${settings.seconds} s; every response 200 with a new session (each request from a new client address, TRUST_PROXY=true, so the per-address limit is not what is measured).`,
          `Hash timings: ${settings.hashSamples} sequential samples in this process. scrypt runs on libuv's thread pool; this machine has 2 cores, so the ceiling is about ${formatRps(2 * perCoreCeiling)}.`,
          `Sign-in reaches ${formatRatio(signInLoad.requestsPerSecond / (2 * perCoreCeiling))} of that two-core hashing ceiling.`,
        ],
      });

      const cookie = (await signIn(server.port)).cookie;
      const profileRoute = { port: server.port, path: '/api/profile', host: HOST, headers: { cookie }, connections: settings.connections, durationSeconds: settings.seconds, serverPid: server.pid };
      const bareRoute = { port: server.port, path: '/__bench/bare', host: HOST, connections: settings.connections, durationSeconds: settings.seconds, serverPid: server.pid, title: 'GET /__bench/bare (baseline)' };
      const { a: profile, b: bare, roundRatios } = await runAlternatingLoad(profileRoute, bareRoute, settings.rounds);
      const ratio = profile.requestsPerSecond / bare.requestsPerSecond;
      printTable({
        title: 'Figure A2 — authenticated GET /api/profile (session lookup + profile query) vs a bare route in the same server',
        columns: ['route', 'throughput', 'p50', 'p95', 'p99', 'server µs/req'],
        rows: [profile, bare].map((r) => [r.title, formatRps(r.requestsPerSecond), formatMs(r.latency.p50), formatMs(r.latency.p95), formatMs(r.latency.p99), `${Math.round(r.serverMicrosecondsPerRequest)} µs`]),
        notes: [
          `${settings.connections} connections, ${settings.seconds} s per route in ${settings.rounds} alternating rounds; per-round ratios ${roundRatios.map((x) => x.toFixed(2)).join(', ')}.`,
          `Profile costs ${Math.round(profile.serverMicrosecondsPerRequest - bare.serverMicrosecondsPerRequest)} µs more server CPU per request: two database round trips (session, profile) on ${server.readyLine.includes('"driver":"postgres"') ? 'PostgreSQL' : 'PGlite'}.`,
        ],
      });
      return [
        {
          figure: 'sign-in req/s, p95',
          value: `${formatRps(signInLoad.requestsPerSecond)}, p95 ${formatMs(signInLoad.latency.p95)}`,
          baseline: `scrypt verify ${formatMs(hashing.verify.p50)} (≈ ${formatRps(2 * perCoreCeiling)} on 2 cores)`,
          status: 'INFO',
        },
        {
          figure: 'authenticated GET /api/profile ÷ bare route',
          value: `${formatRatio(ratio)} (${formatRps(profile.requestsPerSecond)})`,
          baseline: `bare ${formatRps(bare.requestsPerSecond)}`,
          status: 'INFO',
        },
      ];
    } finally {
      await server.stop();
    }
  },
};

export default accounts;
