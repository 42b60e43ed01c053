import { classifyHost, fallbackHosts, isWellFormedHost, normalizeHost } from '../../core/tenancy/tenancy.rules';
import type { TenantContext } from '../../core/tenancy/tenancy.schemas';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import {
  findTenantByDomain,
  findUsableTenantById,
  findUsableTenantBySubdomain,
  findUsableTenantIdByNameOrPartial,
  withPublicSettings,
} from './tenancy.service';

// Spec §4 "Domain resolution" and §9 constants.
export const POSITIVE_CACHE_MS = 5 * 60_000;
export const NEGATIVE_CACHE_MS = 10_000;
// Spec: a resolution in progress is waited for (50 ms polls, at most 30), then forced anew.
export const IN_FLIGHT_WAIT_MS = 50 * 30;
// Hosts are client input: bound the cache so random Host headers cannot grow it without limit.
const MAX_CACHED_HOSTS = 10_000;

export interface TenantResolver {
  resolve(rawHost: string | undefined): Promise<TenantContext>;
  /** Drops cached answers, for one host or all (after a tenant's name, status or domains change). */
  invalidate(host?: string): void;
}

interface ResolverOptions {
  database: Database;
  rootDomains: readonly string[];
  logger: Logger;
  now?: () => number;
}

type CacheEntry = { context: TenantContext; expiresAt: number };

export function createTenantResolver({ database, rootDomains, logger, now = Date.now }: ResolverOptions): TenantResolver {
  const cache = new Map<string, CacheEntry>();
  const inFlight = new Map<string, Promise<TenantContext>>();

  async function lookUp(host: string): Promise<TenantContext> {
    const kind = classifyHost(host, rootDomains);
    switch (kind.kind) {
      case 'main':
        return { tenant: null, allowTenantlessAuth: false };
      case 'development':
        return { tenant: null, allowTenantlessAuth: true };
      case 'local-subdomain': {
        const bySubdomain = await findUsableTenantBySubdomain(database, kind.subdomain);
        if (bySubdomain) return { tenant: await withPublicSettings(database, bySubdomain), allowTenantlessAuth: false };
        const tenantId = await findUsableTenantIdByNameOrPartial(database, kind.subdomain);
        return tenantContextFor(tenantId, true);
      }
      case 'root-subdomain': {
        const bySubdomain = await findUsableTenantBySubdomain(database, kind.subdomain);
        if (bySubdomain) return { tenant: await withPublicSettings(database, bySubdomain), allowTenantlessAuth: false };
        let tenantId = (await findTenantByDomain(database, kind.host)).tenantId;
        for (const fallback of fallbackHosts(kind.subdomain, kind.rootDomain, rootDomains)) {
          if (tenantId) break;
          tenantId = (await findTenantByDomain(database, fallback)).tenantId;
        }
        return tenantContextFor(tenantId, false);
      }
      case 'custom': {
        const match = await findTenantByDomain(database, kind.host);
        const context = await tenantContextFor(match.tenantId, false);
        return { ...context, allowTenantlessAuth: match.allowTenantlessAuth };
      }
    }
  }

  /** A found tenant's public context; with none, local hosts may still sign in tenantless. */
  async function tenantContextFor(tenantId: string | null, isLocalHost: boolean): Promise<TenantContext> {
    const tenant = tenantId ? await findUsableTenantById(database, tenantId) : null;
    if (!tenant) return { tenant: null, allowTenantlessAuth: isLocalHost };
    return { tenant: await withPublicSettings(database, tenant), allowTenantlessAuth: false };
  }

  async function resolveAndCache(host: string): Promise<TenantContext> {
    let context: TenantContext;
    try {
      context = await lookUp(host);
    } catch (error) {
      // Spec §8 "Silent handling": a resolution error is a warning and an unresolved host, never a crash.
      logger.warn({ err: error, host }, 'Domain resolution failed');
      const kind = classifyHost(host, rootDomains).kind;
      context = { tenant: null, allowTenantlessAuth: kind === 'development' || kind === 'local-subdomain' };
    }
    const ttl = context.tenant ? POSITIVE_CACHE_MS : NEGATIVE_CACHE_MS;
    if (cache.size >= MAX_CACHED_HOSTS) cache.delete(cache.keys().next().value as string);
    cache.set(host, { context, expiresAt: now() + ttl });
    return context;
  }

  return {
    async resolve(rawHost) {
      const host = normalizeHost(rawHost);
      // Client input that cannot be a host name never reaches the database or the cache.
      if (!isWellFormedHost(host)) return { tenant: null, allowTenantlessAuth: false };
      const cached = cache.get(host);
      if (cached && cached.expiresAt > now()) return cached.context;
      const pending = inFlight.get(host);
      if (pending) {
        const settled = await Promise.race([pending, delay(IN_FLIGHT_WAIT_MS).then(() => null)]);
        if (settled) return settled;
      }
      const lookup = resolveAndCache(host).finally(() => {
        if (inFlight.get(host) === lookup) inFlight.delete(host);
      });
      inFlight.set(host, lookup);
      return lookup;
    },
    invalidate(host) {
      if (host === undefined) cache.clear();
      else cache.delete(normalizeHost(host));
    },
  };
}

function delay(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
}
