import { useQuery } from '@tanstack/react-query';
import { businessSettingsSchema } from '../../core/settings/settings.schemas';
import { apiRequest } from '../lib/api-client';

export const businessSettingsQueryKey = ['settings', 'business'] as const;

/** This shop's currency, time zone and logo (any member). Only asked when the person has a shop. */
export function useBusinessSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: businessSettingsQueryKey,
    queryFn: () => apiRequest('/api/settings/business', { schema: businessSettingsSchema }),
    enabled,
    // A line for the developer's log (web/lib/query-client.ts), not shown to people.
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a log message, never shown
    meta: { errorMessage: 'Loading the business settings failed' },
  });
}
