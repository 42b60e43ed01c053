// Dates for people in Kenya first; times shown in the shop's time zone when it is known
// (docs/architecture: UTC in the API, the tenant's zone on screen).
const LOCALE = 'en-KE';

function formatter(options: Intl.DateTimeFormatOptions, timeZone?: string | null): Intl.DateTimeFormat {
  if (timeZone) {
    try {
      return new Intl.DateTimeFormat(LOCALE, { ...options, timeZone });
    } catch {
      // An unknown zone name: the browser's own zone below.
    }
  }
  return new Intl.DateTimeFormat(LOCALE, options);
}

/** e.g. "21 Nov 2026". */
export function formatDate(iso: string, timeZone?: string | null): string {
  return formatter({ dateStyle: 'medium' }, timeZone).format(new Date(iso));
}

/** e.g. "21 Nov 2026, 08:30". */
export function formatDateTime(iso: string, timeZone?: string | null): string {
  return formatter({ dateStyle: 'medium', timeStyle: 'short' }, timeZone).format(new Date(iso));
}

/** Avatar initials: first letters of the first and last names, else the e-mail's first letter. */
export function initialsOf(fullName: string | null | undefined, email: string): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letters = first ? `${first.charAt(0)}${last?.charAt(0) ?? ''}` : email.trim().charAt(0);
  return letters.toUpperCase() || '?';
}

/** A wait in words for buttons: "45s", or whole minutes from a minute up ("15 min"). */
export function formatWait(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return whole < 60 ? `${whole}s` : `${Math.ceil(whole / 60)} min`;
}
