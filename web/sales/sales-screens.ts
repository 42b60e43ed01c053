/** The sales screens: one chunk, fetched on the first visit to /admin/sales (the register and shifts tabs are chunks of their own). */
export { SalePage } from './sale-page';
export { SalesPage } from './sales-page';
