import { createBrowserRouter, Navigate } from 'react-router';
import { AdminHomePage } from '../admin/admin-home-page';
import { AdminLayout } from '../admin/admin-layout';
import { AREA_PAGES, AreaPage, type AreaKey } from '../admin/area-page';
import { RequireShop } from '../admin/require-shop';
import { inventoryRoutes } from '../inventory/inventory-routes';
import { productBulkRoutes } from '../products/bulk/bulk-routes';
import { ProductsLayout } from '../products/products-layout';
import { productRoutes } from '../products/products-routes';
import { SettingsPage } from '../settings/settings-page';
import { AuthCallbackPage } from '../auth/auth-callback-page';
import { AuthPage } from '../auth/auth-page';
import { ForgotPasswordPage } from '../auth/forgot-password-page';
import { RequireAuth } from '../auth/require-auth';
import { ResetPasswordPage } from '../auth/reset-password-page';
import { CrashPage } from '../dev/crash-page';
import { MailboxPage } from '../dev/mailbox-page';
import { RethrowRouteError } from '../errors/rethrow-route-error';
import { PrivacyPage } from '../legal/privacy-page';
import { TermsPage } from '../legal/terms-page';
import { ProfilePage } from '../profile/profile-page';
import { SuperAdminHomePage } from '../superadmin/superadmin-home-page';
import { SuperAdminLayout } from '../superadmin/superadmin-layout';
import { AuthLayout } from './auth-layout';
import { LegalLayout } from './legal-layout';
import { ProfileLayout } from './profile-layout';
import { RootLayout } from './root-layout';

// Spec §2: / and any unknown path go to /auth, replacing the history entry (a signed-in person
// goes on from there to their home area).
const toSignIn = <Navigate to="/auth" replace />;

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RethrowRouteError />,
    children: [
      { index: true, element: toSignIn },
      {
        element: <AuthLayout />,
        children: [
          { path: 'auth', element: <AuthPage /> },
          { path: 'auth/callback', element: <AuthCallbackPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
        ],
      },
      {
        // Every signed-in person; a platform admin visiting /admin is let in too (spec §6), where
        // the address has a shop (RequireShop).
        element: <RequireAuth />,
        children: [
          {
            path: 'admin',
            element: <RequireShop />,
            children: [
              {
                element: <AdminLayout />,
                children: [
                  { index: true, element: <AdminHomePage /> },
                  { path: 'dashboard', element: <AdminHomePage /> },
                  { path: 'settings', element: <SettingsPage /> },
                  { path: 'products', element: <ProductsLayout />, children: [...productRoutes, ...inventoryRoutes, ...productBulkRoutes] },
                  ...(Object.keys(AREA_PAGES) as AreaKey[]).map((area) => ({ path: area, element: <AreaPage area={area} /> })),
                  { path: '*', element: <Navigate to="/admin/dashboard" replace /> },
                ],
              },
            ],
          },
          { path: 'profile', element: <ProfileLayout />, children: [{ index: true, element: <ProfilePage /> }] },
        ],
      },
      {
        element: <RequireAuth requirePlatformAdmin />,
        children: [
          {
            path: 'superadmin',
            element: <SuperAdminLayout />,
            children: [
              { index: true, element: <SuperAdminHomePage /> },
              { path: '*', element: <Navigate to="/superadmin" replace /> },
            ],
          },
        ],
      },
      {
        element: <LegalLayout />,
        children: [
          { path: 'privacy', element: <PrivacyPage /> },
          { path: 'terms', element: <TermsPage /> },
        ],
      },
      // Development tools; the server does not serve /dev paths in production.
      { path: 'dev/crash', element: <CrashPage /> },
      { path: 'dev/mailbox', element: <MailboxPage /> },
      { path: '*', element: toSignIn },
    ],
  },
]);
