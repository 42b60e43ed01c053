import { ERROR_HISTORY_LIMIT, ERROR_HISTORY_STORAGE_KEY } from '../errors/error-history';
import { COOKIE_CONSENT_STORAGE_KEY } from '../lib/cookie-consent';
import { THEME_STORAGE_KEY } from '../lib/theme';
import { TENANT_SESSION_KEYS } from '../tenancy/tenant-session';

// Everything Dukani keeps in the browser, as listed by the cookie notice and the privacy policy.
export interface BrowserStorageItem {
  name: string;
  /** True when `name` is the literal cookie or storage key, false for a description. */
  isKey: boolean;
  kind: 'Cookie' | 'Local storage' | 'Session storage';
  keptFor: string;
  purpose: string;
}

export const ESSENTIAL_STORAGE: BrowserStorageItem[] = [
  {
    name: 'dukani.session_token',
    isKey: true,
    kind: 'Cookie',
    keptFor: 'Until you sign out or the session expires',
    purpose: 'Keeps you signed in. Named __Secure-dukani.session_token on a secure (https) connection.',
  },
  {
    name: 'sidebar_state',
    isKey: true,
    kind: 'Cookie',
    keptFor: '7 days',
    purpose: 'Remembers whether the admin sidebar is open or collapsed.',
  },
  {
    name: Object.values(TENANT_SESSION_KEYS).join(', '),
    isKey: true,
    kind: 'Session storage',
    keptFor: 'Until you close the tab',
    purpose: 'Which shop this address belongs to: its id, name and status.',
  },
  {
    name: COOKIE_CONSENT_STORAGE_KEY,
    isKey: true,
    kind: 'Local storage',
    keptFor: 'Until you clear it',
    purpose: 'Remembers the choice you made in the cookie notice.',
  },
  {
    name: ERROR_HISTORY_STORAGE_KEY,
    isKey: true,
    kind: 'Local storage',
    keptFor: `The last ${ERROR_HISTORY_LIMIT} errors, until you clear them`,
    purpose: 'Shows recent errors on the error page to help support. Never sent anywhere.',
  },
];

export const FUNCTIONAL_STORAGE: BrowserStorageItem[] = [
  {
    name: THEME_STORAGE_KEY,
    isKey: true,
    kind: 'Local storage',
    keptFor: 'Until you change or clear it',
    purpose: 'Your light, dark or system theme.',
  },
];
