import { t } from '@lingui/core/macro';
import { formatQuantity, parseQuantity, QUANTITY_SCALE } from '../../core/products/quantity.rules';

// The lines of a stock form (adjustment, transfer) while they are typed: quantities stay text
// until the form is sent, so "1." or "" can be on screen without being a number yet.

export interface PickedVariant {
  productId: string;
  productName: string;
  variantId: string;
  variantName: string;
  sku: string;
}

export type StockDirection = 'remove' | 'add';

export interface StockLine extends PickedVariant {
  quantityText: string;
  /** Adjustments only: whether the quantity leaves or joins the stock. */
  direction: StockDirection;
}

/** A quantity typed on a line as thousandths, or why it cannot be used (in the current language). */
export function readLineQuantity(text: string, allowsDecimals: boolean): { milli: number } | { problem: string } {
  if (text.trim() === '') return { problem: t`Enter a quantity` };
  const milli = parseQuantity(text);
  if (milli === null) return { problem: allowsDecimals ? t`Enter a quantity like 2 or 1.5` : t`Enter a whole number like 2` };
  if (milli === 0) return { problem: t`Enter a quantity more than 0` };
  if (!allowsDecimals && milli % QUANTITY_SCALE !== 0) return { problem: t`This product is counted in whole pieces` };
  return { milli };
}

/**
 * A picked product joins the lines: a new line with 1, or one more on its existing line (a
 * scanner's second beep of the same barcode). Returns the lines and the variant's line index.
 */
export function addOrIncrement(lines: StockLine[], picked: PickedVariant, direction: StockDirection): { lines: StockLine[]; index: number } {
  const index = lines.findIndex((line) => line.variantId === picked.variantId);
  if (index === -1) return { lines: [...lines, { ...picked, quantityText: '1', direction }], index: lines.length };
  const current = parseQuantity(lines[index]!.quantityText) ?? 0;
  const next = lines.map((line, position) => (position === index ? { ...line, quantityText: formatQuantity(current + QUANTITY_SCALE) } : line));
  return { lines: next, index };
}

export interface DocumentErrors {
  /** By variant id: shown on the line. */
  lines: Record<string, string>;
  /** By top-level field (locationId, reason, …): shown beside the field. */
  fields: Record<string, string>;
  /** What belongs to no line or field (e.g. "Add at least one product"). */
  form: string | null;
}

/**
 * A refused document's field messages placed on the form: the ledger names a line by its
 * variant id ("Not enough stock of …"), the schema by its position ("lines.2.quantityMilli").
 */
export function placeDocumentErrors(message: string, fields: Record<string, string[]> | undefined, lines: readonly { variantId: string }[]): DocumentErrors {
  const placed: DocumentErrors = { lines: {}, fields: {}, form: null };
  const variantIds = new Set(lines.map((line) => line.variantId));
  for (const [key, messages] of Object.entries(fields ?? {})) {
    const text = messages[0];
    if (!text) continue;
    const position = /^lines\.(\d+)(?:\.|$)/.exec(key);
    const line = position ? lines[Number(position[1])] : undefined;
    if (variantIds.has(key)) placed.lines[key] ??= text;
    else if (line) placed.lines[line.variantId] ??= text;
    else if (key === '_' || key === 'lines') placed.form ??= text;
    else placed.fields[key.split('.')[0]!] ??= text;
  }
  if (Object.keys(placed.lines).length === 0 && Object.keys(placed.fields).length === 0) placed.form ??= message;
  return placed;
}
