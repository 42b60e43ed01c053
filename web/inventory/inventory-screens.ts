/** Stock screens: one chunk, fetched on the first visit to one of them. */
export { AdjustmentFormPage } from './adjustment-form-page';
export { AdjustmentDetailPage, AdjustmentsPage } from './adjustment-pages';
export { LocationsPage } from './locations-page';
export { LowStockPage } from './low-stock-page';
export { ManagersOnly } from './managers-only';
export { MovementsPage } from './movements-page';
export { StockTakesPage } from './stock-take-list-page';
export { StockTakePage } from './stock-take-page';
export { TransferDetailPage, TransferFormPage, TransfersPage } from './transfer-pages';
