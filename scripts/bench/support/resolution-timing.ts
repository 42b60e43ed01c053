import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { APP_ROLE, type Database } from '../../../server/db/client';
import type { AppDependencies } from '../../../server/http/context';
import { createTenantResolver } from '../../../server/tenancy/tenant-resolver';
import { BenchError } from './suite';

// Runs inside the bench server (PGlite lives in that process): the raw-SQL baseline for cold
// tenant resolution, and the app's own resolver without HTTP, over the same hosts.

type Rows = Record<string, unknown>[];
type Query = (text: string, params: unknown[]) => Promise<Rows>;

interface RawClient {
  query: Query;
  transaction<T>(work: (query: Query) => Promise<T>): Promise<T>;
}

export interface ResolutionTimings {
  driver: Database['driver'];
  hits: {
    /** tenants by subdomain + business_settings by tenant_id on the owner connection (RLS not applied). */
    rawTwoStatements: number[];
    /** tenants by subdomain + a transaction scoped like withTenant (set_config role and tenant, then settings). */
    rawScoped: number[];
    /** A fresh createTenantResolver().resolve(host): the app's code path minus HTTP. */
    inProcessResolver: number[];
  };
  misses: {
    /** The three lookups an unknown local host costs: subdomain, normalised name, partial match. */
    raw: number[];
    inProcessResolver: number[];
  };
}

const USABLE = `status in ('active', 'trial')`;
const SQL_TENANT_BY_SUBDOMAIN = `select id, name, subdomain, status from tenants where subdomain = $1 and ${USABLE} limit 1`;
const SQL_SETTINGS_BY_TENANT = 'select company_logo_url from business_settings where tenant_id = $1 limit 1';
const SQL_ENTER_SCOPE = `select set_config('app.tenant_id', $1, true), set_config('role', '${APP_ROLE}', true)`;
const SQL_SCOPED_SETTINGS = 'select company_logo_url from business_settings limit 1';
const SQL_ID_BY_SUBDOMAIN = `select id from tenants where subdomain = $1 and ${USABLE} limit 1`;
const SQL_ID_BY_NAME = `select id from tenants where ${USABLE}
  and trim(both '-' from regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g')) = $1 order by created_at limit 1`;
const SQL_ID_BY_PARTIAL = `select id from tenants where ${USABLE}
  and (strpos(subdomain, $1) > 0 or strpos(lower(name), $1) > 0) order by length(subdomain), created_at limit 1`;

const WARM_UP_ROUNDS = 30;

function rawClientOf(database: Database): RawClient {
  // The driver client under Drizzle: PGlite in-process, or the node-postgres pool.
  const client = (database.platform as unknown as { $client: unknown }).$client;
  if (database.driver === 'pglite') {
    const lite = client as PGlite;
    return {
      query: async (text, params) => (await lite.query<Record<string, unknown>>(text, params)).rows,
      transaction: (work) => lite.transaction((tx) => work(async (text, params) => (await tx.query<Record<string, unknown>>(text, params)).rows)),
    };
  }
  const pool = client as pg.Pool;
  return {
    query: async (text, params) => (await pool.query(text, params)).rows as Rows,
    async transaction(work) {
      const connection = await pool.connect();
      try {
        await connection.query('begin');
        const result = await work(async (text, params) => (await connection.query(text, params)).rows as Rows);
        await connection.query('commit');
        return result;
      } catch (error) {
        await connection.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
  };
}

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export async function measureResolution(
  deps: AppDependencies,
  input: { hitSubdomains: string[]; missSubdomains: string[]; warmUpSubdomains: string[] },
): Promise<ResolutionTimings> {
  const raw = rawClientOf(deps.database);
  const newResolver = () =>
    createTenantResolver({ database: deps.database, rootDomains: deps.config.rootDomains, logger: deps.logger });

  const hitMethods = {
    async rawTwoStatements(subdomain: string) {
      const [tenant] = await raw.query(SQL_TENANT_BY_SUBDOMAIN, [subdomain]);
      if (!tenant) throw new BenchError(`raw SQL found no tenant ${subdomain}`);
      await raw.query(SQL_SETTINGS_BY_TENANT, [tenant.id]);
    },
    async rawScoped(subdomain: string) {
      const [tenant] = await raw.query(SQL_TENANT_BY_SUBDOMAIN, [subdomain]);
      if (!tenant) throw new BenchError(`raw SQL found no tenant ${subdomain}`);
      const settings = await raw.transaction(async (query) => {
        await query(SQL_ENTER_SCOPE, [tenant.id]);
        return query(SQL_SCOPED_SETTINGS, []);
      });
      if (settings.length !== 1) throw new BenchError(`raw SQL in tenant scope found ${settings.length} settings rows for ${subdomain}`);
    },
    async inProcessResolver(subdomain: string) {
      const context = await newResolver().resolve(`${subdomain}.localhost`);
      if (context.tenant?.subdomain !== subdomain) throw new BenchError(`the resolver did not resolve ${subdomain}.localhost`);
    },
  };
  const missMethods = {
    async raw(term: string) {
      for (const statement of [SQL_ID_BY_SUBDOMAIN, SQL_ID_BY_NAME, SQL_ID_BY_PARTIAL]) {
        const rows = await raw.query(statement, [term]);
        if (rows.length) throw new BenchError(`raw SQL unexpectedly matched ${term}`);
      }
    },
    async inProcessResolver(term: string) {
      const context = await newResolver().resolve(`${term}.localhost`);
      if (context.tenant) throw new BenchError(`the resolver unexpectedly resolved ${term}.localhost`);
    },
  };

  // Warm-up on other hosts, so no method pays for first-call compilation or plan caching.
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    for (const subdomain of input.warmUpSubdomains) {
      for (const method of Object.values(hitMethods)) await method(subdomain);
    }
    for (const method of Object.values(missMethods)) await method(`warmup-miss-${round}`);
  }

  // Interleaved per host, rotating which method goes first, so none is favoured by cache order.
  const hits: ResolutionTimings['hits'] = { rawTwoStatements: [], rawScoped: [], inProcessResolver: [] };
  const hitNames = Object.keys(hitMethods) as (keyof typeof hitMethods)[];
  for (const [i, subdomain] of input.hitSubdomains.entries()) {
    for (let k = 0; k < hitNames.length; k++) {
      const name = hitNames[(i + k) % hitNames.length]!;
      hits[name].push(await timed(() => hitMethods[name](subdomain)));
    }
  }
  const misses: ResolutionTimings['misses'] = { raw: [], inProcessResolver: [] };
  const missNames = Object.keys(missMethods) as (keyof typeof missMethods)[];
  for (const [i, term] of input.missSubdomains.entries()) {
    for (let k = 0; k < missNames.length; k++) {
      const name = missNames[(i + k) % missNames.length]!;
      misses[name].push(await timed(() => missMethods[name](term)));
    }
  }
  return { driver: deps.database.driver, hits, misses };
}
