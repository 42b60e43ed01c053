import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { DEFAULT_TIME_ZONE } from '../../core/settings/settings.rules';
import { useAuth } from '../auth/auth-provider';
import { DisplayTimeZoneContext } from '../lib/date-format';
import { PLATFORM_TIME_ZONE } from '../lib/format';
import { useBusinessSettings } from '../settings/settings.api';

/** Whether the page belongs to the platform area (its own pages, and the profile of one whose home is the console). */
function isPlatformPage(pathname: string, isConsoleHome: boolean): boolean {
  return pathname === '/superadmin' || pathname.startsWith('/superadmin/') || (isConsoleHome && pathname === '/profile');
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
  const isConsoleHome = auth.status === 'signed-in' && auth.user.homePath === '/superadmin';
  const timeZone = isPlatformPage(pathname, isConsoleHome) ? PLATFORM_TIME_ZONE : (settings.data?.timeZone ?? DEFAULT_TIME_ZONE);
  return <DisplayTimeZoneContext value={timeZone}>{children}</DisplayTimeZoneContext>;
}
