import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '../../core/api/api-error.schemas';
import {
  accountingOverviewSchema,
  accountingSettingsSchema,
  journalAttachmentUploadSchema,
  journalEntrySchema,
  journalPageSchema,
  ledgerAccountListSchema,
  ledgerAccountSchema,
  recurringEntryListSchema,
  recurringEntrySchema,
  type JournalListQuery,
} from '../../core/accounting/accounting.schemas';
import { PAGE_SIZE } from '../inventory/inventory.api';
import { apiRequest } from '../lib/api-client';
import { uploadImportFile } from '../products/bulk/bulk.api';
import { purchaseQueryString } from '../purchases/orders.api';

// The accounting area's requests (core/accounting/accounting.schemas.ts is the contract). Every
// key starts with 'accounting', so one invalidation after a change refreshes every tab.

const ACCOUNTING_API = '/api/accounting';
const accountingQueryKey = ['accounting'] as const;

export type RecurringEntry = z.infer<typeof recurringEntrySchema>;

const journalEntryPath = (entryId: string) => `${ACCOUNTING_API}/journal/${encodeURIComponent(entryId)}`;
export const journalAttachmentPath = (entryId: string) => `${journalEntryPath(entryId)}/attachment`;
const accountPath = (accountId: string) => `${ACCOUNTING_API}/accounts/${encodeURIComponent(accountId)}`;
const keyHeader = (idempotencyKey: string) => ({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey });

export function useAccountingOverview() {
  return useQuery({
    queryKey: ['accounting', 'overview'],
    queryFn: () => apiRequest(`${ACCOUNTING_API}/overview`, { schema: accountingOverviewSchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the accounting overview failed' },
  });
}

/** The whole chart, archived accounts included (the pickers offer the open ones). */
export function useLedgerAccounts() {
  return useQuery({
    queryKey: ['accounting', 'accounts'],
    queryFn: () => apiRequest(`${ACCOUNTING_API}/accounts`, { schema: ledgerAccountListSchema }),
    select: (data) => data.items,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the chart of accounts failed' },
  });
}

export type JournalFilters = Omit<JournalListQuery, 'page' | 'pageSize'> & { page: number };

export function useJournal(filters: JournalFilters) {
  return useQuery({
    queryKey: ['accounting', 'journal', 'list', filters],
    queryFn: ({ signal }) => apiRequest(`${ACCOUNTING_API}/journal${purchaseQueryString({ ...filters, pageSize: PAGE_SIZE })}`, { schema: journalPageSchema, signal }),
    placeholderData: keepPreviousData,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the journal failed' },
  });
}

export function useJournalEntry(entryId: string) {
  return useQuery({
    queryKey: ['accounting', 'journal', entryId],
    queryFn: () => apiRequest(journalEntryPath(entryId), { schema: journalEntrySchema }),
    enabled: entryId !== '',
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the journal entry failed' },
  });
}

export function useRecurringEntries() {
  return useQuery({
    queryKey: ['accounting', 'recurring-entries'],
    queryFn: () => apiRequest(`${ACCOUNTING_API}/recurring-entries`, { schema: recurringEntryListSchema }),
    select: (data) => data.items,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the recurring entries failed' },
  });
}

export function useAccountingSettings() {
  return useQuery({
    queryKey: ['accounting', 'settings'],
    queryFn: () => apiRequest(`${ACCOUNTING_API}/settings`, { schema: accountingSettingsSchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the accounting settings failed' },
  });
}

/** A report's figures as JSON (the CSV and PDF of the same address are links, see reportHref). */
export function useReport<Schema extends z.ZodType>(report: ReportName, params: ReportParams, schema: Schema, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['accounting', 'reports', report, params],
    queryFn: ({ signal }) => apiRequest(reportHref(report, params), { schema, signal }),
    enabled,
    placeholderData: keepPreviousData,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: `Loading the ${report} report failed` },
  });
}

export type ReportName = 'profit-and-loss' | 'balance-sheet' | 'trial-balance' | 'general-ledger' | 'cash-summary' | 'reconciliation' | 'vat-return';
export type ReportParams = Record<string, string | number | undefined>;

/** The report's address: JSON by default, or a download with `format` csv or pdf. */
export function reportHref(report: ReportName, params: ReportParams, format?: 'csv' | 'pdf'): string {
  return `${ACCOUNTING_API}/reports/${report}${purchaseQueryString({ ...params, format })}`;
}

/** One key per entry being written, kept across retries: a lost answer cannot post it twice. */
export function postManualEntryRequest(body: unknown, idempotencyKey: string) {
  return apiRequest(`${ACCOUNTING_API}/journal`, { method: 'POST', body, schema: journalEntrySchema, headers: keyHeader(idempotencyKey) });
}

export function reverseEntryRequest(entryId: string, body: { entryDate?: string; memo?: string }) {
  return apiRequest(`${journalEntryPath(entryId)}/reverse`, { method: 'POST', body, schema: journalEntrySchema });
}

/** The voucher's photo or PDF, before the entry is posted; progress from 0 to 1. */
export function uploadEntryAttachment(file: File, onProgress: (fraction: number) => void) {
  return uploadImportFile(`${ACCOUNTING_API}/attachments`, file, { schema: journalAttachmentUploadSchema, onProgress });
}

export function saveAccountRequest(target: { accountId: string } | { idempotencyKey: string }, body: unknown) {
  if ('accountId' in target) return apiRequest(accountPath(target.accountId), { method: 'PATCH', body, schema: ledgerAccountSchema });
  return apiRequest(`${ACCOUNTING_API}/accounts`, { method: 'POST', body, schema: ledgerAccountSchema, headers: keyHeader(target.idempotencyKey) });
}

export function deleteAccountRequest(accountId: string) {
  return apiRequest(accountPath(accountId), { method: 'DELETE' });
}

export function saveRecurringEntryRequest(target: { recurringId: string } | { idempotencyKey: string }, body: unknown) {
  if ('recurringId' in target) {
    return apiRequest(`${ACCOUNTING_API}/recurring-entries/${encodeURIComponent(target.recurringId)}`, { method: 'PATCH', body, schema: recurringEntrySchema });
  }
  return apiRequest(`${ACCOUNTING_API}/recurring-entries`, { method: 'POST', body, schema: recurringEntrySchema, headers: keyHeader(target.idempotencyKey) });
}

export function saveAccountingSettingsRequest(body: unknown) {
  return apiRequest(`${ACCOUNTING_API}/settings`, { method: 'PUT', body, schema: accountingSettingsSchema });
}

/** After any change: every accounting tab reads again. */
export function useRefreshAccounting() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountingQueryKey });
}
