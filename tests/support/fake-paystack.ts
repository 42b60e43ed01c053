import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { signPaystackPayload, PAYSTACK_SIGNATURE_HEADER } from '../../server/billing/paystack-signature';

// A small, real HTTP stand-in for Paystack's Transactions API in tests. It follows the documented
// shapes (https://paystack.com/docs/api/transaction/, /docs/payments/webhooks/):
//   POST /transaction/initialize           → 200 { status: true, message: 'Authorization URL created', data: { authorization_url, access_code, reference } }
//   GET  /transaction/verify/:reference    → 200 { status: true, message: 'Verification successful', data: <transaction> }
//   GET  /transaction?from=&to=&perPage=&page=&status=
//                                          → 200 { status: true, message: 'Transactions retrieved', data: [<transaction>…] newest first,
//                                                  meta: { total, skipped, perPage, page, pageCount } } (perPage 50 by default)
//   errors                                 → 400 / 401 / 404 { status: false, message }
// A freshly initialized transaction verifies as 'abandoned' (the customer has not completed it) with
// paid_at null, as Paystack's does. GET /checkout/:access_code serves a bare checkout page whose
// buttons complete the payment and redirect to callback_url?trxref=…&reference=…, for browser tests.

export type FakeTransactionStatus = 'success' | 'failed' | 'abandoned' | 'ongoing' | 'pending' | 'reversed';

export interface FakePaystackTransaction {
  id: number;
  domain: 'test';
  status: FakeTransactionStatus;
  reference: string;
  accessCode: string;
  email: string;
  /** What initialize asked for, in subunits. */
  requestedAmount: number;
  /** What was (or would be) charged; differs from requestedAmount only when a test says so. */
  amount: number;
  currency: string;
  callbackUrl: string | null;
  /** Stored as sent: an object, or the stringified JSON Paystack's parameter table describes. */
  metadata: unknown;
  gatewayResponse: string;
  createdAt: Date;
  paidAt: Date | null;
}

export interface RecordedRequest {
  method: string;
  /** Path with query string, as received (still percent-encoded). */
  path: string;
  headers: IncomingMessage['headers'];
  rawBody: string;
  /** The parsed JSON body, or undefined when there was none or it was not JSON. */
  body: unknown;
}

export interface CompleteTransactionOptions {
  status?: 'success' | 'failed' | 'abandoned' | 'reversed';
  /** Charge a different amount than initialized (simulates tampering or a mismatch). */
  amount?: number;
  currency?: string;
  /** Replace the stored metadata with this raw value (a JSON string, '', null…). */
  metadata?: unknown;
  paidAt?: Date;
}

export type PaystackWebhookEvent = 'charge.success' | 'charge.failed' | (string & {});

export interface SendWebhookOptions {
  /** Sign with this key instead of the fake's secret (a bad signature). */
  signatureKey?: string;
  /** Send no x-paystack-signature header at all. */
  omitSignature?: boolean;
  /** Change the body after signing it (the signature no longer matches the bytes sent). */
  tamperBody?: boolean;
  /** The Host header to send (Node's fetch cannot, so this goes over node:http). */
  host?: string;
  headers?: Record<string, string>;
  /** Fields laid over the generated `data` (e.g. { amount: 1 } to claim another amount). */
  data?: Record<string, unknown>;
}

export interface WebhookDelivery {
  status: number;
  body: string;
  headers: IncomingMessage['headers'];
  /** The exact bytes sent and the signature header sent with them. */
  sentBody: string;
  signature: string | undefined;
  json<T = any>(): T;
}

export interface FakePaystack {
  readonly baseUrl: string;
  readonly port: number;
  readonly secretKey: string;
  /** Every request received, oldest first (including refused ones). */
  readonly requests: RecordedRequest[];
  /** Webhooks sent with sendWebhook, oldest first. */
  readonly webhooks: WebhookDelivery[];
  getTransaction(reference: string): FakePaystackTransaction | undefined;
  /** A transaction made outside this test's checkouts (for the list): created at `createdAt`, paid when success. */
  addTransaction(input: AddTransactionInput): FakePaystackTransaction;
  /** The customer finishes (or fails, or abandons) checkout. Throws for an unknown reference. */
  completeTransaction(reference: string, options?: CompleteTransactionOptions): FakePaystackTransaction;
  /** The next API request is answered with this status and { status: false, message } (queues up). */
  failNextRequest(status: number, message: string): void;
  /** The next API request is accepted but never answered (for timeouts). */
  hangNextRequest(): void;
  /** POSTs the documented webhook payload for a transaction, signed like Paystack signs it. */
  sendWebhook(
    targetUrl: string,
    event: PaystackWebhookEvent,
    reference: string,
    options?: SendWebhookOptions,
  ): Promise<WebhookDelivery>;
  /** The payload sendWebhook would send (before any tampering). */
  webhookPayload(event: PaystackWebhookEvent, reference: string, data?: Record<string, unknown>): { event: string; data: Record<string, unknown> };
  /** Clears requests, webhooks, queued failures and transactions. */
  reset(): void;
  close(): Promise<void>;
}

