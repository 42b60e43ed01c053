import type { RouteObject } from 'react-router';
import { LabelsPage } from '../labels/labels-page';
import { ProductImportPage } from './product-import-page';

/** /admin/products/import and /admin/products/labels. */
export const productBulkRoutes: RouteObject[] = [
  { path: 'import', element: <ProductImportPage /> },
  { path: 'labels', element: <LabelsPage /> },
];
