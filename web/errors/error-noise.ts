// Spec §8 "Silent handling": browser-extension and third-party noise is suppressed, so the error
// history and console hold only the app's own failures.
const EXTENSION_URL = /\b(?:chrome|moz|safari|safari-web|ms-browser)-extension:\/\//i;
const NOISE_MESSAGES = [
  // Benign layout notice browsers raise when a ResizeObserver callback resizes what it observes.
  /ResizeObserver loop/i,
  // A cross-origin script failed; the browser hides everything about it.
  /^Script error\.?$/i,
  // Rejections raised by e-mail link scanners (e.g. Outlook SafeLinks) probing the page.
  /Object Not Found Matching Id/i,
];

export interface ErrorReport {
  message: string;
  /** The script URL the browser blames, when it names one. */
  filename?: string | undefined;
  stack?: string | undefined;
  /** False for promise rejections whose reason is not an Error (a string, an object, undefined). */
  isErrorObject: boolean;
}

export function isNoiseError(report: ErrorReport): boolean {
  const places = [report.filename, report.stack, report.message];
  if (places.some((text) => text && EXTENSION_URL.test(text))) return true;
  if (NOISE_MESSAGES.some((pattern) => pattern.test(report.message.trim()))) return true;
  // Extensions reject with bare values and no stack; our code rejects with Errors.
  if (!report.isErrorObject && /extension/i.test(report.message)) return true;
  return false;
}

/** Describes a thrown value or rejection reason for the error filter and history. */
export function describeThrown(value: unknown): ErrorReport {
  if (value instanceof Error) {
    return { message: value.message || value.name, stack: value.stack, isErrorObject: true };
  }
  let message: string;
  try {
    message = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    message = String(value);
  }
  return { message, isErrorObject: false };
}
