import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  commissionDetailSchema,
  commissionPayoutSchema,
  commissionRateListSchema,
  commissionRateSchema,
  commissionReportSchema,
  commissionStaffSchema,
  type CommissionPayoutInput,
  type CommissionRateInput,
} from '../../core/commissions/commissions.schemas';
import { apiRequest } from '../lib/api-client';

// Commissions' API (server/commissions/commissions.routes.ts).

export const commissionKeys = {
  all: ['commissions'] as const,
  staff: ['commissions', 'staff'] as const,
  rates: ['commissions', 'rates'] as const,
  report: (from: string, to: string) => ['commissions', 'report', from, to] as const,
  detail: (userId: string, from: string, to: string) => ['commissions', 'detail', userId, from, to] as const,
};

export function useCommissionStaff() {
  return useQuery({ queryKey: commissionKeys.staff, queryFn: () => apiRequest('/api/commissions/staff', { schema: commissionStaffSchema }) });
}

export function useCommissionRates() {
  return useQuery({ queryKey: commissionKeys.rates, queryFn: () => apiRequest('/api/commission-rates', { schema: commissionRateListSchema }) });
}

export const saveCommissionRate = (input: CommissionRateInput) => apiRequest('/api/commission-rates', { method: 'PUT', body: input, schema: commissionRateSchema });
export const removeCommissionRate = (id: string) => apiRequest(`/api/commission-rates/${encodeURIComponent(id)}`, { method: 'DELETE' });

const period = (from: string, to: string) => new URLSearchParams({ from, to }).toString();

export function useCommissionReport(from: string, to: string) {
  return useQuery({
    queryKey: commissionKeys.report(from, to),
    queryFn: () => apiRequest(`/api/commissions/report?${period(from, to)}`, { schema: commissionReportSchema }),
    placeholderData: keepPreviousData,
    enabled: from <= to,
  });
}

export function useCommissionDetail(userId: string | null, from: string, to: string) {
  return useQuery({
    queryKey: commissionKeys.detail(userId ?? '', from, to),
    queryFn: () => apiRequest(`/api/commissions/report/${encodeURIComponent(userId ?? '')}?${period(from, to)}`, { schema: commissionDetailSchema }),
    enabled: userId !== null,
  });
}

export const recordCommissionPayout = (input: CommissionPayoutInput) => apiRequest('/api/commission-payouts', { method: 'POST', body: input, schema: commissionPayoutSchema });
