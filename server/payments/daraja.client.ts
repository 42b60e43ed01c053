import { darajaTimestamp } from '../../core/payments/mpesa.rules';

// Safaricom Daraja (https://developer.safaricom.co.ke/APIs; research-pos-kenya.md §C):
//   GET  /oauth/v1/generate?grant_type=client_credentials   Basic key:secret → { access_token, expires_in: "3599" }
//   POST /mpesa/stkpush/v1/processrequest                    → { MerchantRequestID, CheckoutRequestID, ResponseCode: "0", … }
//   POST /mpesa/stkpushquery/v1/query                        → { ResponseCode, ResultCode, ResultDesc, … }
//   POST /mpesa/c2b/v1/registerurl                           → { OriginatorCoversationID, ResponseCode: "0", ResponseDescription }
//   POST /mpesa/transactionstatus/v1/query                   → { OriginatorConversationID, ConversationID, ResponseCode: "0" }; the
//                                                               result arrives later on ResultURL (or QueueTimeOutURL)
// Errors are 4xx/5xx with { requestId, errorCode: "500.001.1001", errorMessage }. Busy answers (17, 26,
// 1001, HTTP 429/5xx) are retried with backoff; a refused token (404.001.03 / 401) is fetched again once.

export type DarajaEnvironment = 'sandbox' | 'production';

export interface DarajaCredentials {
  environment: DarajaEnvironment;
  consumerKey: string;
  consumerSecret: string;
}

export interface DarajaClientOptions {
  baseUrls: Record<DarajaEnvironment, string>;
  fetch?: typeof globalThis.fetch;
  /** Per request, covering the response body too. */
  timeoutMs?: number;
  /** Attempts after the first on a busy answer. */
  retries?: number;
  /** The first wait before a retry; doubled each time. */
  backoffMs?: number;
  now?: () => number;
}

export class DarajaError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null,
    /** Daraja's errorCode ("400.002.02") or the answer's ResponseCode/ResultCode. */
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'DarajaError';
  }
}

export interface StkPushInput {
  /** The shortcode that signs: the paybill, or a till's store number. */
  shortcode: string;
  passkey: string;
  shortcodeType: 'till' | 'paybill';
  /** The till customers pay (Buy Goods); the paybill itself otherwise. */
  tillNumber: string | null;
  amountMinor: number;
  phone: string;
  callbackUrl: string;
  accountReference: string;
  transactionDesc: string;
  at?: Date;
}

export interface StkQueryResult {
  /** null: Safaricom is still processing the prompt. */
  resultCode: number | null;
  resultDesc: string | null;
}

export interface TransactionStatusInput {
  initiator: string;
  securityCredential: string;
  transactionId: string;
  partyA: string;
  /** 4: organisation shortcode; 2: till number. */
  identifierType: '2' | '4';
  resultUrl: string;
  queueTimeoutUrl: string;
  /** Comes back in the result's ReferenceData: our query's id. */
  occasion: string;
}

export interface DarajaClient {
  accessToken(credentials: DarajaCredentials): Promise<string>;
  stkPush(credentials: DarajaCredentials, input: StkPushInput): Promise<{ merchantRequestId: string; checkoutRequestId: string; customerMessage: string | null }>;
  stkQuery(credentials: DarajaCredentials, input: { shortcode: string; passkey: string; checkoutRequestId: string; at?: Date }): Promise<StkQueryResult>;
  registerC2BUrls(credentials: DarajaCredentials, input: { shortcode: string; confirmationUrl: string; validationUrl: string }): Promise<void>;
  transactionStatus(credentials: DarajaCredentials, input: TransactionStatusInput): Promise<{ originatorConversationId: string; conversationId: string | null }>;
}

