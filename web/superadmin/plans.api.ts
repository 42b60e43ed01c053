import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { platformPlanDetailSchema, type PlanInput } from '../../core/platform/plans.schemas';
import {
  platformPaymentPageSchema,
  reconciliationSchema,
  revenueSummarySchema,
  type PaymentListQuery,
  type RevenuePeriodQuery,
} from '../../core/platform/revenue.schemas';
import { apiRequest } from '../lib/api-client';

// Plan Management and Revenue (server/platform/plans.routes.ts, revenue.routes.ts). The plans list
// shares its key with platform.api.ts's usePlans (the tenant page's plan choice).

const PLATFORM = ['platform'] as const;

export function searchOf(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(name, String(value));
  return search.toString();
}

export const usePlanDetails = () =>
  useQuery({
    queryKey: [...PLATFORM, 'plans', 'details'],
    queryFn: () => apiRequest('/api/platform/plans', { schema: z.array(platformPlanDetailSchema) }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the plans failed' },
  });

function usePlatformMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: PLATFORM }) });
}

export const useSavePlan = () =>
  usePlatformMutation(({ id, input }: { id: string | null; input: PlanInput }) =>
    id
      ? apiRequest(`/api/platform/plans/${id}`, { method: 'PUT', body: input, schema: platformPlanDetailSchema })
      : apiRequest('/api/platform/plans', { method: 'POST', body: input, schema: platformPlanDetailSchema }),
  );

export const usePlanActive = () =>
  usePlatformMutation(({ id, isActive }: { id: string; isActive: boolean }) =>
    apiRequest(`/api/platform/plans/${id}/active`, { method: 'POST', body: { isActive }, schema: platformPlanDetailSchema }),
  );

export const useDeletePlan = () => usePlatformMutation((id: string) => apiRequest(`/api/platform/plans/${id}`, { method: 'DELETE' }));

export const useRevenue = (period: RevenuePeriodQuery) =>
  useQuery({
    queryKey: [...PLATFORM, 'revenue', period],
    queryFn: () => apiRequest(`/api/platform/revenue?${searchOf(period)}`, { schema: revenueSummarySchema }),
    placeholderData: keepPreviousData,
  });

export const usePayments = (query: PaymentListQuery) =>
  useQuery({
    queryKey: [...PLATFORM, 'revenue', 'payments', query],
    queryFn: () => apiRequest(`/api/platform/revenue/payments?${searchOf(query)}`, { schema: platformPaymentPageSchema }),
    placeholderData: keepPreviousData,
  });

/** Asked for on a button press: it calls Paystack. */
export const useReconciliation = (period: RevenuePeriodQuery, enabled: boolean) =>
  useQuery({
    queryKey: [...PLATFORM, 'revenue', 'reconciliation', period],
    queryFn: () => apiRequest(`/api/platform/revenue/reconciliation?${searchOf(period)}`, { schema: reconciliationSchema }),
    enabled,
    retry: false,
  });
