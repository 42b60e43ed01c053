import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { PaymentProvider } from './payment-provider';
import { createPaystackClient } from './paystack.client';
import { createSandboxProvider } from './sandbox.provider';

/**
 * Paystack when a secret key is configured; else the sandbox when config.paymentsSandbox (on
 * outside production); else none, and checkout answers "Payments are not configured"
 * (docs/decisions/0009). A sandbox in production lets anyone "pay" for any plan, so it is logged.
 */
export function choosePaymentProvider(config: AppConfig, database: Database, logger: Logger): PaymentProvider | null {
  if (config.paystackSecretKey) return createPaystackClient({ secretKey: config.paystackSecretKey, baseUrl: config.paystackBaseUrl });
  if (!config.paymentsSandbox) return null;
  if (config.isProduction) {
    logger.warn('PAYMENTS_SANDBOX=true in production: subscriptions are "paid" on a local sandbox page and no real money moves. Set PAYSTACK_SECRET_KEY to take payments.');
  }
  return createSandboxProvider({ database, origin: () => config.publicUrl ?? `http://localhost:${config.port}` });
}
