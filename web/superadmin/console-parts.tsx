import type { LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { SortButton } from '../components/sort-button';
import { TableHead } from '../components/ui/table';

// Pieces the console's pages share: a headline figure, a small table sorted in the browser (the
// few rows a page already holds: route families, the largest tables), and a shop page's card of
// records (custom prices, support access).

/** One headline figure: an icon and title, the value, and an optional note under it. */
export function Figure({ icon: Icon, title, note, testId, children }: { icon: LucideIcon; title: string; note?: string; testId: string; children: ReactNode }) {
  return (
    <section className="grid content-start gap-1 rounded-xl border bg-card p-4" aria-label={title} data-testid={testId}>
      <h2 className="flex items-center gap-2 text-sm text-muted-foreground">
        <Icon aria-hidden className="size-4" />
        {title}
      </h2>
      <p className="text-2xl font-semibold tabular-nums">{children}</p>
      {note && <p className="text-xs text-muted-foreground">{note}</p>}
    </section>
  );
}

type Sortable = string | number | null;

/**
 * Rows sorted by a column the person picks (a number column first sorts largest first, a text one
 * A to Z), and the header cell that picks it, with aria-sort.
 */
export function useSortedRows<Row, Key extends keyof Row>(rows: readonly Row[], initial: Key, textPadding: string) {
  const [sort, setSort] = useState<{ key: Key; direction: 'asc' | 'desc' }>({ key: initial, direction: 'desc' });
  const sorted = [...rows].sort((left, right) => {
    const a = left[sort.key] as Sortable;
    const b = right[sort.key] as Sortable;
    const order = typeof a === 'string' || typeof b === 'string' ? String(a).localeCompare(String(b)) : (a ?? -1) - (b ?? -1);
    return sort.direction === 'asc' ? order : -order;
  });
  const header = (key: Key, label: string, numeric = true) => (
    <TableHead className={numeric ? 'text-right' : textPadding} aria-sort={sort.key === key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <SortButton
        label={label}
        active={sort.key === key}
        direction={sort.key === key ? sort.direction : undefined}
        onSort={() => setSort((current) => ({ key, direction: current.key === key && current.direction === 'desc' ? 'asc' : numeric ? 'desc' : 'asc' }))}
      />
    </TableHead>
  );
  return { sorted, header };
}

/**
 * A card of a shop's records on its console page: a title with its action, what it is for, why the
 * list or the last change failed, then the list (or while it loads, or that it is empty).
 */
export function RecordsCard({
  title,
  action,
  description,
  failures,
  isPending,
  loadingText,
  isEmpty,
  emptyText,
  children,
}: {
  title: string;
  action: ReactNode;
  description: ReactNode;
  /** Messages to show, null where nothing failed. */
  failures: Array<string | null>;
  isPending: boolean;
  loadingText: ReactNode;
  isEmpty: boolean;
  emptyText: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="grid content-start gap-3 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">{title}</h2>
        {action}
      </div>
      <p className="text-sm text-muted-foreground">{description}</p>
      {failures.map(
        (failure, index) =>
          failure && (
            <p key={index} role="alert" className="text-sm text-destructive">
              {failure}
            </p>
          ),
      )}
      {isPending ? (
        <p className="text-sm text-muted-foreground" aria-busy>
          {loadingText}
        </p>
      ) : isEmpty ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <div className="overflow-x-auto">{children}</div>
      )}
    </section>
  );
}
