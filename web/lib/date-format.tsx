import { createContext, use, useMemo } from 'react';
import { DEFAULT_TIME_ZONE } from '../../core/settings/settings.rules';
import { formatDate, formatDateTime } from './format';

/**
 * The time zone dates are shown in: the shop's, or the platform's on its own pages (set once for
 * the app by DisplayTimeZoneProvider). Outside it, as on the outermost error page, Kenya's zone.
 */
export const DisplayTimeZoneContext = createContext<string>(DEFAULT_TIME_ZONE);

/** Date formatters bound to the zone of the page being shown, e.g. formatDateTime(movement.createdAt). */
export function useDateFormat() {
  const timeZone = use(DisplayTimeZoneContext);
  return useMemo(
    () => ({
      timeZone,
      formatDate: (value: string | Date) => formatDate(value, timeZone),
      formatDateTime: (value: string | Date) => formatDateTime(value, timeZone),
    }),
    [timeZone],
  );
}
