// Loyalty arithmetic (issue 14), shared by the server's ledger and the screens. No I/O.
// Points are whole numbers; money is integer minor units (KES cents). Earning is counted on the
// VAT-inclusive total net of discounts, at earnRateBps basis points of a point per KES 1:
// 100 bps = 0.01 point per KES = 1 point per KES 100.

/** Basis points in 1, and minor units in one KES. */
const BPS = 10_000n;
const MINOR_PER_MAJOR = 100n;

/**
 * Points a sale earns: floor(amount in KES × rate in bps ÷ 10,000), computed exactly on integers.
 * KES 1,234.50 (123,450 minor) at 100 bps: 123,450 × 100 ÷ 1,000,000 = 12.345 → 12 points.
 */
export function pointsForAmount(amountMinor: number, earnRateBps: number): number {
  if (!Number.isSafeInteger(amountMinor) || !Number.isSafeInteger(earnRateBps)) throw new RangeError('Whole numbers only');
  if (amountMinor <= 0 || earnRateBps <= 0) return 0;
  return Number((BigInt(amountMinor) * BigInt(earnRateBps)) / (BPS * MINOR_PER_MAJOR));
}

/** What points are worth when redeemed, in minor units. */
export function pointsValueMinor(points: number, pointValueMinor: number): number {
  return points * pointValueMinor;
}

/**
 * When points earned at `earnedAt` lapse: the same instant `months` calendar months later (UTC;
 * a day past the month's end falls back to its last day, 31 Jan + 1 month = 28/29 Feb), or null
 * when they never do (0).
 */
export function expiryDate(earnedAt: Date, months: number): Date | null {
  if (months <= 0) return null;
  const result = new Date(earnedAt.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** The sums the expiry needs for one customer, all as positive point counts. */
export interface ExpiryFigures {
  /** Σ earned whose expires_at ≤ now. */
  lapsedEarned: number;
  /** Σ taken out by redeem, reverse and negative adjustments. */
  consumed: number;
  /** Σ already expired. */
  alreadyExpired: number;
  /** The balance now: expiry never takes more. */
  balance: number;
}

/**
 * Points to expire now, first in first out: what was earned and has lapsed, less what was spent
 * (spending takes the oldest points first) and what an earlier run already expired. Running it
 * again after its entry is written answers 0.
 */
export function pointsToExpire(figures: ExpiryFigures): number {
  const due = figures.lapsedEarned - figures.consumed - figures.alreadyExpired;
  return Math.max(0, Math.min(due, figures.balance));
}
