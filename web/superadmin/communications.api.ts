import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { announcementPageSchema, announcementSchema, emailDeliverabilitySchema, type AnnouncementInput } from '../../core/platform/communications.schemas';
import { platformSettingsSchema, testEmailResultSchema, type PlatformSettingsInput } from '../../core/platform/settings.schemas';
import { MAINTENANCE_BANNER_KEY } from '../components/maintenance-banner';
import { apiRequest } from '../lib/api-client';

// The Communications and Settings pages' API (server/platform/communications.routes.ts).

const COMMUNICATIONS = ['platform', 'communications'] as const;
const SETTINGS = ['platform', 'settings'] as const;

export const useAnnouncements = (page: number, pageSize: number) =>
  useQuery({
    queryKey: [...COMMUNICATIONS, 'announcements', page, pageSize],
    queryFn: () => apiRequest(`/api/platform/announcements?page=${page}&pageSize=${pageSize}`, { schema: announcementPageSchema }),
    placeholderData: keepPreviousData,
  });

export const useEmailDeliverability = () =>
  useQuery({
    queryKey: [...COMMUNICATIONS, 'email'],
    queryFn: () => apiRequest('/api/platform/email-deliverability', { schema: emailDeliverabilitySchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the e-mail deliverability failed' },
  });

export function usePostAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AnnouncementInput) => apiRequest('/api/platform/announcements', { method: 'POST', body: input, schema: announcementSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: COMMUNICATIONS }),
  });
}

export const usePlatformSettings = () =>
  useQuery({
    queryKey: SETTINGS,
    queryFn: () => apiRequest('/api/platform/settings', { schema: platformSettingsSchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the platform settings failed' },
  });

export function useSavePlatformSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PlatformSettingsInput) => apiRequest('/api/platform/settings', { method: 'PUT', body: input, schema: platformSettingsSchema }),
    onSuccess: (saved) => {
      client.setQueryData(SETTINGS, saved);
      void client.invalidateQueries({ queryKey: MAINTENANCE_BANNER_KEY });
    },
  });
}

export const useSendTestEmail = () =>
  useMutation({ mutationFn: () => apiRequest('/api/platform/settings/test-email', { method: 'POST', schema: testEmailResultSchema }) });
