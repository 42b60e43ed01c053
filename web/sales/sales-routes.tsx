import type { RouteObject } from 'react-router';
import { lazyArea } from '../i18n/lazy-area';

// The register and the shifts render inside the sales page and use the inventory area's shared
// pieces (tables, loading and error states): their catalogs come with the sales chunk.
const SALES_CATALOGS = ['sales', 'register', 'shifts', 'inventory'] as const;
const salesScreens = lazyArea(SALES_CATALOGS, () => import('./sales-screens'));
const shiftScreens = lazyArea(SALES_CATALOGS, () => import('../shifts/shift-page'));

/** /admin/sales/*: the tabs (new sale, history, shifts), a sale's page and a shift's page. */
export const salesRoutes: RouteObject[] = [
  { path: 'sales', lazy: salesScreens('SalesPage') },
  { path: 'sales/shifts/:shiftId', lazy: shiftScreens('ShiftPage') },
  { path: 'sales/:saleId', lazy: salesScreens('SalePage') },
];
