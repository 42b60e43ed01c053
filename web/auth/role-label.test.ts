import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { roleLabel } from './role-label';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('roleLabel', () => {
  it.each([
    ['admin', 'Business Owner'],
    ['manager', 'Store Manager'],
    ['cashier', 'Sales Staff'],
    ['user', 'Sales Staff'],
    ['superadmin', 'Platform Administrator'],
    ['sysadmin', 'Platform Administrator'],
    ['accountant', 'accountant'],
    [null, 'No role yet'],
  ])('%j → %s', (role, label) => {
    expect(roleLabel(role)).toBe(label);
  });

  it('reads in Kiswahili when the screen does; a role outside the mapping stays as given', async () => {
    const catalog = '../locales/sw/auth.po';
    const { messages } = (await import(/* @vite-ignore */ catalog)) as { messages: Record<string, string> };
    i18n.load('sw', messages);
    i18n.activate('sw');
    try {
      expect(roleLabel('admin')).toBe('Mmiliki wa biashara');
      expect(roleLabel('cashier')).toBe('Muuzaji');
      expect(roleLabel('superadmin')).toBe('Msimamizi wa mfumo');
      expect(roleLabel(null)).toBe('Hakuna jukumu bado');
      expect(roleLabel('accountant')).toBe('accountant');
    } finally {
      i18n.activate('en');
    }
  });
});
