/** The privacy policy and terms with their layout: one chunk, fetched when either is opened. */
export { LegalLayout } from '../app/legal-layout';
export { PrivacyPage } from './privacy-page';
export { TermsPage } from './terms-page';
