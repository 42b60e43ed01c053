import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { APPLICATION_NAME, APPLICATION_NAME_HEADER, apiErrorSchema, IDEMPOTENCY_KEY_HEADER } from '../../core/api/api-error.schemas';
import type { ReportKey } from '../../core/reports/report-catalog';
import {
  reportResultSchema,
  reportSettingsSchema,
  savedReportListSchema,
  savedReportSchema,
  type ReportSettings,
  type SavedReportInput,
  type SavedReportParams,
} from '../../core/reports/reports.schemas';
import { fillMessage } from '../../core/i18n/message.rules';
import { ApiError, apiRequest } from '../lib/api-client';
import { reportUrl } from './report-state';

// The Reports screen's requests (core/reports/reports.schemas.ts is the contract): a report's page,
// its files (CSV, PDF) read as a stream with a counter, the saved reports and the daily summary.

export function useReportResult(report: ReportKey, query: Record<string, string>, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['reports', 'result', report, query],
    queryFn: ({ signal }) => apiRequest(reportUrl(report, query), { schema: reportResultSchema, signal }),
    enabled,
    placeholderData: keepPreviousData,
    // A 400 (a field the person must change) or a 402 does not get better by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the report failed' },
  });
}

const SAVED = '/api/saved-reports';
const savedKey = ['reports', 'saved'] as const;

export function useSavedReports({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: savedKey,
    queryFn: ({ signal }) => apiRequest(SAVED, { schema: savedReportListSchema, signal }),
    select: (data) => data.items,
    enabled,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the saved reports failed' },
  });
}

export function createSavedReportRequest(body: SavedReportInput, idempotencyKey: string) {
  return apiRequest(SAVED, { method: 'POST', body, schema: savedReportSchema, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

export function patchSavedReportRequest(id: string, body: { name?: string; params?: SavedReportParams; isPinned?: boolean }) {
  return apiRequest(`${SAVED}/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: savedReportSchema });
}

export function deleteSavedReportRequest(id: string) {
  return apiRequest(`${SAVED}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** After a change of the saved reports: the list, and the dashboard's pinned ones. */
export function useRefreshSaved() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: savedKey }), queryClient.invalidateQueries({ queryKey: ['dashboard'] })]);
}

const SETTINGS = '/api/reports/settings';

export function useReportSettings({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['reports', 'settings'],
    queryFn: ({ signal }) => apiRequest(SETTINGS, { schema: reportSettingsSchema, signal }),
    enabled,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the report settings failed' },
  });
}

export function saveReportSettingsRequest(body: Omit<ReportSettings, 'lastSummaryDay'>) {
  return apiRequest(SETTINGS, { method: 'PUT', body, schema: reportSettingsSchema });
}

export interface DownloadProgress {
  bytes: number;
  /** Lines read so far (a CSV's rows, its header included); counted for CSV only. */
  lines: number;
}

/** The file's name from Content-Disposition (filename="…"), else `fallback`. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return plain?.[1] ?? fallback;
}

/**
 * Reads a report's file as it streams in, telling the bytes (and a CSV's lines) read, then hands it
 * over as a Blob with its name. A refusal (402, 422) arrives as the API's error, like apiRequest's.
 */
export async function downloadReportFile(url: string, { signal, onProgress, fallbackName }: { signal: AbortSignal; onProgress: (progress: DownloadProgress) => void; fallbackName: string }) {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', signal, headers: { [APPLICATION_NAME_HEADER]: APPLICATION_NAME } });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError({ status: 0, code: 'network_error', message: /*i18n*/ 'Could not reach the server', cause: error });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const parsed = apiErrorSchema.safeParse(body);
    if (parsed.success) {
      const { code, message, fields, requestId } = parsed.data.error;
      throw new ApiError({ status: response.status, code, message, fields, requestId });
    }
    throw new ApiError({ status: response.status, code: response.status === 402 ? 'payment_required' : 'internal_error', message: response.statusText || fillMessage(/*i18n*/ 'Request failed with status {status}', { status: response.status }) });
  }
  const isCsv = (response.headers.get('content-type') ?? '').includes('csv');
  const chunks: Uint8Array[] = [];
  const progress: DownloadProgress = { bytes: 0, lines: 0 };
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      progress.bytes += value.byteLength;
      if (isCsv) for (const byte of value) if (byte === 10) progress.lines += 1;
      onProgress({ ...progress });
    }
  } else {
    const whole = new Uint8Array(await response.arrayBuffer());
    chunks.push(whole);
    onProgress({ bytes: whole.byteLength, lines: 0 });
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  return { blob: new Blob(chunks as BlobPart[], { type }), name: attachmentName(response.headers.get('content-disposition'), fallbackName) };
}

/** Saves a Blob as a file through a temporary link. */
export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the click is handled; the address is let go just after.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
