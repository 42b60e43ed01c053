import { describe, expect, it } from 'vitest';
import { formatPhoneNumber } from './phone.rules';

describe('Kenyan phone numbers on screen', () => {
  // Worked by hand: drop the trunk 0 (or the 254), then 712 | 345 | 678.
  it.each([
    ['0712345678', '+254 712 345 678'],
    ['0712 345678', '+254 712 345 678'],
    ['254712345678', '+254 712 345 678'],
    ['+254 712-345-678', '+254 712 345 678'],
    ['712345678', '+254 712 345 678'],
    ['0110 123 456', '+254 110 123 456'],
    ['(020) 2345678', '+254 202 345 678'],
  ])('%s → %s', (typed, shown) => {
    expect(formatPhoneNumber(typed)).toBe(shown);
  });

  it.each(['+1 415 555 0100', '+255712345678', '0712 345', 'ext. 12', '  0712-ABC  ', ''])('leaves %j as typed', (typed) => {
    expect(formatPhoneNumber(typed)).toBe(typed.trim());
  });
});
