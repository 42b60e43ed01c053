import { describe, expect, it } from 'vitest';
import { createMemoryStorage, throwingStorage } from '../test-support/memory-storage';
import { storeTenantSession } from './tenant-session';

const tenant = {
  id: '6f1c2a7e-8a4b-4c1d-9e2f-0a1b2c3d4e5f',
  name: 'Demo Duka',
  subdomain: 'demo',
  status: 'trial' as const,
  logoUrl: null,
  defaultLanguage: null,
};

describe('tenant session storage', () => {
  it('stores the tenant id, name and status under three keys', () => {
    const storage = createMemoryStorage();
    storeTenantSession(storage, tenant);
    expect(storage.dump()).toEqual({
      'dukani.tenantId': tenant.id,
      'dukani.tenantName': 'Demo Duka',
      'dukani.tenantStatus': 'trial',
    });
  });

  it('clears the keys when the address has no tenant', () => {
    const storage = createMemoryStorage({ 'dukani.tenantId': 'x', 'dukani.tenantName': 'y', 'other': 'kept' });
    storeTenantSession(storage, null);
    expect(storage.dump()).toEqual({ other: 'kept' });
  });

  it('does not throw when storage is blocked', () => {
    expect(() => storeTenantSession(throwingStorage, tenant)).not.toThrow();
    expect(() => storeTenantSession(null, null)).not.toThrow();
  });
});
