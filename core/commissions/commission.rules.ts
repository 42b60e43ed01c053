// Commissions (issue 20, docs/decisions/0025-audit-log-and-commissions.md). Pure rules: which rate
// applies to a line, and a document's commission. Money in integer cents throughout.
//
// - A rate is basis points of the line's net sale EXCLUDING VAT (Kenyan practice: VAT is the
//   taxman's money, not the shop's takings), or a fixed amount per stock unit sold (a pack of six
//   earns six units).
// - The most specific rate applies: the product's, then its category's (the nearest category up the
//   tree), then the default; at each level the person's own rate before everyone's.
// - A document (a sale, or a return clawing back) is rounded once, half up, after its lines are
//   summed exactly: no line's fraction of a cent is lost or counted twice.

export const COMMISSION_BASES = ['net_sales_bps', 'per_unit'] as const;
export type CommissionBasis = (typeof COMMISSION_BASES)[number];

export interface CommissionRate {
  userId: string | null;
  categoryId: string | null;
  productId: string | null;
  basis: CommissionBasis;
  rateBps: number | null;
  amountMinor: number | null;
}

export interface RateTarget {
  userId: string;
  productId: string;
  /** The product's category and its parents, nearest first. */
  categoryPath: readonly string[];
}

/** The rate that applies to a person's sale of a product, or null (no commission). */
export function resolveRate<R extends CommissionRate>(rates: readonly R[], target: RateTarget): R | null {
  const pick = (matches: (rate: R) => boolean) =>
    rates.find((rate) => matches(rate) && rate.userId === target.userId) ?? rates.find((rate) => matches(rate) && rate.userId === null) ?? null;
  const forProduct = pick((rate) => rate.productId === target.productId);
  if (forProduct) return forProduct;
  for (const categoryId of target.categoryPath) {
    const forCategory = pick((rate) => rate.categoryId === categoryId);
    if (forCategory) return forCategory;
  }
  return pick((rate) => rate.productId === null && rate.categoryId === null);
}

export interface CommissionLine {
  /** The line's amount excluding VAT, in cents. */
  netMinor: number;
  /** Stock units, in thousandths (1.5 kg = 1500). */
  stockQuantityMilli: number;
  rate: Pick<CommissionRate, 'basis' | 'rateBps' | 'amountMinor'> | null;
}

// Exact sums are kept in units of 1/10,000,000 of a cent: basis points (1/10,000) times
// thousandths of a unit (1/1,000) meet there without a fraction.
const SCALE = 10_000_000n;

function exactLine(line: CommissionLine): bigint {
  if (!line.rate) return 0n;
  if (line.rate.basis === 'net_sales_bps') return BigInt(line.netMinor) * BigInt(line.rate.rateBps ?? 0) * 1_000n;
  return BigInt(line.rate.amountMinor ?? 0) * BigInt(line.stockQuantityMilli) * 10_000n;
}

/** A document's commission in cents: its lines summed exactly, then rounded half up once. */
export function documentCommission(lines: readonly CommissionLine[]): number {
  const exact = lines.reduce((sum, line) => sum + exactLine(line), 0n);
  const negative = exact < 0n;
  const magnitude = negative ? -exact : exact;
  const rounded = (magnitude * 2n + SCALE) / (SCALE * 2n);
  return Number(negative ? -rounded : rounded);
}

/** A line's amount without its VAT (the VAT is included in the amount, as at the till). */
export const netOfVat = (amountMinor: number, taxMinor: number) => amountMinor - taxMinor;

/** Two closed periods of days ('YYYY-MM-DD') share a day. */
export const periodsOverlap = (a: { from: string; to: string }, b: { from: string; to: string }) => a.from <= b.to && b.from <= a.to;

const PERCENT_PATTERN = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** "5" → 500, "2.5" → 250 basis points; null past 100% or with more than two decimals. */
export function percentToBps(text: string): number | null {
  const match = PERCENT_PATTERN.exec(text.trim());
  if (!match) return null;
  const bps = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bps <= 10_000 ? bps : null;
}

/** 250 → "2.5" (for inputs and labels). */
export const bpsToPercent = (bps: number) => String(bps / 100);
