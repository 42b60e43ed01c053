import { Resolver } from 'node:dns/promises';
import type { AppConfig } from '../config';

// Looks up a custom domain's verification TXT record (docs/platform.md "Custom domains"), at the
// name servers DNS_RESOLVER names (a test's local server) or the system's own.

export type TxtLookup =
  | { kind: 'found'; values: string[] }
  /** The name does not exist, or has no TXT record. */
  | { kind: 'none' }
  | { kind: 'timeout' }
  | { kind: 'failed'; code: string };

export type TxtResolver = (name: string) => Promise<TxtLookup>;

// Each try waits timeoutMs, then c-ares asks again (doubling the wait): a lost UDP datagram is retried once.
const TRIES = 2;

export function createTxtResolver(settings: AppConfig['dnsResolver']): TxtResolver {
  return async (name) => {
    // A resolver per lookup: Resolver.cancel() and its servers stay this lookup's own.
    const resolver = new Resolver({ timeout: settings.timeoutMs, tries: TRIES });
    if (settings.servers) resolver.setServers(settings.servers);
    try {
      // A TXT record's strings are one value split in chunks of 255 octets (RFC 7208 §3.3 joins them so).
      const records = await resolver.resolveTxt(name);
      return { kind: 'found', values: records.map((chunks) => chunks.join('')) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'UNKNOWN';
      if (code === 'ENOTFOUND' || code === 'ENODATA') return { kind: 'none' };
      if (code === 'ETIMEOUT') return { kind: 'timeout' };
      return { kind: 'failed', code };
    }
  };
}
