import { HTTPException } from 'hono/http-exception';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PRODUCT_IMAGE_MAX_BYTES } from '../core/products/products.schemas';
import { requestId } from 'hono/request-id';
import { authRoutes } from './auth/auth.routes';
import { billingRoutes } from './billing/billing.routes';
import { paymentCallbackRoutes } from './billing/payment-callbacks.routes';
import { mpesaCallbackRoutes, loggablePath } from './payments/mpesa-callbacks.routes';
import { mpesaRoutes } from './payments/mpesa.routes';
import { communicationCallbackRoutes, loggableCommunicationsPath } from './communications/callbacks';
import { communicationsRoutes } from './communications/communications.routes';
import { clientErrorRoutes } from './client-errors/client-errors.routes';
import { emailRoutes } from './email/email.routes';
import { etimsRoutes } from './etims/etims.routes';
import { EXPENSE_ATTACHMENT_PATH, expenseRoutes } from './expenses/expenses.routes';
import { accountRoutes } from './accounts/accounts.routes';
import { accountingRoutes, JOURNAL_ATTACHMENT_PATH } from './accounting/accounting.routes';
import { accountingReportRoutes } from './accounting/reports.routes';
import { reportRoutes } from './reports/reports.routes';
import { teamRoutes } from './team/team.routes';
import { approvalRoutes } from './approvals/approvals.routes';
import { auditRequestScope } from './audit/audit-context';
import { auditRoutes } from './audit/audit.routes';
import { commissionRoutes } from './commissions/commissions.routes';
import { CONTACT_IMPORT_PATH, contactBulkRoutes } from './contacts/contacts-bulk.routes';
import { contactRoutes } from './contacts/contacts.routes';
import { giftCardRoutes } from './gift-cards/gift-cards.routes';
import { healthRoutes } from './health/health.routes';
import { inventoryRoutes } from './inventory/inventory.routes';
import { loyaltyRoutes } from './loyalty/loyalty.routes';
import type { AppDependencies, AppEnv } from './http/context';
import { errorBody, fromHttpException, HttpError } from './http/errors';
import { openApiRoutes } from './http/openapi.routes';
import { createApiRouter, mountRoutes, type MountedRoute } from './http/routes';
import { sameOriginWrites } from './http/same-origin';
import { securityHeaders } from './http/security';
import { notificationRoutes } from './notifications/notifications.routes';
import { catalogRefRoutes } from './products/catalog-refs.routes';
import { PRODUCT_IMAGE_PATH, productRoutes } from './products/products.routes';
import { fileTooLargeError, PRODUCT_IMPORT_BODY_BYTES, PRODUCT_IMPORT_PATH, productBulkRoutes } from './products/products-bulk.routes';
import { profileRoutes } from './profile/profile.routes';
import { purchaseOrderRoutes } from './purchases/purchase-orders.routes';
import { purchaseRoutes } from './purchases/purchases.routes';
import { registerAndShiftRoutes } from './registers/registers.routes';
import { demoHistoryRoutes } from './sales/demo-history.routes';
import { saleRoutes } from './sales/sales.routes';
import { receiptEmailRoutes } from './sales/receipt-email';
import { returnRoutes } from './sales/returns.routes';
import { registerItemRoutes } from './sales/register-items.routes';
import { settingsRoutes } from './settings/settings.routes';
import { statementRoutes } from './statements/statements.routes';
import { mountWebApp } from './http/web-app';
import { tenancyRoutes } from './tenancy/tenancy.routes';
import { platformRoutes, shopSuspensionRoutes } from './platform/platform.routes';
import { platformPlanRoutes } from './platform/plans.routes';
import { platformCustomPricingRoutes } from './platform/custom-pricing.routes';
import { platformCommunicationRoutes, platformSettingsRoutes } from './platform/communications.routes';
import { platformRevenueRoutes } from './platform/revenue.routes';
import { platformAnalyticsRoutes } from './platform/analytics.routes';
import { platformDomainRoutes } from './platform/domains.routes';
import { tenantExportRoutes } from './platform/tenant-export.routes';
import { platformSecurityRoutes } from './platform/security.routes';
import { supportAccessRoutes } from './platform/support-access.routes';
import { recordRateLimited } from './platform/security-events';
import { RateLimitedError } from './http/rate-limit';
import { signupRoutes } from './tenancy/signup.routes';
import { countRequests } from './http/metrics';
import { metricsRoutes, systemRoutes } from './platform/system.routes';

export type DukaniApp = OpenAPIHono<AppEnv> & { mountedRoutes: readonly MountedRoute[] };