/** STK's Password: base64(BusinessShortCode + passkey + Timestamp). */
export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`, 'utf8').toString('base64');
}

const BUSY_CODES = new Set(['17', '26', '1001']);
/** "The transaction is being processed": a query asked before the customer answered. */
const STILL_PROCESSING = '500.001.1001';
const TOKEN_REFUSED = new Set(['404.001.03', '404.001.04']);

interface DarajaAnswer {
  status: number;
  body: Record<string, unknown>;
}

const text = (value: unknown) => (value === undefined || value === null ? null : String(value));

/** The answer's code: errorCode, else ResponseCode, else ResultCode. */
function answerCode(body: Record<string, unknown>): string | null {
  return text(body.errorCode) ?? text(body.ResponseCode) ?? text(body.ResultCode);
}

/**
 * Worth another try: HTTP 429/5xx and the busy codes. 500.001.1001 means "subscriber locked" to a
 * push (busy) but "still being processed" to a query, which is an answer.
 */
function isBusy(answer: DarajaAnswer, processingIsAnswer: boolean): boolean {
  const code = answerCode(answer.body);
  if (code === STILL_PROCESSING) return !processingIsAnswer;
  return answer.status === 429 || answer.status >= 500 || (code !== null && BUSY_CODES.has(code));
}

export function createDarajaClient(options: DarajaClientOptions): DarajaClient {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 3;
  const backoffMs = options.backoffMs ?? 250;
  const now = options.now ?? Date.now;
  const tokens = new Map<string, { value: Promise<string>; expiresAt: number }>();

  const baseUrl = (environment: DarajaEnvironment) => options.baseUrls[environment].replace(/\/+$/, '');
  const tokenKey = (credentials: DarajaCredentials) => `${credentials.environment}:${credentials.consumerKey}`;

  async function send(url: string, init: RequestInit): Promise<DarajaAnswer> {
    let response: Response;
    let raw: string;
    try {
      response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      raw = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new DarajaError(timedOut ? 'Daraja did not answer in time' : 'Daraja could not be reached', null, null);
    }
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
    } catch {
      if (response.ok) throw new DarajaError('Daraja sent an answer we could not read', response.status, null);
    }
    return { status: response.status, body };
  }

  async function fetchToken(credentials: DarajaCredentials): Promise<{ token: string; expiresInSeconds: number }> {
    const basic = Buffer.from(`${credentials.consumerKey}:${credentials.consumerSecret}`, 'utf8').toString('base64');
    const answer = await withRetries(() => send(`${baseUrl(credentials.environment)}/oauth/v1/generate?grant_type=client_credentials`, { headers: { authorization: `Basic ${basic}` } }));
    const token = text(answer.body.access_token);
    if (answer.status !== 200 || !token) {
      throw new DarajaError(text(answer.body.errorMessage) ?? 'Daraja refused the consumer key and secret', answer.status, answerCode(answer.body));
    }
    const expiresIn = Number(answer.body.expires_in ?? 3599);
    return { token, expiresInSeconds: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3599 };
  }

  /** The cached token for these credentials until 60 s before it expires; one fetch at a time. */
  function accessToken(credentials: DarajaCredentials): Promise<string> {
    const key = tokenKey(credentials);
    const cached = tokens.get(key);
    if (cached && cached.expiresAt > now()) return cached.value;
    const entry = { value: Promise.resolve(''), expiresAt: Number.POSITIVE_INFINITY };
    entry.value = fetchToken(credentials).then(
      ({ token, expiresInSeconds }) => {
        entry.expiresAt = now() + Math.max(0, expiresInSeconds - 60) * 1000;
        return token;
      },
      (error: unknown) => {
        tokens.delete(key);
        throw error;
      },
    );
    tokens.set(key, entry);
    return entry.value;
  }

  async function withRetries(attempt: () => Promise<DarajaAnswer>, processingIsAnswer = false): Promise<DarajaAnswer> {
    for (let tries = 0; ; tries += 1) {
      const answer = await attempt();
      if (!isBusy(answer, processingIsAnswer) || tries >= retries) return answer;
      await new Promise((resolve) => setTimeout(resolve, backoffMs * 2 ** tries));
    }
  }

  /** A POST with the bearer token, retried when busy; a refused token is fetched again once. */
  async function post(credentials: DarajaCredentials, path: string, body: unknown, processingIsAnswer = false): Promise<DarajaAnswer> {
    const call = async () => {
      const token = await accessToken(credentials);
      return withRetries(() =>
        send(`${baseUrl(credentials.environment)}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
        processingIsAnswer,
      );
    };
    const answer = await call();
    const code = answerCode(answer.body);
    if (answer.status === 401 || (code && TOKEN_REFUSED.has(code))) {
      tokens.delete(tokenKey(credentials));
      return call();
    }
    return answer;
  }

  function refusal(answer: DarajaAnswer, fallback: string): DarajaError {
    const message = text(answer.body.errorMessage) ?? text(answer.body.ResponseDescription) ?? text(answer.body.CustomerMessage) ?? fallback;
    return new DarajaError(message, answer.status, answerCode(answer.body));
  }

  return {
    accessToken,
    async stkPush(credentials, input) {
      const timestamp = darajaTimestamp(input.at ?? new Date(now()));
      const buyGoods = input.shortcodeType === 'till';
      const answer = await post(credentials, '/mpesa/stkpush/v1/processrequest', {
        BusinessShortCode: input.shortcode,
        Password: stkPassword(input.shortcode, input.passkey, timestamp),
        Timestamp: timestamp,
        TransactionType: buyGoods ? 'CustomerBuyGoodsOnline' : 'CustomerPayBillOnline',
        Amount: Math.round(input.amountMinor / 100),
        PartyA: input.phone,
        PartyB: buyGoods ? (input.tillNumber ?? input.shortcode) : input.shortcode,
        PhoneNumber: input.phone,
        CallBackURL: input.callbackUrl,
        AccountReference: input.accountReference.slice(0, 12),
        TransactionDesc: input.transactionDesc.slice(0, 13),
      });
      const merchantRequestId = text(answer.body.MerchantRequestID);
      const checkoutRequestId = text(answer.body.CheckoutRequestID);
      if (answer.status !== 200 || text(answer.body.ResponseCode) !== '0' || !merchantRequestId || !checkoutRequestId) {
        throw refusal(answer, 'Daraja did not accept the prompt');
      }
      return { merchantRequestId, checkoutRequestId, customerMessage: text(answer.body.CustomerMessage) };
    },
    async stkQuery(credentials, input) {
      const timestamp = darajaTimestamp(input.at ?? new Date(now()));
      const answer = await post(credentials, '/mpesa/stkpushquery/v1/query', {
        BusinessShortCode: input.shortcode,
        Password: stkPassword(input.shortcode, input.passkey, timestamp),
        Timestamp: timestamp,
        CheckoutRequestID: input.checkoutRequestId,
      }, true);
      if (text(answer.body.errorCode) === STILL_PROCESSING) return { resultCode: null, resultDesc: text(answer.body.errorMessage) };
      const resultCode = text(answer.body.ResultCode);
      if (answer.status !== 200 || resultCode === null || !/^\d+$/.test(resultCode)) throw refusal(answer, 'Daraja could not say how the prompt ended');
      return { resultCode: Number(resultCode), resultDesc: text(answer.body.ResultDesc) };
    },
    async registerC2BUrls(credentials, input) {
      const answer = await post(credentials, '/mpesa/c2b/v1/registerurl', {
        ShortCode: input.shortcode,
        // Completed: a payment goes through when our validation URL cannot be reached.
        ResponseType: 'Completed',
        ConfirmationURL: input.confirmationUrl,
        ValidationURL: input.validationUrl,
      });
      if (answer.status !== 200 || (text(answer.body.ResponseCode) ?? '0') !== '0') throw refusal(answer, 'Daraja did not register the URLs');
    },
    async transactionStatus(credentials, input) {
      const answer = await post(credentials, '/mpesa/transactionstatus/v1/query', {
        Initiator: input.initiator,
        SecurityCredential: input.securityCredential,
        CommandID: 'TransactionStatusQuery',
        TransactionID: input.transactionId,
        PartyA: input.partyA,
        IdentifierType: input.identifierType,
        ResultURL: input.resultUrl,
        QueueTimeOutURL: input.queueTimeoutUrl,
        Remarks: 'Till code check',
        Occasion: input.occasion,
      });
      const originatorConversationId = text(answer.body.OriginatorConversationID);
      if (answer.status !== 200 || text(answer.body.ResponseCode) !== '0' || !originatorConversationId) throw refusal(answer, 'Daraja did not accept the status query');
      return { originatorConversationId, conversationId: text(answer.body.ConversationID) };
    },
  };
}
