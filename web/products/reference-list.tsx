import { Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import { PencilIcon, PlusIcon, Trash2Icon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { translateMessage } from '../i18n/translate-message';
import { EmptyState, LoadError, TableSkeleton } from '../inventory/inventory-ui';
import { UpgradeBadge } from './upgrade-badge';

export interface ReferenceColumn<Item> {
  header: string;
  cell: (item: Item) => ReactNode;
  className?: string;
}

interface Query<Item> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: Item[] | undefined;
  refetch: () => unknown;
}

/** The texts of one list screen, each a whole sentence in the reader's language (set by the page). */
export interface ReferenceListTexts {
  title: string;
  description: string;
  /** "New category". */
  newLabel: string;
  /** "Add the first category". */
  firstLabel: string;
  /** "No categories yet". */
  emptyTitle: string;
  /** "Loading categories". */
  loadingLabel: string;
  /** What failed to load, as LoadError words it: "categories". */
  loadWhat: string;
  /** "Edit category Drinks". */
  editLabel: (name: string) => string;
  /** "Delete category Drinks". */
  deleteLabel: (name: string) => string;
}

/**
 * The list screen of categories, brands or units: a table with Edit and Delete per row and a
 * "New" button; read-only for cashiers, and locked with the upgrade badge when the plan lacks it.
 */
export function ReferenceListPage<Item extends { id: string; name: string }>({
  texts,
  icon,
  query,
  columns,
  canEdit,
  lock,
  isItemLocked,
  onCreate,
  onEdit,
  onDelete,
}: {
  texts: ReferenceListTexts;
  icon: LucideIcon;
  query: Query<Item>;
  columns: ReferenceColumn<Item>[];
  canEdit: boolean;
  /** When the plan lacks the feature: the badge and message shown instead of the write buttons. */
  lock: { badge: string | null; message: string } | null;
  /** Rows that cannot be changed (e.g. the built-in units). */
  isItemLocked?: (item: Item) => boolean;
  onCreate: () => void;
  onEdit: (item: Item) => void;
  onDelete: (item: Item) => void;
}) {
  const { i18n } = useLingui();
  const canWrite = canEdit && lock === null;
  const { title, description } = texts;
  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 className="text-xl font-semibold">{title}</h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {canEdit && lock && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" data-locked="">
            {translateMessage(lock.message, i18n)}
            <UpgradeBadge badge={lock.badge} message={lock.message} />
          </p>
        )}
        {canWrite && (
          <Button size="sm" onClick={onCreate}>
            <PlusIcon aria-hidden />
            {texts.newLabel}
          </Button>
        )}
      </div>
      {query.isPending ? (
        <TableSkeleton columns={columns.length + 1} rows={4} label={texts.loadingLabel} />
      ) : query.isError || !query.data ? (
        <LoadError error={query.error} what={texts.loadWhat} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState
          icon={icon}
          title={texts.emptyTitle}
          action={
            canWrite ? (
              <Button onClick={onCreate}>
                <PlusIcon aria-hidden />
                {texts.firstLabel}
              </Button>
            ) : undefined
          }
        >
          {description}
        </EmptyState>
      ) : (
        <div className="min-w-0 overflow-hidden rounded-xl border bg-card">
          <Table aria-label={title}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                {columns.map((column) => (
                  <TableHead key={column.header} className={column.className}>
                    {column.header}
                  </TableHead>
                ))}
                {canWrite && (
                  <TableHead className="text-right">
                    <span className="sr-only">
                      <Trans>Actions</Trans>
                    </span>
                  </TableHead>
                )}
              </TableRow>
            </TableHeader>
            <TableBody>
              {query.data.map((item) => (
                <TableRow key={item.id}>
                  {columns.map((column) => (
                    <TableCell key={column.header} className={column.className}>
                      {column.cell(item)}
                    </TableCell>
                  ))}
                  {canWrite && (
                    <TableCell className="text-right whitespace-nowrap">
                      {!isItemLocked?.(item) && (
                        <>
                          <Button variant="ghost" size="icon" aria-label={texts.editLabel(item.name)} onClick={() => onEdit(item)}>
                            <PencilIcon aria-hidden />
                          </Button>
                          <Button variant="ghost" size="icon" aria-label={texts.deleteLabel(item.name)} onClick={() => onDelete(item)}>
                            <Trash2Icon aria-hidden />
                          </Button>
                        </>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}
