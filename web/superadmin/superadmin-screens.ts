/** The platform console: one chunk, fetched on the first visit to /superadmin. */
export { OverviewPage } from './overview-page';
export { SuperAdminLayout } from './superadmin-layout';
export { TenantPage } from './tenant-page';
export { TenantsPage } from './tenants-page';
export { UsersPage } from './users-page';
export { SystemPage } from './system-page';
export { DatabasePage } from './database-page';
export { SecurityPage } from './security-page';
export { PlansPage } from './plans-page';
export { RevenuePage } from './revenue-page';
export { AnalyticsPage } from './analytics-page';
export { CommunicationsPage } from './communications-page';
export { PlatformSettingsPage } from './settings-page';
