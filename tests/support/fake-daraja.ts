import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';

// A small, real HTTP stand-in for Safaricom Daraja in tests, following the documented shapes
// (developer.safaricom.co.ke; research-pos-kenya.md §C):
//   GET  /oauth/v1/generate?grant_type=client_credentials  Basic key:secret → { access_token, expires_in: "3599" }
//   POST /mpesa/stkpush/v1/processrequest   → { MerchantRequestID, CheckoutRequestID, ResponseCode: "0", ResponseDescription, CustomerMessage }
//                                             then POSTs { Body: { stkCallback } } to CallBackURL
//   POST /mpesa/stkpushquery/v1/query       → { ResponseCode: "0", ResultCode, ResultDesc, … } once decided,
//                                             500 { errorCode: "500.001.1001", errorMessage: "The transaction is being processed" } before
//   POST /mpesa/c2b/v1/registerurl          → { OriginatorCoversationID, ResponseCode: "0", ResponseDescription: "Success" }
//   POST /mpesa/c2b/v1/simulate             → posts the C2B validation, then the confirmation, to the registered URLs
//   POST /mpesa/transactionstatus/v1/query  → { OriginatorConversationID, ConversationID, ResponseCode: "0" } then POSTs { Result } to ResultURL
// Errors: 4xx/5xx { requestId, errorCode, errorMessage }. Behaviour is set per test: callback delay,
// duplicates, a missing callback, the result code, busy answers.

export interface FakeConsumer {
  key: string;
  secret: string;
  /** Passkeys by shortcode, to check STK passwords. */
  passkeys?: Record<string, string>;
}

export interface StkBehaviour {
  resultCode?: number;
  resultDesc?: string;
  delayMs?: number;
  /** The callback is sent this many times (concurrently). */
  copies?: number;
  /** No callback at all: only the query tells. */
  omitCallback?: boolean;
  /** The receipt number a success carries. */
  receipt?: string;
  /** The amount the callback reports (default: the amount pushed). */
  amount?: number;
}

export interface FakeStkRequest {
  merchantRequestId: string;
  checkoutRequestId: string;
  body: Record<string, any>;
  behaviour: StkBehaviour;
  /** Set once the customer "answered" (after delayMs). */
  resultCode: number | null;
  resultDesc: string | null;
  receipt: string | null;
}

export interface FakeTillPayment {
  transId: string;
  shortcode: string;
  amount: number;
  msisdn: string;
  billRef: string;
  firstName: string;
  transTime: string;
}

export interface Delivery {
  url: string;
  status: number;
  body: string;
}

export interface RecordedDarajaRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

