import { z } from 'zod';
import {
  PaymentProviderError,
  type InitializeTransactionInput,
  type InitializedTransaction,
  type PaymentProvider,
  type VerifiedTransaction,
} from './payment-provider';

// Paystack's Transactions API (https://paystack.com/docs/api/transaction/):
//   POST /transaction/initialize      { email, amount (subunits), currency, reference, callback_url, metadata }
//   GET  /transaction/verify/:reference
//   GET  /transaction?from=&to=&perPage=&page=   (a page of transactions, newest first; meta.pageCount)
// Every answer is an envelope { status: boolean, message: string, data? }. `status` is whether the API
// call worked, not whether the customer paid: the payment's outcome is `data.status`, and verify
// answers 200 for abandoned and failed payments too. Errors are 4xx/5xx with { status: false, message }.

export const PAYSTACK_BASE_URL = 'https://api.paystack.co';

export interface PaystackClientOptions {
  secretKey: string;
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** Per request, covering the response body too. */
  timeoutMs?: number;
}

// Paystack: "Only -, ., = and alphanumeric characters allowed" in a transaction reference.
const PAYSTACK_REFERENCE = /^[A-Za-z0-9.=-]+$/;

const envelopeSchema = z.object({
  status: z.boolean(),
  message: z.string().optional(),
  data: z.unknown().optional(),
  meta: z.unknown().optional(),
});

// The list's meta: { total, skipped, perPage, page, pageCount } (numbers; tolerate numeric strings).
const listMetaSchema = z.object({ pageCount: z.coerce.number().int().nonnegative().optional() }).loose();

const errorMessageSchema = z.object({ message: z.string().min(1) });

const initializedSchema = z.object({
  authorization_url: z.string().min(1),
  access_code: z.string().min(1),
  reference: z.string().min(1),
});

// Paystack documents amounts as integers in subunits; tolerate a numeric string as well.
const subunitAmount = z.union([
  z.number().int().nonnegative(),
  z.string().regex(/^\d+$/).transform(Number),
]);

// The transaction object as verify (and the charge.* webhook `data`) carries it. Only the fields we
// use are checked; the rest (authorization, customer, log, fees…) pass untouched and are dropped.
const transactionSchema = z.object({
  // Paystack: represent the id as an unsigned 64-bit integer. JSON numbers above 2^53 lose digits in
  // JSON.parse; today's ids are ~10 digits, far below that.
  id: z.union([z.number().int().nonnegative(), z.string().min(1)]),
  status: z.string().min(1),
  reference: z.string().min(1),
  amount: subunitAmount,
  currency: z.string().min(1),
  paid_at: z.string().nullish(),
  paidAt: z.string().nullish(),
  metadata: z.unknown().optional(),
});

/**
 * Metadata comes back as an object, as the JSON string it was sent as, or as '' / null / 0 when none
 * was sent. Always an object here: anything that is not a JSON object becomes {}.
 */
export function normalizePaystackMetadata(value: unknown): Record<string, unknown> {
  let candidate = value;
  if (typeof candidate === 'string') {
    if (candidate.trim() === '') return {};
    try {
      candidate = JSON.parse(candidate);
    } catch {
      return {};
    }
  }
  if (candidate !== null && typeof candidate === 'object' && !Array.isArray(candidate)) {
    return candidate as Record<string, unknown>;
  }
  return {};
}

/**
 * Maps a Paystack transaction object (verify's `data`, or a charge.* webhook's `data`) to ours.
 * Throws PaymentProviderError when the object lacks what we rely on.
 */
export function parsePaystackTransaction(data: unknown, httpStatus: number | null = null): VerifiedTransaction {
  const parsed = transactionSchema.safeParse(data);
  if (!parsed.success) throw new PaymentProviderError('Paystack sent a transaction we could not read', httpStatus);
  const transaction = parsed.data;
  return {
    reference: transaction.reference,
    status: transaction.status,
    amountMinor: transaction.amount,
    currency: transaction.currency,
    paidAt: toDate(transaction.paid_at ?? transaction.paidAt ?? null),
    metadata: normalizePaystackMetadata(transaction.metadata),
    providerTransactionId: String(transaction.id),
  };
}

/** One transaction of Paystack's list: what reconciliation compares. */
export interface ListedTransaction {
  reference: string;
  status: string;
  amountMinor: number;
  currency: string;
  createdAt: Date | null;
  paidAt: Date | null;
  providerTransactionId: string;
}

export interface ListTransactionsInput {
  /** From this instant (inclusive), to this one, as Paystack's from/to take them (ISO 8601). */
  from: Date;
  to: Date;
  /** Per request; Paystack's default is 50. */
  perPage?: number;
  /** A bound on requests, so a runaway list cannot loop for ever. */
  maxPages?: number;
}

export interface PaystackClient extends PaymentProvider {
  /** Every transaction created in the period, page after page (GET /transaction). */
  listTransactions(input: ListTransactionsInput): Promise<ListedTransaction[]>;
}

const listedTransactionSchema = z.object({
  id: z.union([z.number().int().nonnegative(), z.string().min(1)]),
  status: z.string().min(1),
  reference: z.string().min(1),
  amount: subunitAmount,
  currency: z.string().min(1),
  created_at: z.string().nullish(),
  createdAt: z.string().nullish(),
  paid_at: z.string().nullish(),
  paidAt: z.string().nullish(),
});

