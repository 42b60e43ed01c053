// Plain aligned tables: readable in a terminal and in CI logs (no box-drawing, no colour).

export type Cell = string | number;

export interface TableOptions {
  title: string;
  columns: string[];
  rows: Cell[][];
  /** Lines printed under the table (what was measured, caveats). */
  notes?: string[];
  /** Per column; by default the first column is left-aligned and the others (measurements) right-aligned. */
  align?: ('left' | 'right')[];
}

export function renderTable({ title, columns, rows, notes = [], align = [] }: TableOptions): string {
  const text = rows.map((row) => columns.map((_, i) => String(row[i] ?? '')));
  const widths = columns.map((heading, i) => Math.max(heading.length, ...text.map((row) => row[i]!.length)));
  const isLeft = (i: number) => (align[i] ?? (i === 0 ? 'left' : 'right')) === 'left';
  const pad = (value: string, i: number) => (isLeft(i) ? value.padEnd(widths[i]!) : value.padStart(widths[i]!));
  const line = (cells: string[]) => `  ${cells.map(pad).join('  ')}`.trimEnd();
  return [
    '',
    `■ ${title}`,
    line(columns),
    `  ${widths.map((w) => '-'.repeat(w)).join('  ')}`,
    ...text.map(line),
    ...notes.map((note) => `  · ${note}`),
  ].join('\n');
}

export function printTable(options: TableOptions) {
  console.log(renderTable(options));
}
