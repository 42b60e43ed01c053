import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, setTenantStatus, type TestTenant } from '../../tests/support/factories';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db';
import type { Database } from '../db/client';
import { createLogger } from '../logger';
import { createTenantResolver, IN_FLIGHT_WAIT_MS, NEGATIVE_CACHE_MS, POSITIVE_CACHE_MS } from './tenant-resolver';

const ROOTS = ['dukani.co.ke', 'dukani.com'];
let database: TestDatabase;
let shop: TestTenant;

beforeAll(async () => {
  database = await createTestDatabase();
  shop = await createTenant(database, { subdomain: 'cachetest', status: 'active' });
});
afterAll(() => database.dispose());

/** The database with a count of platform queries, and a switch that makes them fail or stall. */
function instrumented(base: Database) {
  const state = { queries: 0, failing: false, stallMs: 0 };
  const platform = new Proxy(base.platform, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || !['select', 'execute'].includes(String(property))) return value;
      return (...args: unknown[]) => {
        state.queries += 1;
        if (state.failing) throw new Error('database unreachable');
        const builder = value.apply(target, args);
        return state.stallMs ? delayed(builder, state.stallMs) : builder;
      };
    },
  });
  return { database: { ...base, platform } as Database, state };
}

/** A query builder whose chained calls work as before but whose result arrives stallMs later. */
function delayed(builder: any, stallMs: number): any {
  return new Proxy(builder, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === 'then') {
        return (ok: any, fail: any) =>
          new Promise((r) => setTimeout(r, stallMs)).then(() => value.call(target, ok, fail));
      }
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        return result && typeof result === 'object' ? delayed(result, stallMs) : result;
      };
    },
  });
}

function resolverWithClock(db: Database) {
  const clock = { now: 1_000_000 };
  const logs: unknown[] = [];
  const logger = createLogger('warn');
  logger.warn = ((...args: unknown[]) => logs.push(args)) as typeof logger.warn;
  const resolver = createTenantResolver({ database: db, rootDomains: ROOTS, logger, now: () => clock.now });
  return { resolver, clock, logs };
}

describe('tenant resolver cache (spec §4, §9)', () => {
  it('keeps a found tenant for 5 minutes, then looks again', async () => {
    const { database: db, state } = instrumented(database);
    const { resolver, clock } = resolverWithClock(db);
    expect((await resolver.resolve('cachetest.localhost')).tenant?.id).toBe(shop.id);
    const afterFirst = state.queries;
    await setTenantStatus(database, shop.id, 'suspended');
    clock.now += POSITIVE_CACHE_MS - 1;
    expect((await resolver.resolve('cachetest.localhost:3000')).tenant?.id).toBe(shop.id);
    expect(state.queries).toBe(afterFirst);
    clock.now += 2;
    expect((await resolver.resolve('cachetest.localhost')).tenant).toBeNull();
    await setTenantStatus(database, shop.id, 'active');
  });

  it('keeps a miss for 10 seconds only', async () => {
    const { database: db, state } = instrumented(database);
    const { resolver, clock } = resolverWithClock(db);
    expect((await resolver.resolve('latecomer.localhost')).tenant).toBeNull();
    const late = await createTenant(database, { subdomain: 'latecomer' });
    const afterMiss = state.queries;
    clock.now += NEGATIVE_CACHE_MS - 1;
    expect((await resolver.resolve('latecomer.localhost')).tenant).toBeNull();
    expect(state.queries).toBe(afterMiss);
    clock.now += 2;
    expect((await resolver.resolve('latecomer.localhost')).tenant?.id).toBe(late.id);
  });

  it('shares one lookup among concurrent requests for the same host', async () => {
    const { database: db, state } = instrumented(database);
    const { resolver } = resolverWithClock(db);
    state.stallMs = 30;
    const results = await Promise.all(Array.from({ length: 20 }, () => resolver.resolve('cachetest.localhost')));
    expect(new Set(results.map((r) => r.tenant?.id))).toEqual(new Set([shop.id]));
    // One lookup: one subdomain query (the logo read goes through withTenant's transaction).
    expect(state.queries).toBe(1);
  });

  it('forces a new lookup when one in progress takes longer than 30 polls of 50 ms', async () => {
    const { database: db, state } = instrumented(database);
    const { resolver } = resolverWithClock(db);
    state.stallMs = IN_FLIGHT_WAIT_MS + 400;
    const first = resolver.resolve('cachetest.localhost');
    await new Promise((r) => setTimeout(r, 10));
    state.stallMs = 0;
    const started = Date.now();
    const second = await resolver.resolve('cachetest.localhost');
    expect(Date.now() - started).toBeGreaterThanOrEqual(IN_FLIGHT_WAIT_MS - 20);
    expect(Date.now() - started).toBeLessThan(IN_FLIGHT_WAIT_MS + 350);
    expect(second.tenant?.id).toBe(shop.id);
    expect((await first).tenant?.id).toBe(shop.id);
  });

  it('turns a database error into "no tenant" with a warning, and caches it as a miss', async () => {
    const { database: db, state } = instrumented(database);
    const { resolver, clock, logs } = resolverWithClock(db);
    state.failing = true;
    expect(await resolver.resolve('cachetest.localhost')).toEqual({ tenant: null, allowTenantlessAuth: true });
    expect(await resolver.resolve('acme.dukani.com')).toEqual({ tenant: null, allowTenantlessAuth: false });
    expect(logs.length).toBe(2);
    state.failing = false;
    const queriesBefore = state.queries;
    expect((await resolver.resolve('cachetest.localhost')).tenant).toBeNull();
    expect(state.queries).toBe(queriesBefore);
    clock.now += NEGATIVE_CACHE_MS + 1;
    expect((await resolver.resolve('cachetest.localhost')).tenant?.id).toBe(shop.id);
  });

  it('answers development and main hosts without touching the database', async () => {
    const { database: db, state } = instrumented(database);
    const { resolver } = resolverWithClock(db);
    await resolver.resolve('localhost:3000');
    await resolver.resolve('www.dukani.co.ke');
    expect(state.queries).toBe(0);
  });

  it('invalidate() drops cached answers', async () => {
    const { database: db, state } = instrumented(database);
    const { resolver } = resolverWithClock(db);
    await resolver.resolve('cachetest.localhost');
    const before = state.queries;
    resolver.invalidate('CacheTest.localhost:3000');
    await resolver.resolve('cachetest.localhost');
    expect(state.queries).toBeGreaterThan(before);
  });
});
