/** The gift card screens: one chunk, fetched when one of them is opened. */
export { GiftCardDetailPage } from './gift-card-detail-page';
export { GiftCardListPage } from './gift-card-list-page';
export { GiftCardPrintPage } from './gift-card-print-page';
