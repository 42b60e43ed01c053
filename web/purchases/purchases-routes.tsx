import { Navigate, type RouteObject } from 'react-router';
import { lazyArea } from '../i18n/lazy-area';

// The screens use the stock screens' tables, pickers and money fields: their catalogs come along.
const purchasesScreens = lazyArea(['purchases', 'inventory', 'products'], () => import('./purchases-screens'));

/** /admin/purchases: the tabs' frame (managers and owners only), a lazy screen. */
export const purchasesLayout: RouteObject['lazy'] = purchasesScreens('PurchasesLayout');

/** /admin/purchases/*: orders, receipts, bills, returns to suppliers, expenses and the reorder tab. */
export const purchaseRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="orders" replace /> },
  { path: 'orders', lazy: purchasesScreens('OrderListPage') },
  { path: 'orders/new', lazy: purchasesScreens('OrderFormPage') },
  { path: 'orders/:orderId', lazy: purchasesScreens('OrderPage') },
  { path: 'orders/:orderId/edit', lazy: purchasesScreens('OrderFormPage') },
  { path: 'receipts', lazy: purchasesScreens('ReceiptListPage') },
  { path: 'receipts/new', lazy: purchasesScreens('ReceiptFormPage') },
  { path: 'receipts/expiring', lazy: purchasesScreens('ExpiringSoonPage') },
  { path: 'receipts/:receiptId', lazy: purchasesScreens('ReceiptPage') },
  { path: 'bills', lazy: purchasesScreens('BillListPage') },
  { path: 'bills/new', lazy: purchasesScreens('ServiceBillFormPage') },
  { path: 'bills/:billId', lazy: purchasesScreens('BillPage') },
  { path: 'returns', lazy: purchasesScreens('SupplierReturnListPage') },
  { path: 'returns/new', lazy: purchasesScreens('SupplierReturnFormPage') },
  { path: 'returns/:returnId', lazy: purchasesScreens('SupplierReturnPage') },
  { path: 'expenses', lazy: purchasesScreens('ExpenseListPage') },
  { path: 'expenses/new', lazy: purchasesScreens('ExpenseFormPage') },
  { path: 'expenses/:expenseId', lazy: purchasesScreens('ExpensePage') },
  { path: 'reorder', lazy: purchasesScreens('ReorderPage') },
];
