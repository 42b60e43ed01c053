import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '../../core/api/api-error.schemas';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import {
  giftCardBalanceSchema,
  giftCardDetailSchema,
  giftCardIssuedSchema,
  giftCardListSchema,
  type GiftCardStatus,
} from '../../core/gift-cards/gift-cards.schemas';
import { useSignedInUser } from '../auth/auth-provider';
import { mayDo } from '../auth/may-do';
import { useEntitlements } from '../billing/billing.api';
import { apiRequest } from '../lib/api-client';

// Gift cards' queries and requests (server/gift-cards/gift-cards.routes.ts). Every key starts with
// 'gift-cards', so one invalidation after a change refreshes every gift card screen.

export const GIFT_CARDS_PATH = '/admin/customers/gift-cards';
export const giftCardPath = (id: string) => `${GIFT_CARDS_PATH}/${encodeURIComponent(id)}`;
export const giftCardPrintPath = (id: string) => `${giftCardPath(id)}/print`;

/** What this person may do with gift cards, mirroring the server: sales.sell reads and checks balances, gift_cards.manage issues and voids. */
export function useGiftCardAccess() {
  const user = useSignedInUser();
  const entitlements = useEntitlements({ enabled: user.tenantId !== null });
  const data = entitlements.data;
  return {
    // Until the entitlements arrive nothing is shown as locked: the server still answers 402.
    isEnabled: !data || Boolean(data.entitlements.features.gift_cards),
    isKnown: data !== undefined,
    canIssue: mayDo(user, 'gift_cards.manage'),
    badge: data ? data.upgradeBadge : null,
    upgradeMessage: upgradeMessage('gift_cards'),
  };
}

function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export interface GiftCardListParams {
  search?: string | undefined;
  contactId?: string | undefined;
  status?: GiftCardStatus | 'all';
  sort?: 'createdAt' | 'balance' | 'expiresOn' | 'initial';
  order?: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export function useGiftCards(query: GiftCardListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['gift-cards', 'list', query],
    queryFn: () => apiRequest(`/api/gift-cards${queryString({ ...query })}`, { schema: giftCardListSchema }),
    placeholderData: keepPreviousData,
    enabled,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the gift cards failed' },
  });
}

export function useGiftCard(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: ['gift-cards', 'detail', id],
    queryFn: () => apiRequest(`/api/gift-cards/${encodeURIComponent(id)}`, { schema: giftCardDetailSchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the gift card failed' },
  });
}

export function useRefreshGiftCards() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['gift-cards'] });
}

export interface IssueGiftCardBody {
  amountMinor: number;
  contactId: string | null;
  expiresOn: string | null;
}

/** Issue: one Idempotency-Key per dialog, so a double click or a retry issues one card. */
export function useIssueGiftCard(idempotencyKey: string) {
  const refresh = useRefreshGiftCards();
  return useMutation({
    mutationKey: ['gift-cards', 'issue'],
    mutationFn: (body: IssueGiftCardBody) =>
      apiRequest('/api/gift-cards', { method: 'POST', body, schema: giftCardIssuedSchema, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
    onSuccess: () => refresh(),
  });
}

export function useVoidGiftCard(id: string) {
  const refresh = useRefreshGiftCards();
  return useMutation({
    mutationKey: ['gift-cards', 'void'],
    mutationFn: (reason: string) =>
      apiRequest(`/api/gift-cards/${encodeURIComponent(id)}/void`, { method: 'POST', body: { reason }, schema: giftCardDetailSchema }),
    onSuccess: () => refresh(),
  });
}

export function checkGiftCardBalance(code: string) {
  return apiRequest('/api/gift-cards/balance', { method: 'POST', body: { code }, schema: giftCardBalanceSchema });
}
