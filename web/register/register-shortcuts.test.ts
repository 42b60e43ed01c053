import { describe, expect, it } from 'vitest';
import { matchShortcut, REGISTER_ACTIONS, REGISTER_SHORTCUTS } from './register-shortcuts';

const onPage = (key: string, extra = {}) => matchShortcut({ key, targetIsEditable: false, ...extra });
const inField = (key: string, extra = {}) => matchShortcut({ key, targetIsEditable: true, ...extra });

describe('matchShortcut', () => {
  it('maps the register keys to their actions', () => {
    expect(onPage('F2')).toBe('search');
    expect(onPage('F4')).toBe('customer');
    expect(onPage('F8')).toBe('park');
    expect(onPage('F9')).toBe('pay');
    expect(onPage('F12')).toBe('express_cash');
    expect(onPage('Escape')).toBe('cancel');
    expect(onPage('+')).toBe('increase_quantity');
    expect(onPage('-')).toBe('decrease_quantity');
    expect(onPage('Delete')).toBe('remove_line');
    expect(onPage('?')).toBe('help');
    expect(onPage('F1')).toBe('help');
  });

  it('leaves + − ? and Delete to a field that takes text, but function keys and Esc always act', () => {
    expect(inField('+')).toBeNull();
    expect(inField('-')).toBeNull();
    expect(inField('?')).toBeNull();
    expect(inField('Delete')).toBeNull();
    expect(inField('F9')).toBe('pay');
    expect(inField('F12')).toBe('express_cash');
    expect(inField('F1')).toBe('help');
    expect(inField('Escape')).toBe('cancel');
  });

  it('leaves keys with Ctrl, Alt or Meta, composing keys and other keys alone; Shift is allowed', () => {
    expect(onPage('+', { ctrlKey: true })).toBeNull();
    expect(onPage('F2', { altKey: true })).toBeNull();
    expect(onPage('Delete', { metaKey: true })).toBeNull();
    expect(onPage('F9', { isComposing: true })).toBeNull();
    expect(onPage('a')).toBeNull();
    expect(onPage('Enter')).toBeNull();
    expect(onPage('F3')).toBeNull();
    expect(onPage('?', { shiftKey: true })).toBe('help');
  });

  it('lists every action once, with at least one key and keycap and no key used twice', () => {
    expect(REGISTER_SHORTCUTS.map((shortcut) => shortcut.action).sort()).toEqual([...REGISTER_ACTIONS].sort());
    const keys = REGISTER_SHORTCUTS.flatMap((shortcut) => shortcut.keys);
    expect(new Set(keys).size).toBe(keys.length);
    for (const shortcut of REGISTER_SHORTCUTS) {
      expect(shortcut.keys.length).toBeGreaterThan(0);
      expect(shortcut.keycaps.length).toBe(shortcut.keys.length);
      expect(shortcut.label.id).toBeTruthy();
    }
  });
});
