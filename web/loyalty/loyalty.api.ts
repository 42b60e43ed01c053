import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '../../core/api/api-error.schemas';
import {
  contactLoyaltySchema,
  loyaltyAdjustmentSchema,
  loyaltySettingsSchema,
  type LoyaltyAdjustmentInput,
  type LoyaltySettingsInput,
} from '../../core/loyalty/loyalty.schemas';
import { formatMoneyAmount } from '../lib/format';
import { apiRequest } from '../lib/api-client';
import { useLanguage } from '../i18n/language-provider';
import { useBusinessSettings } from '../settings/settings.api';

// Loyalty's queries and requests. Every key starts with 'loyalty': one invalidation after an
// adjustment or a settings change refreshes the tab and the settings section.

export const loyaltySettingsQueryKey = ['loyalty', 'settings'] as const;
export const LOYALTY_PAGE_SIZE = 10;

const contactPath = (contactId: string) => `/api/contacts/${encodeURIComponent(contactId)}/loyalty`;

export function useLoyaltySettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: loyaltySettingsQueryKey,
    queryFn: () => apiRequest('/api/loyalty/settings', { schema: loyaltySettingsSchema }),
    enabled,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the loyalty settings failed' },
  });
}

export function saveLoyaltySettings(body: LoyaltySettingsInput) {
  return apiRequest('/api/loyalty/settings', { method: 'PUT', body, schema: loyaltySettingsSchema });
}

export function useContactLoyalty(contactId: string, page: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['loyalty', 'contact', contactId, page],
    queryFn: () => apiRequest(`${contactPath(contactId)}?page=${page}&pageSize=${LOYALTY_PAGE_SIZE}`, { schema: contactLoyaltySchema }),
    placeholderData: keepPreviousData,
    enabled,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the customer points failed' },
  });
}

export function postLoyaltyAdjustment(contactId: string, body: LoyaltyAdjustmentInput, idempotencyKey: string) {
  return apiRequest(`${contactPath(contactId)}/adjustments`, {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: loyaltyAdjustmentSchema,
  });
}

/** Refreshes the points everywhere they show: this folder's queries and the contact page and list ('contacts' keys, web/contacts). */
export function useRefreshLoyalty() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ['loyalty'] }), queryClient.invalidateQueries({ queryKey: ['contacts'] })]);
}

/** Money in the shop's currency and the language on screen: money(3750) → "KSh 37.50". */
export function useLoyaltyMoney() {
  const settings = useBusinessSettings();
  const { intlLocale } = useLanguage();
  const symbol = settings.data?.currencySymbol ?? '';
  const decimals = settings.data?.currencyDecimals ?? 2;
  return { symbol, money: (amountMinor: number) => formatMoneyAmount(amountMinor, symbol, decimals, intlLocale).trim() };
}
