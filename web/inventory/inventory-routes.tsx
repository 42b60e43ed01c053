import { Outlet, type RouteObject } from 'react-router';
import { hasTenantRole } from '../../core/auth/roles.rules';
import { useSignedInUser } from '../auth/auth-provider';
import { AdjustmentFormPage } from './adjustment-form-page';
import { AdjustmentDetailPage, AdjustmentsPage } from './adjustment-pages';
import { RoleRefusal } from './inventory-ui';
import { LocationsPage } from './locations-page';
import { LowStockPage } from './low-stock-page';
import { MovementsPage } from './movements-page';
import { StockTakesPage } from './stock-take-list-page';
import { StockTakePage } from './stock-take-page';
import { TransferDetailPage, TransferFormPage, TransfersPage } from './transfer-pages';

/**
 * Stock records and documents are for managers and owners, as the server answers: a cashier who
 * types one of these addresses sees why, and the page (and its requests) is never mounted.
 */
function ManagersOnly() {
  const user = useSignedInUser();
  if (!hasTenantRole(user.role, 'manager')) return <RoleRefusal what="stock records and documents" />;
  return <Outlet />;
}

/** /admin/products/* screens of stock (locations, movements, adjustments, transfers, stock takes, low stock). */
export const inventoryRoutes: RouteObject[] = [
  { path: 'locations', element: <LocationsPage /> },
  {
    element: <ManagersOnly />,
    children: [
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
    ],
  },
];
