import { useQuery } from '@tanstack/react-query';
import { isUsableTenantStatus } from '../../core/tenancy/tenancy.rules';
import { tenantContextSchema, type TenantContext } from '../../core/tenancy/tenancy.schemas';
import { apiRequest } from '../lib/api-client';
import { browserSessionStorage } from '../lib/browser-storage';
import { logger } from '../lib/logger';
import { storeTenantSession } from './tenant-session';

export const tenantContextQueryKey = ['tenant-context'] as const;

async function fetchTenantContext(): Promise<TenantContext> {
  const storage = browserSessionStorage();
  let context: TenantContext;
  try {
    context = await apiRequest('/api/tenant-context', { schema: tenantContextSchema });
  } catch (error) {
    storeTenantSession(storage, null);
    throw error;
  }
  // Spec §8 "Silent handling": an inactive tenant is a warning and no tenant context.
  const tenant = context.tenant && isUsableTenantStatus(context.tenant.status) ? context.tenant : null;
  if (context.tenant && !tenant) {
    logger.warn(`Tenant ${context.tenant.subdomain} is ${context.tenant.status}; continuing without a tenant`);
  }
  // Essential storage (spec §3): the tab's tenant is kept whatever the cookie choice.
  storeTenantSession(storage, tenant);
  return { ...context, tenant };
}

/**
 * The tenant for this address. A failed lookup is silent (spec §8): a console warning, and the
 * page carries on as if the address had no tenant.
 */
export function useTenantContext() {
  const query = useQuery({
    queryKey: tenantContextQueryKey,
    queryFn: fetchTenantContext,
    // A console warning for developers (spec §8 "Silent handling"), never shown to people.
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a log line, not user-visible text
    meta: { errorMessage: 'Tenant context setup failed' },
  });
  return {
    isLoading: query.isPending,
    tenant: query.data?.tenant ?? null,
    // Only a successful answer can say the address belongs to no shop; a failed lookup cannot.
    isUnknownAddress: query.isSuccess && !query.data.tenant && !query.data.allowTenantlessAuth,
  };
}
