import { describe, expect, it } from 'vitest';
import { sanitizeVerificationCodeInput, verificationCodeSchema } from './auth.schemas';
import { deviceLabel } from './device.rules';
import {
  checkPasswordDialog,
  checkProfilePasswordForm,
  passwordStrengthLabel,
  passwordStrengthScore,
} from './password.rules';
import {
  homePathForRole,
  isPlatformAdminRole,
  isRoleAllowed,
  normalizeRole,
  roleBadgeVariant,
  roleDisplayName,
  tenantRoleRank,
} from './roles.rules';

describe('passwordStrengthScore (spec §5)', () => {
  it.each([
    ['', 0],
    ['abc', 15], // lowercase only, too short
    ['abcdefgh', 40], // 25 length + 15 lowercase
    ['abcdefgH', 55],
    ['abcdefH1', 70],
    ['abcdeH1!', 85],
    ['abcdefghijkl', 55], // 25 + 15 (≥ 12) + 15 lowercase
    ['Abcdefghij1!', 100],
    ['Abcdefghijk1!xyz', 100], // capped
    ['12345678', 40],
    ['!!!!!!!!', 40],
  ])('%j scores %i', (password, score) => {
    expect(passwordStrengthScore(password)).toBe(score);
  });
});

describe('passwordStrengthLabel (spec §5)', () => {
  it.each([
    [0, 'Weak'],
    [29, 'Weak'],
    [30, 'Fair'],
    [59, 'Fair'],
    [60, 'Good'],
    [79, 'Good'],
    [80, 'Strong'],
    [100, 'Strong'],
  ])('%i → %s', (score, label) => {
    expect(passwordStrengthLabel(score)).toBe(label);
  });
});

describe('checkPasswordDialog: checks in order (spec §5)', () => {
  it('either field empty', () => {
    expect(checkPasswordDialog('', '')).toEqual({ title: 'Missing Information', description: 'Please fill in both password fields' });
    expect(checkPasswordDialog('abcdefgh', '')).toEqual({ title: 'Missing Information', description: 'Please fill in both password fields' });
  });
  it('too short comes before mismatch', () => {
    expect(checkPasswordDialog('short', 'other')).toEqual({
      title: 'Password Too Short',
      description: 'Password must be at least 8 characters long',
    });
  });
  it('mismatch', () => {
    expect(checkPasswordDialog('abcdefgh', 'abcdefgi')).toEqual({
      title: "Passwords Don't Match",
      description: 'Please make sure both passwords are identical',
    });
  });
  it('passes when long enough and equal', () => {
    expect(checkPasswordDialog('abcdefgh', 'abcdefgh')).toBeNull();
  });
});

describe('checkProfilePasswordForm (spec §5, minimum 8 per decision 0006)', () => {
  it.each([
    ['', 'new-password', 'new-password', 'Please fill in all password fields'],
    ['current', '', '', 'Please fill in all password fields'],
    ['current', 'new-password', 'other-password', 'New passwords do not match'],
    ['current', 'short', 'short', 'New password must be at least 8 characters'],
    ['current', 'new-password', 'new-password', null],
  ])('(%j, %j, %j) → %j', (current, next, confirm, message) => {
    expect(checkProfilePasswordForm(current, next, confirm)).toBe(message);
  });
});

describe('deviceLabel (spec §5)', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36', 'Chrome'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0', 'Firefox'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari'],
    ['Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0', 'Edge'],
    ['Dalvik/2.1.0 (Linux; U; Android 13; SM-A145F Build/TP1A) Mobile', 'Mobile'],
    ['curl/8.5.0', 'Desktop Browser'],
    ['', 'Unknown device'],
    [null, 'Unknown device'],
    ['   ', 'Unknown device'],
  ])('%j → %s', (ua, label) => {
    expect(deviceLabel(ua)).toBe(label);
  });
});

describe('roles (spec §5, §6)', () => {
  it('normalises: trim, lowercase, spaces and hyphens to underscores', () => {
    expect(normalizeRole('  Super-Admin ')).toBe('super_admin');
    expect(normalizeRole('Store Manager')).toBe('store_manager');
    expect(normalizeRole(null)).toBe('');
  });

  it('knows the platform administrator roles', () => {
    for (const role of ['superadmin', 'super_admin', 'Platform Admin', 'SYSADMIN', 'super-admin']) {
      expect(isPlatformAdminRole(role)).toBe(true);
      expect(homePathForRole(role)).toBe('/superadmin');
    }
    for (const role of ['admin', 'manager', 'cashier', 'user', null]) {
      expect(isPlatformAdminRole(role)).toBe(false);
      expect(homePathForRole(role)).toBe('/admin');
    }
  });

  it.each([
    ['admin', 'Business Owner'],
    ['superadmin', 'Business Owner'],
    ['tenant admin', 'Business Owner'],
    ['tenant_admin', 'Business Owner'],
    ['owner', 'Business Owner'],
    ['Business Owner', 'Business Owner'],
    ['manager', 'Store Manager'],
    ['store manager', 'Store Manager'],
    ['user', 'Sales Staff'],
    ['cashier', 'Sales Staff'],
    ['sales staff', 'Sales Staff'],
    ['accountant', 'accountant'],
  ])('display name of %j is %j', (role, label) => {
    expect(roleDisplayName(role)).toBe(label);
  });

  it('badge colours', () => {
    expect(roleBadgeVariant('superadmin')).toBe('destructive');
    expect(roleBadgeVariant('admin')).toBe('default');
    expect(roleBadgeVariant('manager')).toBe('accent');
    expect(roleBadgeVariant('cashier')).toBe('secondary');
    expect(roleBadgeVariant('accountant')).toBe('outline');
  });

  it('guard role check: no roles given, no role yet, superadmin/admin, mapped or raw match', () => {
    expect(isRoleAllowed('cashier')).toBe(true);
    expect(isRoleAllowed(null, ['manager'])).toBe(true);
    expect(isRoleAllowed('admin', ['manager'])).toBe(true);
    expect(isRoleAllowed('superadmin', ['cashier'])).toBe(true);
    expect(isRoleAllowed('store manager', ['Store Manager'])).toBe(true);
    expect(isRoleAllowed('manager', ['manager'])).toBe(true);
    expect(isRoleAllowed('cashier', ['Sales Staff'])).toBe(true);
    expect(isRoleAllowed('cashier', ['manager'])).toBe(false);
  });

  it('tenant role ranks: cashier < manager < admin; platform admins pass', () => {
    expect(['user', 'cashier', 'sales staff', 'manager', 'Store Manager', 'admin', 'Owner', 'superadmin'].map(tenantRoleRank)).toEqual([1, 1, 1, 2, 2, 3, 3, 3]);
    expect(tenantRoleRank('accountant')).toBe(0);
    expect(tenantRoleRank(null)).toBe(0);
  });
});

describe('verification code (spec §5)', () => {
  it('accepts exactly 6 digits', () => {
    expect(verificationCodeSchema.safeParse('123456').success).toBe(true);
    for (const code of ['12345', '1234567', '12a456', '', '12 456']) {
      const result = verificationCodeSchema.safeParse(code);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Please enter a valid 6-digit code');
    }
  });
  it('the input keeps digits only, at most 6', () => {
    expect(sanitizeVerificationCodeInput('12a3-45678')).toBe('123456');
    expect(sanitizeVerificationCodeInput('abc')).toBe('');
  });
});
