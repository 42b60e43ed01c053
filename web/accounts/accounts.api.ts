import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountEntryListSchema,
  balanceListSchema,
  contactAccountSchema,
  creditSettingsSchema,
  paymentReceiptSchema,
  postedEntrySchema,
  type AccountSide,
} from '../../core/accounts/accounts.schemas';
import { IDEMPOTENCY_KEY_HEADER } from '../../core/api/api-error.schemas';
import { apiRequest } from '../lib/api-client';

// Credit accounts' queries and requests. Every key starts with 'accounts', so one invalidation
// after a payment refreshes the account tab, the lists and the receipt.

export const accountsQueryKey = ['accounts'] as const;
export const creditSettingsQueryKey = ['accounts', 'settings'] as const;
export const ENTRY_PAGE_SIZE = 10;
export const BALANCE_PAGE_SIZE = 25;

const contactPath = (contactId: string) => `/api/contacts/${encodeURIComponent(contactId)}`;

export function useContactAccount(contactId: string, side: AccountSide) {
  return useQuery({
    queryKey: ['accounts', 'contact', contactId, side],
    queryFn: () => apiRequest(`${contactPath(contactId)}/account?side=${side}`, { schema: contactAccountSchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the contact account failed' },
  });
}

export function useAccountEntries(contactId: string, side: AccountSide, page: number) {
  return useQuery({
    queryKey: ['accounts', 'entries', contactId, side, page],
    queryFn: () => apiRequest(`${contactPath(contactId)}/account-entries?side=${side}&page=${page}&pageSize=${ENTRY_PAGE_SIZE}`, { schema: accountEntryListSchema }),
    placeholderData: keepPreviousData,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the account entries failed' },
  });
}

export interface BalanceListParams {
  search?: string | undefined;
  sort: string;
  order: string;
  overdueOnly: boolean;
  page: number;
}

export function useBalanceList(kind: 'debtors' | 'creditors', params: BalanceListParams) {
  const search = new URLSearchParams({
    sort: params.sort,
    order: params.order,
    overdueOnly: String(params.overdueOnly),
    page: String(params.page),
    pageSize: String(BALANCE_PAGE_SIZE),
  });
  if (params.search) search.set('search', params.search);
  return useQuery({
    queryKey: ['accounts', kind, params],
    queryFn: () => apiRequest(`/api/accounts/${kind}?${search.toString()}`, { schema: balanceListSchema }),
    placeholderData: keepPreviousData,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: `Loading the ${kind} failed` },
  });
}

export function usePaymentReceipt(entryId: string) {
  return useQuery({
    queryKey: ['accounts', 'receipt', entryId],
    queryFn: () => apiRequest(`/api/account-entries/${encodeURIComponent(entryId)}/receipt`, { schema: paymentReceiptSchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the receipt failed' },
  });
}

export function useCreditSettings() {
  return useQuery({
    queryKey: creditSettingsQueryKey,
    queryFn: () => apiRequest('/api/accounts/settings', { schema: creditSettingsSchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the credit settings failed' },
  });
}

export type EntryAction = 'payments' | 'credit-notes' | 'adjustments' | 'write-offs';

/** Posts a payment, credit note, adjustment or write-off once per key (a retry answers with the first). */
export function postAccountAction(contactId: string, action: EntryAction, body: unknown, idempotencyKey: string) {
  return apiRequest(`${contactPath(contactId)}/${action}`, { method: 'POST', body, schema: postedEntrySchema, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

export function useRefreshAccounts() {
  const queryClient = useQueryClient();
  // Contacts lists show balances too.
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: accountsQueryKey }), queryClient.invalidateQueries({ queryKey: ['contacts'] })]);
}
