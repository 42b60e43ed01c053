// The variants editor: option names with their values (Size: S, M, L × Colour: Red, Blue) give
// one variant per combination, named "S / Red".

export interface VariantOption {
  name: string;
  /** Comma-separated as typed: "S, M, L". */
  values: string;
}

export interface VariantCombination {
  name: string;
  options: Record<string, string>;
}

/** "S, M ,, L, M" → ["S", "M", "L"]: trimmed, blanks and repeats dropped. */
export function parseOptionValues(text: string): string[] {
  const values: string[] = [];
  for (const raw of text.split(',')) {
    const value = raw.trim();
    if (value && !values.some((known) => known.toLowerCase() === value.toLowerCase())) values.push(value);
  }
  return values;
}

/** Every combination of the options that have a name and at least one value, in the order typed. */
export function combineVariantOptions(options: readonly VariantOption[]): VariantCombination[] {
  const usable = options
    .map((option) => ({ name: option.name.trim(), values: parseOptionValues(option.values) }))
    .filter((option) => option.name && option.values.length > 0);
  if (usable.length === 0) return [];
  let combinations: VariantCombination[] = [{ name: '', options: {} }];
  for (const option of usable) {
    combinations = combinations.flatMap((combination) =>
      option.values.map((value) => ({
        name: combination.name ? `${combination.name} / ${value}` : value,
        options: { ...combination.options, [option.name]: value },
      })),
    );
  }
  return combinations;
}

/** The option names and values that describe existing variants (for editing a product). */
export function optionsOfVariants(variants: ReadonlyArray<{ options?: Record<string, string> | undefined }>): VariantOption[] {
  const byName = new Map<string, string[]>();
  for (const variant of variants) {
    for (const [name, value] of Object.entries(variant.options ?? {})) {
      const values = byName.get(name) ?? [];
      if (!values.includes(value)) values.push(value);
      byName.set(name, values);
    }
  }
  return [...byName].map(([name, values]) => ({ name, values: values.join(', ') }));
}

/** Whether two option sets name the same combination (so an edited grid keeps a row's prices and codes). */
export function sameOptions(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
