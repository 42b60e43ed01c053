import { describe, expect, it } from 'vitest';
import { signInSchema } from '../../core/auth/auth.schemas';
import { resetPasswordSchema } from '../../core/auth/auth.schemas';
import { firstFieldErrors, firstInvalidField } from './form-errors';

describe('form errors from the shared schemas', () => {
  it('gives the first message per field', () => {
    const result = signInSchema.safeParse({ email: 'not-an-address', password: '' });
    expect(result.success).toBe(false);
    const errors = firstFieldErrors(result.error!);
    expect(errors).toEqual({ email: 'Enter a valid e-mail address', password: 'Enter your password' });
    expect(firstInvalidField(errors, ['email', 'password'])).toBe('email');
  });

  it('places a refinement on its path', () => {
    const result = resetPasswordSchema.safeParse({ token: 't', newPassword: 'abcdefgh', confirmPassword: 'abcdefgx' });
    const errors = firstFieldErrors(result.error!);
    expect(errors).toEqual({ confirmPassword: 'Please make sure both passwords are identical' });
    expect(firstInvalidField(errors, ['newPassword', 'confirmPassword'])).toBe('confirmPassword');
    expect(firstInvalidField({}, ['newPassword'])).toBeUndefined();
  });
});
