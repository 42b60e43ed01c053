import type { RouteObject } from 'react-router';
import { AdjustmentFormPage } from './adjustment-form-page';
import { AdjustmentDetailPage, AdjustmentsPage } from './adjustment-pages';
import { LocationsPage } from './locations-page';
import { LowStockPage } from './low-stock-page';
import { MovementsPage } from './movements-page';
import { StockTakesPage } from './stock-take-list-page';
import { StockTakePage } from './stock-take-page';
import { TransferDetailPage, TransferFormPage, TransfersPage } from './transfer-pages';

/** /admin/products/* screens of stock (locations, movements, adjustments, transfers, stock takes, low stock). */
export const inventoryRoutes: RouteObject[] = [
  { path: 'locations', element: <LocationsPage /> },
  { path: 'movements', element: <MovementsPage /> },
  { path: 'adjustments', element: <AdjustmentsPage /> },
  { path: 'adjustments/new', element: <AdjustmentFormPage /> },
  { path: 'adjustments/:adjustmentId', element: <AdjustmentDetailPage /> },
  { path: 'transfers', element: <TransfersPage /> },
  { path: 'transfers/new', element: <TransferFormPage /> },
  { path: 'transfers/:transferId', element: <TransferDetailPage /> },
  { path: 'stock-takes', element: <StockTakesPage /> },
  { path: 'stock-takes/:stockTakeId', element: <StockTakePage /> },
  { path: 'low-stock', element: <LowStockPage /> },
];
