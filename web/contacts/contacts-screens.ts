/** The Contacts area's other screens (form, contact page, groups): one chunk, fetched when one is opened. */
export { ContactFormPage } from './contact-form-page';
export { ContactPage } from './contact-page';
export { CustomerGroupsPage } from './customer-groups-page';
export { ContactImportPage } from './import/contact-import-page';
