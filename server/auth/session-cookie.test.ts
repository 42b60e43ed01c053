import { describe, expect, it } from 'vitest';
import { readSignedSessionToken, serializeSessionCookie } from './session-cookie';

// Cookies that better-auth itself signs are read in every authenticated integration test.
const SECRET = 's'.repeat(64);
const NAME = 'dukani.session_token';
const cookiePair = (token: string, secret = SECRET) => serializeSessionCookie(NAME, token, secret, 3600, false).split(';')[0]!;

describe('session cookie', () => {
  it('round-trips a renewed cookie among other cookies', () => {
    expect(readSignedSessionToken(`sidebar_state=true; ${cookiePair('abc123token')}`, NAME, SECRET)).toBe('abc123token');
    expect(serializeSessionCookie(NAME, 't', SECRET, 60, true)).toMatch(/Max-Age=60; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
  });

  it('refuses a wrong signature, a wrong secret, and malformed values', () => {
    expect(readSignedSessionToken(cookiePair('abc123token', 'x'.repeat(64)), NAME, SECRET)).toBeNull();
    expect(readSignedSessionToken(cookiePair('abc123token').replace('abc123token', 'abc123tokeN'), NAME, SECRET)).toBeNull();
    expect(readSignedSessionToken(`${NAME}=abc`, NAME, SECRET)).toBeNull();
    expect(readSignedSessionToken(`${NAME}=%E0%A4%A`, NAME, SECRET)).toBeNull();
    expect(readSignedSessionToken('', NAME, SECRET)).toBeNull();
    expect(readSignedSessionToken(cookiePair('abc123token'), 'other', SECRET)).toBeNull();
  });

  it('refuses a signature of the right length in characters but not in bytes (issue 11 item 5)', () => {
    // 44 characters, one of them two bytes in UTF-8: timingSafeEqual would throw on the byte lengths.
    const signature = `é${'A'.repeat(42)}=`;
    expect(signature).toHaveLength(44);
    expect(readSignedSessionToken(`${NAME}=${encodeURIComponent(`abc123token.${signature}`)}`, NAME, SECRET)).toBeNull();
  });
});
