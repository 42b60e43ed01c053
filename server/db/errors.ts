/** The PostgreSQL error behind a failed query (drizzle wraps it in `cause` on both drivers). */
function postgresError(error: unknown): { code?: string; constraint?: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined };
    }
    current = candidate.cause;
  }
  return null;
}

/** A unique violation (23505), optionally of one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = postgresError(error);
  return found?.code === '23505' && (constraint === undefined || found.constraint === constraint);
}

/** A foreign key violation (23503): the referenced row is gone or belongs to no one here. */
export function isForeignKeyViolation(error: unknown): boolean {
  return postgresError(error)?.code === '23503';
}

/** A write refused because its transaction is read-only (25006). */
export function isReadOnlyRefusal(error: unknown): boolean {
  return postgresError(error)?.code === '25006';
}
