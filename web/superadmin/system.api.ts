import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { databaseOverviewSchema, systemHealthSchema, tenantRowsPageSchema, type TenantRowsParams } from '../../core/platform/system.schemas';
import { apiRequest } from '../lib/api-client';

// The System Health and Database pages' API (server/platform/system.routes.ts).

/** How often the System Health page asks again. */
export const SYSTEM_REFRESH_MS = 15_000;

export const useSystemHealth = () =>
  useQuery({
    queryKey: ['platform', 'system'],
    queryFn: () => apiRequest('/api/platform/system', { schema: systemHealthSchema }),
    refetchInterval: SYSTEM_REFRESH_MS,
    refetchIntervalInBackground: false,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the system health failed' },
  });

export const useDatabaseOverview = () =>
  useQuery({
    queryKey: ['platform', 'database'],
    queryFn: () => apiRequest('/api/platform/database', { schema: databaseOverviewSchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the database overview failed' },
  });

export const useTenantRows = (query: TenantRowsParams) =>
  useQuery({
    queryKey: ['platform', 'database', 'tenants', query],
    queryFn: () => apiRequest(`/api/platform/database/tenants?sort=${query.sort}&page=${query.page}&pageSize=${query.pageSize}`, { schema: tenantRowsPageSchema }),
    placeholderData: keepPreviousData,
  });
