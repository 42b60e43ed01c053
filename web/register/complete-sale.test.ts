import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Sale } from '../../core/sales/sales.schemas';
import type { CheckoutBody } from './cart';

// Completing a sale: the first attempt's outcome decides between the sale, the outbox (no answer:
// the same body, same id, kept to be sent again) and a refusal the cashier corrects. The server is
// a fetch stand-in; the outbox is this tab's (kept in memory: no IndexedDB under Node), a new one
// per test (the modules are loaded afresh).

type Modules = [typeof import('./complete-sale'), typeof import('./use-sale-outbox'), typeof import('../lib/api-client')];
let submitSale: Modules[0]['submitSale'];
let submitExchange: Modules[0]['submitExchange'];
let saleOutbox: Modules[1]['saleOutbox'];
let ApiError: Modules[2]['ApiError'];

const SALE_ID = '0b1f7a52-4c0e-4f55-9a43-6e5a0c3d8e11';
const REGISTER_ID = '7d5c9a10-2b7e-4f1a-8c3d-1e2f3a4b5c6d';
const SHIFT_ID = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6e';

function checkoutBody(id = SALE_ID): CheckoutBody {
  return {
    id,
    registerId: REGISTER_ID,
    shiftId: SHIFT_ID,
    customerId: null,
    lines: [{ variantId: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', quantityMilli: 1000, unitId: null, unitPriceMinor: null, discount: null }],
    cartDiscount: null,
    tipMinor: 0,
    payments: [{ tender: 'cash', amountMinor: 15_000, tenderedMinor: 20_000 }],
    approvalIds: [],
    expectedTotalMinor: 15_000,
    ringUpAt: '2026-11-24T09:30:00.000Z',
    fromOutbox: false,
    note: null,
  };
}

function sale(id = SALE_ID): Sale {
  return {
    id,
    receiptCode: 'T1-000042',
    receiptNumber: 42,
    status: 'completed',
    isLate: false,
    registerId: REGISTER_ID,
    registerName: 'Till 1',
    shiftId: SHIFT_ID,
    locationId: '4b5c6d7e-8f9a-4b0c-9d1e-2f3a4b5c6d7e',
    locationName: 'Main shop',
    cashierId: null,
    cashierName: 'Brian Otieno',
    customer: null,
    lines: [],
    payments: [{ tender: 'cash', amountMinor: 15_000, tenderedMinor: 20_000, reference: null, loyaltyPoints: null }],
    subtotalMinor: 15_000,
    discountMinor: 0,
    cartDiscountMinor: 0,
    tipMinor: 0,
    totalMinor: 15_000,
    taxMinor: 2_069,
    taxBands: { B: { grossMinor: 15_000, taxMinor: 2_069, rateBp: 1600 } },
    paidMinor: 20_000,
    changeMinor: 5_000,
    loyaltyPointsEarned: 0,
    customerBalanceMinor: null,
    creditLimitWarning: false,
    note: null,
    ringUpAt: '2026-11-24T09:30:00.000Z',
    createdAt: '2026-11-24T09:30:01.000Z',
    voidedAt: null,
    voidReason: null,
    returns: [],
  };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let requests: { method: string; url: string; body: unknown }[] = [];

function serverAnswering(...answers: (() => Response | Promise<Response>)[]) {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers.shift();
      if (!answer) throw new TypeError('Failed to fetch');
      return answer();
    }),
  );
}

