import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AuthProvider } from '../auth/auth-provider';
import { CookieNotice } from '../components/cookie-notice';
import { ErrorBoundary } from '../errors/error-boundary';
import { LanguageSync } from '../i18n/language-provider';
import { DisplayTimeZoneProvider } from './display-time-zone-provider';
import { NavigationProgress } from './page-loading';

/** Every page: the auth state, the time zone for dates, its own error boundary (reset by navigating away) and the cookie notice. */
export function RootLayout() {
  const { pathname } = useLocation();

  // A new page starts at the top, as a full page load would. (Braces matter: Chromium's
  // scrollTo returns a promise, which React would take for an effect clean-up.)
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <AuthProvider>
      <LanguageSync />
      <NavigationProgress />
      <DisplayTimeZoneProvider>
        <ErrorBoundary resetKey={pathname}>
          <Outlet />
        </ErrorBoundary>
      </DisplayTimeZoneProvider>
      <CookieNotice />
    </AuthProvider>
  );
}
