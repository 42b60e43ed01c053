import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per top-level field of a failed parse, for showing beside each input. */
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
