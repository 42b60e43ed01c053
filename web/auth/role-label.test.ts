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
});
