import type { RouteObject } from 'react-router';
import { lazyArea } from '../i18n/lazy-area';

const inventoryScreens = lazyArea(['inventory'], () => import('./inventory-screens'));

/** /admin/products/* screens of stock (locations, movements, adjustments, transfers, stock takes, low stock). */
export const inventoryRoutes: RouteObject[] = [
  { path: 'locations', lazy: inventoryScreens('LocationsPage') },
  {
    lazy: inventoryScreens('ManagersOnly'),
    children: [
      { path: 'movements', lazy: inventoryScreens('MovementsPage') },
      { path: 'adjustments', lazy: inventoryScreens('AdjustmentsPage') },
      { path: 'adjustments/new', lazy: inventoryScreens('AdjustmentFormPage') },
      { path: 'adjustments/:adjustmentId', lazy: inventoryScreens('AdjustmentDetailPage') },
      { path: 'transfers', lazy: inventoryScreens('TransfersPage') },
      { path: 'transfers/new', lazy: inventoryScreens('TransferFormPage') },
      { path: 'transfers/:transferId', lazy: inventoryScreens('TransferDetailPage') },
      { path: 'stock-takes', lazy: inventoryScreens('StockTakesPage') },
      { path: 'stock-takes/:stockTakeId', lazy: inventoryScreens('StockTakePage') },
      { path: 'low-stock', lazy: inventoryScreens('LowStockPage') },
    ],
  },
];