beforeEach(async () => {
  vi.resetModules();
  [{ submitSale, submitExchange }, { saleOutbox }, { ApiError }] = await Promise.all([import('./complete-sale'), import('./use-sale-outbox'), import('../lib/api-client')]);
  // Not started: what the outbox holds stays there for the test to see.
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('submitSale', () => {
  it('answers the new sale when the server records it', async () => {
    serverAnswering(() => json(201, { sale: sale(), replayed: false }));
    await expect(submitSale(checkoutBody())).resolves.toMatchObject({ id: SALE_ID, receiptCode: 'T1-000042', changeMinor: 5_000 });
    expect(requests).toEqual([{ method: 'POST', url: '/api/sales', body: checkoutBody() }]);
    expect(await saleOutbox().entries()).toEqual([]);
  });

  it('keeps the very same body in the outbox (fromOutbox) when the attempt gets no answer', async () => {
    serverAnswering(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(submitSale(checkoutBody())).resolves.toBe('queued');
    const [entry, ...others] = await saleOutbox().entries();
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ saleId: SALE_ID, state: 'waiting', attempts: 1, body: { ...checkoutBody(), fromOutbox: true } });
    expect(saleOutbox().getCounts()).toEqual({ waiting: 1, needsAttention: 0 });
  });

  it('queues on a server error (5xx): the sale may or may not be written, the id makes a resend safe', async () => {
    serverAnswering(() => json(503, { error: { code: 'service_unavailable', message: 'Service unavailable' } }));
    await expect(submitSale(checkoutBody())).resolves.toBe('queued');
    expect((await saleOutbox().entries()).map((entry) => entry.saleId)).toEqual([SALE_ID]);
  });

  it('throws a refusal (4xx: nothing was written) and queues nothing', async () => {
    serverAnswering(() =>
      json(409, { error: { code: 'mpesa_code_used', message: 'This M-Pesa code has already been used', fields: { 'payments.0.reference': ['This M-Pesa code has already been used'] } } }),
    );
    const refusal = await submitSale(checkoutBody()).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 409, code: 'mpesa_code_used' });
    expect(await saleOutbox().entries()).toEqual([]);
  });

  it('reads the sale back when the server accepted it but its answer could not be read', async () => {
    serverAnswering(
      () => new Response('{"sale": ', { status: 201, headers: { 'content-type': 'application/json' } }),
      () => json(200, sale()),
    );
    await expect(submitSale(checkoutBody())).resolves.toMatchObject({ id: SALE_ID, receiptCode: 'T1-000042' });
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /api/sales', `GET /api/sales/${SALE_ID}`]);
    expect(await saleOutbox().entries()).toEqual([]);
  });
});

describe('submitExchange', () => {
  const RETURN_ID = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
  const exchangeBody = () => ({
    saleReturn: {
      id: RETURN_ID,
      registerId: REGISTER_ID,
      shiftId: SHIFT_ID,
      saleId: '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c',
      lines: [{ saleLineId: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d', quantityMilli: 1000, disposition: 'restock' as const }],
      reason: 'wrong_item' as const,
      note: null,
      refunds: null,
      approvalId: null,
    },
    sale: { ...checkoutBody(), payments: [{ tender: 'cash' as const, amountMinor: 5_000, tenderedMinor: 5_000 }] },
  });
  const saleReturn = {
    id: RETURN_ID,
    returnCode: 'CN-000007',
    saleId: exchangeBody().saleReturn.saleId,
    receiptCode: 'T1-000041',
    registerName: 'Till 1',
    cashierName: 'Brian Otieno',
    customer: null,
    reason: 'wrong_item',
    note: null,
    lines: [],
    refunds: [{ tender: 'exchange', amountMinor: 10_000, reference: null }],
    totalMinor: 10_000,
    taxMinor: 1_379,
    loyaltyPointsReversed: 0,
    exchangeSaleId: SALE_ID,
    createdAt: '2026-11-24T09:30:01.000Z',
  };

  it('answers the new sale and the credit note', async () => {
    serverAnswering(() => json(201, { sale: sale(), saleReturn, replayed: false }));
    await expect(submitExchange(exchangeBody())).resolves.toMatchObject({ sale: { id: SALE_ID }, saleReturn: { returnCode: 'CN-000007' } });
    expect(requests).toEqual([{ method: 'POST', url: '/api/sale-exchanges', body: exchangeBody() }]);
  });

  it('answers unconfirmed when the attempt gets no answer, and hands nothing to the sales outbox', async () => {
    serverAnswering(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(submitExchange(exchangeBody())).resolves.toBe('unconfirmed');
    serverAnswering(() => json(503, { error: { code: 'service_unavailable', message: 'Service unavailable' } }));
    await expect(submitExchange(exchangeBody())).resolves.toBe('unconfirmed');
    expect(await saleOutbox().entries()).toEqual([]);
  });

  it('throws a refusal for the cashier to correct', async () => {
    serverAnswering(() => json(409, { error: { code: 'approval_required', message: 'This sale is older than 14 days: a manager must approve the return' } }));
    const refusal = await submitExchange(exchangeBody()).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 409, code: 'approval_required' });
  });
});
