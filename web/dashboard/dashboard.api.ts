import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dashboardSchema, type DashboardQuery } from '../../core/reports/reports.schemas';
import { apiRequest } from '../lib/api-client';

/** The dashboard refreshes itself this often while it is open (a till left on it stays current). */
export const DASHBOARD_REFRESH_MS = 5 * 60_000;

/** The request's address: only the parameters given. */
export function dashboardPath(query: DashboardQuery): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `/api/dashboard?${text}` : '/api/dashboard';
}

/** GET /api/dashboard for a period (the shop's days) and a location, or all (core/reports/reports.schemas.ts). */
export function useDashboard(query: DashboardQuery) {
  return useQuery({
    queryKey: ['dashboard', query],
    queryFn: ({ signal }) => apiRequest(dashboardPath(query), { schema: dashboardSchema, signal }),
    // Another period keeps the figures on screen (dimmed) until its own arrive.
    placeholderData: keepPreviousData,
    refetchInterval: DASHBOARD_REFRESH_MS,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the dashboard failed' },
  });
}
