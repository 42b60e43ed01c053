import type { ClientErrorReport } from '../../core/api/client-error.schemas';
import { APPLICATION_NAME, APPLICATION_NAME_HEADER } from '../../core/api/api-error.schemas';

const REPORT_URL = '/api/client-errors';

/**
 * Sends a caught error to the server log, fire-and-forget: reporting must never throw or block
 * the error page (a failed report is only a console warning).
 */
export function reportClientError(report: Omit<ClientErrorReport, 'url' | 'occurredAt'>): void {
  const body: ClientErrorReport = {
    ...report,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- goes to the server log, never shown
    message: report.message.slice(0, 2000) || 'Unknown error',
    stack: report.stack?.slice(0, 8000),
    componentStack: report.componentStack?.slice(0, 8000),
    url: window.location.href.slice(0, 2000),
    occurredAt: new Date().toISOString(),
  };
  void fetch(REPORT_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [APPLICATION_NAME_HEADER]: APPLICATION_NAME },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch((error: unknown) => console.warn('Could not report the error to the server', error));
}