/** Builds the whole HTTP app; tests call it in-process with their own dependencies. */
export function createApp(deps: AppDependencies, options: { serveWeb?: boolean } = {}): DukaniApp {
  const app = createApiRouter();

  app.use('*', requestId({ limitLength: 64 }));
  // In-process request metrics per route family (server/http/metrics.ts): /metrics and the System Health page.
  app.use('*', countRequests(deps));
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    const logger = deps.logger.child({ requestId: c.var.requestId });
    c.set('logger', logger);
    const started = performance.now();
    await next();
    logger.info(
      { method: c.req.method, path: loggablePath(loggableCommunicationsPath(c.req.path)), status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  });
  app.use('*', securityHeaders());
  const tooLarge = (c: Context<AppEnv>) =>
    c.json(errorBody(new HttpError('payload_too_large', /*i18n*/ 'The request body is too large'), c.var.requestId), 413);
  const limitBody = bodyLimit({ maxSize: deps.config.bodyLimitBytes, onError: tooLarge });
  // Product photos may be up to 5 MB, plus the multipart envelope.
  const limitImageBody = bodyLimit({ maxSize: Math.max(deps.config.bodyLimitBytes, PRODUCT_IMAGE_MAX_BYTES + 64 * 1024), onError: tooLarge });
  // A product CSV may be up to IMPORT_MAX_BYTES; a larger one gets the import's own message.
  const limitImportBody = bodyLimit({
    maxSize: Math.max(deps.config.bodyLimitBytes, PRODUCT_IMPORT_BODY_BYTES),
    onError: (c) => c.json(errorBody(fileTooLargeError(), c.var.requestId), 413),
  });
  // GET and HEAD carry no body; skipping them avoids building a Request per read (measured).
  app.use('/api/*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (PRODUCT_IMPORT_PATH.test(c.req.path) || CONTACT_IMPORT_PATH.test(c.req.path)) return limitImportBody(c, next);
    // Expense receipts and journal vouchers (photos, PDFs) have the product photo's 5 MB limit.
    const isUpload = PRODUCT_IMAGE_PATH.test(c.req.path) || EXPENSE_ATTACHMENT_PATH.test(c.req.path) || JOURNAL_ATTACHMENT_PATH.test(c.req.path);
    return (isUpload ? limitImageBody : limitBody)(c, next);
  });
  app.use('/api/*', sameOriginWrites);
  app.use('/api/*', auditRequestScope);

  const mountedRoutes: MountedRoute[] = [];
  mountRoutes(
    app,
    [
      ...healthRoutes,
      ...tenancyRoutes,
      ...signupRoutes,
      ...authRoutes,
      ...profileRoutes,
      ...settingsRoutes,
      ...billingRoutes,
      ...paymentCallbackRoutes,
      ...etimsRoutes,
      ...mpesaCallbackRoutes,
      ...mpesaRoutes,
      ...communicationCallbackRoutes,
      ...communicationsRoutes,
      ...notificationRoutes,
      ...productBulkRoutes,
      ...productRoutes,
      ...catalogRefRoutes,
      ...inventoryRoutes,
      ...contactBulkRoutes,
      ...contactRoutes,
      ...accountRoutes,
      ...statementRoutes,
      ...loyaltyRoutes,
      ...giftCardRoutes,
      ...approvalRoutes,
      ...registerAndShiftRoutes,
      ...saleRoutes,
      ...demoHistoryRoutes,
      ...returnRoutes,
      ...receiptEmailRoutes,
      ...registerItemRoutes,
      ...purchaseOrderRoutes,
      ...purchaseRoutes,
      ...expenseRoutes,
      ...accountingRoutes,
      ...accountingReportRoutes,
      ...reportRoutes,
      ...teamRoutes,
      ...auditRoutes,
      ...commissionRoutes,
      ...platformRoutes,
      ...platformPlanRoutes,
      ...platformCustomPricingRoutes,
      ...platformCommunicationRoutes,
      ...platformSettingsRoutes,
      ...platformRevenueRoutes,
      ...platformAnalyticsRoutes,
      ...platformDomainRoutes,
      ...tenantExportRoutes,
      ...platformSecurityRoutes,
      ...supportAccessRoutes,
      ...shopSuspensionRoutes,
      ...systemRoutes,
      ...metricsRoutes,
      ...emailRoutes,
      ...clientErrorRoutes,
      ...openApiRoutes(app, deps.config.version),
    ],
    mountedRoutes,
  );

  app.all('/api/*', (c) => c.json(errorBody(new HttpError('not_found', /*i18n*/ 'No such API route'), c.var.requestId), 404));
  if (options.serveWeb ?? true) mountWebApp(app, deps.config.webDistDir, deps.config.isProduction);

  app.onError(async (error, c) => {
    if (error instanceof RateLimitedError) await recordRateLimited(c, error.rule);
    if (error instanceof HttpError) {
      if (error.meta.retryAfterSeconds) c.header('Retry-After', String(error.meta.retryAfterSeconds));
      return c.json(errorBody(error, c.var.requestId), error.status as 400);
    }
    // Hono's refusals: a body of the wrong type (415), or JSON or multipart its validator cannot parse (400).
    if (error instanceof HTTPException && error.status < 500) {
      const refusal = fromHttpException(error, c.req.header('content-type'));
      return c.json(errorBody(refusal, c.var.requestId), refusal.status as 400);
    }
    if (error instanceof SyntaxError && c.req.header('content-type')?.includes('json')) {
      return c.json(errorBody(new HttpError('bad_request', /*i18n*/ 'The request body is not valid JSON'), c.var.requestId), 400);
    }
    (c.var.logger ?? deps.logger).error({ err: error, path: loggablePath(loggableCommunicationsPath(c.req.path)) }, 'Unhandled error');
    return c.json(
      errorBody(new HttpError('internal_error', /*i18n*/ 'Something went wrong on our side. Please try again.'), c.var.requestId),
      500,
    );
  });

  return Object.assign(app, { mountedRoutes });
}
