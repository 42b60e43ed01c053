import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { ERROR_HISTORY_LIMIT, ERROR_HISTORY_STORAGE_KEY } from '../errors/error-history';
import { COOKIE_CONSENT_STORAGE_KEY } from '../lib/cookie-consent';
import { THEME_STORAGE_KEY } from '../lib/theme';
import { TENANT_SESSION_KEYS } from '../tenancy/tenant-session';

// Everything Dukani keeps in the browser, as listed by the cookie notice and the privacy policy.
export interface BrowserStorageItem {
  name: string;
  /** True when `name` is the literal cookie or storage key, false for a description. */
  isKey: boolean;
  /** "Cookie", "Local storage" or "Session storage", in the current language. */
  readonly kind: string;
  readonly keptFor: string;
  readonly purpose: string;
}

const KIND = {
  cookie: msg`Cookie`,
  local: msg`Local storage`,
  session: msg`Session storage`,
} satisfies Record<string, MessageDescriptor>;

/**
 * One item; its texts are read in the language shown when they are read (getters), so the lists
 * can stay module constants and every screen that renders them follows a change of language.
 */
function storageItem(
  name: string,
  isKey: boolean,
  texts: { kind: MessageDescriptor; keptFor: MessageDescriptor; purpose: MessageDescriptor },
): BrowserStorageItem {
  return {
    name,
    isKey,
    get kind() {
      return i18n._(texts.kind);
    },
    get keptFor() {
      return i18n._(texts.keptFor);
    },
    get purpose() {
      return i18n._(texts.purpose);
    },
  };
}

export const ESSENTIAL_STORAGE: BrowserStorageItem[] = [
  storageItem('dukani.session_token', true, {
    kind: KIND.cookie,
    keptFor: msg`Until you sign out or the session expires`,
    purpose: msg`Keeps you signed in. Named __Secure-dukani.session_token on a secure (https) connection.`,
  }),
  storageItem('sidebar_state', true, {
    kind: KIND.cookie,
    keptFor: msg`7 days`,
    purpose: msg`Remembers whether the admin sidebar is open or collapsed.`,
  }),
  storageItem(Object.values(TENANT_SESSION_KEYS).join(', '), true, {
    kind: KIND.session,
    keptFor: msg`Until you close the tab`,
    purpose: msg`Which shop this address belongs to: its id, name and status.`,
  }),
  storageItem(COOKIE_CONSENT_STORAGE_KEY, true, {
    kind: KIND.local,
    keptFor: msg`Until you clear it`,
    purpose: msg`Remembers the choice you made in the cookie notice.`,
  }),
  storageItem(ERROR_HISTORY_STORAGE_KEY, true, {
    kind: KIND.local,
    keptFor: msg`${plural(ERROR_HISTORY_LIMIT, { one: 'The last error, until you clear it', other: 'The last # errors, until you clear them' })}`,
    purpose: msg`Shows recent errors on the error page to help support. Never sent anywhere.`,
  }),
];

export const FUNCTIONAL_STORAGE: BrowserStorageItem[] = [
  storageItem(THEME_STORAGE_KEY, true, {
    kind: KIND.local,
    keptFor: msg`Until you change or clear it`,
    purpose: msg`Your light, dark or system theme.`,
  }),
];
