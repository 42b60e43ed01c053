/** Communications: one chunk, fetched on the first visit to /admin/communications. */
export { CommunicationsPage } from './communications-page';
