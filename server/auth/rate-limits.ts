import type { RateLimitRule } from '../http/rate-limit';

// Limits per address and per account, never a lockout of the account itself: a stranger
// cannot lock a cashier out by typing wrong passwords for her (ASVS 6.1.1).
export const AUTH_RATE_LIMITS = {
  signInPerAddress: {
    name: 'sign-in:ip',
    max: 30,
    windowSeconds: 15 * 60,
    message: 'Too many sign-in attempts from this network. Please try again in {seconds} seconds.',
  },
  failedSignInPerEmail: {
    name: 'failed-sign-in:email',
    max: 10,
    windowSeconds: 15 * 60,
    message: 'Too many sign-in attempts for this account. Please try again in {seconds} seconds.',
  },
  resetPerAddress: {
    name: 'reset:ip',
    max: 10,
    windowSeconds: 60 * 60,
    message: 'Too many reset requests. Please try again in {seconds} seconds.',
  },
  resetPerEmail: {
    name: 'reset:email',
    max: 3,
    windowSeconds: 60 * 60,
    message: 'A reset link was sent recently. Please check your e-mail or try again in {seconds} seconds.',
  },
  verificationCode: {
    name: 'verify-email:user',
    max: 1,
    windowSeconds: 60,
    message: 'Please wait {seconds} seconds before requesting another code.',
  },
  emailChange: {
    name: 'email-change:user',
    max: 3,
    windowSeconds: 60 * 60,
    message: 'Too many e-mail change requests. Please try again in {seconds} seconds.',
  },
} satisfies Record<string, RateLimitRule>;
