import { describeThrown, isNoiseError, type ErrorReport } from './error-noise';
import type { ErrorHistory } from './error-history';
import { reportClientError } from './error-reporter';

/**
 * Errors outside React rendering (event handlers, timers, promises) go to the error history; the
 * browser prints them to the console itself. Browser-extension and third-party noise is dropped
 * from both (spec §8 "Silent handling").
 */
export function installGlobalErrorListeners(target: Window, history: ErrorHistory): () => void {
  const onError = (event: ErrorEvent) => {
    const report: ErrorReport = event.error
      ? { ...describeThrown(event.error), filename: event.filename }
      : { message: event.message, filename: event.filename, isErrorObject: false };
    if (isNoiseError(report)) {
      event.preventDefault();
      return;
    }
    history.record({ message: report.message, occurredAt: new Date().toISOString(), source: 'uncaught' });
    reportClientError({ message: report.message, source: 'uncaught', stack: event.error instanceof Error ? event.error.stack : undefined });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const report = describeThrown(event.reason);
    if (isNoiseError(report)) {
      event.preventDefault();
      return;
    }
    history.record({ message: report.message, occurredAt: new Date().toISOString(), source: 'unhandled-rejection' });
    reportClientError({
      message: report.message,
      source: 'unhandled-rejection',
      stack: event.reason instanceof Error ? event.reason.stack : undefined,
    });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