export interface FakeDaraja {
  url: string;
  requests: RecordedDarajaRequest[];
  stkRequests: FakeStkRequest[];
  tillPayments: FakeTillPayment[];
  registeredUrls: Map<string, { confirmationUrl: string; validationUrl: string }>;
  deliveries: Delivery[];
  tokensIssued: number;
  addConsumer(consumer: FakeConsumer): void;
  /** How the next STK pushes end (taken in order; then the default success). */
  queueStk(...behaviours: StkBehaviour[]): void;
  /** The next answers to any POST are these busy replies (HTTP status and body) before the real one. */
  queueBusy(...replies: { status: number; body: Record<string, unknown> }[]): void;
  /** A customer pays the till: C2B confirmation to the registered URL (copies at once). */
  payTill(input: { shortcode: string; amount: number; msisdn?: string; billRef?: string; transId?: string; copies?: number }): Promise<FakeTillPayment>;
  /** Forgets every token issued (Daraja's answer to a token it no longer knows: 404.001.03). */
  revokeTokens(): void;
  /** Waits until every callback sent so far has been answered. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const TOKEN_TTL = '3599';

/** An M-Pesa receipt number: 10 capitals and digits. */
export const newTransId = () => `T${randomBytes(5).toString('hex').toUpperCase().slice(0, 9)}`;

function darajaTime(at = new Date()): string {
  const nairobi = new Date(at.getTime() + 3 * 3600_000);
  return nairobi.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

export async function startFakeDaraja(): Promise<FakeDaraja> {
  const consumers = new Map<string, FakeConsumer>();
  const tokens = new Set<string>();
  const stkQueue: StkBehaviour[] = [];
  const busyQueue: { status: number; body: Record<string, unknown> }[] = [];
  const pending = new Set<Promise<unknown>>();

  const fake: FakeDaraja = {
    url: '',
    requests: [],
    stkRequests: [],
    tillPayments: [],
    registeredUrls: new Map(),
    deliveries: [],
    tokensIssued: 0,
    addConsumer: (consumer) => void consumers.set(consumer.key, consumer),
    queueStk: (...behaviours) => void stkQueue.push(...behaviours),
    queueBusy: (...replies) => void busyQueue.push(...replies),
    async payTill(input) {
      const payment: FakeTillPayment = {
        transId: input.transId ?? newTransId(),
        shortcode: input.shortcode,
        amount: input.amount,
        // Safaricom now sends the payer's number masked or hashed on C2B.
        msisdn: input.msisdn ?? '2547 ***** 149',
        billRef: input.billRef ?? '',
        firstName: 'JOHN',
        transTime: darajaTime(),
      };
      fake.tillPayments.push(payment);
      const urls = fake.registeredUrls.get(input.shortcode);
      if (!urls) throw new Error(`No C2B URLs registered for ${input.shortcode}`);
      const body = c2bPayload(payment);
      await Promise.all(Array.from({ length: input.copies ?? 1 }, () => deliver(urls.confirmationUrl, body)));
      return payment;
    },
    revokeTokens: () => tokens.clear(),
    async settle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  function track<T>(promise: Promise<T>): Promise<T> {
    pending.add(promise);
    void promise.finally(() => pending.delete(promise)).catch(() => undefined);
    return promise;
  }

  function deliver(url: string, body: unknown): Promise<Delivery> {
    return track(
      (async () => {
        try {
          const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
          const delivery = { url, status: response.status, body: await response.text() };
          fake.deliveries.push(delivery);
          return delivery;
        } catch (error) {
          const delivery = { url, status: 0, body: String(error) };
          fake.deliveries.push(delivery);
          return delivery;
        }
      })(),
    );
  }

  const later = (ms: number, run: () => Promise<unknown>) => track(new Promise((resolve) => setTimeout(resolve, ms)).then(run));

  function c2bPayload(payment: FakeTillPayment) {
    return {
      TransactionType: 'Buy Goods',
      TransID: payment.transId,
      TransTime: payment.transTime,
      TransAmount: payment.amount.toFixed(2),
      BusinessShortCode: payment.shortcode,
      BillRefNumber: payment.billRef,
      InvoiceNumber: '',
      OrgAccountBalance: '49197.00',
      ThirdPartyTransID: '',
      MSISDN: payment.msisdn,
      FirstName: payment.firstName,
      MiddleName: '',
      LastName: '',
    };
  }

  function stkCallbackBody(request: FakeStkRequest) {
    const success = request.resultCode === 0;
    return {
      Body: {
        stkCallback: {
          MerchantRequestID: request.merchantRequestId,
          CheckoutRequestID: request.checkoutRequestId,
          ResultCode: request.resultCode,
          ResultDesc: request.resultDesc,
          ...(success
            ? {
                CallbackMetadata: {
                  Item: [
                    { Name: 'Amount', Value: request.behaviour.amount ?? Number(request.body.Amount) },
                    { Name: 'MpesaReceiptNumber', Value: request.receipt },
                    { Name: 'Balance' },
                    { Name: 'TransactionDate', Value: Number(darajaTime()) },
                    { Name: 'PhoneNumber', Value: Number(request.body.PhoneNumber) },
                  ],
                },
              }
            : {}),
        },
      },
    };
  }

  const RESULT_DESCS: Record<number, string> = {
    0: 'The service request is processed successfully.',
    1: 'The balance is insufficient for the transaction.',
    17: 'System internal error.',
    1032: 'Request cancelled by user.',
    1037: 'DS timeout user cannot be reached.',
    2001: 'The initiator information is invalid.',
  };

  function reply(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }
  const error = (res: ServerResponse, status: number, errorCode: string, errorMessage: string) =>
    reply(res, status, { requestId: randomUUID(), errorCode, errorMessage });

  function authorised(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    return header.startsWith('Bearer ') && tokens.has(header.slice(7));
  }

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://fake');
    let body: any;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      return error(res, 400, '400.002.02', 'Bad Request - Invalid JSON');
    }
    fake.requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, headers: req.headers, body });

