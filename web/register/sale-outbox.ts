import { isApiError } from '../lib/api-client';
import { logger } from '../lib/logger';
import type { CheckoutBody } from './cart';

// The register's outbox: a completed sale whose checkout request got no answer (network down, a
// timeout, a 5xx) is kept on this device and sent again in the background, with the SAME sale id
// and `fromOutbox: true`, until the server acknowledges it (a new sale or a replay of the one it
// already has: exactly once is the server's, by the id). A refusal (4xx) is never dropped: the
// entry stays, "needs attention", until a person deals with it.
//
// Entry states: 'waiting' (to be sent: due now or backing off 1 s, 2 s, 4 s … 60 s with jitter) →
// deleted on 'done'; 'waiting' → 'needs_attention' on a refusal; 'needs_attention' → 'waiting' by
// retry(), or deleted by dismiss() (a person's decision, never automatic).
//
// One sender: within a tab, one round at a time sends one sale at a time; across tabs, each round
// holds the Web Lock 'dukani-sale-outbox' and reads the store afresh under it, and a sale is
// deleted from the store before the lock is released, so two tabs never send the same sale twice.
// Without Web Locks this tab sends alone; a rare double send is then a replay the server answers
// from the first (the sale id), never a second sale. Designed for the offline register to come:
// the store is on the device (IndexedDB), and nothing here needs the page to have started online.

export const OUTBOX_LOCK_NAME = 'dukani-sale-outbox';

export type OutboxState = 'waiting' | 'needs_attention';

/** The server's refusal, as its error answer said it (English message: show it through translateMessage). */
export interface OutboxRefusal {
  status: number;
  code: string;
  message: string;
}

export interface OutboxEntry {
  saleId: string;
  /** Exactly what is sent: the first attempt's body with fromOutbox true. */
  body: CheckoutBody;
  state: OutboxState;
  /** Epoch milliseconds. */
  queuedAt: number;
  /** Attempts so far, the first (direct) one included. */
  attempts: number;
  lastAttemptAt: number | null;
  nextAttemptAt: number;
  refusal: OutboxRefusal | null;
}

export interface OutboxStore {
  put(entry: OutboxEntry): Promise<void>;
  get(saleId: string): Promise<OutboxEntry | undefined>;
  delete(saleId: string): Promise<void>;
  list(): Promise<OutboxEntry[]>;
}

/** 'done': acknowledged (new or replayed); 'retry': no answer worth trusting; refused: a 4xx. */
export type SendResult = 'done' | 'retry' | { refused: OutboxRefusal };
/** Sends one checkout body; must settle (time out) rather than hang. */
export type SendSale = (body: CheckoutBody) => Promise<SendResult>;

/** The part of the Web Locks API (navigator.locks) the outbox uses. */
export interface OutboxLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface OutboxCounts {
  waiting: number;
  needsAttention: number;
}

export interface SaleOutboxOptions {
  store: OutboxStore;
  send: SendSale;
  /** Omitted: navigator.locks where the browser has it; null: none (this tab sends alone). */
  locks?: OutboxLocks | null;
  now?: () => number;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** In [0, 1), for the backoff's jitter. */
  random?: () => number;
  /** How often the store is read again for sales another tab left behind. */
  pollIntervalMs?: number;
  onError?: (error: unknown) => void;
}

export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 60_000;

/** The pause before attempt `attempt + 1`: 1 s, 2 s, 4 s … capped at 60 s, ±20% so tills that lost the network together do not come back together. */
export function retryDelayMs(attempt: number, random: number): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.min(RETRY_MAX_MS, Math.round(base * (0.8 + 0.4 * random)));
}

function browserLocks(): OutboxLocks | null {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? { request: <T>(name: string, callback: () => Promise<T>) => locks.request(name, callback) as Promise<T> } : null;
}

export class SaleOutbox {
  private readonly store: OutboxStore;
  private readonly send: SendSale;
  private readonly locks: OutboxLocks | null;
  private readonly now: () => number;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly random: () => number;
  private readonly pollIntervalMs: number;
  private readonly onError: (error: unknown) => void;
  private readonly listeners = new Set<() => void>();
  private counts: OutboxCounts = { waiting: 0, needsAttention: 0 };
  private nextDueAt: number | null = null;
  private started = false;
  private timer: unknown = null;
  private round: Promise<void> | null = null;
  private roundAgain = false;
  private roundAgainNow = false;

