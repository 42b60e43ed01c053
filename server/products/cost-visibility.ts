import type { Product, ProductList } from '../../core/products/products.schemas';

// Issue 10 item 5: what the shop paid for its goods leaves the server only for people whose role
// holds costs.view (issue 20; the manager's and the owner's built-in roles do). Every product answer
// passes through here, whatever the route's permission.

const seesCosts = (permissions: readonly string[]) => permissions.includes('costs.view');

/** The product as this person may see it: without cost price and average cost unless they see costs. */
export function productForViewer(product: Product, permissions: readonly string[]): Product {
  if (seesCosts(permissions)) return product;
  return { ...product, variants: product.variants.map(({ costPriceMinor: _cost, averageCostMinor: _averageCost, ...variant }) => variant) };
}

/** A page of the list as this person may see it: without the variants' cost price unless they see costs. */
export function productListForViewer(list: ProductList, permissions: readonly string[]): ProductList {
  if (seesCosts(permissions)) return list;
  return {
    ...list,
    items: list.items.map((item) => ({ ...item, variants: item.variants.map(({ costPriceMinor: _cost, ...variant }) => variant) })),
  };
}
