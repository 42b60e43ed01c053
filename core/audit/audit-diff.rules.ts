/** One field that differs between an event's before and after. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const same = (left: unknown, right: unknown) => JSON.stringify(left ?? null) === JSON.stringify(right ?? null);

/**
 * The fields an action changed, in name order: every key of either side whose values differ
 * (a key missing on one side counts as null there). Nested values compare as a whole.
 */
export function diffFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChange[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...keys]
    .sort()
    .filter((field) => !same(before?.[field], after?.[field]))
    .map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }));
}

/**
 * The two sides of a change reduced to the fields that changed, for recording: a settings save
 * that changed one field of twenty records that one field. Null when nothing changed.
 */
export function changedSides(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const changes = diffFields(before, after);
  if (changes.length === 0) return null;
  return {
    before: Object.fromEntries(changes.map((change) => [change.field, change.before])),
    after: Object.fromEntries(changes.map((change) => [change.field, change.after])),
  };
}
