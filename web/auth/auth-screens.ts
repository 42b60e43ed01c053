/** The sign-in pages a person reaches from a link (reset, callback, forgot): fetched when opened, not with /auth. */
export { AuthCallbackPage } from './auth-callback-page';
export { ForgotPasswordPage } from './forgot-password-page';
export { ResetPasswordPage } from './reset-password-page';
