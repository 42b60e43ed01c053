import { Agent, request } from 'node:http';
import { BenchError } from './suite';

// Sequential requests with node:http: Node's fetch drops a Host header, and tenancy is by Host.
// One keep-alive connection, so a timing is the request and not a TCP handshake.

export interface TimedResponse {
  status: number;
  body: string;
  ms: number;
}

/** `headers` go with every request (e.g. a session cookie). */
export function createHttpClient(port: number, headers: Record<string, string> = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });

  function send(method: 'GET' | 'POST', path: string, host: string | undefined, extra: Record<string, string> = {}, payload?: string): Promise<TimedResponse> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const req = request(
        { hostname: '127.0.0.1', port, path, method, agent, headers: { ...headers, ...extra, ...(host ? { host } : {}) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }),
          );
          res.on('error', reject);
        },
      );
      req.setTimeout(30_000, () => req.destroy(new BenchError(`${method} ${path} (Host ${host ?? 'default'}) timed out`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  const get = (path: string, host?: string) => send('GET', path, host);

  async function getJson<T extends object>(path: string, host?: string): Promise<T & { ms: number }> {
    const response = await get(path, host);
    if (response.status !== 200) {
      throw new BenchError(`GET ${path} (Host ${host ?? 'default'}) answered ${response.status}: ${response.body.slice(0, 300)}`);
    }
    return Object.assign(JSON.parse(response.body) as T, { ms: response.ms });
  }

  /** A JSON body posted as the browser would (Origin of the host, for the CSRF check), with extra headers such as Idempotency-Key. */
  function postJson(path: string, body: unknown, host: string, extra: Record<string, string> = {}): Promise<TimedResponse> {
    const payload = JSON.stringify(body);
    return send('POST', path, host, { origin: `http://${host}`, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)), ...extra }, payload);
  }

  return { get, getJson, postJson, close: () => agent.destroy() };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
