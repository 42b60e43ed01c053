import { expect } from 'vitest';

/** The format's rules, checked line by line (https://prometheus.io/docs/instrumenting/exposition_formats/). */
export function expectValidExposition(text: string) {
  expect(text.endsWith('\n')).toBe(true);
  const declared = new Map<string, string>();
  const seenSamplesOf = new Set<string>();
  const buckets = new Map<string, Array<{ le: number; value: number }>>();
  const counts = new Map<string, number>();
  for (const line of text.trimEnd().split('\n')) {
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped']).toContain(meta[3]);
        // TYPE comes once per metric, before its first sample.
        expect(declared.has(meta[2]!)).toBe(false);
        expect(seenSamplesOf.has(meta[2]!)).toBe(false);
        declared.set(meta[2]!, meta[3]!);
      }
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\["\\n])*",?)*)\})? (\S+)$/.exec(line);
    expect(sample, line).not.toBeNull();
    const [, name, , labels = '', value] = sample!;
    expect(Number.isNaN(Number(value)) && value !== 'NaN' && value !== '+Inf', line).toBe(false);
    const base = declared.has(name!) ? name! : name!.replace(/_(bucket|sum|count)$/, '');
    expect(declared.has(base), `${line}: no TYPE for ${base}`).toBe(true);
    seenSamplesOf.add(base);
    if (declared.get(base) === 'histogram') {
      const series = labels.replace(/,?le="[^"]*"/, '');
      if (name!.endsWith('_bucket')) {
        const le = /le="([^"]+)"/.exec(labels)![1]!;
        const list = buckets.get(series) ?? [];
        list.push({ le: le === '+Inf' ? Infinity : Number(le), value: Number(value) });
        buckets.set(series, list);
      } else if (name!.endsWith('_count')) counts.set(series, Number(value));
    }
  }
  for (const [series, list] of buckets) {
    for (let index = 1; index < list.length; index += 1) {
      expect(list[index]!.le).toBeGreaterThan(list[index - 1]!.le);
      expect(list[index]!.value, `${series} buckets are cumulative`).toBeGreaterThanOrEqual(list[index - 1]!.value);
    }
    expect(list.at(-1)!.le).toBe(Infinity);
    expect(list.at(-1)!.value, `${series}: +Inf bucket equals _count`).toBe(counts.get(series));
  }
}
