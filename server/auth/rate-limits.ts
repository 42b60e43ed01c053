import type { RateLimitRule } from '../http/rate-limit';

// Sign-in limits count failures only, so a mall's Wi-Fi or a carrier's shared address (carrier-grade
// NAT) can sign in all day. One account's failures from one address are limited tightly: a stranger
// guessing elsewhere cannot lock a cashier out of her own till (ASVS 5.0 6.1.1, 6.3.1). Failures
// from one address across all accounts have a ceiling a shared network does not reach.
export const AUTH_RATE_LIMITS = {
  failedSignInPerAccountAndAddress: {
    name: 'failed-sign-in:account-address',
    max: 10,
    windowSeconds: 15 * 60,
    message: /*i18n*/ 'Too many sign-in attempts for this account. Please try again in {seconds} seconds.',
  },
  failedSignInPerAddress: {
    name: 'failed-sign-in:ip',
    max: 300,
    windowSeconds: 15 * 60,
    message: /*i18n*/ 'Too many failed sign-ins from this network. Please try again in {seconds} seconds.',
  },
  // A shared address serves many people; the per-address limit only stops mass mailing.
  resetPerAddress: {
    name: 'reset:ip',
    max: 100,
    windowSeconds: 60 * 60,
    message: /*i18n*/ 'Too many reset requests. Please try again in {seconds} seconds.',
  },
  resetPerEmail: {
    name: 'reset:email',
    max: 3,
    windowSeconds: 60 * 60,
    message: /*i18n*/ 'A reset link was sent recently. Please check your e-mail or try again in {seconds} seconds.',
  },
  verificationCode: {
    name: 'verify-email:user',
    max: 1,
    windowSeconds: 60,
    message: /*i18n*/ 'Please wait {seconds} seconds before requesting another code.',
  },
  emailChange: {
    name: 'email-change:user',
    max: 3,
    windowSeconds: 60 * 60,
    message: /*i18n*/ 'Too many e-mail change requests. Please try again in {seconds} seconds.',
  },
} satisfies Record<string, RateLimitRule>;
