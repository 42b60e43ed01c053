import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { findFreePort } from '../../support/free-port';
import { readProcessMemory, type ProcessMemory } from './process-stats';
import { REPO_ROOT } from './paths';
import { BenchError } from './suite';

// Servers under test run in a child process (the load generator keeps the parent's core), on a
// free loopback port, with a temporary DATA_DIR that is removed when the child stops.

/** 64 random hex characters: a throwaway secret that passes the app's length and entropy checks. */
export const BENCH_AUTH_SECRET = randomBytes(32).toString('hex');
const STARTUP_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 5_000;
const KEPT_OUTPUT_LINES = 40;

export { findFreePort };

export function createTempDataDir(label: string): string {
  return mkdtempSync(join(tmpdir(), `dukani-bench-${label}-`));
}

export interface ChildServerOptions {
  label: string;
  /** Arguments to `node` (flags, then the entry file). */
  nodeArgs: string[];
  /** Complete environment of the child (not merged with this process's). */
  env: NodeJS.ProcessEnv;
  dataDir: string;
  port: number;
  /** The stdout line that says the server is listening. */
  isReadyLine: (line: string) => boolean;
}

export interface ChildServer {
  readonly label: string;
  readonly pid: number;
  readonly port: number;
  readonly dataDir: string;
  readonly readyLine: string;
  memory(): ProcessMemory;
  /** Throws if the child has died since it became ready. */
  assertAlive(): void;
  /** Stops the child and removes its DATA_DIR, unless kept for a restart on the same data. */
  stop(options?: { keepDataDir?: boolean }): Promise<void>;
}

const runningChildren = new Set<ChildProcess>();
let isExitHookInstalled = false;

function installExitHook() {
  if (isExitHookInstalled) return;
  isExitHookInstalled = true;
  // A crashed or interrupted bench must not leave servers running.
  process.on('exit', () => {
    for (const child of runningChildren) child.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const child of runningChildren) child.kill('SIGKILL');
      process.exit(130);
    });
  }
}

export async function startChildServer(options: ChildServerOptions): Promise<ChildServer> {
  installExitHook();
  const output: string[] = [];
  const keep = (stream: string, line: string) => {
    output.push(`[${stream}] ${line}`);
    if (output.length > KEPT_OUTPUT_LINES) output.shift();
  };
  const describeOutput = () => (output.length ? `\n--- last output of ${options.label} ---\n${output.join('\n')}` : '');

  const child = spawn(process.execPath, options.nodeArgs, {
    cwd: REPO_ROOT,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  runningChildren.add(child);
  let exitDescription: string | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exitDescription = signal ? `signal ${signal}` : `exit code ${code}`;
      runningChildren.delete(child);
      resolve();
    });
  });

  // Both pipes are read to the end, or a chatty child would block on a full pipe.
  createInterface({ input: child.stderr! }).on('line', (line) => keep('stderr', line));
  const stdout = createInterface({ input: child.stdout! });

  const cleanUp = () => rmSync(options.dataDir, { recursive: true, force: true });
  let readyLine: string;
  try {
    readyLine = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new BenchError(`${options.label} did not start within ${STARTUP_TIMEOUT_MS / 1000} s${describeOutput()}`)),
        STARTUP_TIMEOUT_MS,
      );
      stdout.on('line', (line) => {
        keep('stdout', line);
        if (options.isReadyLine(line)) {
          clearTimeout(timer);
          resolve(line);
        }
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new BenchError(`${options.label} could not be spawned: ${error.message}`));
      });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new BenchError(`${options.label} exited before it was ready (${exitDescription})${describeOutput()}`));
      });
    });
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    cleanUp();
    throw error;
  }

  const pid = child.pid!;
  return {
    label: options.label,
    pid,
    port: options.port,
    dataDir: options.dataDir,
    readyLine,
    memory: () => readProcessMemory(pid),
    assertAlive() {
      if (exitDescription) throw new BenchError(`${options.label} died during the bench (${exitDescription})${describeOutput()}`);
    },
    async stop({ keepDataDir = false } = {}) {
      if (!exitDescription) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      if (!keepDataDir) cleanUp();
    },
  };
}

// Only what Node itself needs: the app's configuration (DATABASE_URL, SMTP_URL, NODE_OPTIONS…)
// must come from the bench, never leak in from the shell that runs it.
const INHERITED_ENV = ['PATH', 'HOME', 'USER', 'TMPDIR', 'TMP', 'TEMP', 'LANG', 'LC_ALL', 'TZ'];

export function baseChildEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(INHERITED_ENV.filter((name) => process.env[name] !== undefined).map((name) => [name, process.env[name]]));
}
