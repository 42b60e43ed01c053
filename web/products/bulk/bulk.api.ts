import { z } from 'zod';
import { bulkResultSchema, importPreviewSchema, importResultSchema, type ImportPreview } from '../../../core/products/products.schemas';
import { APPLICATION_NAME, APPLICATION_NAME_HEADER, IDEMPOTENCY_KEY_HEADER, apiErrorSchema } from '../../../core/api/api-error.schemas';
import { ApiError, apiRequest } from '../../lib/api-client';

export type BulkPriceMode = 'set' | 'percent' | 'amount';

export const IMPORT_TEMPLATE_PATH = '/api/products/import/template.csv';
export const EXPORT_PATH = '/api/products/export.csv';

export function bulkPriceRequest(body: { productIds: string[]; mode: BulkPriceMode; value: number }) {
  return apiRequest('/api/products/bulk/price', { method: 'POST', body, schema: bulkResultSchema });
}

export function bulkArchiveRequest(body: { productIds: string[]; archived: boolean }) {
  return apiRequest('/api/products/bulk/archive', { method: 'POST', body, schema: bulkResultSchema });
}

/**
 * Uploads a CSV with XMLHttpRequest, whose upload events report progress (fetch has none), and
 * parses the answer like apiRequest does.
 */
export function uploadImportFile<Schema extends z.ZodType>(
  path: string,
  file: File,
  options: { schema: Schema; idempotencyKey?: string; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<z.infer<Schema>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader(APPLICATION_NAME_HEADER, APPLICATION_NAME);
    if (options.idempotencyKey) request.setRequestHeader(IDEMPOTENCY_KEY_HEADER, options.idempotencyKey);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError({ status: 0, code: 'network_error', message: 'Could not reach the server' }));
    // Never shown: only a caller that cancels the upload sees it (and the name is the DOM's error name).
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a developer-facing DOMException, not read by people
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    request.onload = () => {
      const body = parseJson(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        reject(toApiError(request.status, body));
        return;
      }
      const parsed = options.schema.safeParse(body);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError({ status: request.status, code: 'invalid_response', message: `Unexpected response from ${path}`, cause: parsed.error }));
    };
    options.signal?.addEventListener('abort', () => request.abort());
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

export function previewImportRequest(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<ImportPreview> {
  return uploadImportFile('/api/products/import/preview', file, { schema: importPreviewSchema, onProgress, signal });
}

export function commitImportRequest(file: File, idempotencyKey: string, onProgress: (fraction: number) => void) {
  return uploadImportFile('/api/products/import', file, { schema: importResultSchema, idempotencyKey, onProgress });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) {
    const { code, message, fields, requestId } = parsed.data.error;
    return new ApiError({ status, code, message, fields, requestId });
  }
  return new ApiError({ status, code: status === 413 ? 'payload_too_large' : 'internal_error', message: `The upload failed (status ${status})` });
}
