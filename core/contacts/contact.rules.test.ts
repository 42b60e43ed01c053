import { describe, expect, it } from 'vitest';
import { hasCustomerManagement, isValidKraPin, normalizeKenyanPhone, normalizeKraPin, phoneSearchPrefix } from './contact.rules';

describe('normalizeKenyanPhone', () => {
  it.each([
    // Safaricom 0712…, written every way people write it.
    ['0712345678', '+254712345678'],
    ['0712 345 678', '+254712345678'],
    ['0712-345-678', '+254712345678'],
    ['254712345678', '+254712345678'],
    ['+254712345678', '+254712345678'],
    ['+254 712 345 678', '+254712345678'],
    ['712345678', '+254712345678'],
    // Airtel 0733…, 0100…; Telkom 0770…; Safaricom's 011x range.
    ['0733 111 222', '+254733111222'],
    ['0100 200 300', '+254100200300'],
    ['0770123456', '+254770123456'],
    ['0110 987 654', '+254110987654'],
    // Nairobi landline 020 and Mombasa 041.
    ['020 2345678', '+254202345678'],
    ['(041) 222-3333', '+254412223333'],
  ])('%s → %s', (typed, stored) => {
    expect(normalizeKenyanPhone(typed)).toBe(stored);
  });

  it.each([
    '',
    '0712',
    '07123456789', // eleven digits
    '+44 20 7946 0958', // a London number
    '+0712345678',
    '0012345678', // no subscriber starts with 0
    '0812345678', // 08… is not a subscriber range
    '0712abc678',
    '2547123456789',
  ])('refuses %j', (typed) => {
    expect(normalizeKenyanPhone(typed)).toBeNull();
  });
});

describe('phoneSearchPrefix', () => {
  it.each([
    ['0712 3', '+2547123'],
    ['2547123', '+2547123'],
    ['+254 712', '+254712'],
    ['712', '+254712'],
    ['0712345678', '+254712345678'],
    ['254', '+254'],
    ['+254', '+254'],
    ['071', '+25471'],
  ])('%s → %s', (query, prefix) => {
    expect(phoneSearchPrefix(query)).toBe(prefix);
  });

  it.each(['Wanjiru', '07', '+44 20', '0812', '07123456789', 'a712'])('%j is not the start of a number', (query) => {
    expect(phoneSearchPrefix(query)).toBeNull();
  });
});

describe('KRA PIN', () => {
  it('accepts a letter, nine digits and a letter in any case', () => {
    expect(isValidKraPin('A123456789B')).toBe(true);
    expect(isValidKraPin('p051234567x')).toBe(true);
    expect(isValidKraPin(' P051234567X ')).toBe(true);
    expect(normalizeKraPin(' p051234567x ')).toBe('P051234567X');
  });

  it.each(['A12345678B', 'A1234567890B', '1123456789B', 'A123456789', 'AB23456789C', 'A123-456789B', ''])('refuses %j', (pin) => {
    expect(isValidKraPin(pin)).toBe(false);
  });
});

describe('hasCustomerManagement', () => {
  it('is on with either key (Starter carries advanced_customer_management)', () => {
    expect(hasCustomerManagement({ customer_management: true })).toBe(true);
    expect(hasCustomerManagement({ advanced_customer_management: true, customer_management: false })).toBe(true);
    expect(hasCustomerManagement({ customers: true, customer_management: false, advanced_customer_management: false })).toBe(false);
    expect(hasCustomerManagement({})).toBe(false);
  });
});
