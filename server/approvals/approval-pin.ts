import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// A manager's approval PIN (4 to 6 digits) is stored as an scrypt hash with its own random salt and
// the cost parameters written into the stored string, so the cost can rise later without breaking
// the PINs already set: "scrypt$N$r$p$salt$hash" (salt and hash base64url). Guessing is held back by
// the lock after 5 misses, not by the hash alone: a PIN has at most a million values.

const SCHEME = 'scrypt';
const COST = { N: 16_384, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

function deriveKey(pin: string, salt: Buffer, options: { N: number; r: number; p: number }): Promise<Buffer> {
  const scryptOptions: ScryptOptions = { ...options, maxmem: 256 * options.N * options.r };
  return new Promise((resolve, reject) => {
    scrypt(pin.normalize('NFKC'), salt, KEY_BYTES, scryptOptions, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** The stored form of a PIN: a fresh salt and the current cost every time. */
export async function hashApprovalPin(pin: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(pin, salt, COST);
  return [SCHEME, COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether the PIN matches the stored hash; compared in constant time. A malformed hash matches nothing. */
export async function verifyApprovalPin(pin: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== SCHEME) return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((value) => Number.isSafeInteger(value) && value > 0)) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (salt.length === 0 || expected.length !== KEY_BYTES) return false;
  const actual = await deriveKey(pin, salt, { N, r, p });
  return timingSafeEqual(actual, expected);
}
