/**
 * The catalogue's frame and its list: what /admin/products needs, in a chunk of its own. The form,
 * detail, reference lists, import and labels come in products-screens.ts when opened.
 */
export { ProductListPage } from './product-list-page';
export { ProductsLayout } from './products-layout';
