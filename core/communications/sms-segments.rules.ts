// How many SMS an operator bills for a text (3GPP TS 23.038 and 23.040). A text that uses only the
// GSM 7-bit default alphabet and its extension table goes as GSM-7: 160 septets in one message, 153
// per part once it is split (the user-data header takes 7). An extension character (€, [, ], {, },
// \, ~, ^, |, form feed) is an escape plus the character: 2 septets, and a part never ends between
// the two. Any other character (an emoji, a curly quote, most accented letters) sends the whole text
// as UCS-2: 70 UTF-16 units in one message, 67 per part, and a surrogate pair is never split.

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '\f^{}\\[~]|€';

const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export type SmsEncoding = 'gsm7' | 'ucs2';

export interface SmsLength {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
  /** What one more part holds at this encoding, for "n left" hints. */
  perSegment: number;
  /** Units left in the last segment. */
  remaining: number;
}

/** The encoding a text goes as: GSM-7 when every character is in the default alphabet or its extension. */
export function smsEncoding(text: string): SmsEncoding {
  for (const char of text) if (!basic.has(char) && !extension.has(char)) return 'ucs2';
  return 'gsm7';
}

/** Splits the text's units into parts of `size`, never cutting a 2-unit character in two. */
function countParts(unitsPerChar: number[], size: number): number {
  let parts = 1;
  let used = 0;
  for (const width of unitsPerChar) {
    if (used + width > size) {
      parts += 1;
      used = 0;
    }
    used += width;
  }
  return parts;
}

export function smsLength(text: string): SmsLength {
  const encoding = smsEncoding(text);
  const widths = [...text].map((char) => (encoding === 'gsm7' ? (extension.has(char) ? 2 : 1) : char.length));
  const units = widths.reduce((sum, width) => sum + width, 0);
  const single = encoding === 'gsm7' ? 160 : 70;
  const multi = encoding === 'gsm7' ? 153 : 67;
  if (units <= single) return { encoding, units, segments: units === 0 ? 0 : 1, perSegment: single, remaining: single - units };
  const segments = countParts(widths, multi);
  const lastUsed = units - (segments - 1) * multi;
  return { encoding, units, segments, perSegment: multi, remaining: Math.max(0, multi - lastUsed) };
}
