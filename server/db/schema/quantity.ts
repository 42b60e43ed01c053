import { customType } from 'drizzle-orm/pg-core';
import { formatQuantity } from '../../../core/products/quantity.rules';

/**
 * A quantity: numeric(14,3) in the database (readable in SQL and reports), whole thousandths in
 * code (core/products/quantity.rules.ts), so 0.333 kg is exact on both sides.
 */
export const quantity = customType<{ data: number; driverData: string }>({
  dataType: () => 'numeric(14, 3)',
  toDriver: (milli) => formatQuantity(milli),
  fromDriver: (value) => quantityFromNumeric(String(value)),
});

/** '12.500' → 12500, '-0.250' → -250 (exact: no float arithmetic on the fraction). */
export function quantityFromNumeric(value: string): number {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const milli = Number(whole) * 1000 + Number(fraction.padEnd(3, '0').slice(0, 3));
  return negative ? -milli : milli;
}
