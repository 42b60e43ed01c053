import { createHash, randomInt } from 'node:crypto';
import { generateGiftCardCode } from '../../core/gift-cards/gift-card-code.rules';

// The server's half of gift card codes (rules in core/gift-cards/gift-card-code.rules.ts).
//
// Codes are drawn with node:crypto's randomInt: uniform over the alphabet, from the operating
// system's CSPRNG (never Math.random).
//
// Stored: SHA-256 of the normalised code (plus the last 4 in clear for screens). Why SHA-256 and
// not an HMAC keyed by a server secret:
// - The ledger is called by the register later inside its own transaction with only the code
//   (redeemGiftCard(tx, { code, … })); an unkeyed hash keeps it free of configuration.
// - The only server secret today is AUTH_SECRET, the session signing key. Rotating it (the answer
//   to a leak) must sign everyone out, not make every gift card of every shop unfindable.
// - The code is random, not chosen by a person, so there is no dictionary to try: reversing a hash
//   means searching the 12 unknown symbols (59.4 bits, the last 4 being public) — about 3 × 10^17
//   SHA-256 evaluations per card on average, GPU-years for one card's balance. What the hash
//   protects against is reading a usable code off the database, a backup or a log.
// A keyed hash with a dedicated, never-rotated secret (GIFT_CARD_SECRET) would add protection
// against a database-only leak; it is a config change left for the deployment issue.

/** A new random code: 16 symbols of the unambiguous alphabet (normalised form, no dashes). */
export function newGiftCardCode(): string {
  return generateGiftCardCode((max) => randomInt(max));
}

/** The stored form of a normalised code: hex SHA-256, with a fixed prefix so it names what it hashes. */
export function hashGiftCardCode(normalisedCode: string): string {
  return createHash('sha256').update(`dukani-gift-card:${normalisedCode}`).digest('hex');
}
