import { createHmac, timingSafeEqual } from 'node:crypto';

// Paystack signs every webhook: `x-paystack-signature` is the hex HMAC-SHA512 of the request body,
// keyed with the integration's secret key (there is no separate webhook secret). The signature covers
// the exact bytes sent, so verify the raw body before any JSON parsing.

/** The header Paystack puts its webhook signature in (lower case, as Node and Hono expose it). */
export const PAYSTACK_SIGNATURE_HEADER = 'x-paystack-signature';

const SHA512_HEX = /^[0-9a-f]{128}$/i;

/** The hex HMAC-SHA512 of the body keyed with the secret key, as Paystack computes it. */
export function signPaystackPayload(rawBody: string | Buffer, secretKey: string): string {
  if (!secretKey) throw new TypeError('A Paystack secret key is required to sign a payload');
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

/**
 * Whether the header carries a valid signature of these exact bytes. Compared in constant time;
 * false (never a throw) for a missing, malformed or wrong-length header, or an empty key.
 */
export function isValidPaystackSignature(
  rawBody: string | Buffer,
  signatureHeader: string | undefined | null,
  secretKey: string,
): boolean {
  // An empty key would make the HMAC forgeable by anyone: refuse rather than compare.
  if (!secretKey || typeof signatureHeader !== 'string' || !SHA512_HEX.test(signatureHeader)) return false;
  const expected = Buffer.from(signPaystackPayload(rawBody, secretKey), 'hex');
  const received = Buffer.from(signatureHeader, 'hex');
  return received.length === expected.length && timingSafeEqual(received, expected);
}
