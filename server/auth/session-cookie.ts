import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

// better-auth signs the session cookie as encodeURIComponent(`${token}.${base64(HMAC-SHA256(token))}`)
// (better-call's signCookieValue). Reading it here, with one SQL query for session, user and
// profile, costs a fraction of auth.api.getSession on every authenticated request (measured in
// npm run bench -- accounts).

const SIGNATURE_LENGTH = 44; // bytes: base64 of a 32-byte HMAC, with padding

// The secret's key object, made once: importing a string key on every request costs more than the HMAC.
let signingKey: { secret: string; key: KeyObject } | null = null;

function signatureOf(token: string, secret: string): string {
  if (signingKey?.secret !== secret) signingKey = { secret, key: createSecretKey(Buffer.from(secret, 'utf8')) };
  return createHmac('sha256', signingKey.key).update(token).digest('base64');
}

/** The session token from a Cookie header, if its signature is valid; otherwise null. */
export function readSignedSessionToken(cookieHeader: string | null | undefined, cookieName: string, secret: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== cookieName) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const signature = value.slice(dot + 1);
    // Compared as bytes: a signature of 44 characters is not always 44 bytes, and timingSafeEqual
    // throws on unequal lengths.
    const given = Buffer.from(signature);
    if (given.length !== SIGNATURE_LENGTH) return null;
    return timingSafeEqual(given, Buffer.from(signatureOf(token, secret))) ? token : null;
  }
  return null;
}

/** A Set-Cookie header that renews the session cookie for maxAgeSeconds (sliding sessions). */
export function serializeSessionCookie(cookieName: string, token: string, secret: string, maxAgeSeconds: number, secure: boolean): string {
  const value = encodeURIComponent(`${token}.${signatureOf(token, secret)}`);
  return `${cookieName}=${value}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
