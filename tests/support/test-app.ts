import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { createApp, type DukaniApp } from '../../server/app';
import { loadConfig, type AppConfig } from '../../server/config';
import type { AppDependencies } from '../../server/http/context';
import { wireDependencies } from '../../server/dependencies';
import { createLogger } from '../../server/logger';
import { createTestDatabase, type TestDatabase } from './test-db';

export const TEST_SECRET = 'test-secret-'.padEnd(64, 'x');

export function createTestConfig(overrides: NodeJS.ProcessEnv = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: TEST_SECRET,
    DATA_ENCRYPTION_KEY: `${TEST_SECRET}-data`,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'dukani-test-')),
    LOG_LEVEL: 'error',
    ROOT_DOMAINS: 'dukani.co.ke,dukani.com',
    // Tests name the client address in X-Forwarded-For, so per-address rate limits stay apart.
    TRUST_PROXY: 'true',
    ...overrides,
  });
}

export interface TestApp {
  app: DukaniApp;
  deps: AppDependencies;
  database: TestDatabase;
  /** The loopback port the app listens on. */
  port: number;
  /** A real HTTP request to the app listening on a loopback port (Host is sent as given). */
  request(path: string, options?: TestRequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestRequestOptions {
  host?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string | Buffer;
}

export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json<T = any>(): T;
}

export async function createTestApp(options: { config?: NodeJS.ProcessEnv; database?: TestDatabase } = {}): Promise<TestApp> {
  const config = createTestConfig(options.config);
  const database = options.database ?? (await createTestDatabase());
  const logger = createLogger(config.logLevel);
  const deps: AppDependencies = wireDependencies(config, database, logger);
  const app = createApp(deps, { serveWeb: false });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;

  return {
    app,
    deps,
    database,
    port,
    request: (path, requestOptions = {}) => sendRequest(port, path, requestOptions),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!options.database) await database.dispose();
    },
  };
}

export function sendRequest(port: number, path: string, options: TestRequestOptions = {}): Promise<TestResponse> {
  const body =
    options.rawBody ?? (options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body)));
  const headers: Record<string, string> = {
    host: options.host ?? `localhost:${port}`,
    ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    // A connection of its own: a kept-alive one can be closed by the server's keep-alive timeout
    // while a test's long setup holds the event loop, and the next request then meets ECONNRESET.
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Signs in over HTTP on a host and returns the session cookie for later requests. */
export async function signInAs(testApp: TestApp, host: string, email: string, password: string): Promise<string> {
  const response = await testApp.request('/api/auth/sign-in', {
    method: 'POST',
    host,
    body: { email, password },
    headers: { 'x-forwarded-for': randomClientAddress() },
  });
  if (response.status !== 200) throw new Error(`sign-in as ${email} on ${host} failed: ${response.status} ${response.text}`);
  return sessionCookie(response);
}

export function sessionCookie(response: TestResponse): string {
  const setCookie = response.headers['set-cookie'];
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies.map((c) => c.split(';')[0]).join('; ');
}

/** A documentation-range address (RFC 5737), different on each call. */
export function randomClientAddress(): string {
  return `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
}
