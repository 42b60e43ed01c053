import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  passwordResetResultSchema,
  platformAlertsSchema,
  platformOverviewSchema,
  platformPlanSchema,
  platformSearchSchema,
  platformTenantPageSchema,
  platformTenantSchema,
  platformUserPageSchema,
  platformUserSchema,
  type ChangePlanInput,
  type PasswordResetInput,
  type PlatformRole,
  type SuspendTenantInput,
  type TenantListQuery,
  type UserListQuery,
} from '../../core/platform/platform.schemas';
import { apiRequest } from '../lib/api-client';

// The platform console's API (server/platform/platform.routes.ts).

export const PLATFORM = ['platform'] as const;

function searchOf(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(name, String(value));
  return search.toString();
}

export const useOverview = () =>
  useQuery({
    queryKey: [...PLATFORM, 'overview'],
    queryFn: () => apiRequest('/api/platform/overview', { schema: platformOverviewSchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the platform overview failed' },
  });

export const useAlerts = () =>
  useQuery({
    queryKey: [...PLATFORM, 'alerts'],
    queryFn: () => apiRequest('/api/platform/alerts', { schema: platformAlertsSchema }),
    refetchInterval: 60_000,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the platform alerts failed' },
  });

export function useMarkAlertsSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/platform/alerts/seen', { method: 'POST', schema: platformAlertsSchema }),
    onSuccess: (alerts) => client.setQueryData([...PLATFORM, 'alerts'], alerts),
  });
}

/** The header search; nothing is asked below two characters. */
export const usePlatformSearch = (text: string) =>
  useQuery({
    queryKey: [...PLATFORM, 'search', text],
    queryFn: ({ signal }) => apiRequest(`/api/platform/search?${searchOf({ q: text })}`, { schema: platformSearchSchema, signal }),
    enabled: text.length >= 2,
    placeholderData: keepPreviousData,
  });

export const usePlans = () => useQuery({ queryKey: [...PLATFORM, 'plans'], queryFn: () => apiRequest('/api/platform/plans', { schema: z.array(platformPlanSchema) }) });

export const useTenants = (query: TenantListQuery) =>
  useQuery({
    queryKey: [...PLATFORM, 'tenants', query],
    queryFn: () => apiRequest(`/api/platform/tenants?${searchOf(query)}`, { schema: platformTenantPageSchema }),
    placeholderData: keepPreviousData,
  });

export const useTenant = (id: string) =>
  useQuery({ queryKey: [...PLATFORM, 'tenant', id], queryFn: () => apiRequest(`/api/platform/tenants/${id}`, { schema: platformTenantSchema }) });

export const useUsers = (query: UserListQuery) =>
  useQuery({
    queryKey: [...PLATFORM, 'users', query],
    queryFn: () => apiRequest(`/api/platform/users?${searchOf(query)}`, { schema: platformUserPageSchema }),
    placeholderData: keepPreviousData,
  });

/** A change made in the console: every platform list and page is read again once it is done. */
export function usePlatformMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: PLATFORM }) });
}

export type TenantAction =
  | { kind: 'extend-trial'; days: number }
  | { kind: 'plan'; input: ChangePlanInput }
  | { kind: 'suspend'; input: SuspendTenantInput }
  | { kind: 'reactivate' };

export const useTenantAction = (id: string) =>
  usePlatformMutation((action: TenantAction) => {
    const body = action.kind === 'extend-trial' ? { days: action.days } : action.kind === 'reactivate' ? undefined : action.input;
    return apiRequest(`/api/platform/tenants/${id}/${action.kind}`, { method: 'POST', body, schema: platformTenantSchema });
  });

export const useSetPlatformRole = () =>
  usePlatformMutation(({ id, platformRole }: { id: string; platformRole: PlatformRole | null }) =>
    apiRequest(`/api/platform/users/${id}/platform-role`, { method: 'PUT', body: { platformRole }, schema: platformUserSchema }),
  );

export const useUserActive = () =>
  usePlatformMutation(({ id, active }: { id: string; active: boolean }) =>
    apiRequest(`/api/platform/users/${id}/${active ? 'reactivate' : 'deactivate'}`, { method: 'POST', schema: platformUserSchema }),
  );

export const usePasswordReset = () =>
  usePlatformMutation(({ id, input }: { id: string; input: PasswordResetInput }) =>
    apiRequest(`/api/platform/users/${id}/password-reset`, { method: 'POST', body: input, schema: passwordResetResultSchema }),
  );

export const useRevokeSessions = () =>
  usePlatformMutation((id: string) => apiRequest(`/api/platform/users/${id}/revoke-sessions`, { method: 'POST', schema: platformUserSchema }));
