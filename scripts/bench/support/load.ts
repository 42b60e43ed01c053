import autocannon from 'autocannon';
import { summarize, type LatencySummary } from './stats';
import { startCpuMeter, type CpuSpan } from './process-stats';
import { BenchError } from './suite';

// Closed-loop HTTP load with autocannon, run in this (the parent) process.

export interface LoadOptions {
  port: number;
  path: string;
  /** Sent as the Host header (autocannon sends a given host header as is). */
  host?: string;
  method?: 'GET' | 'POST';
  /** JSON request body (POST). */
  body?: string;
  /** Extra headers on every request (e.g. a session cookie). */
  headers?: Record<string, string>;
  /** Headers computed for each request (e.g. a different client address each time). */
  perRequestHeaders?: () => Record<string, string>;
  /** A path computed for each request (e.g. a different barcode each time); `path` is the first. */
  perRequestPath?: () => string;
  connections: number;
  durationSeconds: number;
  /** Every response body must equal this, or the run fails: proves what was measured. */
  expectBody?: string;
  /** Process whose CPU use is reported beside the load generator's. */
  serverPid?: number;
  title?: string;
}

export interface LoadResult {
  title: string;
  requestsPerSecond: number;
  totalRequests: number;
  durationSeconds: number;
  /** From each response's own timing (sub-millisecond), not autocannon's whole-ms histogram. */
  latency: LatencySummary;
  /** Fractions of one core during the run. */
  cpu: { server: number; loadGenerator: number };
  /** Server CPU time per request, in microseconds. */
  serverMicrosecondsPerRequest: number;
}

interface RawRun {
  requests: number;
  durationSeconds: number;
  latencies: number[];
  cpu: CpuSpan;
}

const titleOf = (options: LoadOptions) =>
  options.title ?? `${options.method ?? 'GET'} ${options.path}${options.host ? ` (Host ${options.host})` : ''}`;

async function runOnce(options: LoadOptions): Promise<RawRun> {
  const latencies: number[] = [];
  const stopMeter = startCpuMeter(options.serverPid);
  const headers = {
    ...(options.host ? { host: options.host } : {}),
    ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...options.headers,
  };
  const perRequest = options.perRequestHeaders;
  const perRequestPath = options.perRequestPath;
  const result = await autocannon({
    url: `http://127.0.0.1:${options.port}${options.path}`,
    connections: options.connections,
    duration: options.durationSeconds,
    method: options.method ?? 'GET',
    headers,
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(perRequest || perRequestPath
      ? {
          requests: [
            {
              setupRequest: (request: Record<string, any>) => ({
                ...request,
                ...(perRequestPath ? { path: perRequestPath() } : {}),
                headers: { ...request.headers, ...perRequest?.() },
              }),
            },
          ],
        }
      : {}),
    ...(options.expectBody !== undefined ? { expectBody: options.expectBody } : {}),
    setupClient: (client) => {
      // autocannon's Client emits ('response', status, bytes, durationMs) with a float duration.
      client.on('response', (_status: number, _bytes: number, durationMs: number) => latencies.push(durationMs));
    },
  });
  const cpu = stopMeter();
  const problems = [
    result.errors && `${result.errors} connection errors`,
    result.timeouts && `${result.timeouts} timeouts`,
    result.non2xx && `${result.non2xx} non-2xx responses`,
    result.mismatches && `${result.mismatches} responses with an unexpected body`,
  ].filter(Boolean);
  if (problems.length) throw new BenchError(`${titleOf(options)}: ${problems.join(', ')} — the measurement is not valid`);
  if (result['2xx'] === 0) throw new BenchError(`${titleOf(options)}: no successful responses`);
  return { requests: result['2xx'], durationSeconds: result.duration, latencies, cpu };
}

function aggregate(title: string, runs: RawRun[]): LoadResult {
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const durationSeconds = runs.reduce((sum, run) => sum + run.durationSeconds, 0);
  const wall = runs.reduce((sum, run) => sum + run.cpu.wallSeconds, 0);
  const serverCpu = runs.reduce((sum, run) => sum + run.cpu.serverSeconds, 0);
  const loaderCpu = runs.reduce((sum, run) => sum + run.cpu.loadGeneratorSeconds, 0);
  return {
    title,
    requestsPerSecond: requests / durationSeconds,
    totalRequests: requests,
    durationSeconds,
    latency: summarize(runs.flatMap((run) => run.latencies)),
    cpu: { server: serverCpu / wall, loadGenerator: loaderCpu / wall },
    serverMicrosecondsPerRequest: (serverCpu * 1e6) / requests,
  };
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  return aggregate(titleOf(options), [await runOnce(options)]);
}

/**
 * Two routes measured in alternating rounds (A B, B A, A B…) of equal length, so drift in a shared
 * machine (other tenants of the host, CPU boost) falls on both alike. Each gets `durationSeconds` in total.
 */
export async function runAlternatingLoad(
  a: LoadOptions,
  b: LoadOptions,
  rounds: number,
): Promise<{ a: LoadResult; b: LoadResult; roundRatios: number[] }> {
  const runsA: RawRun[] = [];
  const runsB: RawRun[] = [];
  const roundRatios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const);
    const results: Partial<Record<'a' | 'b', RawRun>> = {};
    for (const which of order) {
      const options = which === 'a' ? a : b;
      results[which] = await runOnce({ ...options, durationSeconds: options.durationSeconds / rounds });
    }
    runsA.push(results.a!);
    runsB.push(results.b!);
    roundRatios.push(results.a!.requests / results.a!.durationSeconds / (results.b!.requests / results.b!.durationSeconds));
  }
  return { a: aggregate(titleOf(a), runsA), b: aggregate(titleOf(b), runsB), roundRatios };
}

/** Sends `amount` requests through autocannon and returns every response body (to check what it sent). */
export async function collectBodies(options: { port: number; path: string; host?: string; amount: number }): Promise<{ status: number; body: string }[]> {
  const responses: { status: number; body: string }[] = [];
  await autocannon({
    url: `http://127.0.0.1:${options.port}`,
    connections: 2,
    amount: options.amount,
    headers: options.host ? { host: options.host } : {},
    requests: [
      {
        method: 'GET',
        path: options.path,
        onResponse: (status: number, body: string) => {
          responses.push({ status, body });
        },
      },
    ],
  });
  return responses;
}
