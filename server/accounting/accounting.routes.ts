import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  accountingOverviewSchema,
  accountingSettingsInputSchema,
  accountingSettingsSchema,
  journalAttachmentUploadSchema,
  journalEntrySchema,
  journalListQuerySchema,
  journalPageSchema,
  ledgerAccountInputSchema,
  ledgerAccountListSchema,
  ledgerAccountSchema,
  ledgerAccountUpdateSchema,
  manualEntryInputSchema,
  recurringEntryInputSchema,
  recurringEntryListSchema,
  recurringEntrySchema,
  recurringEntryUpdateSchema,
  reverseEntryInputSchema,
} from '../../core/accounting/accounting.schemas';
import type { AppEnv } from '../http/context';
import { HttpError } from '../http/errors';
import { readIdempotencyKey } from '../http/idempotency';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { tenantRoute } from '../http/routes';
import { getAccountingSettings, updateAccountingSettings } from './accounting-settings.service';
import { createLedgerAccount, deleteLedgerAccount, listLedgerAccounts, updateLedgerAccount } from './chart.service';
import { getJournalAttachment, getJournalEntry, listJournal } from './journal.service';
import { createManualEntry, reverseJournalEntry, uploadJournalAttachment } from './manual-entries.service';
import { getAccountingOverview } from './overview.service';
import { createRecurringEntry, listRecurringEntries, updateRecurringEntry } from './recurring-journals.service';

// The accounting area's API (issue 17): the chart of accounts, the journal, entries by hand and
// recurring ones, the settings and the overview. Managers read, admins write; every route needs
// the advanced_accounting feature (402 with the upgrade message without it), while the postings
// themselves happen on every plan.

/** The voucher upload: a phone photo or PDF up to 5 MB needs more than the default body limit. */
export const JOURNAL_ATTACHMENT_PATH = /^\/api\/accounting\/attachments$/;

const tags = ['accounting'];

const idParams = { params: z.object({ id: z.uuid() }) };
const notFoundResponse = errorResponse('Not found (or another shop’s)');
const invalidResponse = errorResponse('Invalid input, with a message per field');

const authorOf = (c: Context<AppEnv>) => ({ tenantId: c.var.tenantId, userId: c.var.principal.userId });

