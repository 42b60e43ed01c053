import { AsyncLocalStorage } from 'node:async_hooks';
import { eq } from 'drizzle-orm';
import { localeFromAcceptLanguage, SOURCE_LOCALE, type Locale } from '../../core/i18n/locale.rules';
import type { Database } from '../db/client';
import { profiles, users } from '../db/schema/auth';
import { businessSettings } from '../db/schema/settings';

/**
 * What the request that causes an e-mail says about its language: the Accept-Language header (the
 * web app sends the language on its screen with every call) and the shop it was made in.
 */
export interface RequestLanguageHints {
  acceptLanguage?: string | null;
  tenantId?: string | null;
}

/** The recipient: an account, known by id or by e-mail address. */
export type EmailRecipient = { userId: string } | { email: string };

/**
 * The language of an e-mail to a person (issue 12): the language they chose, else the one the
 * request asks for, else the default language of the shop (the request's, else the person's own),
 * else English.
 */
export async function emailLanguage(database: Database, recipient: EmailRecipient, hints: RequestLanguageHints = {}): Promise<Locale> {
  const [person] = await database.platform
    .select({ language: profiles.language, tenantId: profiles.tenantId })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where('userId' in recipient ? eq(users.id, recipient.userId) : eq(users.email, recipient.email.trim().toLowerCase()))
    .limit(1);
  if (person?.language) return person.language;
  const requested = localeFromAcceptLanguage(hints.acceptLanguage);
  if (requested) return requested;
  const tenantId = hints.tenantId ?? person?.tenantId ?? null;
  return (tenantId ? await shopDefaultLanguage(database, tenantId) : null) ?? SOURCE_LOCALE;
}

async function shopDefaultLanguage(database: Database, tenantId: string): Promise<Locale | null> {
  const [settings] = await database.withTenant(tenantId, (tx) =>
    tx.select({ defaultLanguage: businessSettings.defaultLanguage }).from(businessSettings).limit(1),
  );
  return settings?.defaultLanguage ?? null;
}

// better-auth writes some e-mails from its own callbacks (the verification code, the reset link),
// which get the recipient but not our request. The code that calls better-auth runs it inside
// withRequestLanguage, and the callback reads the hints back.
const requestLanguage = new AsyncLocalStorage<RequestLanguageHints>();

export function withRequestLanguage<T>(hints: RequestLanguageHints, work: () => Promise<T>): Promise<T> {
  return requestLanguage.run(hints, work);
}

/** The hints of the request being served, or none outside withRequestLanguage. */
export function currentRequestLanguage(): RequestLanguageHints {
  return requestLanguage.getStore() ?? {};
}
