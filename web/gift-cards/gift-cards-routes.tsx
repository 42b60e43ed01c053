import type { RouteObject } from 'react-router';
import { lazyArea } from '../i18n/lazy-area';

const giftCardScreens = lazyArea(['contacts', 'accounts', 'statements', 'loyalty', 'gift-cards'], () => import('./gift-cards-screens'));

/** /admin/customers/gift-cards/*: the list (issue, check balance), a card, its printable card. */
export const giftCardRoutes: RouteObject[] = [
  { path: 'gift-cards', lazy: giftCardScreens('GiftCardListPage') },
  { path: 'gift-cards/:giftCardId', lazy: giftCardScreens('GiftCardDetailPage') },
  { path: 'gift-cards/:giftCardId/print', lazy: giftCardScreens('GiftCardPrintPage') },
];
