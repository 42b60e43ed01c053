import { describe, expect, it } from 'vitest';
import { isAuthPath, safeReturnPath, signInPathFor } from './redirect';

describe('sign-in redirects', () => {
  it('skips paths under /auth (spec §2)', () => {
    expect(isAuthPath('/auth')).toBe(true);
    expect(isAuthPath('/auth/callback')).toBe(true);
    expect(isAuthPath('/admin')).toBe(false);
  });

  it('keeps the guarded location, query and hash included', () => {
    const path = signInPathFor({ pathname: '/admin/dashboard', search: '?tab=1', hash: '#top' });
    expect(path).toBe('/auth?from=%2Fadmin%2Fdashboard%3Ftab%3D1%23top');
    expect(safeReturnPath(new URLSearchParams(path.split('?')[1]).get('from'))).toBe('/admin/dashboard?tab=1#top');
  });

  it.each([
    ['/admin/dashboard', '/admin/dashboard'],
    ['/profile?x=1', '/profile?x=1'],
    [null, null],
    ['', null],
    ['admin', null],
    ['//evil.example/admin', null],
    ['/\\evil.example', null],
    ['https://evil.example', null],
    ['/auth', null],
    ['/auth/callback?type=email_change', null],
    ['/reset-password?token=x', null],
    ['/forgot-password', null],
    ['/admin\n', null],
  ])('return path %j → %j', (from, expected) => {
    expect(safeReturnPath(from)).toBe(expected);
  });
});
