import type { RouteDefinition } from '../http/routes';

// Placeholder until the issue-14 helper who owns this file fills it in.
/** The CSV import's path: its body may be as large as a product import's. */
export const CONTACT_IMPORT_PATH = /^\/api\/contacts\/import(\/|$)/;
export const contactBulkRoutes: RouteDefinition[] = [];
