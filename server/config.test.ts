import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SECRET_MIN_LENGTH } from './config';

const secret = 's'.repeat(SECRET_MIN_LENGTH);
const tempDir = () => mkdtempSync(join(tmpdir(), 'dukani-config-'));

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig (spec §5 "Startup")', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ AUTH_SECRET: secret, DATA_DIR: tempDir() });
    expect(config).toMatchObject({
      port: 3000,
      logLevel: 'warn',
      rootDomains: ['dukani.co.ke', 'dukani.com'],
      databaseUrl: undefined,
      seedDemo: true,
      isProduction: false,
    });
  });

  it('names a URL variable that does not parse: "invalid URL"', () => {
    expect(problemsOf({ AUTH_SECRET: secret, DATABASE_URL: 'not a url' })).toEqual(['DATABASE_URL: invalid URL']);
    expect(problemsOf({ AUTH_SECRET: secret, PUBLIC_URL: 'http//x' })).toEqual(['PUBLIC_URL: invalid URL']);
  });

  it('names a secret shorter than 50 characters: "invalid key"', () => {
    expect(problemsOf({ AUTH_SECRET: 's'.repeat(SECRET_MIN_LENGTH - 1) })[0]).toMatch(/^AUTH_SECRET: invalid key/);
  });

  it('requires a secret in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })[0]).toMatch(/^AUTH_SECRET: invalid key/);
  });

  it('DATA_ENCRYPTION_KEY: at least 50 characters, required in production, generated once in development', () => {
    expect(problemsOf({ AUTH_SECRET: secret, DATA_ENCRYPTION_KEY: 'short' })[0]).toMatch(/^DATA_ENCRYPTION_KEY: invalid key/);
    expect(problemsOf({ NODE_ENV: 'production', AUTH_SECRET: secret })).toEqual(['DATA_ENCRYPTION_KEY: invalid key (required in production)']);
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.dataEncryptionKey.length).toBeGreaterThanOrEqual(SECRET_MIN_LENGTH);
    expect(first.dataEncryptionKey).not.toBe(first.authSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).dataEncryptionKey).toBe(first.dataEncryptionKey);
  });

  it('rejects bad log levels, ports and root domains', () => {
    expect(problemsOf({ AUTH_SECRET: secret, LOG_LEVEL: 'verbose' })[0]).toMatch(/^LOG_LEVEL:/);
    expect(problemsOf({ AUTH_SECRET: secret, PORT: 'eighty' })[0]).toMatch(/^PORT:/);
    expect(problemsOf({ AUTH_SECRET: secret, ROOT_DOMAINS: 'nodot' })[0]).toMatch(/^ROOT_DOMAINS/);
  });

  it('DNS_RESOLVER: name servers by IP address with an optional port; the system resolver without it', () => {
    expect(loadConfig({ AUTH_SECRET: secret, DATA_DIR: tempDir() }).dnsResolver).toEqual({ servers: undefined, timeoutMs: 3000 });
    const set = loadConfig({ AUTH_SECRET: secret, DATA_DIR: tempDir(), DNS_RESOLVER: '127.0.0.1:5354, ::1, [2001:db8::53]:53', DNS_TIMEOUT_MS: '400' });
    expect(set.dnsResolver).toEqual({ servers: ['127.0.0.1:5354', '::1', '[2001:db8::53]:53'], timeoutMs: 400 });
    for (const bad of ['ns1.example.com', '127.0.0.1:99999', '127.0.0.1:', '[::1]:x', '300.1.1.1']) {
      expect({ bad, problems: problemsOf({ AUTH_SECRET: secret, DNS_RESOLVER: bad }) }).toEqual({ bad, problems: [expect.stringMatching(/^DNS_RESOLVER/)] });
    }
  });

  it('generates a development secret once and keeps it in DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.authSecret.length).toBeGreaterThanOrEqual(SECRET_MIN_LENGTH);
    expect(second.authSecret).toBe(first.authSecret);
    expect(readFileSync(join(dataDir, 'auth-secret'), 'utf8').trim()).toBe(first.authSecret);
  });

  it('PAYMENTS_SANDBOX: the sandbox is on outside production, off in production unless PAYMENTS_SANDBOX=true', () => {
    expect(loadConfig({ AUTH_SECRET: secret, DATA_DIR: tempDir() }).paymentsSandbox).toBe(true);
    expect(loadConfig({ AUTH_SECRET: secret, DATA_DIR: tempDir(), PAYMENTS_SANDBOX: 'false' }).paymentsSandbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, DATA_ENCRYPTION_KEY: secret }).paymentsSandbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, DATA_ENCRYPTION_KEY: secret, PAYMENTS_SANDBOX: 'true' }).paymentsSandbox).toBe(true);
    expect(problemsOf({ AUTH_SECRET: secret, PAYMENTS_SANDBOX: 'yes' })[0]).toMatch(/^PAYMENTS_SANDBOX:/);
  });

  it('cookies are Secure in production unless INSECURE_COOKIES=true; elsewhere only with an https PUBLIC_URL (issue 11 item 8)', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: secret, DATA_ENCRYPTION_KEY: secret };
    expect(loadConfig(production).secureCookies).toBe(true);
    expect(loadConfig({ ...production, PUBLIC_URL: 'http://pos.example.org' }).secureCookies).toBe(true);
    expect(loadConfig({ ...production, INSECURE_COOKIES: 'true' }).secureCookies).toBe(false);
    expect(loadConfig({ AUTH_SECRET: secret, DATA_DIR: tempDir() }).secureCookies).toBe(false);
    expect(loadConfig({ AUTH_SECRET: secret, DATA_DIR: tempDir(), PUBLIC_URL: 'https://pos.example.org' }).secureCookies).toBe(true);
    expect(problemsOf({ ...production, INSECURE_COOKIES: 'yes' })[0]).toMatch(/^INSECURE_COOKIES:/);
    expect(problemsOf({ ...production, INSECURE_COOKIES: 'true', PUBLIC_URL: 'https://pos.example.org' })).toEqual([
      'INSECURE_COOKIES: must not be true when PUBLIC_URL is https',
    ]);
  });

  it('seeds demo data only on the embedded database unless SEED_DEMO says otherwise', () => {
    const pgUrl = 'postgres://u@127.0.0.1/db';
    expect(loadConfig({ AUTH_SECRET: secret, DATABASE_URL: pgUrl }).seedDemo).toBe(false);
    expect(loadConfig({ AUTH_SECRET: secret, DATABASE_URL: pgUrl, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });
});

describe('the server process with bad configuration', () => {
  it('exits non-zero before listening, naming the variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { PATH: process.env.PATH, DATABASE_URL: 'nope', AUTH_SECRET: secret, PORT: '0', DATA_DIR: tempDir() },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('DATABASE_URL: invalid URL');
    expect(result.stdout).not.toContain('Dukani is running');
  });
});
