import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServerI18n, readServerMessages } from './server-i18n';

// The server reads its catalogs as @lingui/format-po writes them (explicit ids flagged, others
// keyed by Lingui's hash of the message) and compiles them with Lingui's own compiler.
function catalogs(sw: string, swCore = ''): string {
  const directory = mkdtempSync(join(tmpdir(), 'dukani-catalogs-'));
  for (const [locale, server, core] of [['en', '', ''], ['sw', sw, swCore]] as const) {
    mkdirSync(join(directory, locale));
    writeFileSync(join(directory, locale, 'server.po'), `msgid ""\nmsgstr ""\n"Language: ${locale}\\n"\n\n${server}`);
    writeFileSync(join(directory, locale, 'core.po'), `msgid ""\nmsgstr ""\n"Language: ${locale}\\n"\n\n${core}`);
  }
  return directory;
}

describe('server catalogs', () => {
  it('translates by explicit id with values, and by the hashed id of a message without one', () => {
    const directory = catalogs(
      [
        '#. js-lingui-explicit-id',
        'msgid "email.greeting"',
        'msgstr "Habari {name},"',
        '',
        'msgid "Choose a plan"',
        'msgstr "Chagua mpango"',
        '',
      ].join('\n'),
    );
    const sw = createServerI18n(directory).of('sw');
    expect(sw.locale).toBe('sw');
    expect(sw._({ id: 'email.greeting', message: 'Hello {name},', values: { name: 'Wanjiku' } })).toBe('Habari Wanjiku,');
    expect(Object.keys(readServerMessages('sw', directory))).toHaveLength(2);
  });

  it('falls back to the English of the code for a message the catalog has not translated (or has marked obsolete)', () => {
    const directory = catalogs(
      ['#. js-lingui-explicit-id', 'msgid "email.title"', 'msgstr ""', '', '#. js-lingui-explicit-id', '#~ msgid "email.old"', '#~ msgstr "Zamani"', ''].join('\n'),
    );
    expect(readServerMessages('sw', directory)).toEqual({});
    const sw = createServerI18n(directory).of('sw');
    expect(sw._({ id: 'email.title', message: 'Reset your password' })).toBe('Reset your password');
    const en = createServerI18n(directory).of('en');
    expect(en._({ id: 'email.code', message: 'Your code: {code}', values: { code: '123456' } })).toBe('Your code: 123456');
  });

  it('knows core’s messages by their English text, for the files the server writes (report columns)', () => {
    const directory = catalogs('', ['#. js-lingui-explicit-id', 'msgid "Gross profit"', 'msgstr "Faida ghafi"', ''].join('\n'));
    expect(createServerI18n(directory).of('sw')._('Gross profit')).toBe('Faida ghafi');
    expect(createServerI18n(directory).of('en')._('Gross profit')).toBe('Gross profit');
  });

  it('stops at start-up when a catalog is missing', () => {
    expect(() => createServerI18n(join(tmpdir(), 'no-such-catalogs'))).toThrow(/ENOENT/);
  });
});
