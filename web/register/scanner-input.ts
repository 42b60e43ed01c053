import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { parseQuantity } from '../../core/products/quantity.rules';
import { MAX_QUANTITY_MILLI } from '../../core/sales/sales.schemas';

// A USB barcode scanner is a keyboard that types a code in a few milliseconds and presses Enter.
// The register listens to every keydown on the page (capture phase) and feeds it to a
// ScannerDetector, which tells it, key by key, whether to let the key through or swallow it.
//
// How keys are swallowed (buffer, then decide):
// - Every printable key without Ctrl/Alt/Meta (but a space that starts nothing: it presses the
//   focused button) is swallowed at once and held in a buffer, whatever
//   has the focus, because at the first key nobody can know yet whether a person or a scanner typed
//   it, and a scan must never land in the field that happens to have the focus.
// - If the next key comes within `maxKeyGapMs`, the burst goes on. If it ends in Enter with at
//   least `minLength` characters, the burst is a scan: `onScan(code)` and Enter is swallowed too.
// - Otherwise the buffer is given back as typing through `onTyped(text)`: when the gap passes (a
//   timer), before any key that does not continue the burst (a slow key, Backspace, an arrow, a
//   shortcut), or on `flush()`. The caller inserts the text where the person was typing (the
//   focused field, or the search field when nothing editable has the focus). A person's key thus
//   appears `maxKeyGapMs` (35 ms) later than it would: too little to see.
// - Keys are given back in the order they were typed: a buffered burst is always released before
//   the key that ended it is let through.
// - While an input method composes (Kiswahili needs none, but a phone keyboard or an IME may), the
//   detector stays out of the way: composing keys pass and end any burst as typing, so a code is
//   never cut in two by a composition (the Odoo bug). Held keys (auto-repeat) are typing too.
// A burst interrupted by a pause longer than the gap is typing, never half a scan: a code is
// emitted whole or not at all.

/** What the detector needs of a keydown (KeyboardEvent has all of these). */
export interface ScanKeyEvent {
  key: string;
  /** Milliseconds, from the event (KeyboardEvent.timeStamp). */
  timeStamp: number;
  /** The focused element takes text (input, textarea, contenteditable). */
  targetIsEditable: boolean;
  isComposing?: boolean;
  repeat?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

/** 'swallow': call preventDefault() and stopPropagation(); 'pass': leave the key alone. */
export type KeyDecision = 'swallow' | 'pass';

export interface ScannerHandlers {
  /** A complete code, typed by a scanner. */
  onScan: (code: string) => void;
  /** Keys a person typed that were held back; `targetIsEditable` is where the first of them was typed. */
  onTyped: (text: string, targetIsEditable: boolean) => void;
}

export interface ScannerOptions {
  /** Longest pause between two keys of one scan. */
  maxKeyGapMs?: number;
  /** Shortest code a scanner sends (EAN-8 is 8; short internal codes exist). */
  minLength?: number;
  /** The key(s) the scanner sends after a code. */
  terminators?: readonly string[];
  /** Injected in tests. */
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

// eslint-disable-next-line lingui/no-unlocalized-strings -- KeyboardEvent.key values, not prose
export const DEFAULT_SCANNER_OPTIONS = { maxKeyGapMs: 35, minLength: 4, terminators: ['Enter'] } as const;

/** Keys that only modify another key: a scanner presses Shift for capital letters. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- KeyboardEvent.key values, not prose
const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock', 'NumLock']);

export class ScannerDetector {
  private readonly handlers: ScannerHandlers;
  private readonly maxKeyGapMs: number;
  private readonly minLength: number;
  private readonly terminators: ReadonlySet<string>;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private buffer = '';
  private bufferTargetIsEditable = false;
  private lastKeyAt = 0;
  private timer: unknown = null;

  constructor(handlers: ScannerHandlers, options: ScannerOptions = {}) {
    this.handlers = handlers;
    this.maxKeyGapMs = options.maxKeyGapMs ?? DEFAULT_SCANNER_OPTIONS.maxKeyGapMs;
    this.minLength = options.minLength ?? DEFAULT_SCANNER_OPTIONS.minLength;
    this.terminators = new Set(options.terminators ?? DEFAULT_SCANNER_OPTIONS.terminators);
    this.setTimer = options.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
    this.clearTimer = options.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  /** Decides what happens to one keydown; call it for every keydown of the page. */
  handleKeyDown(event: ScanKeyEvent): KeyDecision {
    if (MODIFIER_KEYS.has(event.key) && !event.isComposing) return 'pass';
    const continuesBurst = this.buffer !== '' && event.timeStamp - this.lastKeyAt <= this.maxKeyGapMs;

    if (event.isComposing || event.key === 'Process' || event.key === 'Dead' || event.repeat || event.ctrlKey || event.altKey || event.metaKey) {
      this.flush();
      return 'pass';
    }

    if (this.terminators.has(event.key)) {
      if (continuesBurst && this.buffer.length >= this.minLength) {
        const code = this.buffer;
        this.reset();
        this.handlers.onScan(code);
        return 'swallow';
      }
      this.flush();
      return 'pass';
    }

    // A space that starts nothing is a person's (it presses the focused button); inside a burst it is part of the code.
    if (!isPrintable(event.key) || (event.key === ' ' && !continuesBurst)) {
      this.flush();
      return 'pass';
    }

    if (!continuesBurst) {
      this.flush();
      this.bufferTargetIsEditable = event.targetIsEditable;
    }
    this.buffer += event.key;
    this.lastKeyAt = event.timeStamp;
    this.restartTimer();
    return 'swallow';
  }

