import { describe, expect, it } from 'vitest';
import { customDomainProblem, isUnderPlatformDomain, normalizeDomain, verificationRecord } from './domains.rules';

const ROOTS = ['dukani.co.ke', 'dukani.com'];
// 63 letters: the longest label RFC 1035 allows.
const LABEL_63 = 'a'.repeat(63);

describe('customDomainProblem', () => {
  it.each([
    'shop.example.co.ke',
    'example.com',
    'my-shop.ke',
    'xn--mnchen-3ya.de',
    'a1.b2.example.org',
    `${LABEL_63}.com`,
  ])('%s is a custom domain', (domain) => {
    expect(customDomainProblem(domain)).toBeNull();
  });

  it('accepts exactly 253 characters and refuses 254', () => {
    // 3 × 63 + 57 letters, four dots, "com": 189 + 57 + 4 + 3 = 253.
    const at253 = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(57)}.com`;
    expect(at253).toHaveLength(253);
    expect(customDomainProblem(at253)).toBeNull();
    expect(customDomainProblem(`f${at253}`)).toBe('A domain is at most 253 characters');
  });

  it.each([
    ['', 'Enter a domain such as shop.example.co.ke'],
    ['192.168.1.10', 'Enter a domain name, not an IP address'],
    ['10.0.0.1', 'Enter a domain name, not an IP address'],
    ['2001:db8::1', 'Enter a domain name, not an IP address'],
    ['[::1]', 'Enter a domain name, not an IP address'],
    [`${'a'.repeat(64)}.com`, 'Each part between the dots must be 1 to 63 characters'],
    ['shop..example.com', 'Each part between the dots must be 1 to 63 characters'],
    ['.example.com', 'Each part between the dots must be 1 to 63 characters'],
    ['-shop.example.com', 'Use letters, digits and hyphens only; a part cannot start or end with a hyphen'],
    ['shop-.example.com', 'Use letters, digits and hyphens only; a part cannot start or end with a hyphen'],
    ['shop_1.example.com', 'Use letters, digits and hyphens only; a part cannot start or end with a hyphen'],
    ['shop example.com', 'Use letters, digits and hyphens only; a part cannot start or end with a hyphen'],
    ['http://shop.example.com', 'Use letters, digits and hyphens only; a part cannot start or end with a hyphen'],
    ['shop.example.com/path', 'Use letters, digits and hyphens only; a part cannot start or end with a hyphen'],
    ['localhost', 'Enter a full domain such as shop.example.co.ke'],
    ['example', 'Enter a full domain such as shop.example.co.ke'],
    ['example.c', 'Enter a full domain such as shop.example.co.ke'],
    ['example.c0m', 'Enter a full domain such as shop.example.co.ke'],
    ['shop.localhost', 'This domain cannot be reached on the internet'],
    ['printer.local', 'This domain cannot be reached on the internet'],
    ['shop.test', 'This domain cannot be reached on the internet'],
  ])('%s → %s', (domain, problem) => {
    expect(customDomainProblem(domain)).toBe(problem);
  });
});

describe('normalizeDomain', () => {
  it.each([
    ['  Shop.Example.COM ', 'shop.example.com'],
    ['shop.example.com.', 'shop.example.com'],
  ])('%s → %s', (value, expected) => {
    expect(normalizeDomain(value)).toBe(expected);
  });
});

describe('isUnderPlatformDomain', () => {
  it.each([
    ['dukani.co.ke', true],
    ['acme.dukani.co.ke', true],
    ['a.b.dukani.com', true],
    ['notdukani.com', false],
    ['dukani.co.ke.example.com', false],
    ['shop.example.co.ke', false],
  ])('%s → %s', (domain, expected) => {
    expect(isUnderPlatformDomain(domain, ROOTS)).toBe(expected);
  });
});

describe('verificationRecord', () => {
  it('is a TXT name under the domain and a value carrying the token', () => {
    expect(verificationRecord('shop.example.co.ke', 'k3y')).toEqual({
      name: '_dukani-verification.shop.example.co.ke',
      value: 'dukani-verification=k3y',
    });
  });
});
