import { DEFAULT_UNITS, type Product, type ProductInput, type Unit, type VariantInput } from '../../core/products/products.schemas';
import { sameOptions, type VariantCombination } from './variant-matrix';

// The product form's values are the API's ProductInput (money in minor units, quantities in
// thousandths): these helpers build them for a new product, from a saved one, and re-shape the
// variant rows when the options grid changes.

export type ProductFormValues = ProductInput;

export const emptyVariant = (): VariantInput => ({
  name: '',
  options: {},
  sku: '',
  barcodes: [],
  costPriceMinor: 0,
  // No price yet: the form asks for one.
  sellingPriceMinor: Number.NaN,
  priceTiers: [],
  openingStock: [],
});

export function emptyProductValues(): ProductFormValues {
  return {
    name: '',
    description: '',
    kind: 'standard',
    categoryId: null,
    brandId: null,
    unitId: null,
    taxClass: 'standard',
    pricesIncludeTax: true,
    trackStock: true,
    reorderLevelMilli: null,
    warrantyDays: null,
    tracksBatches: false,
    preferredSupplierId: null,
    status: 'active',
    variants: [emptyVariant()],
    components: [],
  };
}

export function productToFormValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    description: product.description ?? '',
    kind: product.kind,
    categoryId: product.category?.id ?? null,
    brandId: product.brand?.id ?? null,
    unitId: product.unit?.id ?? null,
    taxClass: product.taxClass,
    pricesIncludeTax: product.pricesIncludeTax,
    trackStock: product.trackStock,
    reorderLevelMilli: product.reorderLevelMilli,
    warrantyDays: product.warrantyDays,
    tracksBatches: product.tracksBatches,
    preferredSupplierId: product.preferredSupplier?.id ?? null,
    status: product.status,
    variants: product.variants.map((variant) => ({
      id: variant.id,
      name: variant.name,
      options: variant.options,
      sku: variant.sku,
      barcodes: variant.barcodes,
      costPriceMinor: variant.costPriceMinor,
      sellingPriceMinor: variant.sellingPriceMinor,
      priceTiers: variant.priceTiers,
      openingStock: [],
    })),
    components: product.components.map(({ variantId, quantityMilli }) => ({ variantId, quantityMilli })),
  };
}

/**
 * The variant rows for a new set of option combinations: a combination that already has a row
 * keeps it (its id, SKU, barcodes and prices); a new one starts with the first row's prices.
 */
export function variantRowsFor(combinations: readonly VariantCombination[], current: readonly VariantInput[]): VariantInput[] {
  const template = current[0];
  return combinations.map((combination) => {
    const existing = current.find((variant) => sameOptions(variant.options ?? {}, combination.options));
    if (existing) return { ...existing, name: combination.name, options: combination.options };
    return {
      ...emptyVariant(),
      name: combination.name,
      options: combination.options,
      costPriceMinor: template?.costPriceMinor ?? 0,
      sellingPriceMinor: template?.sellingPriceMinor ?? Number.NaN,
    };
  });
}

/** Back to one item to sell: the first row without its option name. */
export function singleVariantRow(current: readonly VariantInput[]): VariantInput[] {
  const first = current[0] ?? emptyVariant();
  return [{ ...first, name: '', options: {} }];
}

const DEFAULT_UNIT_NAMES = new Set<string>(DEFAULT_UNITS.map((unit) => unit.name.toLowerCase()));

/** Piece, kilogram, litre and metre come with every plan; packs and the shop's own units are advanced inventory. */
export function isDefaultUnit(unit: Pick<Unit, 'name' | 'baseUnitId'>): boolean {
  return unit.baseUnitId === null && DEFAULT_UNIT_NAMES.has(unit.name.toLowerCase());
}
