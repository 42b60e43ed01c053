import type { RouteObject } from 'react-router';
import { lazyArea } from '../i18n/lazy-area';

// The register and the shifts render inside the sales page and use the inventory area's shared
// pieces (tables, loading and error states): their catalogs come with the sales chunk.
const SALES_CATALOGS = ['sales', 'register', 'shifts', 'inventory', 'etims'] as const;
// Each screen is a chunk of its own: the register (the till's first screen) downloads neither the
// history's table nor a sale's page with its receipt and barcode printer.
const salesPageScreens = lazyArea(SALES_CATALOGS, () => import('./sales-page'));
const salePageScreens = lazyArea(SALES_CATALOGS, () => import('./sale-page'));
const shiftPageScreens = lazyArea(SALES_CATALOGS, () => import('../shifts/shift-page'));

/** /admin/sales/*: the tabs (new sale, history, shifts), a sale's page and a shift's page. */
export const salesRoutes: RouteObject[] = [
  { path: 'sales', lazy: salesPageScreens('SalesPage') },
  { path: 'sales/shifts/:shiftId', lazy: shiftPageScreens('ShiftPage') },
  { path: 'sales/:saleId', lazy: salePageScreens('SalePage') },
];
