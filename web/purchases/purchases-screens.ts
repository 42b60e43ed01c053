// The /admin/purchases screens, loaded as one lazy area with the `purchases` catalog.
export { PurchasesLayout } from './purchases-layout';
export { OrderListPage } from './order-pages';
export { OrderPage } from './order-page';
export { OrderFormPage } from './order-form-page';
export { ReorderPage } from './reorder-page';
export { ReceiptFormPage } from './receipt-form-page';
export { ReceiptListPage, ReceiptPage, ExpiringSoonPage } from './receipt-pages';
export { BillListPage, BillPage, ServiceBillFormPage } from './bill-pages';
export { SupplierReturnListPage, SupplierReturnFormPage, SupplierReturnPage } from './supplier-return-pages';
export { ExpenseListPage, ExpenseFormPage, ExpensePage } from './expense-pages';
