import { useLingui } from '@lingui/react/macro';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';

/**
 * A sortable column's heading in a list whose sort lives in the address: pressed when the list is
 * sorted by it, its arrow showing the direction; `onSort` picks the next direction.
 */
export function SortButton({ label, active, direction, onSort }: { label: string; active: boolean; direction: 'asc' | 'desc' | undefined; onSort: () => void }) {
  const { t } = useLingui();
  const Icon = !active ? ArrowUpDownIcon : direction === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <button
      type="button"
      className="-mx-1 inline-flex items-center gap-1 rounded px-1 outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
      aria-label={t`Sort by ${label}`}
      aria-pressed={active}
      onClick={onSort}
    >
      {label}
      <Icon aria-hidden className="size-3.5" />
    </button>
  );
}
