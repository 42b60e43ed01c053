import { describe, expect, it } from 'vitest';
import { emptyVariant, isDefaultUnit, singleVariantRow, variantRowsFor } from './product-form-values';
import { combineVariantOptions, optionsOfVariants, parseOptionValues } from './variant-matrix';

describe('variant options', () => {
  it('splits typed values, dropping blanks and repeats', () => {
    expect(parseOptionValues(' S, M ,, L, m ')).toEqual(['S', 'M', 'L']);
  });

  it('makes one variant per combination, named in the order typed', () => {
    const combinations = combineVariantOptions([
      { name: 'Size', values: 'S, M, L' },
      { name: 'Colour', values: 'Red, Blue' },
      { name: '', values: 'ignored' },
    ]);
    expect(combinations).toHaveLength(6);
    expect(combinations[0]).toEqual({ name: 'S / Red', options: { Size: 'S', Colour: 'Red' } });
    expect(combinations[5]).toEqual({ name: 'L / Blue', options: { Size: 'L', Colour: 'Blue' } });
    expect(combineVariantOptions([{ name: 'Size', values: ' , ' }])).toEqual([]);
  });

  it('recovers the options of saved variants', () => {
    expect(
      optionsOfVariants([
        { options: { Size: 'S', Colour: 'Red' } },
        { options: { Size: 'M', Colour: 'Red' } },
      ]),
    ).toEqual([
      { name: 'Size', values: 'S, M' },
      { name: 'Colour', values: 'Red' },
    ]);
  });

  it('keeps a row (id, SKU, barcodes, prices) whose combination stays, and prices new rows like the first', () => {
    const small = { ...emptyVariant(), id: 'a0000000-0000-4000-8000-000000000001', name: 'S', options: { Size: 'S' }, sku: 'TS-S', barcodes: ['5901234123457'], sellingPriceMinor: 50_000, costPriceMinor: 30_000 };
    const rows = variantRowsFor(combineVariantOptions([{ name: 'Size', values: 'S, M' }]), [small]);
    expect(rows[0]).toEqual(small);
    expect(rows[1]).toMatchObject({ name: 'M', options: { Size: 'M' }, sku: '', barcodes: [], sellingPriceMinor: 50_000, costPriceMinor: 30_000 });
    expect(rows[1]).not.toHaveProperty('id');
    expect(singleVariantRow(rows)).toEqual([{ ...small, name: '', options: {} }]);
  });

  it('treats only the built-in units as free', () => {
    expect(isDefaultUnit({ name: 'Kilogram', baseUnitId: null })).toBe(true);
    expect(isDefaultUnit({ name: 'Bunch', baseUnitId: null })).toBe(false);
    expect(isDefaultUnit({ name: 'Piece', baseUnitId: 'a0000000-0000-4000-8000-000000000002' })).toBe(false);
  });
});
