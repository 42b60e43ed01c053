/** The Contacts area's frame and list: one chunk, fetched with the area's first visit. */
export { ContactsLayout } from './contacts-layout';
export { ContactListPage } from './contact-list-page';
