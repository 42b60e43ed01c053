import { i18n } from '@lingui/core';
import type { z } from 'zod';
import {
  APPLICATION_NAME,
  APPLICATION_NAME_HEADER,
  apiErrorSchema,
  type ApiErrorCode,
} from '../../core/api/api-error.schemas';
import { fillMessage } from '../../core/i18n/message.rules';

/** Codes the client adds for failures that never produced an API error body. */
export type ClientErrorCode = 'network_error' | 'invalid_response';

/**
 * A failed API call: the server's error shape, or a network or response-shape failure. Its message
 * is English, as the API sends it: show it through translateMessage (web/i18n/translate-message.ts)
 * or failureMessage (web/lib/form-errors.ts).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode | ClientErrorCode;
  readonly fields: Record<string, string[]> | undefined;
  readonly requestId: string | undefined;
  /** On 429: how long to wait before trying again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    code: ApiErrorCode | ClientErrorCode;
    message: string;
    fields?: Record<string, string[]> | undefined;
    requestId?: string | undefined;
    retryAfterSeconds?: number | undefined;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /** The first message the server gave for `field`, if any. */
  fieldMessage(field: string): string | undefined {
    return this.fields?.[field]?.[0];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * What a console line carries for a failure: an expected refusal (4xx: a wrong code, a missing
 * permission, a conflict) as one line of status, code, message and request id, since a stack trace
 * would make it look like a crash; anything else (network failure, 5xx, a bug) as the error itself.
 */
export function failureLogDetail(error: unknown): unknown {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return error;
  return `${error.status} ${error.code}: ${error.message}${error.requestId ? ` (request ${error.requestId})` : ''}`;
}

/** The server said the session is gone (expired, revoked, or the account was deactivated). */
export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

export interface ApiRequestOptions<Schema extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as JSON; a FormData (file upload) is sent as multipart. */
  body?: unknown;
  /** Validates a success body; without it the body is returned as parsed JSON. */
  schema?: Schema;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Injected in tests; the browser's fetch otherwise. */
  fetch?: typeof fetch;
}

export async function apiRequest<Schema extends z.ZodType = z.ZodUnknown>(
  path: string,
  options: ApiRequestOptions<Schema> = {},
): Promise<z.infer<Schema>> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const headers: Record<string, string> = {
    accept: 'application/json',
    [APPLICATION_NAME_HEADER]: APPLICATION_NAME,
    // The screen's language, for what the server writes in it (e-mails to a person with no choice of their own).
    ...(i18n.locale ? { 'accept-language': i18n.locale } : {}),
    ...options.headers,
  };
  const isMultipart = options.body instanceof FormData;
  // The browser sets a multipart body's content type itself, with its boundary.
  if (options.body !== undefined && !isMultipart) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetchImpl(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : isMultipart ? (options.body as FormData) : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'network_error', message: /*i18n*/ 'Could not reach the server', cause: error });
  }

  const body = await readJson(response);
  if (!response.ok) throw toApiError(response, body);
  if (!options.schema) return body as z.infer<Schema>;

  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: 'invalid_response',
      message: fillMessage(/*i18n*/ 'Unexpected response from {path}', { path }),
      cause: parsed.error,
    });
  }
  return parsed.data;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// A proxy or crash may answer without our error shape: keep the status, use a code that fits it.
function toApiError(response: Response, body: unknown): ApiError {
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) {
    const { code, message, fields, requestId, retryAfterSeconds } = parsed.data.error;
    return new ApiError({ status: response.status, code, message, fields, requestId, retryAfterSeconds });
  }
  return new ApiError({
    status: response.status,
    code: fallbackCode(response.status),
    message: response.statusText || fillMessage(/*i18n*/ 'Request failed with status {status}', { status: response.status }),
  });
}

function fallbackCode(status: number): ApiErrorCode {
  const byStatus: Record<number, ApiErrorCode> = {
    400: 'bad_request',
    401: 'unauthorized',
    402: 'payment_required',
    403: 'forbidden',
    404: 'not_found',
    409: 'conflict',
    413: 'payload_too_large',
    422: 'unprocessable',
    429: 'rate_limited',
    503: 'service_unavailable',
  };
  return byStatus[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
}
