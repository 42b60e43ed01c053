import { i18n as globalI18n, type I18n, type Messages } from '@lingui/core';
import { SOURCE_LOCALE } from '../../core/i18n/locale.rules';

/**
 * The English messages core/ and the server hand over (a field error of a shared zod schema, an API
 * error's `message`, a plan text) in the language on screen. They are marked with /*i18n*\/ in
 * core/ and server/ and extracted into core.po and server.po with the English text as the message
 * id (core/i18n/message.rules.ts).
 *
 * - A fixed text is looked up as it is.
 * - A text with values was filled in English from an ICU template of the catalog ("At most
 *   {max} characters"): the template whose words match is found (the one with the most words when
 *   several do), the values are taken back out of the English text and the template is translated
 *   with them. A value that is itself a message of the catalog (a field label such as
 *   "Receipt header") is translated as well.
 * - Anything else (a text nobody marked, the shop's own data) stays as it came.
 *
 * English is shown exactly as it came. Call it where a message is shown, not where it is kept, so
 * a change of language shows on the next render.
 */
export function translateMessage(message: string, i18n: I18n = globalI18n): string {
  if (!message || !i18n.locale || i18n.locale === SOURCE_LOCALE) return message;
  const messages = i18n.messages;
  if (Object.hasOwn(messages, message)) return i18n._(message);
  const match = matchTemplate(message, templatesOf(messages));
  if (!match) return message;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(match.values)) {
    values[name] = Object.hasOwn(messages, value) ? i18n._(value) : value;
  }
  return i18n._(match.template, values);
}

interface Template {
  id: string;
  pattern: RegExp;
  names: string[];
  /** How many characters of it are words, not values: the more, the more specific. */
  literalLength: number;
}

const SIMPLE_PLACEHOLDER = /\{(\w+)\}/g;
// A template needs some words of its own to be recognised by them ("{name}" alone matches anything).
const MIN_LITERAL_LETTERS = 4;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A catalog id with simple {name} placeholders (no plural or select) as a pattern, else null. */
export function templateOf(id: string): Template | null {
  if (!id.includes('{')) return null;
  const literals = id.split(SIMPLE_PLACEHOLDER).filter((_, index) => index % 2 === 0);
  if (literals.some((literal) => /[{}]/.test(literal))) return null;
  const literalText = literals.join('');
  if ((literalText.match(/\p{L}/gu) ?? []).length < MIN_LITERAL_LETTERS) return null;
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const placeholder of id.matchAll(SIMPLE_PLACEHOLDER)) {
    const name = placeholder[1]!;
    source += escapeRegExp(id.slice(last, placeholder.index));
    if (names.includes(name)) {
      source += `\\k<${name}>`;
    } else {
      names.push(name);
      source += `(?<${name}>.+?)`;
    }
    last = placeholder.index + placeholder[0].length;
  }
  source += escapeRegExp(id.slice(last));
  return { id, pattern: new RegExp(`^${source}$`, 'su'), names, literalLength: literalText.length };
}

// Per loaded catalog: i18n.load replaces the locale's messages object, so a new catalog is seen.
const templateCache = new WeakMap<Messages, Template[]>();

function templatesOf(messages: Messages): Template[] {
  let templates = templateCache.get(messages);
  if (!templates) {
    // Macro messages are keyed by a short hash; only English ids written in core/ and server/ hold braces.
    templates = Object.keys(messages)
      .map(templateOf)
      .filter((template): template is Template => template !== null)
      .sort((a, b) => b.literalLength - a.literalLength);
    templateCache.set(messages, templates);
  }
  return templates;
}

/** The most specific template whose words match the English text, with the values taken out of it. */
export function matchTemplate(message: string, templates: readonly Template[]): { template: string; values: Record<string, string> } | null {
  for (const template of templates) {
    const groups = template.pattern.exec(message)?.groups;
    if (!groups) continue;
    const values: Record<string, string> = {};
    for (const name of template.names) values[name] = groups[name] ?? '';
    return { template: template.id, values };
  }
  return null;
}
