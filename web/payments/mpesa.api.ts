import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  mpesaLookupResultSchema,
  mpesaPaymentListSchema,
  mpesaPaymentSchema,
  mpesaReconciliationSchema,
  mpesaSettingsSchema,
  mpesaStatusQuerySchema,
  stkRequestSchema,
  type MpesaPaymentListQuery,
  type MpesaSettingsInput,
} from '../../core/payments/mpesa.schemas';
import type { simulatedStkOutcomes } from '../../core/payments/mpesa.schemas';
import { apiRequest } from '../lib/api-client';

// The M-Pesa API (server/payments/mpesa.routes.ts) for the register, the settings tab and the
// reconciliation screen.

export const mpesaKeys = {
  settings: (locationId: string | null) => ['mpesa', 'settings', locationId] as const,
  mode: (registerId: string) => ['mpesa', 'mode', registerId] as const,
  payments: (query: Partial<MpesaPaymentListQuery>) => ['mpesa', 'payments', query] as const,
  reconciliation: (from: string, to: string, by: 'day' | 'shift') => ['mpesa', 'reconciliation', from, to, by] as const,
};

const queryString = (values: Record<string, string | number | undefined | null>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  return params.toString();
};

export function useMpesaSettings(locationId: string | null) {
  return useQuery({
    queryKey: mpesaKeys.settings(locationId),
    queryFn: () => apiRequest(`/api/mpesa/settings?${queryString({ locationId })}`, { schema: mpesaSettingsSchema }),
  });
}

export const saveMpesaSettings = (input: Partial<MpesaSettingsInput>) => apiRequest('/api/mpesa/settings', { method: 'PUT', body: input, schema: mpesaSettingsSchema });
export const registerMpesaUrls = (locationId: string | null) =>
  apiRequest('/api/mpesa/settings/register-urls', { method: 'POST', body: { locationId }, schema: mpesaSettingsSchema });

export function useMpesaMode(registerId: string) {
  return useQuery({
    queryKey: mpesaKeys.mode(registerId),
    queryFn: () => apiRequest(`/api/mpesa/mode?${queryString({ registerId })}`, { schema: z.object({ mode: z.enum(['simulated', 'live']) }) }),
    staleTime: 60_000,
  });
}

export const sendStkPrompt = (body: { id: string; registerId: string; shiftId: string; phone: string; amountMinor: number; accountReference?: string }) =>
  apiRequest('/api/mpesa/stk-requests', { method: 'POST', body, schema: stkRequestSchema });
export const readStkPrompt = (id: string) => apiRequest(`/api/mpesa/stk-requests/${id}`, { schema: stkRequestSchema });
export const abandonStkPrompt = (id: string) => apiRequest(`/api/mpesa/stk-requests/${id}/abandon`, { method: 'POST', schema: stkRequestSchema });
export const answerSimulatedPrompt = (id: string, outcome: (typeof simulatedStkOutcomes)[number]) =>
  apiRequest(`/api/mpesa/sandbox/stk-requests/${id}`, { method: 'POST', body: { outcome }, schema: stkRequestSchema });
export const simulateTillPayment = (amountMinor: number) =>
  apiRequest('/api/mpesa/sandbox/till-payments', { method: 'POST', body: { amountMinor }, schema: mpesaPaymentSchema });

export function useMpesaPayments(query: Partial<MpesaPaymentListQuery>, options: { refetchInterval?: number; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: mpesaKeys.payments(query),
    queryFn: () => apiRequest(`/api/mpesa/payments?${queryString(query)}`, { schema: mpesaPaymentListSchema }),
    refetchInterval: options.refetchInterval,
    enabled: options.enabled ?? true,
  });
}

export const mpesaPaymentsExportUrl = (query: Partial<MpesaPaymentListQuery>) => `/api/mpesa/payments/export?${queryString({ ...query, page: undefined, pageSize: undefined })}`;

export const lookupMpesaCode = (code: string, registerId: string) =>
  apiRequest('/api/mpesa/payments/lookup', { method: 'POST', body: { code, registerId }, schema: mpesaLookupResultSchema });
export const readStatusQuery = (id: string) => apiRequest(`/api/mpesa/status-queries/${id}`, { schema: mpesaStatusQuerySchema });
export const disputeMpesaPayment = (id: string, disputed: boolean, note: string | null) =>
  apiRequest(`/api/mpesa/payments/${id}/dispute`, { method: 'POST', body: { disputed, note }, schema: mpesaPaymentSchema });

export function useMpesaReconciliation(from: string, to: string, by: 'day' | 'shift') {
  return useQuery({
    queryKey: mpesaKeys.reconciliation(from, to, by),
    queryFn: () => apiRequest(`/api/mpesa/reconciliation?${queryString({ from, to, by })}`, { schema: mpesaReconciliationSchema }),
  });
}
