import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AuthProvider } from '../auth/auth-provider';
import { ErrorBoundary } from '../errors/error-boundary';
import { LanguageSync } from '../i18n/language-provider';
import { DisplayTimeZoneProvider } from './display-time-zone-provider';
import { NavigationProgress } from './page-loading';

// The notice arrives just after the page it sits under (issue 12's budget for the first download).
const CookieNotice = lazy(() => import('../components/cookie-notice').then((module) => ({ default: module.CookieNotice })));

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
      <Suspense fallback={null}>
        <CookieNotice />
      </Suspense>
    </AuthProvider>
  );
}
