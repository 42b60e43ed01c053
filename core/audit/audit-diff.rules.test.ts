import { describe, expect, it } from 'vitest';
import { changedSides, diffFields } from './audit-diff.rules';

describe('audit diff', () => {
  it('lists the fields that differ, in name order, a missing key as null', () => {
    expect(diffFields({ name: 'Duka', pin: 'P051', tz: 'Africa/Nairobi' }, { name: 'Duka Bora', tz: 'Africa/Nairobi', footer: 'Asante' })).toEqual([
      { field: 'footer', before: null, after: 'Asante' },
      { field: 'name', before: 'Duka', after: 'Duka Bora' },
      { field: 'pin', before: 'P051', after: null },
    ]);
  });

  it('compares nested values as a whole', () => {
    expect(diffFields({ tenders: { card: 'A' } }, { tenders: { card: 'A' } })).toEqual([]);
    expect(diffFields({ tenders: { card: 'A' } }, { tenders: { card: 'B' } })).toHaveLength(1);
  });

  it('reduces a save to what changed, or nothing', () => {
    expect(changedSides({ a: 1, b: 2 }, { a: 1, b: 3 })).toEqual({ before: { b: 2 }, after: { b: 3 } });
    expect(changedSides({ a: 1 }, { a: 1 })).toBeNull();
  });
});
