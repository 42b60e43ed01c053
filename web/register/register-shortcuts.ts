import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// The register is keyboard-first: these keys act anywhere on the screen, and the help overlay
// (? or F1) lists them from this table. Function keys and Esc always act (no field takes them as
// text; the screen calls preventDefault so F1/F12 do not open the browser's help or tools). The
// keys that are also text (+, −, ?, Delete) act only when the focus is not in a field: typed into
// the quantity or search field they are what the person is writing.

export const REGISTER_ACTIONS = [
  'search',
  'customer',
  'park',
  'pay',
  'express_cash',
  'cancel',
  'increase_quantity',
  'decrease_quantity',
  'remove_line',
  'help',
] as const;
export type RegisterAction = (typeof REGISTER_ACTIONS)[number];

export interface RegisterShortcut {
  action: RegisterAction;
  /** KeyboardEvent.key values that trigger it. */
  keys: readonly string[];
  /** The legends on the keycaps, for the help overlay: printed on the keyboard, the same in every language. */
  keycaps: readonly string[];
  label: MessageDescriptor;
  /** Whether it also acts while the focus is in a field that takes text. */
  inEditable: boolean;
}

export const REGISTER_SHORTCUTS: readonly RegisterShortcut[] = [
  { action: 'search', keys: ['F2'], keycaps: ['F2'], label: msg`Search products or a receipt`, inEditable: true },
  { action: 'customer', keys: ['F4'], keycaps: ['F4'], label: msg`Choose the customer`, inEditable: true },
  { action: 'park', keys: ['F8'], keycaps: ['F8'], label: msg`Park the cart`, inEditable: true },
  { action: 'pay', keys: ['F9'], keycaps: ['F9'], label: msg`Pay`, inEditable: true },
  { action: 'express_cash', keys: ['F12'], keycaps: ['F12'], label: msg`Exact cash: complete the sale at once`, inEditable: true },
  // eslint-disable-next-line lingui/no-unlocalized-strings -- KeyboardEvent.key values and keycap legends, not prose
  { action: 'cancel', keys: ['Escape'], keycaps: ['Esc'], label: msg`Cancel or close`, inEditable: true },
  { action: 'increase_quantity', keys: ['+'], keycaps: ['+'], label: msg`One more of the selected line`, inEditable: false },
  { action: 'decrease_quantity', keys: ['-'], keycaps: ['−'], label: msg`One less of the selected line`, inEditable: false },
  // eslint-disable-next-line lingui/no-unlocalized-strings -- KeyboardEvent.key values and keycap legends, not prose
  { action: 'remove_line', keys: ['Delete'], keycaps: ['Del'], label: msg`Remove the selected line`, inEditable: false },
  { action: 'help', keys: ['?', 'F1'], keycaps: ['?', 'F1'], label: msg`Show the keyboard shortcuts`, inEditable: false },
];

/** What matchShortcut needs of a keydown (KeyboardEvent has all of these). */
export interface ShortcutKeyEvent {
  key: string;
  targetIsEditable: boolean;
  isComposing?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

const BY_KEY = new Map(REGISTER_SHORTCUTS.flatMap((shortcut) => shortcut.keys.map((key) => [key, shortcut] as const)));
// F1 is the help key in any field (it is never text), unlike "?".
const ALWAYS_ACTING_KEYS = new Set(['F1']);

/**
 * The register action a keydown asks for, or null. Keys with Ctrl, Alt or Meta belong to the
 * browser and the system (Shift is how + and ? are typed on most layouts), and an input method's
 * composing keys to the input method.
 */
export function matchShortcut(event: ShortcutKeyEvent): RegisterAction | null {
  if (event.isComposing || event.ctrlKey || event.altKey || event.metaKey) return null;
  const shortcut = BY_KEY.get(event.key);
  if (!shortcut) return null;
  if (event.targetIsEditable && !shortcut.inEditable && !ALWAYS_ACTING_KEYS.has(event.key)) return null;
  return shortcut.action;
}
