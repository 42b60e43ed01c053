import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditActorsSchema, auditListSchema, type AuditListQuery } from '../../core/audit/audit.schemas';
import { apiRequest } from '../lib/api-client';
import { PAGE_SIZE } from '../inventory/inventory.api';

// The audit log's API (server/audit/audit.routes.ts).

export type AuditFilters = Partial<Pick<AuditListQuery, 'actorUserId' | 'action' | 'from' | 'to' | 'direction'>>;

/** The filters (and the page) as the API's query string; the CSV link uses the same filters. */
export function auditSearch(filters: AuditFilters, page?: number): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== undefined && value !== '') search.set(name, String(value));
  if (page !== undefined) {
    search.set('page', String(page));
    search.set('pageSize', String(PAGE_SIZE));
  }
  return search;
}

export function useAuditEvents(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: ['audit', 'events', filters, page],
    queryFn: () => apiRequest(`/api/audit-events?${auditSearch(filters, page).toString()}`, { schema: auditListSchema }),
    placeholderData: keepPreviousData,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the audit log failed' },
  });
}

export function useAuditActors() {
  return useQuery({
    queryKey: ['audit', 'actors'],
    queryFn: () => apiRequest('/api/audit-events/actors', { schema: auditActorsSchema }),
  });
}
