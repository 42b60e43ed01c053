import type { RouteObject } from 'react-router';
import { BrandsPage } from './brands-page';
import { CategoriesPage } from './categories-page';
import { ProductDetailPage } from './product-detail-page';
import { ProductFormPage } from './product-form-page';
import { ProductListPage } from './product-list-page';
import { UnitsPage } from './units-page';

/** /admin/products/* screens of the catalog (list, form, detail, categories, brands, units). */
export const productRoutes: RouteObject[] = [
  { index: true, element: <ProductListPage /> },
  { path: 'new', element: <ProductFormPage /> },
  { path: 'categories', element: <CategoriesPage /> },
  { path: 'brands', element: <BrandsPage /> },
  { path: 'units', element: <UnitsPage /> },
  { path: ':productId', element: <ProductDetailPage /> },
  { path: ':productId/edit', element: <ProductFormPage /> },
];
