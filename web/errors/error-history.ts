import { z } from 'zod';
import { browserLocalStorage, readItem, removeItem, writeItem, type KeyValueStorage } from '../lib/browser-storage';

// Spec §9: the boundary keeps the last 5 errors; the fallback page shows the last 3. Kept in
// localStorage so the history survives the reload a visitor tries after a crash.
export const ERROR_HISTORY_STORAGE_KEY = 'dukani.errorHistory';
export const ERROR_HISTORY_LIMIT = 5;
export const ERROR_HISTORY_SHOWN = 3;

const errorHistoryEntrySchema = z.object({
  message: z.string(),
  occurredAt: z.iso.datetime(),
  source: z.enum(['render', 'uncaught', 'unhandled-rejection']),
});
export type ErrorHistoryEntry = z.infer<typeof errorHistoryEntrySchema>;

export interface ErrorHistory {
  /** Newest first; the same array until the history changes (safe for useSyncExternalStore). */
  entries(): readonly ErrorHistoryEntry[];
  record(entry: ErrorHistoryEntry): void;
  clear(): void;
  subscribe(onChange: () => void): () => void;
}

export function createErrorHistory(storage: KeyValueStorage | null, limit = ERROR_HISTORY_LIMIT): ErrorHistory {
  const listeners = new Set<() => void>();
  let cached: readonly ErrorHistoryEntry[] | null = null;

  const load = (): readonly ErrorHistoryEntry[] => {
    const raw = readItem(storage, ERROR_HISTORY_STORAGE_KEY);
    if (!raw) return [];
    try {
      const parsed = z.array(errorHistoryEntrySchema).safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data.slice(0, limit) : [];
    } catch {
      return [];
    }
  };
  const save = (next: readonly ErrorHistoryEntry[]) => {
    cached = next;
    if (next.length) writeItem(storage, ERROR_HISTORY_STORAGE_KEY, JSON.stringify(next));
    else removeItem(storage, ERROR_HISTORY_STORAGE_KEY);
    for (const listener of listeners) listener();
  };

  return {
    entries: () => (cached ??= load()),
    record: (entry) => save([entry, ...(cached ?? load())].slice(0, limit)),
    clear: () => save([]),
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}

export const errorHistory = createErrorHistory(browserLocalStorage());
