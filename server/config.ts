import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';

// Spec §5 "Startup": secrets ≥ 50 characters, URLs must parse, else startup fails naming the variable.
export const SECRET_MIN_LENGTH = 50;

const LOG_LEVELS = ['error', 'warn', 'info', 'debug', 'trace'] as const;

const urlString = z.string().trim().refine(
  (value) => {
    try {
      new URL(value);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'invalid URL' },
);
const secretString = z
  .string()
  .refine((value) => value.length >= SECRET_MIN_LENGTH, {
    message: `invalid key (must be at least ${SECRET_MIN_LENGTH} characters)`,
  });
const blankAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(blankAsUndefined, urlString.optional()),
  PGLITE_SHARED_BUFFERS: z.string().regex(/^\d+(kB|MB|GB)$/, 'use a size such as 16MB').default('16MB'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  ALLOW_PRIVILEGED_DATABASE_ROLE: z.preprocess(blankAsUndefined, z.enum(['true', 'false']).optional()),
  PUBLIC_URL: z.preprocess(blankAsUndefined, urlString.optional()),
  ROOT_DOMAINS: z
    .string()
    .default('dukani.co.ke,dukani.com')
    .transform((value) => value.split(',').map((d) => d.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'invalid domain')).min(1)),
  AUTH_SECRET: z.preprocess(blankAsUndefined, secretString.optional()),
  // Seals the shops' provider credentials at rest (M-Pesa, eTIMS): server/security/secret-box.ts.
  DATA_ENCRYPTION_KEY: z.preprocess(blankAsUndefined, secretString.optional()),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('warn'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  // Paystack secret keys are sk_test_… / sk_live_… (docs/decisions/0009-billing-and-plans.md).
  PAYSTACK_SECRET_KEY: z.preprocess(
    blankAsUndefined,
    z.string().regex(/^sk_(test|live)_[A-Za-z0-9]{20,}$/, 'invalid key (expected sk_test_… or sk_live_…)').optional(),
  ),
  PAYSTACK_BASE_URL: z.preprocess(blankAsUndefined, urlString.default('https://api.paystack.co')),
  // Where a shop's "sandbox" or "production" M-Pesa and eTIMS settings send their requests; tests and
  // the browser suite point these at local fake servers of the providers' documented APIs.
  MPESA_SANDBOX_URL: z.preprocess(blankAsUndefined, urlString.default('https://sandbox.safaricom.co.ke')),
  MPESA_PRODUCTION_URL: z.preprocess(blankAsUndefined, urlString.default('https://api.safaricom.co.ke')),
  ETIMS_SANDBOX_URL: z.preprocess(blankAsUndefined, urlString.default('https://etims-api-sbx.kra.go.ke/etims-api')),
  ETIMS_PRODUCTION_URL: z.preprocess(blankAsUndefined, urlString.default('https://etims-api.kra.go.ke/etims-api')),
  AFRICASTALKING_SANDBOX_URL: z.preprocess(blankAsUndefined, urlString.default('https://api.sandbox.africastalking.com')),
  AFRICASTALKING_PRODUCTION_URL: z.preprocess(blankAsUndefined, urlString.default('https://api.africastalking.com')),
  WHATSAPP_API_URL: z.preprocess(blankAsUndefined, urlString.default('https://graph.facebook.com/v21.0')),
  PAYMENTS_SANDBOX: z.preprocess(blankAsUndefined, z.enum(['true', 'false']).optional()),
  TRUST_PROXY: z.preprocess(blankAsUndefined, z.enum(['true', 'false']).optional()),
  INSECURE_COOKIES: z.preprocess(blankAsUndefined, z.enum(['true', 'false']).optional()),
  SMTP_URL: z.preprocess(blankAsUndefined, urlString.optional()),
  MAIL_FROM: z.string().default('Dukani <no-reply@dukani.co.ke>'),
  SEED_DEMO: z.preprocess(blankAsUndefined, z.enum(['true', 'false']).optional()),
  WEB_DIST_DIR: z.string().default('./dist/web'),
  JOBS_ENABLED: z.preprocess(blankAsUndefined, z.enum(['true', 'false']).optional()),
  JOBS_POLL_MS: z.coerce.number().int().min(1000).max(24 * 60 * 60_000).default(30_000),
  DEMO_SALES_DAYS: z.preprocess(blankAsUndefined, z.coerce.number().int().min(0).max(366).optional()),
  DEMO_SALES_PER_DAY: z.coerce.number().int().min(1).max(5000).default(260),
  // GET /metrics (Prometheus): with a token, `Authorization: Bearer <token>`; without, loopback only (docs/platform.md).
  METRICS_TOKEN: z.preprocess(blankAsUndefined, z.string().min(24, 'too short (at least 24 characters)').regex(/^[\x21-\x7e]+$/, 'printable characters only, no spaces').optional()),
  // Name servers the custom domains' TXT records are looked up at (comma-separated, each an IP
  // address with an optional port: 127.0.0.1:5354, [::1]:53); without it, the system's resolver.
  DNS_RESOLVER: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .transform((value) => value.split(',').map((server) => server.trim()).filter(Boolean))
      .pipe(z.array(z.string().refine(isNameServerAddress, 'an IP address with an optional port, e.g. 127.0.0.1:5354')).min(1))
      .optional(),
  ),
  DNS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(3000),
  // The source commit of this build, shown on the System Health page and in dukani_build_info.
  GIT_COMMIT: z.preprocess(blankAsUndefined, z.string().regex(/^[0-9a-f]{7,40}$/i, 'a commit hash').optional()),
});

