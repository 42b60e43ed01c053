import type { MemberAccess } from '../../core/team/permissions.rules';
import type { SubscriptionRecord } from '../billing/subscription.service';

/**
 * How long the tenant-route guard reuses what it read about a member and their shop (the shop's
 * status, the membership and its role, the subscription) (docs/decisions/0011): long enough that
 * a till's burst of requests reads it once. Entries are also stamped with the shop's access
 * version, so a change made through another app server counts at once; the expiry only bounds
 * what no trigger stamps (a plan's definition edited on the platform).
 */
export const TENANT_ACCESS_TTL_MS = 5_000;
// Bounded, so many members of many shops cannot grow it without limit.
const MAX_ENTRIES = 20_000;

/** What the guard checks a tenant request against, besides the session. */
export interface TenantAccessFacts {
  /**
   * The shop's status as stored now: the host's tenant may be cached for minutes (spec §9), its
   * suspension must count within seconds (issue 11 item 11).
   */
  tenantStatus: string | null;
  /**
   * The person's membership in the shop, with their role there and what it lets them do; null when
   * they have none (platform admins).
   */
  membership: { isActive: boolean; role: string; access: MemberAccess } | null;
  /** Stored rows only: trials and periods are judged against the clock on every request. */
  subscription: SubscriptionRecord;
}

export interface TenantAccessCache {
  /**
   * The facts for this person in this shop, read by `load` when not cached, expired or stamped
   * with another access version; a null version is never reused.
   */
  read(tenantId: string, userId: string, accessVersion: number | null, load: () => Promise<TenantAccessFacts>): Promise<TenantAccessFacts>;
  /** Forgets a shop's facts; call it after a committed change to its memberships or subscription. */
  forgetTenant(tenantId: string): void;
}

type Entry = { tenantId: string; accessVersion: number; facts: TenantAccessFacts; expiresAt: number };

export function createTenantAccessCache({ ttlMs = TENANT_ACCESS_TTL_MS, now = Date.now } = {}): TenantAccessCache {
  const entries = new Map<string, Entry>();
  // A read that began before a forget must not store what it read: it may predate the change.
  let generation = 0;

  return {
    async read(tenantId, userId, accessVersion, load) {
      if (accessVersion === null) return load();
      const key = `${tenantId}:${userId}`;
      const cached = entries.get(key);
      if (cached && cached.accessVersion === accessVersion && cached.expiresAt > now()) return cached.facts;
      const readingGeneration = generation;
      const facts = await load();
      if (readingGeneration === generation) {
        entries.delete(key);
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(key, { tenantId, accessVersion, facts, expiresAt: now() + ttlMs });
      }
      return facts;
    },
    forgetTenant(tenantId) {
      generation += 1;
      for (const [key, entry] of entries) if (entry.tenantId === tenantId) entries.delete(key);
    },
  };
}
