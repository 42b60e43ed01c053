/** The platform console: one chunk, fetched on the first visit to /superadmin. */
export { SuperAdminHomePage } from './superadmin-home-page';
export { SuperAdminLayout } from './superadmin-layout';
