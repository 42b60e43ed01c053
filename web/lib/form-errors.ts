import type { z } from 'zod';
import { translateMessage } from '../i18n/translate-message';
import { isApiError } from './api-client';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * The first message per top-level field of a failed parse, for showing beside each input. The
 * messages stay the shared schemas' English: FormField shows them in the language on screen
 * (translateMessage), so a change of language reaches a message already kept in state.
 */
export function firstFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** The first field (in form order) that has an error, to move focus to. */
export function firstInvalidField(errors: FieldErrors, order: readonly string[]): string | undefined {
  return order.find((field) => errors[field] !== undefined);
}

/**
 * What a failed call tells a person, in the language on screen: the API error's message (for
 * `field` when the server named one) translated, else `fallback` (the caller's own text, already
 * through Lingui), as `isApiError(error) ? error.message : fallback` did in English.
 */
export function failureMessage(error: unknown, fallback: string, field?: string): string {
  if (!isApiError(error)) return fallback;
  const message = (field ? error.fieldMessage(field) : undefined) ?? error.message;
  return message ? translateMessage(message) : fallback;
}

/**
 * The message the server gave for `field` alone, translated; undefined when it named another field
 * or none. For a form of several fields that shows a refusal about none of them (a plan limit) in an
 * alert of its own, not under each field.
 */
export function fieldFailure(error: unknown, field: string): string | undefined {
  const message = isApiError(error) ? error.fieldMessage(field) : undefined;
  return message ? translateMessage(message) : undefined;
}

/** A message shown outside FormField (a toast, a banner): the shared schemas' English in the language on screen. */
export { translateMessage };
