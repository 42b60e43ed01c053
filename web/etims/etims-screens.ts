/** eTIMS: one chunk, fetched on the first visit to /admin/etims. */
export { EtimsPage } from './etims-page';
