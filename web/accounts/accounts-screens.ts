/** Credit account screens: one chunk, fetched on the first visit to one of them. */
export { CreditorsPage, DebtorsPage } from './balance-list-page';
export { PaymentReceiptPage } from './receipt-page';
