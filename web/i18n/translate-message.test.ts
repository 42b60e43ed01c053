import { setupI18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { newPasswordSchema } from '../../core/auth/auth.schemas';
import { limitMessage } from '../../core/billing/plan-features.rules';
import { updateBusinessSettingsSchema } from '../../core/settings/settings.schemas';
import { matchTemplate, templateOf, translateMessage } from './translate-message';

const compiled = (catalog: Record<string, string>): Messages =>
  Object.fromEntries(Object.entries(catalog).map(([id, text]) => [id, compileMessage(text)]));

// A small catalog as `lingui extract` writes it for core/: English ids, Kiswahili translations.
const sw = compiled({
  'Enter a valid e-mail address': 'Weka barua pepe sahihi',
  'Receipt header': 'Kichwa cha risiti',
  '{label} must be at most {max} characters': '{label}: herufi zisizozidi {max}',
  'At most {max} characters': 'Herufi zisizozidi {max}',
  'At most {max} barcodes per item': 'Misimbo pau isiyozidi {max} kwa kila bidhaa',
  'Enter the {label}': 'Weka {label}',
  'Enter the {label}, e.g. 120.00': 'Weka {label}, k.m. 120.00',
  'selling price': 'bei ya kuuza',
  'Row {row} has the same barcode {code}': 'Safu ya {row} ina msimbo pau uleule {code}',
  'Xx {a}': 'Yy {a}',
  Tu8a2B: 'Hifadhi',
});

function i18nIn(locale: 'en' | 'sw') {
  const i18n = setupI18n({ locale, messages: { en: {}, sw } });
  return i18n;
}

describe('translateMessage', () => {
  it('looks a fixed message up as it is', () => {
    expect(translateMessage('Enter a valid e-mail address', i18nIn('sw'))).toBe('Weka barua pepe sahihi');
  });

  it('translates a message with values through its template, values kept', () => {
    expect(translateMessage('At most 80 characters', i18nIn('sw'))).toBe('Herufi zisizozidi 80');
    expect(translateMessage('Row 12 has the same barcode 5449000000996', i18nIn('sw'))).toBe('Safu ya 12 ina msimbo pau uleule 5449000000996');
  });

  it('translates a value that is itself a message of the catalog (a field label)', () => {
    expect(translateMessage('Receipt header must be at most 300 characters', i18nIn('sw'))).toBe('Kichwa cha risiti: herufi zisizozidi 300');
  });

  it('takes the most specific template when several match', () => {
    expect(translateMessage('Enter the selling price, e.g. 120.00', i18nIn('sw'))).toBe('Weka bei ya kuuza, k.m. 120.00');
    expect(translateMessage('Enter the selling price', i18nIn('sw'))).toBe('Weka bei ya kuuza');
  });

  it('falls back to the English text for a message the catalog does not have', () => {
    expect(translateMessage('Something nobody marked', i18nIn('sw'))).toBe('Something nobody marked');
    expect(translateMessage('At most eighty characters!', i18nIn('sw'))).toBe('At most eighty characters!');
  });

  it('never takes a macro message (keyed by its hash) or a template of almost no words', () => {
    expect(translateMessage('Tu8a2B ', i18nIn('sw'))).toBe('Tu8a2B ');
    expect(templateOf('{a}')).toBeNull();
    expect(templateOf('{count, plural, one {# item} other {# items}}')).toBeNull();
  });

  it('shows English exactly as it came', () => {
    expect(translateMessage('At most 80 characters', i18nIn('en'))).toBe('At most 80 characters');
    expect(translateMessage('', i18nIn('sw'))).toBe('');
  });

  it('reads the values back out of the English text', () => {
    const template = templateOf('{label} must be at most {max} characters')!;
    expect(matchTemplate('Receipt footer must be at most 300 characters', [template])).toEqual({
      template: '{label} must be at most {max} characters',
      values: { label: 'Receipt footer', max: '300' },
    });
  });
});

// The shipped Kiswahili catalog of core/ against what the shared schemas say in English.
const swCore = Object.values(import.meta.glob<{ messages: Messages }>('../locales/sw/core.po', { eager: true }))[0]!.messages;
describe('the Kiswahili catalog of the shared schemas', () => {
  const i18n = setupI18n({ locale: 'sw', messages: { sw: swCore } });
  const issue = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message ?? '';

  it('has every English message a schema gives a cashier', () => {
    const tooLong = issue(updateBusinessSettingsSchema.safeParse({ receiptHeader: 'x'.repeat(301) }));
    expect(tooLong).toBe('Receipt header must be at most 300 characters');
    expect(translateMessage(tooLong, i18n)).toBe('Kichwa cha risiti: herufi zisizozidi 300');

    const short = issue(newPasswordSchema.safeParse('abc'));
    expect(short).toBe('Password must be at least 8 characters long');
    expect(translateMessage(short, i18n)).toBe('Nenosiri liwe na herufi 8 au zaidi');

    expect(translateMessage(limitMessage('max_products', 1000), i18n)).toBe('Mpango wako unaruhusu hadi bidhaa 1,000. Boresha usajili wako ili uongeze zaidi.');
  });
});
