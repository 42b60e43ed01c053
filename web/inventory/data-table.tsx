import type { UseQueryResult } from '@tanstack/react-query';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { cn } from '../lib/cn';
import { PAGE_SIZE } from './inventory.api';
import { LoadError, Pagination, TableSkeleton } from './inventory-ui';

/** Per-column classes (e.g. right-aligned numbers), kept in the column's meta. */
export interface ColumnStyle {
  className?: string;
}
const styleOf = (meta: unknown) => (meta as ColumnStyle | undefined)?.className;

/** One page of rows from the server (pagination, filters and sort happen there). */
export function DataTable<Row>({
  columns,
  data,
  label,
  getRowId,
  isFetching = false,
}: {
  columns: Array<ColumnDef<Row>>;
  data: Row[];
  label: string;
  getRowId: (row: Row) => string;
  isFetching?: boolean;
}) {
  // TanStack Table's instance is not memoisable by the React compiler; it re-renders with its data.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), getRowId, manualPagination: true });
  return (
    <div aria-busy={isFetching || undefined} className={cn('rounded-xl border bg-card transition-opacity', isFetching && 'opacity-70')}>
      <Table aria-label={label}>
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id} className="hover:bg-transparent">
              {group.headers.map((header) => (
                <TableHead key={header.id} className={cn('first:pl-4 last:pr-4', styleOf(header.column.columnDef.meta))}>
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </TableHead>
              ))}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {table.getRowModel().rows.map((row) => (
            <TableRow key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <TableCell key={cell.id} className={cn('first:pl-4 last:pr-4', styleOf(cell.column.columnDef.meta))}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/**
 * A server-paged list in its four states: grey rows while it loads, the load error, `empty` when
 * there is nothing, else the table and its pages. `label` names the table ("Stock takes"),
 * `loadingLabel` the grey rows ("Loading stock takes") and `what` the list in the load error
 * ("the stock takes"), each translated by the caller.
 */
export function PagedTable<Row>({
  query,
  columns,
  label,
  loadingLabel,
  what,
  skeletonColumns,
  getRowId,
  page,
  onPageChange,
  empty,
}: {
  query: UseQueryResult<{ items: Row[]; total: number }>;
  columns: Array<ColumnDef<Row>>;
  label: string;
  loadingLabel: string;
  what: string;
  /** How many grey columns stand for the table while it loads. */
  skeletonColumns: number;
  getRowId: (row: Row) => string;
  page: number;
  onPageChange: (page: number) => void;
  empty: ReactNode;
}) {
  if (query.isPending) return <TableSkeleton columns={skeletonColumns} label={loadingLabel} />;
  if (query.isError) return <LoadError error={query.error} what={what} onRetry={() => void query.refetch()} />;
  if (query.data.items.length === 0) return empty;
  return (
    <>
      <DataTable columns={columns} data={query.data.items} label={label} getRowId={getRowId} isFetching={query.isPlaceholderData} />
      <Pagination page={page} pageSize={PAGE_SIZE} total={query.data.total} onPageChange={onPageChange} />
    </>
  );
}
