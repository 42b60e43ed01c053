import { createBrowserRouter, Navigate } from 'react-router';
import { AuthPage } from '../auth/auth-page';
import { RequireAuth } from '../auth/require-auth';
import { RethrowRouteError } from '../errors/rethrow-route-error';
import { lazyArea } from '../i18n/lazy-area';
import { accountingLayout, accountingRoutes } from '../accounting/accounting-routes';
import { accountRoutes } from '../accounts/accounts-routes';
import { contactRoutes, contactsLayout } from '../contacts/contacts-routes';
import { giftCardRoutes } from '../gift-cards/gift-cards-routes';
import { inventoryRoutes } from '../inventory/inventory-routes';
import { productListScreens, productRoutes } from '../products/products-routes';
import { purchaseRoutes, purchasesLayout } from '../purchases/purchases-routes';
import { salesRoutes } from '../sales/sales-routes';
import { statementRoutes } from '../statements/statements-routes';
import { AuthLayout } from './auth-layout';
import { PageLoading } from './page-loading';
import { RootLayout } from './root-layout';

// Spec §2: / and any unknown path go to /auth, replacing the history entry (a signed-in person
// goes on from there to their home area).
const toSignIn = <Navigate to="/auth" replace />;

// Route-level code splitting (docs/decisions/0015): the sign-in page is in the first download;
// every other area is a chunk of its own, fetched with its catalogs on its first visit.
// Their texts are in the auth catalog, which every page has.
const authScreens = lazyArea([], () => import('../auth/auth-screens'));
const adminScreens = lazyArea(['admin', 'billing'], () => import('../admin/admin-screens'));
const dashboardScreens = lazyArea(['dashboard', 'admin', 'billing', 'etims'], () => import('../dashboard/dashboard-screens'));
const reportsScreens = lazyArea(['reports', 'inventory'], () => import('../reports/reports-screens'));
const settingsScreens = lazyArea(['settings', 'billing', 'inventory', 'accounts', 'loyalty', 'etims'], () => import('../settings/settings-screens'));
const etimsScreens = lazyArea(['etims', 'inventory'], () => import('../etims/etims-screens'));
const profileScreens = lazyArea(['profile'], () => import('../profile/profile-screens'));
// The console shares the admin shell's sidebar and the lists' table parts (their catalogs, admin and inventory) and shows plan prices (billing).
const superAdminScreens = lazyArea(['superadmin', 'admin', 'inventory', 'billing'], () => import('../superadmin/superadmin-screens'));
// Sign-up shows the plans' prices per period in billing's words.
const signupScreens = lazyArea(['signup', 'billing'], () => import('../signup/signup-screens'));
const legalScreens = lazyArea(['legal'], () => import('../legal/legal-screens'));
const devScreens = lazyArea(['dev'], () => import('../dev/dev-screens'));
const communicationsScreens = lazyArea(['communications', 'contacts'], () => import('../communications/communications-screens'));
const teamScreens = lazyArea(['team', 'inventory'], () => import('../team/team-screens'));
const auditScreens = lazyArea(['audit', 'inventory'], () => import('../audit/audit-screens'));
const commissionScreens = lazyArea(['commissions', 'inventory'], () => import('../commissions/commissions-screens'));

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RethrowRouteError />,
    // Drawn while the first address's chunk loads: the page's own background, nothing that jumps.
    hydrateFallbackElement: <PageLoading />,
    children: [
      { index: true, element: toSignIn },
      {
        element: <AuthLayout />,
        children: [
          { path: 'auth', element: <AuthPage /> },
          { path: 'auth/callback', lazy: authScreens('AuthCallbackPage') },
          { path: 'forgot-password', lazy: authScreens('ForgotPasswordPage') },
          { path: 'reset-password', lazy: authScreens('ResetPasswordPage') },
          { path: 'accept-invitation', lazy: teamScreens('AcceptInvitationPage') },
          { path: 'signup', lazy: signupScreens('SignupPage') },
          { path: 'auth/handoff', lazy: signupScreens('HandoffPage') },
        ],
      },
      {
        // Every signed-in person; a platform admin visiting /admin is let in too (spec §6), where
        // the address has a shop (RequireShop).
        element: <RequireAuth />,
        children: [
          {
            path: 'admin',
            lazy: adminScreens('RequireShop'),
            children: [
              {
                lazy: adminScreens('AdminLayout'),
                children: [
                  { index: true, lazy: dashboardScreens('DashboardPage') },
                  { path: 'dashboard', lazy: dashboardScreens('DashboardPage') },
                  { path: 'reports', lazy: reportsScreens('ReportsPage') },
                  { path: 'settings', lazy: settingsScreens('SettingsPage') },
                  { path: 'team', lazy: teamScreens('TeamPage') },
                  { path: 'audit', lazy: auditScreens('AuditLogPage') },
                  { path: 'commissions', lazy: commissionScreens('CommissionsPage') },
                  { path: 'etims', lazy: etimsScreens('EtimsPage') },
                  { path: 'communications', lazy: communicationsScreens('CommunicationsPage') },
                  { path: 'products', lazy: productListScreens('ProductsLayout'), children: [...productRoutes, ...inventoryRoutes] },
                  { path: 'customers', lazy: contactsLayout, children: [...contactRoutes, ...accountRoutes, ...statementRoutes, ...giftCardRoutes] },
                  ...salesRoutes,
                  { path: 'purchases', lazy: purchasesLayout, children: purchaseRoutes },
                  { path: 'accounting', lazy: accountingLayout, children: accountingRoutes },
                  { path: '*', element: <Navigate to="/admin/dashboard" replace /> },
                ],
              },
            ],
          },
          { path: 'profile', lazy: profileScreens('ProfileLayout'), children: [{ index: true, lazy: profileScreens('ProfilePage') }] },
        ],
      },
      {
        element: <RequireAuth requirePlatformAdmin />,
        children: [
          {
            path: 'superadmin',
            lazy: superAdminScreens('SuperAdminLayout'),
            children: [
              { index: true, lazy: superAdminScreens('OverviewPage') },
              { path: 'tenants', lazy: superAdminScreens('TenantsPage') },
              { path: 'tenants/:id', lazy: superAdminScreens('TenantPage') },
              { path: 'users', lazy: superAdminScreens('UsersPage') },
              { path: 'analytics', lazy: superAdminScreens('AnalyticsPage') },
              { path: 'revenue', lazy: superAdminScreens('RevenuePage') },
              { path: 'plans', lazy: superAdminScreens('PlansPage') },
              { path: 'system', lazy: superAdminScreens('SystemPage') },
              { path: 'database', lazy: superAdminScreens('DatabasePage') },
              { path: 'security', lazy: superAdminScreens('SecurityPage') },
              { path: 'communications', lazy: superAdminScreens('CommunicationsPage') },
              { path: 'settings', lazy: superAdminScreens('PlatformSettingsPage') },
              { path: '*', element: <Navigate to="/superadmin" replace /> },
            ],
          },
        ],
      },
      {
        lazy: legalScreens('LegalLayout'),
        children: [
          { path: 'privacy', lazy: legalScreens('PrivacyPage') },
          { path: 'terms', lazy: legalScreens('TermsPage') },
        ],
      },
      // Development tools; the server does not serve /dev paths in production.
      { path: 'dev/crash', lazy: devScreens('CrashPage') },
      { path: 'dev/mailbox', lazy: devScreens('MailboxPage') },
      { path: '*', element: toSignIn },
    ],
  },
]);
