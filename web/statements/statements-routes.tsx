import type { RouteObject } from 'react-router';
import { lazyArea } from '../i18n/lazy-area';

const statementScreens = lazyArea(['contacts', 'accounts', 'statements', 'loyalty', 'gift-cards'], () => import('./statements-screens'));

/** /admin/customers/:contactId/statement: a contact's statement (screen, print, PDF, e-mail). */
export const statementRoutes: RouteObject[] = [{ path: ':contactId/statement', lazy: statementScreens('StatementPage') }];
