import { i18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { INTL_LOCALES, type Locale } from '../../core/i18n/locale.rules';
import type { SessionResponse } from '../../core/auth/session.schemas';
import { sessionQueryKey } from '../auth/auth.api';
import { useAuth } from '../auth/auth-provider';
import { browserLocalStorage } from '../lib/browser-storage';
import { logger } from '../lib/logger';
import { useTenantContext } from '../tenancy/tenancy.api';
import { saveLanguage } from './language.api';
import { activateLocale } from './catalogs';
import { readDeviceLanguage, resolveLanguage, writeDeviceLanguage } from './language-preference';

// The device's choice as a store, so every screen follows a switch made in another tab.
const deviceLanguage = {
  subscribe(onChange: () => void) {
    const listener = (event: StorageEvent) => {
      if (event.key === null || event.key === 'dukani.language') onChange();
    };
    window.addEventListener('storage', listener);
    window.addEventListener('dukani:language', onChange);
    return () => {
      window.removeEventListener('storage', listener);
      window.removeEventListener('dukani:language', onChange);
    };
  },
  read: () => readDeviceLanguage(browserLocalStorage()),
  write(locale: Locale) {
    writeDeviceLanguage(browserLocalStorage(), locale);
    window.dispatchEvent(new Event('dukani:language'));
  },
};

/** The language before anything is known of the person or the shop: this device's, or the browser's. */
export function initialLocale(): Locale {
  return resolveLanguage({ user: null, device: deviceLanguage.read(), shop: null, browser: navigator.languages ?? [] });
}

/** Sets <html lang> as the language changes, for screen readers, hyphenation and the browser's translate offer. */
function followDocumentLanguage(locale: string) {
  document.documentElement.lang = locale;
}

/** Lingui's provider around the whole app; the catalogs of the first language are loaded before the first render (main.tsx). */
export function LanguageProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    followDocumentLanguage(i18n.locale);
    return i18n.on('change', () => followDocumentLanguage(i18n.locale));
  }, []);
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/**
 * Keeps the screen in the language the sources name (docs/languages.md): the person's choice, this
 * device's, the shop's default, the browser's. Inside the router, where the session and the shop are known.
 */
export function LanguageSync() {
  const { auth } = useAuth();
  const tenantContext = useTenantContext();
  const device = useSyncExternalStore(deviceLanguage.subscribe, deviceLanguage.read, deviceLanguage.read);
  const user = auth.status === 'signed-in' ? auth.user.language : null;
  const shop = tenantContext.tenant?.defaultLanguage ?? null;
  const wanted = resolveLanguage({ user, device, shop, browser: navigator.languages ?? [] });

  useEffect(() => {
    if (wanted === i18n.locale) return;
    activateLocale(wanted).catch((error: unknown) => logger.error('Loading the language failed', error));
  }, [wanted]);
  return null;
}

/** The current language, and the switch: kept on this device, and on the profile of whoever is signed in. */
export function useLanguage() {
  const { i18n: active } = useLingui();
  const { auth } = useAuth();
  const queryClient = useQueryClient();
  const isSignedIn = auth.status === 'signed-in';
  const supportAccess = auth.status === 'signed-in' && auth.user.supportAccess;

  const changeLanguage = useCallback(
    async (locale: Locale) => {
      await activateLocale(locale);
      deviceLanguage.write(locale);
      if (!isSignedIn) return;
      // The session's copy first, so the screen does not flip back while the profile is saved.
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, (session) =>
        session?.user ? { user: { ...session.user, language: locale } } : session,
      );
      // A support access session reads only (issue 21): the admin's profile keeps its language.
      if (!supportAccess) await saveLanguage(locale);
    },
    [isSignedIn, supportAccess, queryClient],
  );

  const locale = active.locale as Locale;
  return { locale, intlLocale: INTL_LOCALES[locale], changeLanguage };
}
