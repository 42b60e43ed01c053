import type { RouteObject } from 'react-router';

/** /admin/products/* screens of the catalog (list, form, detail, categories, brands, units). */
export const productRoutes: RouteObject[] = [];
