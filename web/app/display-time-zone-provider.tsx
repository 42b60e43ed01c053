import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { DEFAULT_TIME_ZONE } from '../../core/settings/settings.rules';
import { useAuth } from '../auth/auth-provider';
import { DisplayTimeZoneContext } from '../lib/date-format';
import { PLATFORM_TIME_ZONE } from '../lib/format';
import { useBusinessSettings } from '../settings/settings.api';

/** Whether the page belongs to the platform area (its own pages, and a platform admin's profile). */
function isPlatformPage(pathname: string, isPlatformAdmin: boolean): boolean {
  return pathname === '/superadmin' || pathname.startsWith('/superadmin/') || (isPlatformAdmin && pathname === '/profile');
}

/**
 * Dates in the shop's time zone on its pages and in the platform's on the platform's pages
 * (docs/architecture.md: UTC in the API, the tenant's zone on screen). The shop's settings are
 * read as the admin area loads them: no request of its own, so nothing is asked that the person's
 * role or the shop's subscription would refuse. Until they arrive, Kenya's zone.
 */
export function DisplayTimeZoneProvider({ children }: { children: ReactNode }) {
  const { auth } = useAuth();
  const { pathname } = useLocation();
  const settings = useBusinessSettings({ enabled: false });
  const isPlatformAdmin = auth.status === 'signed-in' && auth.user.isPlatformAdmin;
  const timeZone = isPlatformPage(pathname, isPlatformAdmin) ? PLATFORM_TIME_ZONE : (settings.data?.timeZone ?? DEFAULT_TIME_ZONE);
  return <DisplayTimeZoneContext value={timeZone}>{children}</DisplayTimeZoneContext>;
}
