import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sandboxTransactions } from '../db/schema/billing';
import { PaymentProviderError, type PaymentProvider } from './payment-provider';

/**
 * The built-in sandbox: the same interface as Paystack, with its own transaction store and a local
 * checkout page (GET /api/billing/sandbox/{accessCode}) where a person chooses Pay or Decline.
 * Used whenever no Paystack key is configured, so the whole upgrade works offline and in tests.
 */
export function createSandboxProvider(options: { database: Database; origin: () => string }): PaymentProvider {
  const { database } = options;
  return {
    name: 'sandbox',
    async initializeTransaction(input) {
      const accessCode = randomBytes(10).toString('hex');
      await database.platform.insert(sandboxTransactions).values({
        reference: input.reference,
        accessCode,
        email: input.email,
        amountMinor: input.amountMinor,
        currency: input.currency,
        callbackUrl: input.callbackUrl,
        metadata: input.metadata,
      });
      const checkoutOrigin = new URL(input.callbackUrl).origin || options.origin();
      return { authorizationUrl: `${checkoutOrigin}/api/billing/sandbox/${accessCode}`, accessCode, reference: input.reference };
    },
    async verifyTransaction(reference) {
      const [transaction] = await database.platform.select().from(sandboxTransactions).where(eq(sandboxTransactions.reference, reference));
      if (!transaction) throw new PaymentProviderError('Transaction reference not found', 404);
      return {
        reference: transaction.reference,
        status: transaction.status,
        amountMinor: transaction.amountMinor,
        currency: transaction.currency,
        paidAt: transaction.paidAt,
        metadata: transaction.metadata,
        providerTransactionId: `sandbox_${transaction.accessCode}`,
      };
    },
  };
}

export async function findSandboxTransaction(database: Database, accessCode: string) {
  const [transaction] = await database.platform.select().from(sandboxTransactions).where(eq(sandboxTransactions.accessCode, accessCode));
  return transaction ?? null;
}

/** The person's choice on the sandbox page; a transaction is decided once. */
export async function decideSandboxTransaction(database: Database, accessCode: string, outcome: 'success' | 'failed') {
  const [decided] = await database.platform
    .update(sandboxTransactions)
    .set({ status: outcome, paidAt: outcome === 'success' ? new Date() : null, updatedAt: new Date() })
    .where(and(eq(sandboxTransactions.accessCode, accessCode), eq(sandboxTransactions.status, 'ongoing')))
    .returning();
  return decided ?? findSandboxTransaction(database, accessCode);
}
