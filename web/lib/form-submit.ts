import type { z } from 'zod';
import { isApiError } from './api-client';
import { firstFieldErrors, type FieldErrors } from './form-errors';

// Sending a form: the shared schema first, then the server's field messages beside their fields.
// Apart from form-errors.ts, which the sign-in page loads, so the screens that use these pay for them.

/**
 * The server's first message for each of `fields` (by default each it named), or null when it named
 * none (the form keeps what it shows).
 */
export function serverFieldErrors(failure: unknown, fields?: readonly string[]): FieldErrors | null {
  if (!isApiError(failure) || !failure.fields) return null;
  return Object.fromEntries((fields ?? Object.keys(failure.fields)).map((field) => [field, failure.fieldMessage(field)]));
}

/** Sends `body` when the shared `schema` accepts it, the errors cleared; else shows its first message per field. */
export function sendIfValid<Body>(schema: z.ZodType, body: Body, setErrors: (errors: FieldErrors) => void, send: (body: Body) => void) {
  const parsed = schema.safeParse(body);
  setErrors(parsed.success ? {} : firstFieldErrors(parsed.error));
  if (parsed.success) send(body);
}
