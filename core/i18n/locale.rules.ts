import { z } from 'zod';

/** The languages Dukani speaks (docs/decisions/0015-languages-with-lingui.md). English is the source. */
export const LOCALES = ['en', 'sw'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';

export const localeSchema = z.enum(LOCALES);

/** Each language in its own words, as a language menu shows it to someone who cannot read the other. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', sw: 'Kiswahili' };

/** The Intl locale for numbers, money and dates: Kenyan conventions in both languages. */
export const INTL_LOCALES: Record<Locale, string> = { en: 'en-KE', sw: 'sw-KE' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The supported language of a language tag ("sw-KE" → sw, "en-GB" → en), or null. */
export function localeOfTag(tag: string): Locale | null {
  const language = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(language) ? language : null;
}

/**
 * The first supported language of a list in order of preference (navigator.languages), or null.
 */
export function firstSupportedLocale(tags: readonly string[]): Locale | null {
  for (const tag of tags) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return null;
}

/**
 * The supported language an Accept-Language header prefers (RFC 9110 §12.5.4: quality values,
 * highest first; equal qualities keep their order), or null when it names none of ours.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
      const q = quality ? Number(quality.slice(2)) : 1;
      return { tag, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return firstSupportedLocale(ranked.map((entry) => entry.tag));
}
