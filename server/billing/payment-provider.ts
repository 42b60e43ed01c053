// The card payment provider behind subscriptions (spec §1, §4 "Checkout"): Paystack when a secret
// key is configured, otherwise the built-in sandbox that serves a local checkout page. Both drive
// the same fulfilment path (server/billing/billing.service.ts).

export interface InitializeTransactionInput {
  email: string;
  /** In the currency's subunits (KES cents). */
  amountMinor: number;
  currency: 'KES';
  /** Our unique reference; the provider echoes it back. */
  reference: string;
  /** Where the provider sends the browser after payment (it appends ?reference=…&trxref=…). */
  callbackUrl: string;
  metadata: Record<string, unknown>;
}

export interface InitializedTransaction {
  authorizationUrl: string;
  accessCode: string;
  reference: string;
}

export type ProviderTransactionStatus = 'success' | 'failed' | 'abandoned' | 'ongoing' | 'pending' | 'reversed' | 'queued' | 'processing';

export interface VerifiedTransaction {
  reference: string;
  status: ProviderTransactionStatus | string;
  amountMinor: number;
  currency: string;
  paidAt: Date | null;
  metadata: Record<string, unknown>;
  /** The provider's own id of the transaction. */
  providerTransactionId: string;
}

export interface PaymentProvider {
  readonly name: 'paystack' | 'sandbox';
  initializeTransaction(input: InitializeTransactionInput): Promise<InitializedTransaction>;
  verifyTransaction(reference: string): Promise<VerifiedTransaction>;
}

/** The provider answered with an error or could not be reached. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
