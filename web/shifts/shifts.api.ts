import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '../../core/api/api-error.schemas';
import {
  cashMovementSchema,
  registerListSchema,
  registerSchema,
  salesSettingsSchema,
  shiftListSchema,
  shiftReportSchema,
  shiftSchema,
} from '../../core/sales/sales.schemas';
import { PAGE_SIZE } from '../inventory/inventory.api';
import { apiRequest } from '../lib/api-client';

// Registers, shifts and the sales settings. Every shift key starts with 'shifts', so one
// invalidation after an open, a cash movement or a close refreshes the list, the page and the report.

export const shiftsQueryKey = ['shifts'] as const;
export const registersQueryKey = ['registers'] as const;
export const salesSettingsQueryKey = ['sales-settings'] as const;

const shiftPath = (shiftId: string) => `/api/shifts/${encodeURIComponent(shiftId)}`;
const keyHeader = (idempotencyKey: string) => ({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey });

export interface ShiftListParams {
  status: 'open' | 'closed' | 'all';
  registerId?: string | undefined;
  page: number;
}

export function useShiftList(params: ShiftListParams) {
  const search = new URLSearchParams({ status: params.status, page: String(params.page), pageSize: String(PAGE_SIZE) });
  if (params.registerId) search.set('registerId', params.registerId);
  return useQuery({
    queryKey: ['shifts', 'list', params],
    queryFn: () => apiRequest(`/api/shifts?${search.toString()}`, { schema: shiftListSchema }),
    placeholderData: keepPreviousData,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the shifts failed' },
  });
}

export function useShift(shiftId: string) {
  return useQuery({
    queryKey: ['shifts', 'one', shiftId],
    queryFn: () => apiRequest(shiftPath(shiftId), { schema: shiftSchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the shift failed' },
  });
}

export function useShiftReport(shiftId: string) {
  return useQuery({
    queryKey: ['shifts', 'report', shiftId],
    queryFn: () => apiRequest(`${shiftPath(shiftId)}/report`, { schema: shiftReportSchema }),
    // The X report is live: sales rung up on the till meanwhile show without a reload.
    refetchInterval: (query) => (query.state.data?.kind === 'x' ? 60_000 : false),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the shift report failed' },
  });
}

/** Registers in use (all: every register, closed ones too, for the admin's list). */
export function useRegisters(all = false) {
  return useQuery({
    queryKey: ['registers', { all }],
    queryFn: () => apiRequest(`/api/registers?all=${String(all)}`, { schema: registerListSchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the registers failed' },
  });
}

export function useSalesSettings() {
  return useQuery({
    queryKey: salesSettingsQueryKey,
    queryFn: () => apiRequest('/api/sales-settings', { schema: salesSettingsSchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the sales settings failed' },
  });
}

export function addCashMovement(shiftId: string, body: unknown, idempotencyKey: string) {
  return apiRequest(`${shiftPath(shiftId)}/cash-movements`, { method: 'POST', body, schema: cashMovementSchema, headers: keyHeader(idempotencyKey) });
}

/** Closing is idempotent by nature: a second close of a closed shift is refused (409). */
export function closeShift(shiftId: string, body: unknown) {
  return apiRequest(`${shiftPath(shiftId)}/close`, { method: 'POST', body, schema: shiftReportSchema });
}

export function saveSalesSettings(body: unknown) {
  return apiRequest('/api/sales-settings', { method: 'PUT', body, schema: salesSettingsSchema });
}

export function createRegister(body: unknown, idempotencyKey: string) {
  return apiRequest('/api/registers', { method: 'POST', body, schema: registerSchema, headers: keyHeader(idempotencyKey) });
}

export function updateRegister(registerId: string, body: unknown) {
  return apiRequest(`/api/registers/${encodeURIComponent(registerId)}`, { method: 'PATCH', body, schema: registerSchema });
}

export function useRefreshShifts() {
  const queryClient = useQueryClient();
  // A register's list shows its open shift. Lists not on screen are fetched again too ('all'): the
  // cache does not refetch on mount, so the Shifts tab would otherwise show a shift still open.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: shiftsQueryKey, refetchType: 'all' }),
      queryClient.invalidateQueries({ queryKey: registersQueryKey, refetchType: 'all' }),
    ]);
}
