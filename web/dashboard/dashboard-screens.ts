/** The dashboard's screen: one chunk with Recharts, fetched on the first visit to /admin or /admin/dashboard (web/app/router.tsx). */
export { DashboardPage } from './dashboard-page';