const chartRoutes = [
  tenantRoute(
    { permission: 'accounting.view', feature: 'advanced_accounting' },
    createRoute({
      method: 'get',
      path: '/api/accounting/accounts',
      tags,
      summary: 'The chart of accounts by code, each with its balance to date and whether anything has posted to it (the chart is made on the first read)',
      responses: { 200: jsonResponse(ledgerAccountListSchema, 'Accounts') },
    }),
    async (c) => c.json({ items: await listLedgerAccounts(c.var.deps.database, c.var.tenantId) }, 200),
  ),
  tenantRoute(
    { permission: 'accounting.manage', feature: 'advanced_accounting' },
    createRoute({
      method: 'post',
      path: '/api/accounting/accounts',
      tags,
      summary: 'Add an account (its code unique in the shop; a parent of the same type)',
      request: jsonBody(ledgerAccountInputSchema),
      responses: { 201: jsonResponse(ledgerAccountSchema, 'The new account'), 400: invalidResponse, 409: errorResponse('The code is taken') },
    }),
    async (c) => c.json(await createLedgerAccount(c.var.deps.database, c.var.tenantId, c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'accounting.manage', feature: 'advanced_accounting' },
    createRoute({
      method: 'patch',
      path: '/api/accounting/accounts/{id}',
      tags,
      summary: 'Rename, renumber, move, archive or bring back an account; its type changes only while it has no postings',
      request: { ...idParams, ...jsonBody(ledgerAccountUpdateSchema) },
      responses: {
        200: jsonResponse(ledgerAccountSchema, 'The account'),
        400: invalidResponse,
        404: notFoundResponse,
        409: errorResponse('The code is taken, or the change is refused (postings or settings need the account as it is)'),
      },
    }),
    async (c) => c.json(await updateLedgerAccount(c.var.deps.database, c.var.tenantId, c.req.valid('param').id, c.req.valid('json')), 200),
  ),
  tenantRoute(
    { permission: 'accounting.manage', feature: 'advanced_accounting' },
    createRoute({
      method: 'delete',
      path: '/api/accounting/accounts/{id}',
      tags,
      summary: 'Delete an account the shop added that has no postings (otherwise 409: archive it)',
      request: idParams,
      responses: { 204: { description: 'Deleted' }, 404: notFoundResponse, 409: errorResponse('The account has postings or is needed') },
    }),
    async (c) => {
      await deleteLedgerAccount(c.var.deps.database, c.var.tenantId, c.req.valid('param').id);
      return c.body(null, 204);
    },
  ),
];

const journalRoutes = [
  tenantRoute(
    { permission: 'accounting.view', feature: 'advanced_accounting' },
    createRoute({
      method: 'get',
      path: '/api/accounting/journal',
      tags,
      summary: 'Journal entries with their lines, filtered, searched (entry number, memo, source document number) and paged',
      request: { query: journalListQuerySchema },
      responses: { 200: jsonResponse(journalPageSchema, 'A page of entries') },
    }),
    async (c) => c.json(await listJournal(c.var.deps.database, c.var.tenantId, c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'accounting.manage', feature: 'advanced_accounting' },
    createRoute({
      method: 'post',
      path: '/api/accounting/journal',
      tags,
      summary: 'Post a manual entry (Idempotency-Key): balanced lines on accounts in use, dated after the lock date',
      request: jsonBody(manualEntryInputSchema),
      responses: {
        201: jsonResponse(journalEntrySchema, 'The entry'),
        400: invalidResponse,
        422: errorResponse('The date is on or before the lock date, or the Idempotency-Key was used for another request'),
      },
    }),
    async (c) => {
      const author = { ...authorOf(c), requestKey: readIdempotencyKey(c) };
      return c.json(await createManualEntry(c.var.deps, author, c.req.valid('json')), 201);
    },
  ),
  tenantRoute(
    { permission: 'accounting.view', feature: 'advanced_accounting' },
    createRoute({
      method: 'get',
      path: '/api/accounting/journal/{id}',
      tags,
      summary: 'A journal entry with its lines and its source document',
      request: idParams,
      responses: { 200: jsonResponse(journalEntrySchema, 'The entry'), 404: notFoundResponse },
    }),
    async (c) => c.json(await getJournalEntry(c.var.deps.database, c.var.tenantId, c.req.valid('param').id), 200),
  ),
  tenantRoute(
    { permission: 'accounting.view', feature: 'advanced_accounting' },
    createRoute({
      method: 'get',
      path: '/api/accounting/journal/{id}/attachment',
      tags,
      summary: "A manual entry's voucher (photo or PDF)",
      request: idParams,
      responses: { 200: { description: 'The file, with its content type' }, 404: notFoundResponse },
    }),
    async (c) => {
      const { bytes, type, number } = await getJournalAttachment(c.var.deps, c.var.tenantId, c.req.valid('param').id);
      const extension = type === 'application/pdf' ? 'pdf' : 'jpg';
      return c.body(new Uint8Array(bytes), 200, {
        'Content-Type': type,
        'Content-Disposition': `inline; filename="${number}.${extension}"`,
        'Cache-Control': 'private, max-age=3600',
      });
    },
  ),
  tenantRoute(
    { permission: 'accounting.manage', feature: 'advanced_accounting' },
    createRoute({
      method: 'post',
      path: '/api/accounting/journal/{id}/reverse',
      tags,
      summary: 'Reverse a manual or recurring entry, once: the same lines the other way, on the day given or today',
      request: { ...idParams, ...jsonBody(reverseEntryInputSchema) },
      responses: {
        201: jsonResponse(journalEntrySchema, 'The reversing entry'),
        400: invalidResponse,
        404: notFoundResponse,
        409: errorResponse('Already reversed, or posted by a document (correct the document instead)'),
        422: errorResponse('The date is on or before the lock date'),
      },
    }),
    async (c) => c.json(await reverseJournalEntry(c.var.deps, authorOf(c), c.req.valid('param').id, c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'accounting.manage', feature: 'advanced_accounting' },
    createRoute({
      method: 'post',
      path: '/api/accounting/attachments',
      tags,
      summary: 'Upload a voucher for a new manual entry (multipart field "file": JPEG, PNG, WebP or PDF up to 5 MB, judged by its bytes); the entry then names it',
      request: { body: { content: { 'multipart/form-data': { schema: z.object({ file: z.any() }) } }, required: true } },
      responses: { 201: jsonResponse(journalAttachmentUploadSchema, 'The stored file'), 400: errorResponse('Not a photo or PDF') },
    }),
    async (c) => {
      const { file } = c.req.valid('form') as { file: unknown };
      if (!(file instanceof File)) throw new HttpError('validation_failed', /*i18n*/ 'Choose a photo or PDF of the voucher', { file: [/*i18n*/ 'Choose a photo or PDF of the voucher'] });
      return c.json(await uploadJournalAttachment(c.var.deps, c.var.tenantId, file), 201);
    },
  ),
];

const recurringRoutes = [
  tenantRoute(
    { permission: 'accounting.view', feature: 'advanced_accounting' },
    createRoute({
      method: 'get',
      path: '/api/accounting/recurring-entries',
      tags,
      summary: 'Recurring entries, active first, soonest due first',
      responses: { 200: jsonResponse(recurringEntryListSchema, 'Recurring entries') },
    }),
    async (c) => c.json({ items: await listRecurringEntries(c.var.deps.database, c.var.tenantId) }, 200),
  ),
  tenantRoute(
    { permission: 'accounting.manage', feature: 'advanced_accounting' },
    createRoute({
      method: 'post',
      path: '/api/accounting/recurring-entries',
      tags,
      summary: 'Add a recurring entry: balanced lines posted on the start date, then every week, month, three months or year',
      request: jsonBody(recurringEntryInputSchema),
      responses: { 201: jsonResponse(recurringEntrySchema, 'The recurring entry'), 400: invalidResponse, 422: errorResponse('The start date is on or before the lock date') },
    }),
    async (c) => c.json(await createRecurringEntry(c.var.deps.database, authorOf(c), c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'accounting.manage', feature: 'advanced_accounting' },
    createRoute({
      method: 'patch',
      path: '/api/accounting/recurring-entries/{id}',
      tags,
      summary: 'Change a recurring entry (what was posted stays), or pause and resume it',
      request: { ...idParams, ...jsonBody(recurringEntryUpdateSchema) },
      responses: { 200: jsonResponse(recurringEntrySchema, 'The recurring entry'), 400: invalidResponse, 404: notFoundResponse, 422: errorResponse('The start date is on or before the lock date') },
    }),
    async (c) => c.json(await updateRecurringEntry(c.var.deps.database, c.var.tenantId, c.req.valid('param').id, c.req.valid('json')), 200),
  ),
];

const settingsRoutes = [
  tenantRoute(
    { permission: 'accounting.view', feature: 'advanced_accounting' },
    createRoute({
      method: 'get',
      path: '/api/accounting/settings',
      tags,
      summary: 'The lock date and its policy, the account each tender posts to, whether loyalty points are valued',
      responses: { 200: jsonResponse(accountingSettingsSchema, 'Accounting settings') },
    }),
    async (c) => c.json(await getAccountingSettings(c.var.deps.database, c.var.tenantId), 200),
  ),
  tenantRoute(
    { permission: 'accounting.manage', feature: 'advanced_accounting' },
    createRoute({
      method: 'put',
      path: '/api/accounting/settings',
      tags,
      summary: 'Change the accounting settings (what is left out stays); a lock date change goes into the audit trail',
      request: jsonBody(accountingSettingsInputSchema),
      responses: { 200: jsonResponse(accountingSettingsSchema, 'Accounting settings'), 400: invalidResponse },
    }),
    async (c) => c.json(await updateAccountingSettings(c.var.deps.database, { ...authorOf(c), requestId: c.var.requestId ?? null }, c.req.valid('json')), 200),
  ),
  tenantRoute(
    { permission: 'accounting.view', feature: 'advanced_accounting' },
    createRoute({
      method: 'get',
      path: '/api/accounting/overview',
      tags,
      summary: "Cash, bank, M-Pesa, receivables and payables to date; this month's income, expenses, profit and VAT due",
      responses: { 200: jsonResponse(accountingOverviewSchema, 'The overview') },
    }),
    async (c) => c.json(await getAccountingOverview(c.var.deps.database, c.var.tenantId), 200),
  ),
];

export const accountingRoutes = [...chartRoutes, ...journalRoutes, ...recurringRoutes, ...settingsRoutes];
