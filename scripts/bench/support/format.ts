// Number formatting shared by the suites' tables and summary lines.

export const formatMs = (ms: number) => (Number.isFinite(ms) ? `${ms < 10 ? ms.toFixed(2) : ms.toFixed(1)} ms` : 'n/a');
export const formatRps = (rps: number) => `${Math.round(rps).toLocaleString('en-US')} req/s`;
export const formatMb = (mb: number) => (Number.isFinite(mb) ? `${mb.toFixed(1)} MB` : 'n/a');
export const formatRatio = (ratio: number) => (Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : 'n/a');
export const formatPercent = (fraction: number) => (Number.isFinite(fraction) ? `${Math.round(fraction * 100)}%` : 'n/a');
export const formatSeconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
