// The reason's words moved to inventory-labels.ts (translated); kept here for the screens that import it.
export { reasonLabel } from './inventory-labels';

/** "Coca-Cola 500 ml — Crate", or the product's name alone for a simple product. */
export function productLabel(item: { productName: string; variantName: string }): string {
  return item.variantName ? `${item.productName} — ${item.variantName}` : item.productName;
}

const PERCENT_PATTERN = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** "16" → 1600, "7.5" → 750 basis points; null for anything but a percentage with at most 2 decimals. */
export function parsePercentToBasisPoints(text: string): number | null {
  const match = PERCENT_PATTERN.exec(text.trim().replace(/%$/, '').trim());
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 1600 → "16", 750 → "7.5". */
export function formatBasisPoints(basisPoints: number): string {
  const fraction = String(basisPoints % 100).padStart(2, '0').replace(/0+$/, '');
  return `${Math.trunc(basisPoints / 100)}${fraction ? `.${fraction}` : ''}`;
}