  constructor(options: SaleOutboxOptions) {
    this.store = options.store;
    this.send = options.send;
    this.locks = options.locks === undefined ? browserLocks() : options.locks;
    this.now = options.now ?? Date.now;
    this.setTimer = options.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
    this.clearTimer = options.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));
    this.random = options.random ?? Math.random;
    this.pollIntervalMs = options.pollIntervalMs ?? 30_000;
    this.onError = options.onError ?? ((error) => logger.error('sale outbox', error));
  }

  /** Starts sending in the background (what is due now, then as each sale falls due). */
  start(): Promise<void> {
    this.started = true;
    return this.runRound(false);
  }

  /** Stops sending after the sale in flight, if any. Nothing is lost: the store keeps the rest. */
  stop(): void {
    this.started = false;
    this.clearWakeUp();
  }

  /**
   * Keeps a completed sale whose request got no answer, and sends it again in the background.
   * `body` is the body of that first attempt (same id, same everything); a sale already held is left as it is.
   */
  async enqueue(body: CheckoutBody): Promise<void> {
    if (!(await this.store.get(body.id))) {
      const now = this.now();
      await this.store.put({
        saleId: body.id,
        body: { ...body, fromOutbox: true },
        state: 'waiting',
        queuedAt: now,
        attempts: 1,
        lastAttemptAt: now,
        nextAttemptAt: now + retryDelayMs(1, this.random()),
        refusal: null,
      });
    }
    await this.refresh();
    this.scheduleWakeUp();
  }

  /** Sends what is waiting now, ignoring the backoff (the network is back: the window's 'online' event). */
  sendNow(): Promise<void> {
    return this.runRound(true);
  }

  /** Puts a refused sale back in the queue, e.g. after the person signed in again. */
  async retry(saleId: string): Promise<void> {
    const entry = await this.store.get(saleId);
    if (entry?.state !== 'needs_attention') return;
    await this.store.put({ ...entry, state: 'waiting', refusal: null, nextAttemptAt: this.now() });
    await this.runRound(false);
  }

  /** Forgets a refused sale: a person has dealt with it. Waiting sales cannot be dismissed. */
  async dismiss(saleId: string): Promise<boolean> {
    const entry = await this.store.get(saleId);
    if (entry?.state !== 'needs_attention') return false;
    await this.store.delete(saleId);
    await this.refresh();
    return true;
  }

  /** Everything held, oldest first (the screen lists the ones needing attention). */
  async entries(): Promise<OutboxEntry[]> {
    return (await this.store.list()).sort((a, b) => a.queuedAt - b.queuedAt);
  }

  /** For useSyncExternalStore: the same object until the counts change. */
  getCounts = (): OutboxCounts => this.counts;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** One round at a time in this tab; a round asked for during one runs right after it. */
  private runRound(ignoreBackoff: boolean): Promise<void> {
    if (this.round) {
      this.roundAgain = true;
      this.roundAgainNow ||= ignoreBackoff;
      return this.round;
    }
    this.clearWakeUp();
    this.round = (async () => {
      let now = ignoreBackoff;
      try {
        do {
          this.roundAgain = false;
          if (this.started) await this.withLock(() => this.sendDue(now));
          now = this.roundAgainNow;
          this.roundAgainNow = false;
        } while (this.roundAgain);
        await this.refresh();
      } catch (error) {
        this.onError(error);
      } finally {
        this.round = null;
      }
      this.scheduleWakeUp();
    })();
    return this.round;
  }

  private withLock(work: () => Promise<void>): Promise<void> {
    return this.locks ? this.locks.request(OUTBOX_LOCK_NAME, work) : work();
  }

  private async sendDue(ignoreBackoff: boolean): Promise<void> {
    const entries = (await this.store.list()).filter((entry) => entry.state === 'waiting').sort((a, b) => a.queuedAt - b.queuedAt);
    for (const listed of entries) {
      if (!this.started) return;
      if (!ignoreBackoff && listed.nextAttemptAt > this.now()) continue;
      // Read again: without Web Locks another tab may have sent it since the list was read.
      const entry = await this.store.get(listed.saleId);
      if (entry?.state !== 'waiting') continue;
      const result = await this.sendOnce(entry.body);
      const at = this.now();
      const attempts = entry.attempts + 1;
      if (result === 'done') await this.store.delete(entry.saleId);
      else if (result === 'retry') await this.store.put({ ...entry, attempts, lastAttemptAt: at, nextAttemptAt: at + retryDelayMs(attempts, this.random()) });
      else await this.store.put({ ...entry, attempts, lastAttemptAt: at, state: 'needs_attention', refusal: result.refused });
      await this.refresh();
    }
  }

  private async sendOnce(body: CheckoutBody): Promise<SendResult> {
    try {
      return await this.send(body);
    } catch (error) {
      this.onError(error);
      return 'retry';
    }
  }

  private async refresh(): Promise<void> {
    const entries = await this.store.list();
    const waiting = entries.filter((entry) => entry.state === 'waiting');
    this.nextDueAt = waiting.length === 0 ? null : Math.min(...waiting.map((entry) => entry.nextAttemptAt));
    const counts = { waiting: waiting.length, needsAttention: entries.length - waiting.length };
    if (counts.waiting === this.counts.waiting && counts.needsAttention === this.counts.needsAttention) return;
    this.counts = counts;
    for (const listener of this.listeners) listener();
  }

  /** Wakes at the next sale's due time, or after the poll interval to look for sales other tabs left. */
  private scheduleWakeUp() {
    this.clearWakeUp();
    if (!this.started || this.round) return;
    const untilDue = this.nextDueAt === null ? Infinity : Math.max(0, this.nextDueAt - this.now());
    this.timer = this.setTimer(() => {
      this.timer = null;
      void this.runRound(false);
    }, Math.min(untilDue, this.pollIntervalMs));
  }

  private clearWakeUp() {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }
}

