import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { PricedCart } from '../../core/sales/pricing.rules';
import { saleSchema, type Sale, type SaleQuote, type SaleReturn } from '../../core/sales/sales.schemas';
import { apiRequest } from '../lib/api-client';
import { createExchange } from '../sales/sales.api';
import { toCheckoutBody, toExchangeBody, type CartState, type CheckoutBody, type PaymentInput } from './cart';
import type { ExchangeBody, RefundInput } from './exchange-credit';
import { classifySendFailure } from './sale-outbox';
import { postCheckout, saleOutbox } from './use-sale-outbox';

// Completing a sale at the register: the first attempt goes straight to the server; when it gets
// no answer (the network dropped, a timeout, a 5xx) the very same body — same sale id — goes to
// the outbox and is sent again in the background until acknowledged, so the customer is never
// kept waiting and the sale is never made twice. A refusal (4xx: nothing was written) is thrown
// for the screen to show and correct.

/** The customer as the register's quote shows them (balance, deposit, limit, points). */
export type PaymentCustomer = NonNullable<SaleQuote['customer']>;

/** Where the sale is made, and for whom. */
export interface SaleContext {
  registerId: string;
  shiftId: string;
  customer: PaymentCustomer | null;
}

/** How long the first attempt waits before the sale is handed to the outbox. */
export const FIRST_ATTEMPT_TIMEOUT_MS = 15_000;

export type SubmitResult = Sale | 'queued';

/** The sale the server holds under this id (an answer that was lost on its way back). */
function readSale(saleId: string) {
  return apiRequest(`/api/sales/${encodeURIComponent(saleId)}`, { schema: saleSchema });
}

/**
 * Sends a checkout body once and answers the sale, or 'queued' when the attempt got no answer
 * and the outbox now holds it. Throws the ApiError of a refusal.
 */
export async function submitSale(body: CheckoutBody): Promise<SubmitResult> {
  try {
    return (await postCheckout(body, AbortSignal.timeout(FIRST_ATTEMPT_TIMEOUT_MS))).sale;
  } catch (error) {
    const outcome = classifySendFailure(error);
    if (typeof outcome === 'object') throw error;
    if (outcome === 'done') {
      // Accepted, but the answer could not be read: the sale is on the server under its id.
      try {
        return await readSale(body.id);
      } catch {
        // Read it back later: the outbox's resend is answered as a replay, never a second sale.
      }
    }
    await saleOutbox().enqueue(body);
    return 'queued';
  }
}

export type ExchangeSubmitResult = { sale: Sale; saleReturn: SaleReturn } | 'unconfirmed';

/**
 * Sends an exchange once. The outbox holds sales only, so an exchange is sent online: an attempt
 * that gets no answer answers 'unconfirmed', and the register keeps the cart frozen with this
 * body for the cashier to send again (the same return id: never a second exchange). Throws the
 * ApiError of a refusal.
 */
export async function submitExchange(body: ExchangeBody): Promise<ExchangeSubmitResult> {
  try {
    const { sale, saleReturn } = await createExchange(body, AbortSignal.timeout(FIRST_ATTEMPT_TIMEOUT_MS));
    return { sale, saleReturn };
  } catch (error) {
    if (typeof classifySendFailure(error) === 'object') throw error;
    return 'unconfirmed';
  }
}

/** After a sale, the figures that changed: history, shifts, the customer's account and points, stock. */
export function useRefreshAfterSale() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        ['sales', 'shifts', 'registers', 'accounts', 'loyalty', 'contacts', 'gift-cards', 'inventory', 'products'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
    [queryClient],
  );
}

/** The checkout body for a cart paid by these payments, rung up now (or the frozen body of an earlier attempt). */
export function checkoutBodyFor(cart: CartState, priced: PricedCart, context: SaleContext, payments: PaymentInput[]): CheckoutBody {
  return toCheckoutBody(cart, priced, { registerId: context.registerId, shiftId: context.shiftId, payments, ringUpAt: new Date().toISOString() });
}

/** The exchange body for a cart with an exchange credit, paid by these payments (or the frozen body of an earlier attempt). */
export function exchangeBodyFor(cart: CartState, priced: PricedCart, context: SaleContext, payments: PaymentInput[], refunds: RefundInput[] | null): ExchangeBody {
  return toExchangeBody(cart, priced, { registerId: context.registerId, shiftId: context.shiftId, payments, ringUpAt: new Date().toISOString(), refunds });
}

/**
 * Express cash (F12): the customer hands over the exact total in cash; no payment screen. Answers
 * the sale, or 'queued' when it went to the outbox; throws a refusal (ApiError), or an Error
 * for a cart that still needs a manager's approval (check pendingApprovals first).
 */
export function useExpressCash(): (cart: CartState, priced: PricedCart, context: SaleContext) => Promise<SubmitResult> {
  const refresh = useRefreshAfterSale();
  return useCallback(
    async (cart, priced, context) => {
      const body = checkoutBodyFor(cart, priced, context, [{ tender: 'cash', amountMinor: priced.totalMinor, tenderedMinor: priced.totalMinor }]);
      const result = await submitSale(body);
      void refresh();
      return result;
    },
    [refresh],
  );
}
