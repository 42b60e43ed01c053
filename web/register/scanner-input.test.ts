import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseScanQuery, ScannerDetector, type KeyDecision, type ScanKeyEvent } from './scanner-input';

// Keystrokes are simulated on a fake clock: each key's timeStamp is the fake time at which it is
// fed, and the detector's own timer (the end of a burst) runs on the same fake clock.

interface Recorder {
  detector: ScannerDetector;
  scans: string[];
  typed: { text: string; targetIsEditable: boolean }[];
  /** Feeds keys `gapMs` apart, starting `startDelayMs` after the previous key; returns each decision. */
  type: (keys: string[], gapMs: number, options?: { startDelayMs?: number; targetIsEditable?: boolean; extra?: Partial<ScanKeyEvent> }) => KeyDecision[];
  wait: (ms: number) => void;
}

function recorder(options?: ConstructorParameters<typeof ScannerDetector>[1]): Recorder {
  const scans: string[] = [];
  const typed: { text: string; targetIsEditable: boolean }[] = [];
  const detector = new ScannerDetector({ onScan: (code) => scans.push(code), onTyped: (text, targetIsEditable) => typed.push({ text, targetIsEditable }) }, options);
  let now = 1_000;
  const wait = (ms: number) => {
    vi.advanceTimersByTime(ms);
    now += ms;
  };
  const type: Recorder['type'] = (keys, gapMs, { startDelayMs = 1_000, targetIsEditable = false, extra = {} } = {}) =>
    keys.map((key, index) => {
      wait(index === 0 ? startDelayMs : gapMs);
      return detector.handleKeyDown({ key, timeStamp: now, targetIsEditable, ...extra });
    });
  return { detector, scans, typed, type, wait };
}

const EAN = '6001234567890';
const keysOf = (text: string) => [...text];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ScannerDetector', () => {
  it('recognises a 13-digit EAN typed 8 ms apart and ending in Enter as one scan, swallowing every key', () => {
    const r = recorder();
    const decisions = r.type([...keysOf(EAN), 'Enter'], 8);
    r.wait(1_000);
    expect(r.scans).toEqual([EAN]);
    expect(r.typed).toEqual([]);
    expect(decisions.every((decision) => decision === 'swallow')).toBe(true);
  });

  it('gives a person typing "sugar" 150 ms apart back as typing, key by key, and never scans', () => {
    const r = recorder();
    r.type(keysOf('sugar'), 150, { targetIsEditable: true });
    r.wait(1_000);
    expect(r.scans).toEqual([]);
    expect(r.typed.map((entry) => entry.text).join('')).toBe('sugar');
    expect(r.typed.every((entry) => entry.targetIsEditable)).toBe(true);
  });

  it('lets a person’s Enter through after giving back what they typed', () => {
    const r = recorder();
    const decisions = r.type([...keysOf('milk'), 'Enter'], 150, { targetIsEditable: true });
    expect(r.typed.map((entry) => entry.text).join('')).toBe('milk');
    expect(decisions.at(-1)).toBe('pass');
    expect(r.scans).toEqual([]);
  });

  it('swallows a scan made while an input field has the focus (nothing lands in the field) and emits it', () => {
    const r = recorder();
    const decisions = r.type([...keysOf(EAN), 'Enter'], 8, { targetIsEditable: true });
    r.wait(1_000);
    expect(decisions).toEqual(Array(EAN.length + 1).fill('swallow'));
    expect(r.typed).toEqual([]);
    expect(r.scans).toEqual([EAN]);
  });

  it('emits two scans made back to back as two codes', () => {
    const r = recorder();
    r.type([...keysOf(EAN), 'Enter'], 8);
    r.type([...keysOf('5000112637922'), 'Enter'], 8, { startDelayMs: 40 });
    r.wait(1_000);
    expect(r.scans).toEqual([EAN, '5000112637922']);
    expect(r.typed).toEqual([]);
  });

  it('treats a burst interrupted by a long pause as typing: no half code is ever scanned', () => {
    const r = recorder();
    r.type(keysOf('600123'), 8);
    r.type([...keysOf('4567890'), 'Enter'], 8, { startDelayMs: 200 });
    r.wait(1_000);
    expect(r.scans).toEqual(['4567890']);
    expect(r.typed).toEqual([{ text: '600123', targetIsEditable: false }]);
  });

  it('gives back a pause-interrupted burst before the next key even when the timer is late', () => {
    // A busy page: the next key's event arrives before the release timer has run.
    const timers: (() => void)[] = [];
    const r = recorder({ setTimeout: (callback) => timers.push(callback), clearTimeout: () => undefined });
    r.type(keysOf('ab'), 10);
    const decisions = r.type(['c'], 0, { startDelayMs: 100 });
    expect(decisions).toEqual(['swallow']);
    expect(r.typed.map((entry) => entry.text)).toEqual(['ab']);
  });

  it('does not scan a fast burst shorter than the minimum length; its Enter passes', () => {
    const r = recorder();
    const decisions = r.type(['1', '2', 'Enter'], 8);
    expect(r.scans).toEqual([]);
    expect(r.typed.map((entry) => entry.text)).toEqual(['12']);
    expect(decisions.at(-1)).toBe('pass');
  });

  it('follows the configured gap and minimum length', () => {
    const r = recorder({ maxKeyGapMs: 60, minLength: 8 });
    r.type([...keysOf('1234567'), 'Enter'], 50);
    r.type([...keysOf('12345678'), 'Enter'], 50);
    expect(r.scans).toEqual(['12345678']);
    expect(r.typed.map((entry) => entry.text)).toEqual(['1234567']);
  });

  it('keeps Shift (sent by a scanner for capitals) inside a burst', () => {
    const r = recorder();
    const decisions = r.type(['Shift', 'A', 'B', 'Shift', 'C', '1', '2', 'Enter'], 5);
    expect(decisions[0]).toBe('pass');
    expect(r.scans).toEqual(['ABC12']);
  });

  it('ignores composing keys and ends a burst as typing when a composition starts', () => {
    const r = recorder();
    r.type(keysOf('600'), 8);
    const composing = r.type(['1', '2'], 8, { startDelayMs: 8, extra: { isComposing: true } });
    const rest = r.type([...keysOf('34567'), 'Enter'], 8, { startDelayMs: 8 });
    expect(composing).toEqual(['pass', 'pass']);
    expect(r.typed.map((entry) => entry.text)).toEqual(['600']);
    expect(r.scans).toEqual(['34567']);
    expect(rest.at(-1)).toBe('swallow');
  });

  it('lets shortcuts, named keys and a space that starts nothing through, releasing what was held first', () => {
    const r = recorder();
    r.type(['a'], 0, { targetIsEditable: true });
    expect(r.type(['Backspace'], 5)).toEqual(['pass']);
    expect(r.typed).toEqual([{ text: 'a', targetIsEditable: true }]);
    expect(r.type(['c'], 0, { extra: { ctrlKey: true } })).toEqual(['pass']);
    expect(r.type(['F9'], 0)).toEqual(['pass']);
    expect(r.type([' '], 0)).toEqual(['pass']);
    expect(r.type(['x'], 0, { extra: { repeat: true } })).toEqual(['pass']);
  });

  it('keeps a space inside a fast burst as part of the code', () => {
    const r = recorder();
    r.type([...keysOf('AB 1234'), 'Enter'], 8);
    expect(r.scans).toEqual(['AB 1234']);
  });

  it('gives back what it holds on flush', () => {
    const r = recorder();
    r.type(keysOf('ab'), 5, { targetIsEditable: true });
    r.detector.flush();
    expect(r.typed).toEqual([{ text: 'ab', targetIsEditable: true }]);
    r.wait(1_000);
    expect(r.typed).toHaveLength(1);
  });
});

