import { describe, expect, it } from 'vitest';
import { PHONE_MESSAGE } from '../contacts/contacts.schemas';
import { SUBDOMAIN_RESERVED_MESSAGE, isReservedSubdomain, normalizeSignupPhone } from './signup.rules';
import { signupSchema, subdomainProblem } from './signup.schemas';

const FORMAT_MESSAGE = 'Use 3–63 letters, digits or hyphens, not starting or ending with a hyphen';

describe('a new shop address (issue 21)', () => {
  it.each([
    ['mama-mboga', null],
    ['duka42', null],
    ['abc', null],
    ['a'.repeat(63), null],
    // Letters in capitals are the same address.
    ['Mama-Mboga', null],
    ['ab', FORMAT_MESSAGE],
    ['a'.repeat(64), FORMAT_MESSAGE],
    ['-duka', FORMAT_MESSAGE],
    ['duka-', FORMAT_MESSAGE],
    ['duka_yetu', FORMAT_MESSAGE],
    ['duka.yetu', FORMAT_MESSAGE],
    ['duka yetu', FORMAT_MESSAGE],
    ['dúka', FORMAT_MESSAGE],
    ['duka\u0000', FORMAT_MESSAGE],
    ['', FORMAT_MESSAGE],
    ['www', SUBDOMAIN_RESERVED_MESSAGE],
    ['api', SUBDOMAIN_RESERVED_MESSAGE],
    ['admin', SUBDOMAIN_RESERVED_MESSAGE],
    ['app', SUBDOMAIN_RESERVED_MESSAGE],
    ['mail', SUBDOMAIN_RESERVED_MESSAGE],
    ['superadmin', SUBDOMAIN_RESERVED_MESSAGE],
    ['SuperAdmin', SUBDOMAIN_RESERVED_MESSAGE],
  ])('%j → %s', (subdomain, problem) => {
    expect(subdomainProblem(subdomain)).toBe(problem);
  });

  it('reserves names case-insensitively and leaves names that merely contain one', () => {
    expect(isReservedSubdomain(' WWW ')).toBe(true);
    expect(isReservedSubdomain('www-shop')).toBe(false);
    expect(isReservedSubdomain('admins')).toBe(false);
  });
});

describe("the owner's phone number", () => {
  it.each([
    ['0712 345 678', '+254712345678'],
    ['0712345678', '+254712345678'],
    ['254712345678', '+254712345678'],
    ['+254 712-345-678', '+254712345678'],
    ['712345678', '+254712345678'],
    ['0110 123 456', '+254110123456'],
    ['(020) 234 5678', '+254202345678'],
    ['0812 345 678', null],
    ['071234567', null],
    ['+256 712 345 678', null],
    ['07123456789', null],
    ['call me', null],
    ['', null],
  ])('Kenya: %j → %s', (typed, e164) => {
    expect(normalizeSignupPhone(typed, 'KE')).toBe(e164);
  });

  it.each([
    ['UG', '0772 123 456', '+256772123456'],
    ['UG', '+256 772 123 456', '+256772123456'],
    ['UG', '256772123456', '+256772123456'],
    ['TZ', '0754 123 456', '+255754123456'],
    ['RW', '788 123 456', '+250788123456'],
    ['UG', '+254 712 345 678', null],
    ['UG', '0072 123 456', null],
    ['TZ', '075412345', null],
  ] as const)('%s: %j → %s', (country, typed, e164) => {
    expect(normalizeSignupPhone(typed, country)).toBe(e164);
  });
});

describe('the sign-up form', () => {
  const valid = {
    shopName: 'Mama Mboga Stores',
    subdomain: 'mama-mboga',
    fullName: 'Wanjiru Kamau',
    email: 'Wanjiru@Example.test',
    phone: '0712 345 678',
    password: 'Sokoni-2026!',
    businessType: 'general_retail',
  };

  it('takes a valid form with Kenya and no plan as the defaults, the address and e-mail lowercased', () => {
    const parsed = signupSchema.parse({ ...valid, subdomain: 'Mama-Mboga' });
    expect(parsed).toMatchObject({ subdomain: 'mama-mboga', email: 'wanjiru@example.test', country: 'KE', planId: null });
  });

  it("names each field that is wrong with the field's own message", () => {
    const result = signupSchema.safeParse({ ...valid, shopName: ' ', subdomain: 'www', phone: '12345', password: 'short', email: 'nope', businessType: 'casino' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      shopName: "Enter your shop's name",
      subdomain: SUBDOMAIN_RESERVED_MESSAGE,
      email: 'Enter a valid e-mail address',
      phone: PHONE_MESSAGE,
      password: 'Password must be at least 8 characters long',
      businessType: 'Choose what your shop sells',
    });
  });

  it('refuses what is not a form at all without looking at the phone', () => {
    expect(signupSchema.safeParse('mama-mboga').error?.issues).toEqual([expect.objectContaining({ code: 'invalid_type', path: [] })]);
    expect(signupSchema.safeParse(null).success).toBe(false);
  });

  it("reads the phone number by the chosen country's dialling code", () => {
    expect(signupSchema.safeParse({ ...valid, country: 'UG', phone: '0772 123 456' }).success).toBe(true);
    const kenyanInUganda = signupSchema.safeParse({ ...valid, country: 'UG', phone: '+254 712 345 678' });
    expect(kenyanInUganda.error?.issues).toEqual([expect.objectContaining({ path: ['phone'], message: 'Enter a phone number such as +256 712 345 678' })]);
  });
});
