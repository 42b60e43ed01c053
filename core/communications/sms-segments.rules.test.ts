import { describe, expect, it } from 'vitest';
import { smsEncoding, smsLength } from './sms-segments.rules';

// Hand-worked against 3GPP TS 23.038/23.040: GSM-7 160 in one, 153 per part; UCS-2 70 in one, 67 per part.
describe('SMS segments', () => {
  it('160 GSM characters are one message, 161 are two', () => {
    expect(smsLength('a'.repeat(160))).toMatchObject({ encoding: 'gsm7', units: 160, segments: 1, remaining: 0 });
    expect(smsLength('a'.repeat(161))).toMatchObject({ encoding: 'gsm7', units: 161, segments: 2, perSegment: 153, remaining: 145 });
    expect(smsLength('a'.repeat(306)).segments).toBe(2);
    expect(smsLength('a'.repeat(307)).segments).toBe(3);
  });

  it('an extension character (€, braces, ^) counts two septets', () => {
    expect(smsLength('€')).toMatchObject({ encoding: 'gsm7', units: 2, segments: 1 });
    expect(smsLength('a'.repeat(158) + '€')).toMatchObject({ units: 160, segments: 1 });
    expect(smsLength('a'.repeat(159) + '€')).toMatchObject({ units: 161, segments: 2 });
    expect(smsLength('{}^').units).toBe(6);
  });

  it('an escape pair is never split between parts', () => {
    // 152 letters then €: the pair does not fit the first part's last septet, so it opens the second.
    const text = 'a'.repeat(152) + '€' + 'b'.repeat(10);
    expect(smsLength(text)).toMatchObject({ units: 164, segments: 2 });
  });

  it('any emoji or curly quote sends the whole text as UCS-2', () => {
    expect(smsEncoding('Asante 🙂')).toBe('ucs2');
    expect(smsEncoding('Karibu ’')).toBe('ucs2');
    expect(smsLength('a'.repeat(70))).toMatchObject({ encoding: 'gsm7', segments: 1 });
    expect(smsLength('a'.repeat(69) + 'ł')).toMatchObject({ encoding: 'ucs2', units: 70, segments: 1 });
    expect(smsLength('a'.repeat(70) + 'ł')).toMatchObject({ encoding: 'ucs2', units: 71, segments: 2, perSegment: 67 });
    // An emoji is two UTF-16 units (a surrogate pair).
    expect(smsLength('🙂')).toMatchObject({ encoding: 'ucs2', units: 2, segments: 1 });
    expect(smsLength('a'.repeat(134)).segments).toBe(1);
    expect(smsLength('ł'.repeat(134))).toMatchObject({ units: 134, segments: 2 });
    expect(smsLength('ł'.repeat(135)).segments).toBe(3);
  });

  it('the GSM basic alphabet keeps accented letters it has (é, ñ, ü) in GSM-7', () => {
    expect(smsEncoding('Café Señor Müller @ £5')).toBe('gsm7');
    expect(smsLength('')).toMatchObject({ segments: 0, units: 0 });
  });
});
