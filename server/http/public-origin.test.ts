import { describe, expect, it } from 'vitest';
import type { TenantContext } from '../../core/tenancy/tenancy.schemas';
import type { TenantResolver } from '../tenancy/tenant-resolver';
import { trustedOriginFor } from './public-origin';

// The domain rows themselves are exercised over HTTP in server/auth/auth.routes.test.ts; here a
// resolver that knows one shop host stands in for them, to pin the scheme and port rules.
const SHOP_HOST = 'duka.dukani.co.ke';
const resolver: TenantResolver = {
  async resolve(host) {
    const tenant = host === SHOP_HOST ? { id: 't1', name: 'Duka', subdomain: 'duka', status: 'active', logoUrl: null, defaultLanguage: null } : null;
    return { tenant, allowTenantlessAuth: false } as TenantContext;
  },
  invalidate() {},
};
const config = (publicUrl?: string) => ({ publicUrl, rootDomains: ['dukani.co.ke', 'dukani.com'], port: 3000 });
const origin = (host: string | undefined, options: { publicUrl?: string; scheme?: 'http' | 'https' } = {}) =>
  trustedOriginFor({ host, scheme: options.scheme ?? 'http' }, { config: config(options.publicUrl), tenantResolver: resolver });

describe('trustedOriginFor', () => {
  it("answers PUBLIC_URL's own origin for its host, whatever port or scheme the request named", async () => {
    expect(await origin('app.example.org:9999', { publicUrl: 'https://app.example.org:8443/' })).toBe('https://app.example.org:8443');
    expect(await origin(undefined, { publicUrl: 'https://app.example.org' })).toBeNull();
  });

  it('uses https for a shop host when PUBLIC_URL is https (TLS ended before the app)', async () => {
    expect(await origin(SHOP_HOST, { publicUrl: 'https://app.example.org' })).toBe('https://duka.dukani.co.ke');
    expect(await origin(SHOP_HOST, { scheme: 'https' })).toBe('https://duka.dukani.co.ke');
    expect(await origin(`${SHOP_HOST}:3000`)).toBe('http://duka.dukani.co.ke:3000');
    expect(await origin(`${SHOP_HOST}:3001`)).toBeNull();
  });

  it('refuses unknown, marketing and malformed hosts; keeps loopback names as they were typed', async () => {
    for (const host of ['attacker.example', 'www.dukani.co.ke', 'dukani.com', 'evil.com/x', `${SHOP_HOST}:80x`, '', undefined]) {
      expect(await origin(host)).toBeNull();
    }
    expect(await origin('demo.localhost:5173')).toBe('http://demo.localhost:5173');
    expect(await origin('127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
  });
});
