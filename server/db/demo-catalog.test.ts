import { describe, expect, it } from 'vitest';
import type { TaxClass } from '../../core/products/tax.rules';
import { CATEGORY_SEPARATOR, DEMO_CATEGORIES, DEMO_PRODUCTS } from './demo-catalog';

// The demo catalog's VAT classes against Kenya's VAT Act 2013 schedules, as KRA's eTIMS item
// codes list them (the list Odoo ships in odoo/odoo addons/l10n_ke/data/l10n_ke.item.code.csv):
//   First Schedule, exempt: unprocessed milk (0021.11.00), fresh birds' eggs in shell (0022.11.00),
//     edible vegetables and dried pulses of chapter 7 (0023.11.00), edible fruits (0024.11.00),
//     semi- or wholly milled rice (0039.11.65), sanitary towels, pads and tampons (0039.11.57).
//   Second Schedule, zero-rated: ordinary bread (0013.12.02), milk and cream not concentrated nor
//     sweetened (0015.12.00: pasteurised and UHT milk), maize, wheat and cassava flour (0022.12.00).
// Everything else in a mini-mart (yoghurt, butter, sugar, salt, oil, soap, sweet buns) is 16%.
const SCHEDULED: Record<string, TaxClass> = {
  'BRK-FRESH-500': 'zero_rated',
  'BRK-UHT-500': 'zero_rated',
  'DAIMA-FRESH-500': 'zero_rated',
  'MILK-ATM': 'zero_rated',
  'FEST-WHITE-400': 'zero_rated',
  'FEST-BROWN-400': 'zero_rated',
  'SUPA-WHITE-600': 'zero_rated',
  'JOGOO-2KG': 'zero_rated',
  'JOGOO-1KG': 'zero_rated',
  'SOKO-2KG': 'zero_rated',
  'PEMBE-MAIZE-2KG': 'zero_rated',
  'PEMBE-WHEAT-2KG': 'zero_rated',
  'EXE-2KG': 'zero_rated',
  'EGGS-TRAY': 'exempt',
  'SUNRICE-2KG': 'exempt',
  'PISHORI-KG': 'exempt',
  'NDENGU-KG': 'exempt',
  'ALWAYS-8': 'exempt',
  'FP-TOMATO': 'exempt',
  'FP-ONION': 'exempt',
  'FP-SUKUMA': 'exempt',
  'FP-POTATO': 'exempt',
  'FP-BANANA': 'exempt',
};

const categoryOf = (sku: string) => DEMO_PRODUCTS.find((product) => product.variants.some((variant) => variant.sku === sku))?.category;

describe('the demo catalog', () => {
  it("has each product's VAT class as Kenya's schedules set it, and 16% for the rest", () => {
    const classes = Object.fromEntries(DEMO_PRODUCTS.flatMap((product) => product.variants.map((variant) => [variant.sku, product.taxClass])));
    const expected = Object.fromEntries(Object.keys(classes).map((sku) => [sku, SCHEDULED[sku] ?? 'standard']));
    expect(classes).toEqual(expected);
  });

  it('keeps sanitary pads under personal care, eggs with dairy, and names only categories it has', () => {
    expect(categoryOf('ALWAYS-8')).toBe(`Personal care${CATEGORY_SEPARATOR}Feminine care`);
    expect(categoryOf('EGGS-TRAY')).toBe('Dairy & eggs');
    const paths = new Set(DEMO_CATEGORIES.flatMap((category) => [category.name, ...category.children.map((child) => `${category.name}${CATEGORY_SEPARATOR}${child.name}`)]));
    for (const product of DEMO_PRODUCTS) expect(paths, product.name).toContain(product.category);
  });

  it('gives the categories of scheduled goods their VAT class for new products', () => {
    const defaults = Object.fromEntries(
      DEMO_CATEGORIES.flatMap((category) => [
        [category.name, category.taxClass ?? null],
        ...category.children.map((child) => [`${category.name}${CATEGORY_SEPARATOR}${child.name}`, child.taxClass ?? null]),
      ]),
    );
    expect(defaults).toMatchObject({
      'Cereals & flour › Unga': 'zero_rated',
      'Cereals & flour › Rice & pulses': 'exempt',
      Bakery: 'zero_rated',
      'Fresh produce': 'exempt',
      'Personal care › Feminine care': 'exempt',
      'Dairy & eggs': null,
      Snacks: null,
    });
  });
});
