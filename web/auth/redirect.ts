// Where sign-in sends people, and how a guarded page remembers where someone was going.

/** The query parameter that carries the page to return to after sign-in. */
export const FROM_PARAM = 'from';

/** Spec §2: route guards and auth logic skip redirects while the path starts with /auth. */
export function isAuthPath(pathname: string): boolean {
  return pathname.startsWith('/auth');
}

/** Public pages that make no sense to return to after signing in. */
const NOT_A_DESTINATION = ['/forgot-password', '/reset-password'];

/**
 * The kept location, if it is a page of this app: a same-origin path (not `//host` or `/\host`,
 * which browsers treat as another site) outside the sign-in pages.
 */
export function safeReturnPath(from: string | null | undefined): string | null {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return null;
  if ([...from].some((char) => char.charCodeAt(0) < 0x20)) return null;
  const pathname = from.split(/[?#]/, 1)[0] ?? '';
  if (isAuthPath(pathname) || NOT_A_DESTINATION.includes(pathname)) return null;
  return from;
}

/** /auth keeping the guarded location, e.g. /auth?from=%2Fadmin%2Fdashboard. */
export function signInPathFor(location: { pathname: string; search: string; hash: string }): string {
  const from = `${location.pathname}${location.search}${location.hash}`;
  return `/auth?${new URLSearchParams({ [FROM_PARAM]: from }).toString()}`;
}
