import type { RouteObject } from 'react-router';
import { lazyArea } from '../i18n/lazy-area';

const accountScreens = lazyArea(['contacts', 'accounts', 'statements', 'loyalty', 'gift-cards'], () => import('./accounts-screens'));

/** /admin/customers/*: debtors, creditors and a payment's 80 mm receipt. */
export const accountRoutes: RouteObject[] = [
  { path: 'debtors', lazy: accountScreens('DebtorsPage') },
  { path: 'creditors', lazy: accountScreens('CreditorsPage') },
  { path: 'receipts/:entryId', lazy: accountScreens('PaymentReceiptPage') },
];
