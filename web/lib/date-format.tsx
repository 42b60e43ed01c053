import { useLingui } from '@lingui/react';
import { createContext, use, useMemo } from 'react';
import { INTL_LOCALES, isLocale, SOURCE_LOCALE } from '../../core/i18n/locale.rules';
import { DEFAULT_TIME_ZONE } from '../../core/settings/settings.rules';
import { formatDate, formatDateTime } from './format';

/**
 * The time zone dates are shown in: the shop's, or the platform's on its own pages (set once for
 * the app by DisplayTimeZoneProvider). Outside it, as on the outermost error page, Kenya's zone.
 */
export const DisplayTimeZoneContext = createContext<string>(DEFAULT_TIME_ZONE);

/**
 * Date formatters bound to the zone of the page being shown and the language on screen (its Intl
 * locale: month and day names in Kiswahili for sw-KE), e.g. formatDateTime(movement.createdAt).
 */
export function useDateFormat() {
  const timeZone = use(DisplayTimeZoneContext);
  const { i18n } = useLingui();
  const intlLocale = INTL_LOCALES[isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE];
  return useMemo(
    () => ({
      timeZone,
      intlLocale,
      formatDate: (value: string | Date) => formatDate(value, timeZone, intlLocale),
      formatDateTime: (value: string | Date) => formatDateTime(value, timeZone, intlLocale),
    }),
    [timeZone, intlLocale],
  );
}
