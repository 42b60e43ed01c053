import type { PublicTenant } from '../../core/tenancy/tenancy.schemas';
import { removeItem, writeItem, type KeyValueStorage } from '../lib/browser-storage';

// Spec §3: the tenant context is kept in session storage under three keys.
export const TENANT_SESSION_KEYS = {
  id: 'dukani.tenantId',
  name: 'dukani.tenantName',
  status: 'dukani.tenantStatus',
} as const;

/** Stores the tab's tenant, or clears the keys when the address has none. */
export function storeTenantSession(storage: KeyValueStorage | null, tenant: PublicTenant | null): void {
  if (!tenant) {
    for (const key of Object.values(TENANT_SESSION_KEYS)) removeItem(storage, key);
    return;
  }
  writeItem(storage, TENANT_SESSION_KEYS.id, tenant.id);
  writeItem(storage, TENANT_SESSION_KEYS.name, tenant.name);
  writeItem(storage, TENANT_SESSION_KEYS.status, tenant.status);
}
