import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, throwingStorage } from '../test-support/memory-storage';
import { createErrorHistory, ERROR_HISTORY_LIMIT, ERROR_HISTORY_STORAGE_KEY, type ErrorHistoryEntry } from './error-history';

const entry = (n: number): ErrorHistoryEntry => ({
  message: `error ${n}`,
  occurredAt: new Date(Date.UTC(2026, 10, 21, 8, 0, n)).toISOString(),
  source: 'render',
});

describe('error history', () => {
  it('keeps the newest entries first, at most 5', () => {
    const history = createErrorHistory(createMemoryStorage());
    for (let n = 1; n <= 7; n += 1) history.record(entry(n));
    expect(ERROR_HISTORY_LIMIT).toBe(5);
    expect(history.entries().map((e) => e.message)).toEqual(['error 7', 'error 6', 'error 5', 'error 4', 'error 3']);
  });

  it('persists to storage, so a reload keeps it', () => {
    const storage = createMemoryStorage();
    createErrorHistory(storage).record(entry(1));
    expect(createErrorHistory(storage).entries()).toEqual([entry(1)]);
  });

  it('clears the entries and the stored key', () => {
    const storage = createMemoryStorage();
    const history = createErrorHistory(storage);
    history.record(entry(1));
    history.clear();
    expect(history.entries()).toEqual([]);
    expect(storage.dump()).toEqual({});
  });

  it('returns the same array until it changes, and notifies subscribers', () => {
    const history = createErrorHistory(createMemoryStorage());
    const onChange = vi.fn();
    const unsubscribe = history.subscribe(onChange);
    const before = history.entries();
    expect(history.entries()).toBe(before);
    history.record(entry(1));
    expect(history.entries()).not.toBe(before);
    expect(onChange).toHaveBeenCalledTimes(1);
    unsubscribe();
    history.clear();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('ignores stored data that is not a valid history, and trims an over-long one', () => {
    expect(createErrorHistory(createMemoryStorage({ [ERROR_HISTORY_STORAGE_KEY]: '{not json' })).entries()).toEqual([]);
    expect(
      createErrorHistory(createMemoryStorage({ [ERROR_HISTORY_STORAGE_KEY]: JSON.stringify([{ message: 1 }]) })).entries(),
    ).toEqual([]);
    const long = JSON.stringify([1, 2, 3, 4, 5, 6, 7].map(entry));
    expect(createErrorHistory(createMemoryStorage({ [ERROR_HISTORY_STORAGE_KEY]: long })).entries()).toHaveLength(5);
  });

  it('still works in memory when storage is unavailable', () => {
    const history = createErrorHistory(throwingStorage);
    history.record(entry(1));
    expect(history.entries()).toEqual([entry(1)]);
  });
});
