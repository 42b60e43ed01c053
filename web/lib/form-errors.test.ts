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

describe('what a failed call tells a person', () => {
  it('is the server message, for the field when it named one, else the fallback', async () => {
    const { ApiError } = await import('./api-client');
    const { failureMessage } = await import('./form-errors');
    const refused = new ApiError({ status: 400, code: 'validation_failed', message: 'Check the form', fields: { name: ['Enter the product name'] } });
    expect(failureMessage(refused, 'Not saved.')).toBe('Check the form');
    expect(failureMessage(refused, 'Not saved.', 'name')).toBe('Enter the product name');
    expect(failureMessage(refused, 'Not saved.', 'sku')).toBe('Check the form');
    expect(failureMessage(new ApiError({ status: 0, code: 'network_error', message: 'Could not reach the server' }), 'Not saved.')).toBe('Could not reach the server');
    expect(failureMessage(new Error('boom'), 'Not saved.')).toBe('Not saved.');
  });
});
