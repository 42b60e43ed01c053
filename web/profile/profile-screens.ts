/** The profile page and its layout: one chunk, fetched on the first visit to /profile. */
export { ProfileLayout } from '../app/profile-layout';
export { ProfilePage } from './profile-page';
