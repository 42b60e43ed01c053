import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  expenseAttachmentUploadSchema,
  expenseCategoryInputSchema,
  expenseCategoryListSchema,
  expenseCategorySchema,
  expenseCategoryUpdateSchema,
  expenseInputSchema,
  expenseListQuerySchema,
  expenseListSchema,
  expenseSchema,
  expenseVoidInputSchema,
  purchaseSettingsInputSchema,
  purchaseSettingsSchema,
  recurringExpenseInputSchema,
  recurringExpenseListSchema,
  recurringExpenseSchema,
  recurringExpenseUpdateSchema,
} from '../../core/purchases/purchases.schemas';
import type { AppEnv } from '../http/context';
import { HttpError } from '../http/errors';
import { readIdempotencyKey } from '../http/idempotency';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { tenantRoute } from '../http/routes';
import { createExpenseCategory, listExpenseCategories, updateExpenseCategory } from './expense-categories.service';
import { createExpense, getExpense, getExpenseAttachment, listExpenses, uploadExpenseAttachment, voidExpense, type ExpenseViewer } from './expenses.service';
import { getPurchaseSettings, updatePurchaseSettings } from './purchase-settings.service';
import { createRecurringExpense, listRecurringExpenses, updateRecurringExpense } from './recurring-expenses.service';

// Expenses, their categories, recurring expenses and the purchases settings (issue 16). A cashier
// reaches the routes a cash expense from their shift needs; the services decide what they may do.

/** The receipt upload: a phone photo or PDF up to 5 MB needs more than the default body limit. */
export const EXPENSE_ATTACHMENT_PATH = /^\/api\/expense-attachments$/;

const idParams = { params: z.object({ id: z.uuid() }) };

const notFoundResponse = errorResponse('Not found (or another shop’s)');
const invalidResponse = errorResponse('Invalid input, with a message per field');
const refusedResponse = errorResponse('Not allowed for this person (a cashier without the shop’s permission, or not register cash)');
const shiftClosedResponse = errorResponse('The shift is closed, or the expense is already voided');

const viewerOf = (c: Context<AppEnv>): ExpenseViewer => {
  const { permissions, locationIds } = c.var.memberAccess;
  return { tenantId: c.var.tenantId, userId: c.var.principal.userId, permissions, locationIds };
};

