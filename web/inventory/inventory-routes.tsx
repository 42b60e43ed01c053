import type { RouteObject } from 'react-router';

/** /admin/products/* screens of stock (locations, movements, adjustments, transfers, stock takes, low stock). */
export const inventoryRoutes: RouteObject[] = [];
