import type { RouteObject } from 'react-router';
import { lazyArea } from '../i18n/lazy-area';

// The catalogue needs the stock catalog too: its screens show stock figures and links.
export const productListScreens = lazyArea(['products', 'inventory'], () => import('./product-list-screens'));
const productScreens = lazyArea(['products', 'inventory', 'purchases'], () => import('./products-screens'));

/** /admin/products/* screens of the catalog (list, form, detail, categories, brands, units, import, labels). */
export const productRoutes: RouteObject[] = [
  { index: true, lazy: productListScreens('ProductListPage') },
  { path: 'new', lazy: productScreens('ProductFormPage') },
  { path: 'categories', lazy: productScreens('CategoriesPage') },
  { path: 'brands', lazy: productScreens('BrandsPage') },
  { path: 'units', lazy: productScreens('UnitsPage') },
  { path: 'import', lazy: productScreens('ProductImportPage') },
  { path: 'labels', lazy: productScreens('LabelsPage') },
  { path: ':productId', lazy: productScreens('ProductDetailPage') },
  { path: ':productId/edit', lazy: productScreens('ProductFormPage') },
];
