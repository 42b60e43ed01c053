import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { FAKE_DARAJA_URL, FAKE_DNS_RESOLVER, FAKE_ETIMS_URL } from './support/fake-providers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server under test, e.g. http://localhost:41234 (tenants on http://demo.localhost:41234). */
    baseUrl: string;
  }
}

// A fresh server migrates and seeds first: a minute or more on a busy two-core machine.
const SERVER_START_TIMEOUT_MS = 180_000;

/**
 * E2E_BASE_URL set (CI, which runs `npm start` itself): test that server, which must run with
 * TRUST_PROXY=true and fresh demo data. Otherwise build, start the built server on a free port
 * with a fresh data folder, and stop it afterwards.
 */
export default async function setup(project: TestProject) {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    const baseUrl = external.replace(/\/+$/, '');
    await waitForHealth(baseUrl, undefined);
    project.provide('baseUrl', baseUrl);
    return;
  }

  // Vitest sets NODE_ENV=test: without it the build is the production bundle visitors get, and the
  // server runs in development mode, where it serves the /dev diagnostics pages.
  const { NODE_ENV: _vitestNodeEnv, ...baseEnv } = process.env;
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', env: baseEnv });
  if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status ?? build.signal})`);

  const port = await findFreePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'dukani-e2e-'));
  // TRUST_PROXY: each browser context names its own client address (support/browser.ts), so the
  // sign-in failure limits (README "Sign-in limits") apply per simulated till, not to the whole suite.
  // A day of demo sales history, small, and today's open shift on the main shop's Till 1 (server/db/demo-sales.ts).
  // A shop set to eTIMS "sandbox" reaches the fake KRA server an e2e file starts on FAKE_ETIMS_PORT
  // (tests/e2e/support/fake-providers.ts); .ci/run starts `npm start` with the same address.
  const env: NodeJS.ProcessEnv = {
    ...baseEnv,
    PORT: String(port),
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
    DEMO_SALES_DAYS: '1',
    DEMO_SALES_PER_DAY: '40',
    ETIMS_SANDBOX_URL: FAKE_ETIMS_URL,
    MPESA_SANDBOX_URL: FAKE_DARAJA_URL,
    DNS_RESOLVER: FAKE_DNS_RESOLVER,
  };
  const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  const stop = async () => {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\nServer output:\n${output.join('')}`, { cause: error });
  }
  project.provide('baseUrl', baseUrl);
  return stop;
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port'))));
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess | undefined) {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
      lastProblem = `status ${response.status}`;
    } catch (error) {
      lastProblem = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${baseUrl}/api/health did not answer within ${SERVER_START_TIMEOUT_MS / 1000} s (${lastProblem})`);
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(forced);
}
