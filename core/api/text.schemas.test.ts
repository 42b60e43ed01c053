import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE, safeLine, safeText } from './text.schemas';

// The reference: the control codes of ISO/IEC 6429 by number, C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F).
const isUnicodeControl = (character: string) => {
  const code = character.codePointAt(0)!;
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
};
const LINE_BREAKS = new Set(['\t', '\n', '\r']);
const codePoints = Array.from({ length: 0x3000 }, (_, code) => String.fromCodePoint(code));

describe('safe text schemas', () => {
  it('a line refuses exactly the Unicode control characters, with one message', () => {
    for (const character of codePoints) {
      const result = safeLine().safeParse(`Sugar${character}1kg`);
      expect(result.success, `U+${character.codePointAt(0)!.toString(16)}`).toBe(!isUnicodeControl(character));
      if (!result.success) expect(result.error.issues.map((issue) => issue.message)).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    }
  });

  it('multi-line text also allows tab, newline and carriage return, and nothing else of them', () => {
    for (const character of codePoints) {
      const allowed = !isUnicodeControl(character) || LINE_BREAKS.has(character);
      expect(safeText().safeParse(`Karibu${character}tena`).success, `U+${character.codePointAt(0)!.toString(16)}`).toBe(allowed);
    }
  });

  it('keeps what people write: Swahili, accents, currency signs, emoji', () => {
    for (const text of ['Duka la Mama Wanjiku', 'Café Ébène', 'KSh 1,500 — €9', 'Chai ☕ 🇰🇪', '']) {
      expect(safeLine().parse(text)).toBe(text);
      expect(safeText().parse(text)).toBe(text);
    }
  });
});
