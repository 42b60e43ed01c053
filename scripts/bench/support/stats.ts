// Percentiles over raw samples (milliseconds). Nearest-rank: the reported value is one that was
// actually observed, which keeps small samples (a few hundred lookups) honest.

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  if (p <= 0) return Math.min(...values);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export interface LatencySummary {
  count: number;
  mean: number;
  p50: number;
  p95: number;
  p97_5: number;
  p99: number;
  max: number;
}

export function summarize(values: readonly number[]): LatencySummary {
  if (values.length === 0) {
    return { count: 0, mean: Number.NaN, p50: Number.NaN, p95: Number.NaN, p97_5: Number.NaN, p99: Number.NaN, max: Number.NaN };
  }
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1] as number;
  return {
    count: sorted.length,
    mean: sorted.reduce((sum, v) => sum + v, 0) / sorted.length,
    p50: at(50),
    p95: at(95),
    p97_5: at(97.5),
    p99: at(99),
    max: sorted[sorted.length - 1] as number,
  };
}
