import { createBrowserRouter, Navigate } from 'react-router';
import { AuthPage } from '../auth/auth-page';
import { CrashPage } from '../dev/crash-page';
import { RethrowRouteError } from '../errors/rethrow-route-error';
import { PrivacyPage } from '../legal/privacy-page';
import { TermsPage } from '../legal/terms-page';
import { AuthLayout } from './auth-layout';
import { LegalLayout } from './legal-layout';
import { RootLayout } from './root-layout';

// Spec §2: / and any unknown path go to /auth, replacing the history entry.
const toSignIn = <Navigate to="/auth" replace />;

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RethrowRouteError />,
    children: [
      { index: true, element: toSignIn },
      { element: <AuthLayout />, children: [{ path: 'auth', element: <AuthPage /> }] },
      {
        element: <LegalLayout />,
        children: [
          { path: 'privacy', element: <PrivacyPage /> },
          { path: 'terms', element: <TermsPage /> },
        ],
      },
      // Development diagnostics; the server does not serve /dev paths in production.
      { path: 'dev/crash', element: <CrashPage /> },
      { path: '*', element: toSignIn },
    ],
  },
]);
