/** Settings: one chunk, fetched on the first visit to /admin/settings. */
export { SettingsPage } from './settings-page';
