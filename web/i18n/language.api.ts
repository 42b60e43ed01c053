import type { Locale } from '../../core/i18n/locale.rules';
import { apiRequest } from '../lib/api-client';

/** PUT /api/profile/language: the signed-in person's language, for every device they use. */
export async function saveLanguage(language: Locale): Promise<void> {
  await apiRequest('/api/profile/language', { method: 'PUT', body: { language } });
}
