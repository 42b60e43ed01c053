import { useEffect, useSyncExternalStore } from 'react';
import { checkoutResultSchema } from '../../core/sales/sales.schemas';
import { apiRequest } from '../lib/api-client';
import type { CheckoutBody } from './cart';
import { checkoutSender, indexedDbOutboxStore, memoryOutboxStore, SaleOutbox, type OutboxCounts } from './sale-outbox';

// The register's outbox in this tab: one SaleOutbox, made the first time a register screen (or
// its payment) needs it, started when the register screen mounts, and kept sending until the tab
// closes — a sale waiting to be sent must not wait for the cashier to come back to the register.

export const CHECKOUT_PATH = '/api/sales';

/** The checkout request the register sends, first attempt and outbox retries alike. */
export function postCheckout(body: CheckoutBody, signal?: AbortSignal) {
  return apiRequest(CHECKOUT_PATH, { method: 'POST', body, schema: checkoutResultSchema, ...(signal ? { signal } : {}) });
}

let tabOutbox: SaleOutbox | null = null;

/** This tab's outbox (IndexedDB where the browser has it, else kept in memory). */
export function saleOutbox(): SaleOutbox {
  tabOutbox ??= new SaleOutbox({
    store: typeof indexedDB === 'undefined' ? memoryOutboxStore() : indexedDbOutboxStore(),
    send: checkoutSender(postCheckout),
  });
  return tabOutbox;
}

/**
 * The tab's outbox, started, and its counts (re-rendering when they change): `waiting` sales are
 * being sent again in the background; `needsAttention` ones were refused and wait for a person.
 * Coming back online sends what is waiting at once rather than at its next backoff.
 */
export function useSaleOutbox(): { outbox: SaleOutbox; counts: OutboxCounts } {
  const outbox = saleOutbox();
  useEffect(() => {
    void outbox.start();
    const sendNow = () => void outbox.sendNow();
    window.addEventListener('online', sendNow);
    return () => window.removeEventListener('online', sendNow);
  }, [outbox]);
  const counts = useSyncExternalStore(outbox.subscribe, outbox.getCounts, outbox.getCounts);
  return { outbox, counts };
}