  /** Gives back what is held as typing now (focus moved, the screen closes). */
  flush(): void {
    const text = this.buffer;
    const targetIsEditable = this.bufferTargetIsEditable;
    this.reset();
    if (text) this.handlers.onTyped(text, targetIsEditable);
  }

  /** Stops the timer; what is held is given back. */
  dispose(): void {
    this.flush();
  }

  private reset() {
    this.buffer = '';
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }

  private restartTimer() {
    if (this.timer !== null) this.clearTimer(this.timer);
    // Fires just after the gap: no key came in time, so this was a person typing.
    this.timer = this.setTimer(() => {
      this.timer = null;
      this.flush();
    }, this.maxKeyGapMs + 1);
  }
}

/** One character a keyboard would type ("a", "7", "-"), not a named key ("Tab", "ArrowUp", "F2"). */
function isPrintable(key: string): boolean {
  return [...key].length === 1;
}

/** A search or scan with an optional quantity in front: "5*6001234567890", "1.5*sugar". */
export type ScanQuery = { quantityMilli: number | null; code: string };
export type ScanQueryProblem = 'quantity_zero' | 'quantity_invalid' | 'code_missing';

export const SCAN_QUERY_PROBLEM_LABELS: Record<ScanQueryProblem, MessageDescriptor> = {
  quantity_zero: msg`The quantity before * must be more than zero`,
  quantity_invalid: msg`Write the quantity before *, like 3*barcode or 1.5*barcode`,
  code_missing: msg`Scan or type the product after *`,
};

/**
 * Splits `<quantity>*<code>` (the quantity in the unit sold, up to 3 decimals); without a `*` the
 * whole text is the code and the quantity is null (the caller's default, usually 1). Whether the
 * unit allows decimals is the cart's to check (web/register/cart.ts).
 */
export function parseScanQuery(text: string): ScanQuery | { problem: ScanQueryProblem } {
  const trimmed = text.trim();
  const star = trimmed.indexOf('*');
  if (star === -1) return trimmed ? { quantityMilli: null, code: trimmed } : { problem: 'code_missing' };
  const quantityMilli = parseQuantity(trimmed.slice(0, star));
  const code = trimmed.slice(star + 1).trim();
  if (quantityMilli === null || quantityMilli > MAX_QUANTITY_MILLI || code.includes('*')) return { problem: 'quantity_invalid' };
  if (quantityMilli === 0) return { problem: 'quantity_zero' };
  if (!code) return { problem: 'code_missing' };
  return { quantityMilli, code };
}
