import type { RouteObject } from 'react-router';

// Placeholder until the issue-14 helper who owns this file fills it in.
export const contactRoutes: RouteObject[] = [];
/** The layout of /admin/customers (section navigation), a lazy screen. */
export const contactsLayout: RouteObject['lazy'] = undefined;