    if (req.method === 'GET' && url.pathname === '/oauth/v1/generate') {
      const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
      const [key, secret] = basic.split(':');
      const consumer = key ? consumers.get(key) : undefined;
      if (url.searchParams.get('grant_type') !== 'client_credentials' || !consumer || consumer.secret !== secret) {
        return error(res, 400, '400.008.01', 'Invalid Authentication passed');
      }
      const token = randomBytes(16).toString('base64url');
      tokens.add(token);
      fake.tokensIssued += 1;
      return reply(res, 200, { access_token: token, expires_in: TOKEN_TTL });
    }
    if (req.method !== 'POST') return error(res, 404, '404.001.01', 'Resource not found');
    if (!authorised(req)) return error(res, 404, '404.001.03', 'Invalid Access Token');
    const busy = busyQueue.shift();
    if (busy) return reply(res, busy.status, busy.body);

    switch (url.pathname) {
      case '/mpesa/stkpush/v1/processrequest':
        return stkPush(res, body);
      case '/mpesa/stkpushquery/v1/query': {
        const request = fake.stkRequests.find((candidate) => candidate.checkoutRequestId === body?.CheckoutRequestID);
        if (!request) return error(res, 400, '400.002.02', 'Bad Request - Invalid CheckoutRequestID');
        if (request.resultCode === null) return error(res, 500, '500.001.1001', 'The transaction is being processed');
        return reply(res, 200, {
          ResponseCode: '0',
          ResponseDescription: 'The service request has been accepted successsfully',
          MerchantRequestID: request.merchantRequestId,
          CheckoutRequestID: request.checkoutRequestId,
          ResultCode: String(request.resultCode),
          ResultDesc: request.resultDesc,
        });
      }
      case '/mpesa/c2b/v1/registerurl': {
        if (!body?.ShortCode || !body.ConfirmationURL || !body.ValidationURL || !['Completed', 'Cancelled'].includes(body.ResponseType)) {
          return error(res, 400, '400.002.02', 'Bad Request - Invalid ShortCode');
        }
        fake.registeredUrls.set(String(body.ShortCode), { confirmationUrl: body.ConfirmationURL, validationUrl: body.ValidationURL });
        return reply(res, 200, { OriginatorCoversationID: randomUUID(), ResponseCode: '0', ResponseDescription: 'Success' });
      }
      case '/mpesa/c2b/v1/simulate': {
        const shortcode = String(body?.ShortCode ?? '');
        if (!fake.registeredUrls.has(shortcode)) return error(res, 400, '400.002.02', 'Bad Request - Invalid ShortCode');
        const payment = fake.payTill({ shortcode, amount: Number(body.Amount), msisdn: String(body.Msisdn ?? ''), billRef: String(body.BillRefNumber ?? '') });
        void payment.catch(() => undefined);
        return reply(res, 200, { OriginatorCoversationID: randomUUID(), ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' });
      }
      case '/mpesa/transactionstatus/v1/query':
        return transactionStatus(res, body);
      default:
        return error(res, 404, '404.001.01', 'Resource not found');
    }
  }

  function stkPush(res: ServerResponse, body: any) {
    const required = ['BusinessShortCode', 'Password', 'Timestamp', 'TransactionType', 'Amount', 'PartyA', 'PartyB', 'PhoneNumber', 'CallBackURL', 'AccountReference', 'TransactionDesc'];
    const missing = required.find((field) => body?.[field] === undefined || body[field] === '');
    if (missing) return error(res, 400, '400.002.02', `Bad Request - Invalid ${missing}`);
    if (!['CustomerPayBillOnline', 'CustomerBuyGoodsOnline'].includes(body.TransactionType)) return error(res, 400, '400.002.02', 'Bad Request - Invalid TransactionType');
    if (!/^\d{14}$/.test(body.Timestamp)) return error(res, 400, '400.002.02', 'Bad Request - Invalid Timestamp');
    if (String(body.AccountReference).length > 12) return error(res, 400, '400.002.02', 'Bad Request - Invalid AccountReference');
    const passkey = [...consumers.values()].map((consumer) => consumer.passkeys?.[String(body.BusinessShortCode)]).find(Boolean);
    const expected = passkey ? Buffer.from(`${body.BusinessShortCode}${passkey}${body.Timestamp}`).toString('base64') : null;
    if (body.Password !== expected) return error(res, 500, '500.001.1001', 'Wrong credentials');
    const behaviour = stkQueue.shift() ?? {};
    const request: FakeStkRequest = {
      merchantRequestId: `${randomBytes(2).readUInt16BE()}-${randomBytes(3).readUIntBE(0, 3)}-1`,
      checkoutRequestId: `ws_CO_${darajaTime()}${randomBytes(4).toString('hex')}`,
      body,
      behaviour,
      resultCode: null,
      resultDesc: null,
      receipt: null,
    };
    fake.stkRequests.push(request);
    void later(behaviour.delayMs ?? 0, async () => {
      request.resultCode = behaviour.resultCode ?? 0;
      request.resultDesc = behaviour.resultDesc ?? RESULT_DESCS[request.resultCode] ?? 'Failed';
      request.receipt = request.resultCode === 0 ? (behaviour.receipt ?? newTransId()) : null;
      if (behaviour.omitCallback) return;
      const payload = stkCallbackBody(request);
      await Promise.all(Array.from({ length: behaviour.copies ?? 1 }, () => deliver(String(body.CallBackURL), payload)));
    });
    return reply(res, 200, {
      MerchantRequestID: request.merchantRequestId,
      CheckoutRequestID: request.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    });
  }

  function transactionStatus(res: ServerResponse, body: any) {
    const required = ['Initiator', 'SecurityCredential', 'CommandID', 'TransactionID', 'PartyA', 'IdentifierType', 'ResultURL', 'QueueTimeOutURL'];
    const missing = required.find((field) => !body?.[field]);
    if (missing || body.CommandID !== 'TransactionStatusQuery') return error(res, 400, '400.002.02', `Bad Request - Invalid ${missing ?? 'CommandID'}`);
    const originatorConversationId = randomUUID();
    const conversationId = `AG_${darajaTime()}_${randomBytes(6).toString('hex')}`;
    const transId = String(body.TransactionID);
    const known =
      fake.tillPayments.find((payment) => payment.transId === transId) ??
      fake.stkRequests
        .filter((request) => request.receipt === transId)
        .map((request) => ({ transId, amount: Number(request.body.Amount), msisdn: String(request.body.PhoneNumber), firstName: 'JOHN', transTime: darajaTime() }))[0];
    const result = known
      ? {
          ResultType: 0,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          OriginatorConversationID: originatorConversationId,
          ConversationID: conversationId,
          TransactionID: transId,
          ResultParameters: {
            ResultParameter: [
              { Key: 'DebitPartyName', Value: `${known.msisdn} - ${known.firstName}` },
              { Key: 'TransactionStatus', Value: 'Completed' },
              { Key: 'Amount', Value: known.amount },
              { Key: 'ReceiptNo', Value: transId },
              { Key: 'FinalisedTime', Value: Number(known.transTime) },
              { Key: 'ReasonType', Value: 'Pay Merchant via API' },
            ],
          },
          ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: body.Occasion ?? '' } },
        }
      : {
          ResultType: 0,
          ResultCode: 2032,
          ResultDesc: 'The transaction receipt number does not exist.',
          OriginatorConversationID: originatorConversationId,
          ConversationID: conversationId,
          TransactionID: transId,
          ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: body.Occasion ?? '' } },
        };
    void later(0, () => deliver(String(body.ResultURL), { Result: result }));
    return reply(res, 200, {
      OriginatorConversationID: originatorConversationId,
      ConversationID: conversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((caught: unknown) => error(res, 500, '500.003.02', String(caught)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
