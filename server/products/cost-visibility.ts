import { canSeeCosts } from '../../core/auth/roles.rules';
import type { Product, ProductList } from '../../core/products/products.schemas';

// Issue 10 item 5: what the shop paid for its goods leaves the server only for roles that may see
// it (canSeeCosts). Every product answer passes through here, whatever the route's minimum role.

/** The product as this role may see it: without cost price and average cost unless canSeeCosts. */
export function productForRole(product: Product, role: string | null): Product {
  if (canSeeCosts(role)) return product;
  return { ...product, variants: product.variants.map(({ costPriceMinor: _cost, averageCostMinor: _averageCost, ...variant }) => variant) };
}

/** A page of the list as this role may see it: without the variants' cost price unless canSeeCosts. */
export function productListForRole(list: ProductList, role: string | null): ProductList {
  if (canSeeCosts(role)) return list;
  return {
    ...list,
    items: list.items.map((item) => ({ ...item, variants: item.variants.map(({ costPriceMinor: _cost, ...variant }) => variant) })),
  };
}
