import type { RouteObject } from 'react-router';

/** /admin/products/import and /admin/products/labels. */
export const productBulkRoutes: RouteObject[] = [];