export function createPaystackClient(options: PaystackClientOptions): PaystackClient {
  const { secretKey, timeoutMs = 10_000 } = options;
  const baseUrl = (options.baseUrl ?? PAYSTACK_BASE_URL).replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (!secretKey) throw new TypeError('createPaystackClient: secretKey is required');
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new RangeError('createPaystackClient: timeoutMs must be positive');

  // Belt and braces: nothing we put in an error may carry the key, even if Paystack echoed it.
  const redact = (text: string) => text.split(secretKey).join('[redacted]');
  const fail = (message: string, status: number | null): never => {
    throw new PaymentProviderError(redact(message), status);
  };

  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ data: unknown; meta: unknown; status: number }> {
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${secretKey}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      text = await response.text();
    } catch (error) {
      if (signal.aborted) return fail(`Paystack did not answer within ${timeoutMs} ms`, null);
      return fail(`Could not reach Paystack${describeNetworkError(error)}`, null);
    }

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }

    if (!response.ok) {
      const providerMessage = errorMessageSchema.safeParse(json);
      return fail(
        providerMessage.success ? providerMessage.data.message : `Paystack answered HTTP ${response.status}`,
        response.status,
      );
    }
    const envelope = envelopeSchema.safeParse(json);
    if (!envelope.success) return fail('Paystack sent a response we could not read', response.status);
    if (!envelope.data.status) return fail(envelope.data.message || 'Paystack refused the request', response.status);
    return { data: envelope.data.data, meta: envelope.data.meta, status: response.status };
  }

  return {
    name: 'paystack',

    async initializeTransaction(input: InitializeTransactionInput): Promise<InitializedTransaction> {
      assertInitializeInput(input);
      const { data, status } = await request('POST', '/transaction/initialize', {
        email: input.email,
        amount: input.amountMinor,
        currency: input.currency,
        reference: input.reference,
        callback_url: input.callbackUrl,
        // Sent as a JSON object inside the JSON body (Paystack's metadata guide shows it this way;
        // its parameter table says "stringified JSON object", which form bodies need).
        metadata: input.metadata,
      });
      const parsed = initializedSchema.safeParse(data);
      if (!parsed.success) return fail('Paystack sent a response we could not read', status);
      return {
        authorizationUrl: parsed.data.authorization_url,
        accessCode: parsed.data.access_code,
        reference: parsed.data.reference,
      };
    },

    async verifyTransaction(reference: string): Promise<VerifiedTransaction> {
      if (typeof reference !== 'string' || reference.length === 0) {
        throw new TypeError('verifyTransaction: reference is required');
      }
      const { data, status } = await request('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      const transaction = parsePaystackTransaction(data, status);
      if (transaction.reference !== reference) fail('Paystack answered for a different transaction reference', status);
      return transaction;
    },

    async listTransactions(input: ListTransactionsInput): Promise<ListedTransaction[]> {
      const perPage = input.perPage ?? 100;
      const maxPages = input.maxPages ?? 100;
      if (!Number.isInteger(perPage) || perPage < 1) throw new RangeError('listTransactions: perPage must be a positive integer');
      const listed: ListedTransaction[] = [];
      for (let page = 1; page <= maxPages; page += 1) {
        const query = new URLSearchParams({ from: input.from.toISOString(), to: input.to.toISOString(), perPage: String(perPage), page: String(page) });
        const { data, meta, status } = await request('GET', `/transaction?${query.toString()}`);
        const rows = z.array(z.unknown()).safeParse(data);
        if (!rows.success) return fail('Paystack sent a transaction list we could not read', status);
        for (const row of rows.data) {
          const parsed = listedTransactionSchema.safeParse(row);
          if (!parsed.success) return fail('Paystack sent a transaction we could not read', status);
          const transaction = parsed.data;
          listed.push({
            reference: transaction.reference,
            status: transaction.status,
            amountMinor: transaction.amount,
            currency: transaction.currency,
            createdAt: toDate(transaction.created_at ?? transaction.createdAt ?? null),
            paidAt: toDate(transaction.paid_at ?? transaction.paidAt ?? null),
            providerTransactionId: String(transaction.id),
          });
        }
        const pageCount = listMetaSchema.safeParse(meta ?? {});
        const lastPage = pageCount.success && pageCount.data.pageCount !== undefined ? pageCount.data.pageCount : null;
        if (lastPage !== null ? page >= lastPage : rows.data.length < perPage) return listed;
      }
      return fail(`Paystack's transaction list ran past ${maxPages} pages`, null);
    },
  };
}

/** Whether a provider can list its transactions (Paystack can; the sandbox keeps none to compare). */
export function canListTransactions(provider: PaymentProvider | null): provider is PaystackClient {
  return provider !== null && typeof (provider as Partial<PaystackClient>).listTransactions === 'function';
}

// Programming errors (the service computes these), thrown before any request goes out.
function assertInitializeInput(input: InitializeTransactionInput): void {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) {
    throw new RangeError(`initializeTransaction: amountMinor must be a positive safe integer, got ${String(input.amountMinor)}`);
  }
  if (input.currency !== 'KES') throw new RangeError(`initializeTransaction: unsupported currency ${String(input.currency)}`);
  if (typeof input.email !== 'string' || input.email.trim() === '') throw new TypeError('initializeTransaction: email is required');
  if (typeof input.reference !== 'string' || !PAYSTACK_REFERENCE.test(input.reference)) {
    throw new RangeError('initializeTransaction: reference may only hold letters, digits, "-", "." and "="');
  }
  if (input.metadata === null || typeof input.metadata !== 'object' || Array.isArray(input.metadata)) {
    throw new TypeError('initializeTransaction: metadata must be an object');
  }
}

function toDate(value: string | null): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// undici wraps the socket error: "fetch failed" with cause { code: 'ECONNREFUSED' | 'ENOTFOUND' … }.
function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error ? (error as Error & { cause?: unknown }).cause : undefined;
  const code = cause && typeof cause === 'object' && 'code' in cause ? (cause as { code: unknown }).code : undefined;
  return typeof code === 'string' && /^[A-Z0-9_]+$/.test(code) ? ` (${code})` : '';
}