export type AppConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /**
   * Production refuses a DATABASE_URL user that is a superuser or bypasses row-level security
   * unless this is set (docs/decisions/0012); elsewhere such a user is only warned about.
   */
  allowPrivilegedDatabaseRole: boolean;
  pgliteSharedBuffers: string;
  publicUrl: string | undefined;
  rootDomains: string[];
  authSecret: string;
  /** The key the shops' provider credentials are sealed with (server/security/secret-box.ts). */
  dataEncryptionKey: string;
  /** Base URLs of Safaricom Daraja and KRA eTIMS (OSCU) per environment, without a trailing slash. */
  providerUrls: {
    mpesa: { sandbox: string; production: string };
    etims: { sandbox: string; production: string };
    africastalking: { sandbox: string; production: string };
    whatsapp: string;
  };
  logLevel: (typeof LOG_LEVELS)[number];
  bodyLimitBytes: number;
  /** Without it, the built-in sandbox provider takes payments when paymentsSandbox (docs/decisions/0009). */
  paystackSecretKey: string | undefined;
  paystackBaseUrl: string;
  /**
   * Without a Paystack key, whether the sandbox takes payments: on outside production, off in
   * production unless PAYMENTS_SANDBOX=true (anyone could "pay" for any plan through it).
   */
  paymentsSandbox: boolean;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /**
   * Session cookies marked Secure (and named __Secure-…): always in production unless
   * INSECURE_COOKIES=true (a production build tried over plain http); elsewhere with an https PUBLIC_URL.
   */
  secureCookies: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Demo data (tenants, users, products) is seeded only on the embedded database or when asked. */
  seedDemo: boolean;
  webDistDir: string;
  /** Whether this server polls the background job queue (server/jobs): on unless JOBS_ENABLED=false; off in tests unless asked. */
  jobsEnabled: boolean;
  jobsPollMs: number;
  /** Days of sales history the demo seed makes for the demo shop: 90 by default, none in tests unless asked. */
  demoSalesDays: number;
  /** The demo shop's sales on an ordinary weekday across its tills. */
  demoSalesPerDay: number;
  version: string;
  /** GIT_COMMIT, when the build says which commit it is. */
  gitCommit?: string;
  /** METRICS_TOKEN: /metrics asks for it as a bearer token; without one, /metrics answers loopback clients only. */
  metricsToken?: string;
  /** Where custom domains' verification records are looked up (DNS_RESOLVER; undefined: the system's resolver), and how long one try waits. */
  dnsResolver: { servers: string[] | undefined; timeoutMs: number };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = resolve(e.DATA_DIR);
  let authSecret = e.AUTH_SECRET;
  if (!authSecret) {
    if (isProduction) throw new ConfigError(['AUTH_SECRET: invalid key (required in production)']);
    authSecret = readOrCreateDevelopmentSecret(dataDir, 'auth-secret');
  }
  let dataEncryptionKey = e.DATA_ENCRYPTION_KEY;
  if (!dataEncryptionKey) {
    if (isProduction) throw new ConfigError(['DATA_ENCRYPTION_KEY: invalid key (required in production)']);
    dataEncryptionKey = readOrCreateDevelopmentSecret(dataDir, 'data-encryption-key');
  }
  const httpsPublicUrl = e.PUBLIC_URL?.startsWith('https://') ?? false;
  if (e.INSECURE_COOKIES === 'true' && httpsPublicUrl) {
    throw new ConfigError(['INSECURE_COOKIES: must not be true when PUBLIC_URL is https']);
  }
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    allowPrivilegedDatabaseRole: e.ALLOW_PRIVILEGED_DATABASE_ROLE === 'true',
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    publicUrl: e.PUBLIC_URL,
    rootDomains: e.ROOT_DOMAINS,
    authSecret,
    dataEncryptionKey,
    providerUrls: {
      mpesa: { sandbox: withoutTrailingSlash(e.MPESA_SANDBOX_URL), production: withoutTrailingSlash(e.MPESA_PRODUCTION_URL) },
      etims: { sandbox: withoutTrailingSlash(e.ETIMS_SANDBOX_URL), production: withoutTrailingSlash(e.ETIMS_PRODUCTION_URL) },
      africastalking: { sandbox: withoutTrailingSlash(e.AFRICASTALKING_SANDBOX_URL), production: withoutTrailingSlash(e.AFRICASTALKING_PRODUCTION_URL) },
      whatsapp: withoutTrailingSlash(e.WHATSAPP_API_URL),
    },
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    paystackSecretKey: e.PAYSTACK_SECRET_KEY,
    paystackBaseUrl: e.PAYSTACK_BASE_URL.replace(/\/$/, ''),
    paymentsSandbox: e.PAYMENTS_SANDBOX ? e.PAYMENTS_SANDBOX === 'true' : !isProduction,
    trustProxy: e.TRUST_PROXY === 'true',
    secureCookies: isProduction ? e.INSECURE_COOKIES !== 'true' : httpsPublicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : !e.DATABASE_URL,
    webDistDir: resolve(e.WEB_DIST_DIR),
    jobsEnabled: e.JOBS_ENABLED ? e.JOBS_ENABLED === 'true' : e.NODE_ENV !== 'test',
    jobsPollMs: e.JOBS_POLL_MS,
    demoSalesDays: e.DEMO_SALES_DAYS ?? (e.NODE_ENV === 'test' ? 0 : 90),
    demoSalesPerDay: e.DEMO_SALES_PER_DAY,
    version: readPackageVersion(),
    gitCommit: e.GIT_COMMIT,
    metricsToken: e.METRICS_TOKEN,
    dnsResolver: { servers: e.DNS_RESOLVER, timeoutMs: e.DNS_TIMEOUT_MS },
  };
}

/** 127.0.0.1, 127.0.0.1:5354, ::1, [::1]:53: the forms node:dns's setServers() takes. */
function isNameServerAddress(server: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(server);
  if (bracketed) return isIP(bracketed[1]!) === 6 && validPort(bracketed[2]);
  if (isIP(server) !== 0) return true;
  const [address, port, ...rest] = server.split(':');
  return rest.length === 0 && isIP(address!) === 4 && validPort(port);
}

function validPort(port: string | undefined): boolean {
  return port === undefined || (/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535);
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

// Generated once and kept beside the data, so sessions survive restarts in development.
function readOrCreateDevelopmentSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= SECRET_MIN_LENGTH) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function readPackageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
