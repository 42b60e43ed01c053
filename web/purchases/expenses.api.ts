import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '../../core/api/api-error.schemas';
import {
  expenseAttachmentUploadSchema,
  expenseCategoryListSchema,
  expenseCategorySchema,
  expenseListSchema,
  expenseSchema,
  purchaseSettingsSchema,
  recurringExpenseListSchema,
  recurringExpenseSchema,
  type expenseListQuerySchema,
} from '../../core/purchases/purchases.schemas';
import { PAGE_SIZE } from '../inventory/inventory.api';
import { apiRequest } from '../lib/api-client';
import { uploadImportFile } from '../products/bulk/bulk.api';
import { purchaseQueryString } from './orders.api';

// Expenses, their categories, recurring expenses and the purchases settings. Keys start with
// 'purchases' (one invalidation refreshes the tabs); the shift's "Record an expense" uses them too.

export type ExpenseListQuery = Omit<z.input<typeof expenseListQuerySchema>, 'pageSize' | 'page'> & { page: number };

const EXPENSES = '/api/expenses';
export const expensePath = (expenseId: string) => `${EXPENSES}/${encodeURIComponent(expenseId)}`;
export const expenseAttachmentPath = (expenseId: string) => `${expensePath(expenseId)}/attachment`;
export const purchaseSettingsQueryKey = ['purchases', 'settings'] as const;

export function useExpenses(query: ExpenseListQuery) {
  return useQuery({
    queryKey: ['purchases', 'expenses', 'list', query],
    queryFn: ({ signal }) => apiRequest(`${EXPENSES}${purchaseQueryString({ pageSize: PAGE_SIZE, ...query })}`, { schema: expenseListSchema, signal }),
    placeholderData: keepPreviousData,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the expenses failed' },
  });
}

export function useExpense(expenseId: string) {
  return useQuery({
    queryKey: ['purchases', 'expenses', expenseId],
    queryFn: () => apiRequest(expensePath(expenseId), { schema: expenseSchema }),
    enabled: expenseId !== '',
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the expense failed' },
  });
}

/** Every category (active and retired); the forms offer the active ones. */
export function useAllExpenseCategories() {
  return useQuery({
    queryKey: ['purchases', 'expense-categories', 'all'],
    queryFn: () => apiRequest('/api/expense-categories', { schema: expenseCategoryListSchema }),
    select: (data) => data.items,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the expense categories failed' },
  });
}

export function useRecurringExpenses() {
  return useQuery({
    queryKey: ['purchases', 'recurring-expenses'],
    queryFn: () => apiRequest('/api/recurring-expenses', { schema: recurringExpenseListSchema }),
    select: (data) => data.items,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the recurring expenses failed' },
  });
}

/** Whether cashiers may record cash expenses: the shift screen mirrors it, the server decides. */
export function usePurchaseSettings() {
  return useQuery({
    queryKey: purchaseSettingsQueryKey,
    queryFn: () => apiRequest('/api/settings/purchases', { schema: purchaseSettingsSchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the purchases settings failed' },
  });
}

export function savePurchaseSettings(body: { cashiersRecordCashPurchases: boolean }) {
  return apiRequest('/api/settings/purchases', { method: 'PUT', body, schema: purchaseSettingsSchema });
}

/** One key per expense being entered, kept across retries: a lost answer cannot record it twice. */
export function createExpenseRequest(body: unknown, idempotencyKey: string) {
  return apiRequest(EXPENSES, { method: 'POST', body, schema: expenseSchema, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

export function voidExpenseRequest(expenseId: string, reason: string) {
  return apiRequest(`${expensePath(expenseId)}/void`, { method: 'POST', body: { reason }, schema: expenseSchema });
}

/** The receipt's photo or PDF, before the expense is recorded; progress from 0 to 1. */
export function uploadExpenseReceipt(file: File, onProgress: (fraction: number) => void) {
  return uploadImportFile('/api/expense-attachments', file, { schema: expenseAttachmentUploadSchema, onProgress });
}

export function saveExpenseCategoryRequest(target: { id: string } | null, body: { name?: string; isActive?: boolean }) {
  return target
    ? apiRequest(`/api/expense-categories/${encodeURIComponent(target.id)}`, { method: 'PATCH', body, schema: expenseCategorySchema })
    : apiRequest('/api/expense-categories', { method: 'POST', body, schema: expenseCategorySchema });
}

export function createRecurringExpenseRequest(body: unknown) {
  return apiRequest('/api/recurring-expenses', { method: 'POST', body, schema: recurringExpenseSchema });
}

export function updateRecurringExpenseRequest(id: string, body: unknown) {
  return apiRequest(`/api/recurring-expenses/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: recurringExpenseSchema });
}

/** After any change: every purchases tab and the shifts (drawer cash). */
export function useRefreshExpenses() {
  const queryClient = useQueryClient();
  return () => Promise.all([['purchases'], ['shifts']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