// ─── Sending ──────────────────────────────────────────────────────────────────────────────────

/** Refusals that say "not now" rather than "no": signed out (sent once signed in again), too early, too many requests. */
const TRY_AGAIN_STATUSES = new Set([401, 408, 425, 429]);

/**
 * What a failed checkout request means for the outbox: no answer (network, timeout), a 5xx or a
 * "not now" 4xx → retry; an answer the client could not read but the server accepted (2xx) → done;
 * any other 4xx (409 price_changed or sale_id_reused, 400, 402, 403, 404, 422) → refused.
 */
export function classifySendFailure(error: unknown): SendResult {
  if (!isApiError(error) || error.status === 0 || error.status >= 500 || TRY_AGAIN_STATUSES.has(error.status)) return 'retry';
  if (error.status < 400) return 'done';
  return { refused: { status: error.status, code: error.code, message: error.message } };
}

/** A SendSale over the checkout request (e.g. apiRequest to the checkout route), cut off after `timeoutMs`. */
export function checkoutSender(request: (body: CheckoutBody, signal: AbortSignal) => Promise<unknown>, timeoutMs = 20_000): SendSale {
  return async (body) => {
    try {
      await request(body, AbortSignal.timeout(timeoutMs));
      return 'done';
    } catch (error) {
      return classifySendFailure(error);
    }
  };
}

// ─── Stores ───────────────────────────────────────────────────────────────────────────────────

/** Kept in memory: tests, and a browser without IndexedDB (private modes of old browsers). */
export function memoryOutboxStore(): OutboxStore {
  const entries = new Map<string, OutboxEntry>();
  return {
    put: async (entry) => void entries.set(entry.saleId, structuredClone(entry)),
    get: async (saleId) => {
      const entry = entries.get(saleId);
      return entry && structuredClone(entry);
    },
    delete: async (saleId) => void entries.delete(saleId),
    list: async () => [...entries.values()].map((entry) => structuredClone(entry)),
  };
}

const OBJECT_STORE = 'sales';

/** Kept in this browser's IndexedDB database `dbName`, shared by its tabs and surviving a reload. */
export function indexedDbOutboxStore(dbName = 'dukani-register'): OutboxStore {
  let opened: Promise<IDBDatabase> | null = null;
  const database = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(dbName, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(OBJECT_STORE, { keyPath: 'saleId' });
      request.onsuccess = () => {
        const db = request.result;
        // Another tab upgrading the database closes this connection; the next call opens it again.
        db.onversionchange = () => {
          db.close();
          opened = null;
        };
        resolve(db);
      };
      request.onerror = () => {
        opened = null;
        reject(request.error);
      };
    }));

  async function run<T>(mode: IDBTransactionMode, operation: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const db = await database();
    return new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(OBJECT_STORE, mode);
      const request = operation(transaction.objectStore(OBJECT_STORE));
      // Resolved when the transaction commits: a put is on disk before the caller goes on.
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? request.error);
      transaction.onabort = () => reject(transaction.error ?? new Error('The outbox transaction was aborted'));
    });
  }

  return {
    put: async (entry) => void (await run('readwrite', (store) => store.put(entry))),
    get: async (saleId) => (await run<OutboxEntry | undefined>('readonly', (store) => store.get(saleId))) ?? undefined,
    delete: async (saleId) => void (await run('readwrite', (store) => store.delete(saleId))),
    list: () => run<OutboxEntry[]>('readonly', (store) => store.getAll()),
  };
}
