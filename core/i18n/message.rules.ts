// Messages core/ hands to people (validation messages, labels, plan texts) are English, and the API
// returns them as they are. Each is marked for the extractor so it lands in web/locales/*/core.po,
// and the web translates it where it is shown (web/i18n/translate-message.ts). Core stays pure:
// no Lingui at run time, so the server runs it without a build step.
//
// - A fixed text: a string literal with a leading /*i18n*\/ comment: `/*i18n*\/ 'Enter your password'`.
//   The English text is the message id.
// - A text with values: an ICU template with simple placeholders only, marked the same way, filled
//   in English here: `fillMessage(/*i18n*\/ 'At most {max} characters', { max: 80 })`. The web
//   recognises the English result against the catalog's templates, takes the values back out and
//   translates the template with them. A value that is itself a marked text (a field label such as
//   'Receipt header') is translated too. Plurals and selects are not used in these templates: each
//   wording that differs in English (e.g. "Unlimited products" / "Up to {max} products") is its own
//   template, so every template reads back to exactly one English sentence.

export type MessageValues = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** The English text of a template: each {name} replaced by its value (a missing value stays as {name}). */
export function fillMessage(template: string, values: MessageValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}
