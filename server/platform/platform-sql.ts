// Small helpers the console's raw SQL reads share.

/** `%text%` for ILIKE, the person's wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** A timestamp as both drivers hand it over (a Date, or text from a JSON aggregate), as ISO text. */
export function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
