import { describe, expect, it } from 'vitest';
import { checkEmailChange, contactProfileSchema, updateProfileSchema } from './profile.schemas';

describe('profile save (spec §5)', () => {
  it('trims the full name and stores empty as null', () => {
    expect(updateProfileSchema.parse({ fullName: '  Amina Hassan ' })).toEqual({ fullName: 'Amina Hassan' });
    expect(updateProfileSchema.parse({ fullName: '   ' })).toEqual({ fullName: null });
  });
});

describe('contact profile (spec §2, §3, §5)', () => {
  it('requires a display name and stores blanks as null, trimmed', () => {
    expect(contactProfileSchema.safeParse({ name: '  ' }).success).toBe(false);
    expect(contactProfileSchema.parse({ name: ' Amina ', email: ' AMINA@Example.com ', phone: '', company: ' Acme ' })).toEqual({
      name: 'Amina',
      email: 'amina@example.com',
      phone: null,
      company: 'Acme',
      address: null,
      notes: null,
    });
  });
  it('rejects a malformed contact e-mail', () => {
    const result = contactProfileSchema.safeParse({ name: 'A', email: 'not-an-email' });
    expect(result.success).toBe(false);
  });
});

describe('e-mail change checks (spec §5)', () => {
  it('not blank, and different from the current', () => {
    expect(checkEmailChange('  ', 'a@b.co')).toBe('Please enter a new email address');
    expect(checkEmailChange(' A@B.co ', 'a@b.co')).toBe('New email is the same as current email');
    expect(checkEmailChange('new@b.co', 'a@b.co')).toBeNull();
  });
});
