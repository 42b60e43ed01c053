import type { HTTPException } from 'hono/http-exception';
import type { ApiErrorBody, ApiErrorCode } from '../../core/api/api-error.schemas';
import type { z } from 'zod';

const STATUS_BY_CODE: Record<ApiErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  credit_limit_exceeded: 409,
  approval_invalid: 409,
  approval_refused: 422,
  mpesa_code_used: 409,
  shift_already_open: 409,
  shift_closed: 409,
  approval_required: 409,
  return_id_reused: 409,
  return_exceeds_sold: 409,
  sale_id_reused: 409,
  price_changed: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  payments_not_configured: 503,
  shop_suspended: 403,
};

/** An error the client is meant to see: its code, message and field messages reach the response. */
export class HttpError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly meta: { retryAfterSeconds?: number; fieldCodes?: Record<string, string[]> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = STATUS_BY_CODE[code];
  }
}

export const notFound = (message = /*i18n*/ 'Not found') => new HttpError('not_found', message);

/**
 * Hono's own 4xx refusals (a body its validator cannot parse, a wrong content type) as our error:
 * its status, our code, and a message that says what to send instead (issue 11).
 */
export function fromHttpException(exception: HTTPException, contentType: string | undefined): HttpError {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (exception.status === 415) return new HttpError('unsupported_media_type', /*i18n*/ 'Send the request body as the content type this operation expects');
  if (exception.status === 400 && /^application\/([\w.-]+\+)?json$/.test(mediaType)) {
    return new HttpError('bad_request', /*i18n*/ 'The request body is not valid JSON');
  }
  if (exception.status === 400 && (mediaType === 'multipart/form-data' || mediaType === 'application/x-www-form-urlencoded')) {
    return new HttpError('bad_request', /*i18n*/ 'The upload could not be read; choose the file and send it again');
  }
  const code = (Object.keys(STATUS_BY_CODE) as ApiErrorCode[]).find((candidate) => STATUS_BY_CODE[candidate] === exception.status);
  return new HttpError(code ?? 'bad_request', exception.message || /*i18n*/ 'The request could not be read');
}

/**
 * Zod issues as { "field.path": ["message", …] } and, in the same shape and order, each issue's code
 * (too_small, invalid_format, …); issues on the whole input go under "_".
 */
export function fieldIssues(error: z.ZodError): { fields: Record<string, string[]>; fieldCodes: Record<string, string[]> } {
  const fields: Record<string, string[]> = {};
  const fieldCodes: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (fields[key] ??= []).push(issue.message);
    (fieldCodes[key] ??= []).push(issue.code);
  }
  return { fields, fieldCodes };
}

/** The 400 for input its schema refuses: one English message and one code per problem, by field. */
export function validationError(error: z.ZodError): HttpError {
  const { fields, fieldCodes } = fieldIssues(error);
  return new HttpError('validation_failed', /*i18n*/ 'Some fields are invalid', fields, { fieldCodes });
}

/** A code for every field message, same keys and order: the schema's when it gave one, else "custom" (a server rule). */
function codesFor(fields: Record<string, string[]>, known: Record<string, string[]> | undefined): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).map(([key, messages]) => [key, messages.map((_, index) => known?.[key]?.[index] ?? 'custom')]));
}

export function errorBody(error: HttpError, requestId?: string): ApiErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields, fieldCodes: codesFor(error.fields, error.meta.fieldCodes) } : {}),
      ...(error.meta.retryAfterSeconds ? { retryAfterSeconds: error.meta.retryAfterSeconds } : {}),
      ...(requestId ? { requestId } : {}),
    },
  };
}
