import { z } from 'zod';
import { safeLine } from '../api/text.schemas';
import { fillMessage } from '../i18n/message.rules';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SAME_AS_CURRENT_PASSWORD_MESSAGE } from './password.rules';

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email({ message: /*i18n*/ 'Enter a valid e-mail address' }));

export const newPasswordSchema = safeLine()
  .min(PASSWORD_MIN_LENGTH, { message: fillMessage(/*i18n*/ 'Password must be at least {min} characters long', { min: PASSWORD_MIN_LENGTH }) })
  .max(PASSWORD_MAX_LENGTH, { message: fillMessage(/*i18n*/ 'Password must be at most {max} characters long', { max: PASSWORD_MAX_LENGTH }) });

export const signInSchema = z.object({
  email: emailSchema,
  password: safeLine().min(1, { message: /*i18n*/ 'Enter your password' }).max(PASSWORD_MAX_LENGTH),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({ token: safeLine().min(1).max(512), newPassword: newPasswordSchema, confirmPassword: safeLine() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: /*i18n*/ 'Please make sure both passwords are identical',
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The mandatory / dialog password change: a new password, no current one (the session proves identity). */
export const requiredPasswordChangeSchema = z
  .object({ newPassword: newPasswordSchema, confirmPassword: safeLine() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: /*i18n*/ 'Please make sure both passwords are identical',
  });
export type RequiredPasswordChangeInput = z.infer<typeof requiredPasswordChangeSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: safeLine().min(1, { message: /*i18n*/ 'Please fill in all password fields' }).max(PASSWORD_MAX_LENGTH),
    newPassword: safeLine().min(PASSWORD_MIN_LENGTH, { message: fillMessage(/*i18n*/ 'New password must be at least {min} characters', { min: PASSWORD_MIN_LENGTH }) }).max(PASSWORD_MAX_LENGTH),
    confirmPassword: safeLine(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: /*i18n*/ 'New passwords do not match' })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ['newPassword'], message: SAME_AS_CURRENT_PASSWORD_MESSAGE });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Spec §5: digits only, exactly 6. */
export const VERIFICATION_CODE_LENGTH = 6;
export const verificationCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: /*i18n*/ 'Please enter a valid 6-digit code' });
export const verifyEmailSchema = z.object({ code: verificationCodeSchema });
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

/** Keeps only digits and at most 6 of them, as the code field does while typing. */
export function sanitizeVerificationCodeInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);
}

export const VERIFICATION_CODE_TTL_SECONDS = 10 * 60;
export const VERIFICATION_RESEND_COOLDOWN_SECONDS = 60;
export const VERIFICATION_MAX_WRONG_ATTEMPTS = 5;
