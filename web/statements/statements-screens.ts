/** Statement screens: one chunk, fetched on the first visit to a statement. */
export { StatementPage } from './statement-page';