const categoryRoutes = [
  tenantRoute(
    { permission: 'expenses.record' },
    createRoute({
      method: 'get',
      path: '/api/expense-categories',
      tags: ['expenses'],
      summary: 'Expense categories, active first (a shop without any gets the defaults)',
      responses: { 200: jsonResponse(expenseCategoryListSchema, 'Categories') },
    }),
    async (c) => c.json({ items: await listExpenseCategories(c.var.deps.database, c.var.tenantId) }, 200),
  ),
  tenantRoute(
    { permission: 'expenses.manage' },
    createRoute({
      method: 'post',
      path: '/api/expense-categories',
      tags: ['expenses'],
      summary: 'Add an expense category (the name unique in the shop)',
      request: jsonBody(expenseCategoryInputSchema),
      responses: { 201: jsonResponse(expenseCategorySchema, 'The new category'), 400: invalidResponse, 409: errorResponse('The name is taken') },
    }),
    async (c) => c.json(await createExpenseCategory(c.var.deps.database, c.var.tenantId, c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'expenses.manage' },
    createRoute({
      method: 'patch',
      path: '/api/expense-categories/{id}',
      tags: ['expenses'],
      summary: 'Rename an expense category, or take it out of use and back',
      request: { ...idParams, ...jsonBody(expenseCategoryUpdateSchema) },
      responses: { 200: jsonResponse(expenseCategorySchema, 'The category'), 400: invalidResponse, 404: notFoundResponse, 409: errorResponse('The name is taken') },
    }),
    async (c) => c.json(await updateExpenseCategory(c.var.deps.database, c.var.tenantId, c.req.valid('param').id, c.req.valid('json')), 200),
  ),
];

const expenseRecordRoutes = [
  tenantRoute(
    { permission: 'expenses.record' },
    createRoute({
      method: 'post',
      path: '/api/expense-attachments',
      tags: ['expenses'],
      summary: 'Upload a receipt for a new expense (multipart field "file": JPEG, PNG, WebP or PDF up to 5 MB, judged by its bytes); the expense then names it',
      request: { body: { content: { 'multipart/form-data': { schema: z.object({ file: z.any() }) } }, required: true } },
      responses: { 201: jsonResponse(expenseAttachmentUploadSchema, 'The stored file'), 400: errorResponse('Not a photo or PDF'), 403: refusedResponse },
    }),
    async (c) => {
      const { file } = c.req.valid('form') as { file: unknown };
      if (!(file instanceof File)) throw new HttpError('validation_failed', /*i18n*/ 'Choose a photo or PDF of the receipt', { file: [/*i18n*/ 'Choose a photo or PDF of the receipt'] });
      return c.json(await uploadExpenseAttachment(c.var.deps, viewerOf(c), file), 201);
    },
  ),
  tenantRoute(
    { permission: 'expenses.manage' },
    createRoute({
      method: 'get',
      path: '/api/expenses',
      tags: ['expenses'],
      summary: 'Expenses, filtered and paged, with what those that stand add up to (voided ones only when asked)',
      request: { query: expenseListQuerySchema },
      responses: { 200: jsonResponse(expenseListSchema, 'A page of expenses') },
    }),
    async (c) => c.json(await listExpenses(c.var.deps.database, viewerOf(c), c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'expenses.record' },
    createRoute({
      method: 'post',
      path: '/api/expenses',
      tags: ['expenses'],
      summary: 'Record an expense (Idempotency-Key); cash from a drawer leaves the open shift. A cashier: register cash from their own shift, when the shop allows it',
      request: jsonBody(expenseInputSchema),
      responses: { 201: jsonResponse(expenseSchema, 'The expense'), 400: invalidResponse, 403: refusedResponse, 409: shiftClosedResponse },
    }),
    async (c) => {
      const author = { ...viewerOf(c), requestKey: readIdempotencyKey(c) };
      return c.json(await createExpense(c.var.deps, author, c.req.valid('json')), 201);
    },
  ),
  tenantRoute(
    { permission: 'expenses.record' },
    createRoute({
      method: 'get',
      path: '/api/expenses/{id}',
      tags: ['expenses'],
      summary: 'An expense (a cashier: one they recorded)',
      request: idParams,
      responses: { 200: jsonResponse(expenseSchema, 'The expense'), 404: notFoundResponse },
    }),
    async (c) => c.json(await getExpense(c.var.deps.database, viewerOf(c), c.req.valid('param').id), 200),
  ),
  tenantRoute(
    { permission: 'expenses.record' },
    createRoute({
      method: 'get',
      path: '/api/expenses/{id}/attachment',
      tags: ['expenses'],
      summary: "The expense's receipt photo or PDF (a cashier: of an expense they recorded)",
      request: idParams,
      responses: { 200: { description: 'The file, with its content type' }, 404: notFoundResponse },
    }),
    async (c) => {
      const { bytes, type, number } = await getExpenseAttachment(c.var.deps, viewerOf(c), c.req.valid('param').id);
      const extension = type === 'application/pdf' ? 'pdf' : 'jpg';
      return c.body(new Uint8Array(bytes), 200, {
        'Content-Type': type,
        'Content-Disposition': `inline; filename="${number}.${extension}"`,
        'Cache-Control': 'private, max-age=3600',
      });
    },
  ),
  tenantRoute(
    { permission: 'expenses.manage' },
    createRoute({
      method: 'post',
      path: '/api/expenses/{id}/void',
      tags: ['expenses'],
      summary: 'Void a mistaken expense with a reason (drawer cash goes back in, only while its shift is open)',
      request: { ...idParams, ...jsonBody(expenseVoidInputSchema) },
      responses: { 200: jsonResponse(expenseSchema, 'The voided expense'), 400: invalidResponse, 404: notFoundResponse, 409: shiftClosedResponse },
    }),
    async (c) => c.json(await voidExpense(c.var.deps.database, viewerOf(c), c.req.valid('param').id, c.req.valid('json').reason), 200),
  ),
];

const recurringRoutes = [
  tenantRoute(
    { permission: 'expenses.manage' },
    createRoute({
      method: 'get',
      path: '/api/recurring-expenses',
      tags: ['expenses'],
      summary: 'Recurring expenses, active first, soonest due first',
      responses: { 200: jsonResponse(recurringExpenseListSchema, 'Recurring expenses') },
    }),
    async (c) => c.json({ items: await listRecurringExpenses(c.var.deps.database, c.var.tenantId) }, 200),
  ),
  tenantRoute(
    { permission: 'expenses.manage' },
    createRoute({
      method: 'post',
      path: '/api/recurring-expenses',
      tags: ['expenses'],
      summary: 'Add a recurring expense (monthly on a day, or weekly from the start date)',
      request: jsonBody(recurringExpenseInputSchema),
      responses: { 201: jsonResponse(recurringExpenseSchema, 'The recurring expense'), 400: invalidResponse },
    }),
    async (c) => c.json(await createRecurringExpense(c.var.deps.database, viewerOf(c), c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'expenses.manage' },
    createRoute({
      method: 'patch',
      path: '/api/recurring-expenses/{id}',
      tags: ['expenses'],
      summary: 'Change a recurring expense, or pause and resume it',
      request: { ...idParams, ...jsonBody(recurringExpenseUpdateSchema) },
      responses: { 200: jsonResponse(recurringExpenseSchema, 'The recurring expense'), 400: invalidResponse, 404: notFoundResponse },
    }),
    async (c) => c.json(await updateRecurringExpense(c.var.deps.database, c.var.tenantId, c.req.valid('param').id, c.req.valid('json')), 200),
  ),
];

const settingsRoutes = [
  tenantRoute(
    { permission: 'member' },
    createRoute({
      method: 'get',
      path: '/api/settings/purchases',
      tags: ['expenses'],
      summary: 'Purchases settings (the register reads whether its cashier may record cash expenses)',
      responses: { 200: jsonResponse(purchaseSettingsSchema, 'Purchases settings') },
    }),
    async (c) => c.json(await getPurchaseSettings(c.var.deps.database, c.var.tenantId), 200),
  ),
  tenantRoute(
    { permission: 'settings.manage' },
    createRoute({
      method: 'put',
      path: '/api/settings/purchases',
      tags: ['expenses'],
      summary: 'Change the purchases settings (business owner)',
      request: jsonBody(purchaseSettingsInputSchema),
      responses: { 200: jsonResponse(purchaseSettingsSchema, 'Purchases settings'), 400: invalidResponse },
    }),
    async (c) => c.json(await updatePurchaseSettings(c.var.deps.database, c.var.tenantId, c.req.valid('json'), c.var.principal.userId), 200),
  ),
];

export const expenseRoutes = [...categoryRoutes, ...expenseRecordRoutes, ...recurringRoutes, ...settingsRoutes];
