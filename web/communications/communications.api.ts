import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Channel } from '../../core/communications/communications.rules';
import {
  campaignSchema,
  channelSchema,
  consentSchema,
  messageListSchema,
  messageSchema,
  settingsSchema,
  templateSchema,
  type CampaignInput,
  type CommunicationSettingsInput,
  type TemplateInput,
  type TemplateKey,
} from '../../core/communications/communications.schemas';
import { apiRequest } from '../lib/api-client';

// Communications (issue 20): channels, templates, campaigns, settings and the message log; a
// customer's consent and messages (the contact page); a sale's receipt by SMS or WhatsApp (the sale
// page and the register). Keys start with 'communications'.

export const communicationsKey = ['communications'] as const;

export function useChannels() {
  return useQuery({
    queryKey: [...communicationsKey, 'channels'],
    queryFn: () => apiRequest('/api/communications/channels', { schema: z.array(channelSchema) }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the channels failed' },
  });
}

export function useTemplates() {
  return useQuery({
    queryKey: [...communicationsKey, 'templates'],
    queryFn: () => apiRequest('/api/communications/templates', { schema: z.array(templateSchema) }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the templates failed' },
  });
}

export function useCampaigns() {
  return useQuery({
    queryKey: [...communicationsKey, 'campaigns'],
    queryFn: () => apiRequest('/api/communications/campaigns', { schema: z.array(campaignSchema) }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the campaigns failed' },
  });
}

export function useCommunicationSettings() {
  return useQuery({
    queryKey: [...communicationsKey, 'settings'],
    queryFn: () => apiRequest('/api/communications/settings', { schema: settingsSchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the communication settings failed' },
  });
}

export function useMessages(q: string, status: string, page: number) {
  const search = new URLSearchParams({ page: String(page) });
  if (q) search.set('q', q);
  if (status) search.set('status', status);
  return useQuery({
    queryKey: [...communicationsKey, 'messages', q, status, page],
    queryFn: () => apiRequest(`/api/communications/messages?${search.toString()}`, { schema: messageListSchema }),
    placeholderData: keepPreviousData,
    // Statuses move as the providers report: the log refreshes itself while open.
    refetchInterval: 5_000,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the message log failed' },
  });
}

export const saveChannel = (channel: 'sms' | 'whatsapp' | 'email', body: Record<string, unknown>) =>
  apiRequest(`/api/communications/channels/${channel}`, { method: 'PUT', body, schema: z.array(channelSchema) });
export const sendTest = (body: { channel: string; to: string; language: string }) => apiRequest('/api/communications/channels/test', { method: 'POST', body, schema: messageSchema });
export const saveTemplate = (body: TemplateInput) => apiRequest('/api/communications/templates', { method: 'PUT', body, schema: templateSchema });
export const createCampaign = (body: CampaignInput) => apiRequest('/api/communications/campaigns', { method: 'POST', body, schema: campaignSchema });
export const cancelCampaign = (id: string) => apiRequest(`/api/communications/campaigns/${encodeURIComponent(id)}/cancel`, { method: 'POST', schema: campaignSchema });
export const saveCommunicationSettings = (body: CommunicationSettingsInput) => apiRequest('/api/communications/settings', { method: 'PUT', body, schema: settingsSchema });
export const runReminders = () => apiRequest('/api/communications/reminders/run', { method: 'POST', schema: z.object({ queued: z.int() }) });
export const sandboxReport = (id: string, status: 'delivered' | 'failed') =>
  apiRequest(`/api/communications/messages/${encodeURIComponent(id)}/sandbox-report`, { method: 'POST', body: { status }, schema: messageSchema });
export const resetTemplate = (key: TemplateKey) =>
  apiRequest(`/api/communications/templates/${encodeURIComponent(key.kind)}/${encodeURIComponent(key.channel)}/${encodeURIComponent(key.language)}`, {
    method: 'DELETE',
    schema: templateSchema,
  });

export function useContactConsents(contactId: string) {
  return useQuery({
    queryKey: [...communicationsKey, 'consents', contactId],
    queryFn: () => apiRequest(`/api/contacts/${encodeURIComponent(contactId)}/consents`, { schema: z.array(consentSchema) }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the customer consent failed' },
  });
}

export function useContactMessages(contactId: string, page: number) {
  return useQuery({
    queryKey: [...communicationsKey, 'contact-messages', contactId, page],
    queryFn: () => apiRequest(`/api/contacts/${encodeURIComponent(contactId)}/messages?page=${page}`, { schema: messageListSchema }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the customer messages failed' },
  });
}

export const recordConsent = (contactId: string, body: { channel: Channel; status: 'granted' | 'opted_out'; source: 'form' | 'verbal' }) =>
  apiRequest(`/api/contacts/${encodeURIComponent(contactId)}/consents`, { method: 'PUT', body, schema: z.array(consentSchema) });

export const sendReceiptMessage = (saleId: string, body: { channel: 'sms' | 'whatsapp'; phone: string | null }) =>
  apiRequest(`/api/sales/${encodeURIComponent(saleId)}/receipt-messages`, { method: 'POST', body, schema: messageSchema });
