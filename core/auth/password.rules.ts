import { fillMessage } from '../i18n/message.rules';

// Spec §5 password rules. Minimum length is 8 everywhere (docs/decisions/0006-password-length-8.md).
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** A password change must change the password (issue 10 item 4); shown on the new-password field. */
export const SAME_AS_CURRENT_PASSWORD_MESSAGE = /*i18n*/ 'The new password must be different from your current password';
export const SAME_AS_TEMPORARY_PASSWORD_MESSAGE = /*i18n*/ 'The new password must be different from your temporary password';

export type PasswordStrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

/** 25 for ≥ 8 chars, 15 more for ≥ 12; 15 each for lowercase, uppercase, digit, symbol; max 100. */
export function passwordStrengthScore(password: string): number {
  let score = 0;
  if (password.length >= 8) score += 25;
  if (password.length >= 12) score += 15;
  if (/[a-z]/.test(password)) score += 15;
  if (/[A-Z]/.test(password)) score += 15;
  if (/[0-9]/.test(password)) score += 15;
  if (/[^A-Za-z0-9]/.test(password)) score += 15;
  return Math.min(score, 100);
}

export function passwordStrengthLabel(score: number): PasswordStrengthLabel {
  if (score < 30) return /*i18n*/ 'Weak';
  if (score < 60) return /*i18n*/ 'Fair';
  if (score < 80) return /*i18n*/ 'Good';
  return /*i18n*/ 'Strong';
}

export interface ToastMessage {
  title: string;
  description: string;
}

/** The change-password dialog's checks, in order (§5); the first failure is shown as a toast. */
export function checkPasswordDialog(newPassword: string, confirmPassword: string): ToastMessage | null {
  if (!newPassword || !confirmPassword) {
    return { title: /*i18n*/ 'Missing Information', description: /*i18n*/ 'Please fill in both password fields' };
  }
  if (newPassword.length < PASSWORD_MIN_LENGTH) {
    return {
      title: /*i18n*/ 'Password Too Short',
      description: fillMessage(/*i18n*/ 'Password must be at least {min} characters long', { min: PASSWORD_MIN_LENGTH }),
    };
  }
  if (newPassword !== confirmPassword) {
    return { title: /*i18n*/ "Passwords Don't Match", description: /*i18n*/ 'Please make sure both passwords are identical' };
  }
  return null;
}

/** The profile screen's password form checks (§5), with the minimum raised to 8. */
export function checkProfilePasswordForm(current: string, next: string, confirm: string): string | null {
  if (!current || !next || !confirm) return /*i18n*/ 'Please fill in all password fields';
  if (next !== confirm) return /*i18n*/ 'New passwords do not match';
  if (next.length < PASSWORD_MIN_LENGTH) return fillMessage(/*i18n*/ 'New password must be at least {min} characters', { min: PASSWORD_MIN_LENGTH });
  return null;
}
