import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { formatQuantity } from '../../core/products/quantity.rules';
import type { TaxClass } from '../../core/products/tax.rules';
import { formatMinorUnits } from '../../core/settings/money.rules';
import { isDefaultUnit } from './product-form-values';

// How catalog figures read on screen: money with the shop's currency, quantities with the unit.

/** Shown with `i18n._(TAX_CLASS_LABELS[taxClass])` (useLingui from @lingui/react). */
export const TAX_CLASS_LABELS: Record<TaxClass, MessageDescriptor> = {
  standard: msg`Standard (16%)`,
  reduced: msg`Reduced (8%)`,
  zero_rated: msg`Zero-rated (0%)`,
  exempt: msg`Exempt`,
};

// Every shop starts with these units (core DEFAULT_UNITS); their stored names are English.
const BUILT_IN_UNIT_NAMES: Readonly<Record<string, MessageDescriptor>> = {
  piece: msg`Piece`,
  kilogram: msg`Kilogram`,
  litre: msg`Litre`,
  metre: msg`Metre`,
};

/** A built-in unit's name in the reader's language; a shop's own unit as the shop named it. */
export function unitName(unit: { name: string; baseUnitId: string | null }, i18n: I18n): string {
  const builtIn = isDefaultUnit(unit) ? BUILT_IN_UNIT_NAMES[unit.name.toLowerCase()] : undefined;
  return builtIn ? i18n._(builtIn) : unit.name;
}

/** "KSh 1,250.00". */
export function formatMoney(amountMinor: number, currencySymbol: string): string {
  return formatMinorUnits(amountMinor, currencySymbol);
}

/** One price, or "KSh 50.00 – KSh 120.00" when the variants differ. */
export function formatPriceRange(pricesMinor: readonly number[], currencySymbol: string): string {
  if (pricesMinor.length === 0) return '—';
  const lowest = Math.min(...pricesMinor);
  const highest = Math.max(...pricesMinor);
  if (lowest === highest) return formatMoney(lowest, currencySymbol);
  return `${formatMoney(lowest, currencySymbol)} – ${formatMoney(highest, currencySymbol)}`;
}

/** "12 pc", "1.5 kg", or the bare number without a unit. */
export function formatStock(onHandMilli: number, unitShortName: string | null): string {
  const quantity = formatQuantity(onHandMilli);
  return unitShortName ? `${quantity} ${unitShortName}` : quantity;
}

export type StockLevel = 'untracked' | 'out' | 'low' | 'ok';

/** Out when nothing (or less) is on hand, low at or below the reorder level. */
export function stockLevel(item: { trackStock: boolean; onHandMilli: number; reorderLevelMilli: number | null; isLow?: boolean }): StockLevel {
  if (!item.trackStock) return 'untracked';
  if (item.onHandMilli <= 0) return 'out';
  if (item.isLow || (item.reorderLevelMilli !== null && item.onHandMilli <= item.reorderLevelMilli)) return 'low';
  return 'ok';
}

export const STOCK_LEVEL_LABELS: Record<StockLevel, MessageDescriptor> = {
  untracked: msg`Not tracked`,
  out: msg`Out of stock`,
  low: msg`Low stock`,
  ok: msg`In stock`,
};

/** "Box of 12 (contains 12 × pc)"-style text for a pack unit; null for a base unit. */
export function packContents(baseQuantityMilli: number | null, baseUnitShortName: string | null): string | null {
  if (baseQuantityMilli === null || baseUnitShortName === null) return null;
  const quantity = formatQuantity(baseQuantityMilli);
  return t`contains ${quantity} × ${baseUnitShortName}`;
}
