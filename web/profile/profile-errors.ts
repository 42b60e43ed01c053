import { translateMessage } from '../i18n/translate-message';
import { isApiError, isUnauthorized } from '../lib/api-client';

/**
 * Whether a screen should show its own failure toast: a 401 is already reported once, as
 * 'Session expired. Please log in again.', by the auth provider, which then signs out.
 */
export function shouldReportFailure(error: unknown): boolean {
  return !isUnauthorized(error);
}

/** The server's words for a failure, when it gave any, in the screen's language. */
export function errorMessageOf(error: unknown): string | undefined {
  if (isApiError(error)) return error.message ? translateMessage(error.message) : undefined;
  return undefined;
}