describe('parseScanQuery', () => {
  it('reads a whole or decimal quantity before *', () => {
    expect(parseScanQuery(`5*${EAN}`)).toEqual({ quantityMilli: 5_000, code: EAN });
    expect(parseScanQuery('1.5*sugar')).toEqual({ quantityMilli: 1_500, code: 'sugar' });
    expect(parseScanQuery(' 0.25 * 2001 ')).toEqual({ quantityMilli: 250, code: '2001' });
  });

  it('takes text without * as the code with no quantity', () => {
    expect(parseScanQuery(` ${EAN} `)).toEqual({ quantityMilli: null, code: EAN });
  });

  it('refuses a zero quantity, a malformed one and a missing code', () => {
    expect(parseScanQuery(`0*${EAN}`)).toEqual({ problem: 'quantity_zero' });
    expect(parseScanQuery(`0.000*${EAN}`)).toEqual({ problem: 'quantity_zero' });
    expect(parseScanQuery(`*${EAN}`)).toEqual({ problem: 'quantity_invalid' });
    expect(parseScanQuery(`-1*${EAN}`)).toEqual({ problem: 'quantity_invalid' });
    expect(parseScanQuery(`1.2345*${EAN}`)).toEqual({ problem: 'quantity_invalid' });
    expect(parseScanQuery(`two*${EAN}`)).toEqual({ problem: 'quantity_invalid' });
    expect(parseScanQuery(`2*3*${EAN}`)).toEqual({ problem: 'quantity_invalid' });
    expect(parseScanQuery(`99999999999*${EAN}`)).toEqual({ problem: 'quantity_invalid' });
    expect(parseScanQuery('5*')).toEqual({ problem: 'code_missing' });
    expect(parseScanQuery('  ')).toEqual({ problem: 'code_missing' });
  });
});