export interface AddTransactionInput {
  reference: string;
  amount: number;
  status?: FakeTransactionStatus;
  currency?: string;
  email?: string;
  createdAt: Date;
  paidAt?: Date | null;
  metadata?: unknown;
}

export interface FakePaystackOptions {
  secretKey?: string;
  /** Currencies the fake merchant may charge in (Paystack refuses others). Default ['KES']. */
  currencies?: string[];
}

const REFERENCE_PATTERN = /^[A-Za-z0-9.=-]+$/;
const FIRST_TRANSACTION_ID = 4_099_260_516;

export async function createFakePaystack(options: FakePaystackOptions = {}): Promise<FakePaystack> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(20).toString('hex')}`;
  const currencies = options.currencies ?? ['KES'];
  const transactions = new Map<string, FakePaystackTransaction>();
  const byAccessCode = new Map<string, FakePaystackTransaction>();
  const requests: RecordedRequest[] = [];
  const webhooks: WebhookDelivery[] = [];
  const queued: Array<{ kind: 'fail'; status: number; message: string } | { kind: 'hang' }> = [];
  let nextId = FIRST_TRANSACTION_ID;

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { status: false, message: `Fake Paystack error: ${String(error)}` });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawBody = await readBody(req);
    const path = req.url ?? '/';
    const url = new URL(path, baseUrl);
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers, rawBody, body: parseJson(rawBody) });

    if (url.pathname.startsWith('/checkout/')) return handleCheckout(req, res, url, rawBody);

    const control = queued.shift();
    if (control?.kind === 'hang') return; // never answered; close() destroys the socket
    if (control?.kind === 'fail') return sendJson(res, control.status, { status: false, message: control.message });

    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return sendJson(res, 401, { status: false, message: 'Invalid key' });
    }

    if (req.method === 'POST' && url.pathname === '/transaction/initialize') return initialize(res, req, rawBody);
    const verifyMatch = /^\/transaction\/verify\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && verifyMatch) return verify(res, safeDecode(verifyMatch[1] ?? ''));
    if (req.method === 'GET' && url.pathname === '/transaction') return list(res, url);
    return sendJson(res, 404, { status: false, message: 'Not found' });
  }

  function initialize(res: ServerResponse, req: IncomingMessage, rawBody: string): void {
    const contentType = req.headers['content-type'] ?? '';
    const body = contentType.includes('application/json') ? parseJson(rawBody) : undefined;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return validationError(res, 'Invalid request body', 'Send a JSON object');
    }
    const input = body as Record<string, unknown>;
    const email = typeof input.email === 'string' ? input.email.trim() : '';
    if (!email) return validationError(res, 'Email Address is required', 'Provide all required params');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return validationError(res, 'Invalid Email Address Passed', 'Provide a valid email');
    if (input.amount === undefined || input.amount === null || input.amount === '') {
      return validationError(res, 'Amount is required', 'Provide all required params');
    }
    // Paystack documents amount as an integer in subunits (its own examples send it as a string).
    const amount = typeof input.amount === 'string' && /^\d+$/.test(input.amount) ? Number(input.amount) : input.amount;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
      return validationError(res, 'Invalid Amount Sent', 'Send the amount as a positive integer in subunits');
    }
    const currency = input.currency === undefined ? (currencies[0] ?? 'KES') : input.currency;
    if (typeof currency !== 'string' || !currencies.includes(currency)) {
      return validationError(res, 'Currency not supported by merchant', `Use one of ${currencies.join(', ')}`);
    }
    let reference: string;
    if (input.reference === undefined) {
      reference = randomBytes(8).toString('hex');
    } else if (typeof input.reference === 'string' && REFERENCE_PATTERN.test(input.reference)) {
      reference = input.reference;
    } else {
      return validationError(res, 'Invalid transaction reference', 'Only -, ., = and alphanumeric characters are allowed');
    }
    if (transactions.has(reference)) {
      return sendJson(res, 400, { status: false, message: 'Duplicate Transaction Reference', type: 'validation_error', code: 'duplicate_reference' });
    }
    let callbackUrl: string | null = null;
    if (input.callback_url !== undefined) {
      if (typeof input.callback_url !== 'string' || !isHttpUrl(input.callback_url)) {
        return validationError(res, 'Invalid callback_url', 'Send a fully qualified URL');
      }
      callbackUrl = input.callback_url;
    }
    if (input.metadata !== undefined && typeof input.metadata !== 'string' && (typeof input.metadata !== 'object' || input.metadata === null)) {
      return validationError(res, 'Invalid metadata', 'Send metadata as a JSON object');
    }

    const accessCode = randomBytes(8).toString('hex');
    const transaction: FakePaystackTransaction = {
      id: nextId++,
      domain: 'test',
      status: 'abandoned',
      reference,
      accessCode,
      email,
      requestedAmount: amount,
      amount,
      currency,
      callbackUrl,
      metadata: input.metadata ?? '',
      gatewayResponse: 'The transaction was not completed',
      createdAt: new Date(),
      paidAt: null,
    };
    transactions.set(reference, transaction);
    byAccessCode.set(accessCode, transaction);
    sendJson(res, 200, {
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: `${baseUrl}/checkout/${accessCode}`, access_code: accessCode, reference },
    });
  }

  function verify(res: ServerResponse, reference: string): void {
    const transaction = transactions.get(reference);
    if (!transaction) return sendJson(res, 404, { status: false, message: 'Transaction reference not found' });
    sendJson(res, 200, { status: true, message: 'Verification successful', data: transactionData(transaction) });
  }

  function list(res: ServerResponse, url: URL): void {
    const number = (name: string, fallback: number) => {
      const value = url.searchParams.get(name);
      return value === null ? fallback : /^\d+$/.test(value) ? Number(value) : NaN;
    };
    const perPage = number('perPage', 50);
    const page = number('page', 1);
    if (!(perPage >= 1) || !(page >= 1)) return validationError(res, 'Invalid pagination', 'Send perPage and page as positive integers');
    const instant = (name: string) => {
      const value = url.searchParams.get(name);
      if (value === null) return null;
      const time = Date.parse(value);
      return Number.isNaN(time) ? NaN : time;
    };
    const from = instant('from');
    const to = instant('to');
    if (Number.isNaN(from) || Number.isNaN(to)) return validationError(res, 'Invalid date', 'Send from and to in ISO 8601');
    const status = url.searchParams.get('status');
    const matching = [...transactions.values()]
      .filter((transaction) => {
        const created = transaction.createdAt.getTime();
        return (from === null || created >= from) && (to === null || created <= to) && (!status || transaction.status === status);
      })
      .sort((left, right) => right.createdAt.getTime() - left.createdAt.getTime() || right.id - left.id);
    const skipped = (page - 1) * perPage;
    sendJson(res, 200, {
      status: true,
      message: 'Transactions retrieved',
      data: matching.slice(skipped, skipped + perPage).map(transactionData),
      meta: { total: matching.length, skipped, perPage, page, pageCount: Math.ceil(matching.length / perPage) },
    });
  }

  function addTransaction(input: AddTransactionInput): FakePaystackTransaction {
    if (transactions.has(input.reference)) throw new Error(`fake Paystack: duplicate reference ${input.reference}`);
    const status = input.status ?? 'success';
    const isPaid = status === 'success' || status === 'reversed';
    const transaction: FakePaystackTransaction = {
      id: nextId++,
      domain: 'test',
      status,
      reference: input.reference,
      accessCode: randomBytes(8).toString('hex'),
      email: input.email ?? 'owner@example.com',
      requestedAmount: input.amount,
      amount: input.amount,
      currency: input.currency ?? currencies[0] ?? 'KES',
      callbackUrl: null,
      metadata: input.metadata ?? '',
      gatewayResponse: isPaid ? 'Successful' : status === 'failed' ? 'Declined' : 'The transaction was not completed',
      createdAt: input.createdAt,
      paidAt: input.paidAt !== undefined ? input.paidAt : isPaid ? input.createdAt : null,
    };
    transactions.set(transaction.reference, transaction);
    byAccessCode.set(transaction.accessCode, transaction);
    return transaction;
  }

  function handleCheckout(req: IncomingMessage, res: ServerResponse, url: URL, rawBody: string): void {
    const match = /^\/checkout\/([^/]+)$/.exec(url.pathname);
    const transaction = match ? byAccessCode.get(safeDecode(match[1] ?? '')) : undefined;
    if (!transaction) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Unknown checkout');
      return;
    }
    if (req.method === 'GET') {
      const amount = `${transaction.currency} ${(transaction.amount / 100).toFixed(2)}`;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html><head><title>Fake Paystack checkout</title></head><body>
<h1>Fake Paystack checkout</h1>
<p>Pay <strong>${escapeHtml(amount)}</strong> as ${escapeHtml(transaction.email)} (reference ${escapeHtml(transaction.reference)})</p>
<form method="post"><button name="outcome" value="success">Pay</button>
<button name="outcome" value="failed">Decline</button>
<button name="outcome" value="abandoned">Cancel</button></form>
</body></html>`);
      return;
    }
    if (req.method === 'POST') {
      const outcome = new URLSearchParams(rawBody).get('outcome');
      const status = outcome === 'failed' || outcome === 'abandoned' ? outcome : 'success';
      if (transaction.status !== 'success') completeTransaction(transaction.reference, { status });
      if (!transaction.callbackUrl) {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(`Payment ${transaction.status}`);
        return;
      }
      // Paystack appends the reference (as trxref and reference) to the callback URL.
      const callback = new URL(transaction.callbackUrl);
      callback.searchParams.set('trxref', transaction.reference);
      callback.searchParams.set('reference', transaction.reference);
      res.writeHead(302, { location: callback.toString() }).end();
      return;
    }
    res.writeHead(405, { allow: 'GET, POST' }).end();
  }

  function transactionData(transaction: FakePaystackTransaction): Record<string, unknown> {
    const paidAt = transaction.paidAt?.toISOString() ?? null;
    const createdAt = transaction.createdAt.toISOString();
    const isPaid = transaction.status === 'success' || transaction.status === 'reversed';
    return {
      id: transaction.id,
      domain: transaction.domain,
      status: transaction.status,
      reference: transaction.reference,
      receipt_number: null,
      amount: transaction.amount,
      message: null,
      gateway_response: transaction.gatewayResponse,
      paid_at: paidAt,
      created_at: createdAt,
      channel: 'card',
      currency: transaction.currency,
      ip_address: '127.0.0.1',
      metadata: transaction.metadata,
      log: null,
      fees: isPaid ? Math.round(transaction.amount * 0.029) : null,
      fees_split: null,
      authorization: isPaid
        ? {
            authorization_code: `AUTH_${transaction.accessCode.slice(0, 10)}`,
            bin: '408408',
            last4: '4081',
            exp_month: '12',
            exp_year: '2030',
            channel: 'card',
            card_type: 'visa ',
            bank: 'TEST BANK',
            country_code: 'KE',
            brand: 'visa',
            reusable: true,
            signature: `SIG_${transaction.accessCode}`,
            account_name: null,
          }
        : {},
      customer: {
        id: 181_873_746,
        first_name: null,
        last_name: null,
        email: transaction.email,
        customer_code: 'CUS_fakepaystack0001',
        phone: null,
        metadata: null,
        risk_action: 'default',
        international_format_phone: null,
      },
      plan: null,
      split: {},
      order_id: null,
      paidAt,
      createdAt,
      requested_amount: transaction.requestedAmount,
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
      connect: null,
      transaction_date: createdAt,
      plan_object: {},
      subaccount: {},
    };
  }

  function completeTransaction(reference: string, completion: CompleteTransactionOptions = {}): FakePaystackTransaction {
    const transaction = transactions.get(reference);
    if (!transaction) throw new Error(`fake Paystack: no transaction with reference ${reference}`);
    const status = completion.status ?? 'success';
    transaction.status = status;
    if (completion.amount !== undefined) transaction.amount = completion.amount;
    if (completion.currency !== undefined) transaction.currency = completion.currency;
    if ('metadata' in completion) transaction.metadata = completion.metadata;
    transaction.paidAt = status === 'success' || status === 'reversed' ? (completion.paidAt ?? new Date()) : null;
    transaction.gatewayResponse =
      status === 'success' || status === 'reversed' ? 'Successful' : status === 'failed' ? 'Declined' : 'The transaction was not completed';
    return transaction;
  }

  function webhookPayload(event: PaystackWebhookEvent, reference: string, overrides: Record<string, unknown> = {}) {
    const transaction = transactions.get(reference);
    // A webhook's `data` is the transaction object, less the verify-only extras. The event names the
    // outcome: charge.success claims success even if the API (the truth) says otherwise, which is
    // exactly what a handler that verifies before fulfilling must withstand.
    const base: Record<string, unknown> = transaction
      ? transactionData(transaction)
      : {
          id: nextId++,
          domain: 'test',
          reference,
          amount: 0,
          currency: currencies[0] ?? 'KES',
          metadata: '',
          customer: { email: 'unknown@example.com' },
        };
    const eventStatus = event === 'charge.success' ? 'success' : event === 'charge.failed' ? 'failed' : base.status;
    const paidAt = eventStatus === 'success' ? ((base.paid_at as string | null | undefined) ?? new Date().toISOString()) : (base.paid_at ?? null);
    const data: Record<string, unknown> = {
      id: base.id,
      domain: base.domain,
      status: eventStatus,
      reference: base.reference,
      amount: base.amount,
      message: null,
      gateway_response: eventStatus === 'success' ? 'Successful' : (base.gateway_response ?? 'Declined'),
      paid_at: paidAt,
      created_at: base.created_at ?? new Date().toISOString(),
      channel: 'card',
      currency: base.currency,
      ip_address: '127.0.0.1',
      metadata: base.metadata,
      fees_breakdown: null,
      log: null,
      fees: base.fees ?? null,
      fees_split: null,
      authorization: base.authorization ?? {},
      customer: base.customer,
      plan: {},
      subaccount: {},
      split: {},
      order_id: null,
      paidAt,
      requested_amount: base.requested_amount ?? base.amount,
      pos_transaction_data: null,
      source: null,
      ...overrides,
    };
    return { event, data };
  }

  async function sendWebhook(
    targetUrl: string,
    event: PaystackWebhookEvent,
    reference: string,
    sendOptions: SendWebhookOptions = {},
  ): Promise<WebhookDelivery> {
    const payload = webhookPayload(event, reference, sendOptions.data);
    const signedBody = JSON.stringify(payload);
    const signature = sendOptions.omitSignature ? undefined : signPaystackPayload(signedBody, sendOptions.signatureKey ?? secretKey);
    const sentBody = sendOptions.tamperBody
      ? JSON.stringify({ ...payload, data: { ...payload.data, amount: Number(payload.data.amount ?? 0) + 100 } })
      : signedBody;
    const target = new URL(targetUrl);
    if (target.protocol !== 'http:') throw new Error('fake Paystack: sendWebhook only speaks http://');
    const bytes = Buffer.from(sentBody, 'utf8');
    const headers: Record<string, string> = {
      host: sendOptions.host ?? target.host,
      'content-type': 'application/json',
      'content-length': String(bytes.length),
      'user-agent': 'Paystack/fake',
      ...(signature ? { [PAYSTACK_SIGNATURE_HEADER]: signature } : {}),
      ...sendOptions.headers,
    };
    const delivery = await new Promise<WebhookDelivery>((resolve, reject) => {
      const req = httpRequest(
        { host: target.hostname, port: target.port || 80, path: `${target.pathname}${target.search}`, method: 'POST', headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers, sentBody, signature, json: () => JSON.parse(text) });
          });
        },
      );
      req.on('error', reject);
      req.end(bytes);
    });
    webhooks.push(delivery);
    return delivery;
  }

  return {
    baseUrl,
    port,
    secretKey,
    requests,
    webhooks,
    getTransaction: (reference) => transactions.get(reference),
    addTransaction,
    completeTransaction,
    failNextRequest(status, message) {
      queued.push({ kind: 'fail', status, message });
    },
    hangNextRequest() {
      queued.push({ kind: 'hang' });
    },
    sendWebhook,
    webhookPayload,
    reset() {
      requests.length = 0;
      webhooks.length = 0;
      queued.length = 0;
      transactions.clear();
      byAccessCode.clear();
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Hung requests and keep-alive sockets would otherwise hold close() open.
        server.closeAllConnections();
      });
    },
  };
}

function validationError(res: ServerResponse, message: string, nextStep: string): void {
  // The error shape of Paystack's docs ("Errors"): status, message, meta.nextStep, type, code.
  sendJson(res, 400, { status: false, message, meta: { nextStep }, type: 'validation_error', code: 'invalid_params' });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
