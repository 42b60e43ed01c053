import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  useReactTable,
  type ColumnDef,
} from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import { IMPORT_COLUMNS, type ImportColumn, type ImportRowPreview } from '../../../core/products/products.schemas';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { translateMessage } from '../../i18n/translate-message';
import { cn } from '../../lib/cn';

const PAGE_SIZE = 25;
const ROW_ERROR_KEY = '_';
/** Per-column classes: numbers right-aligned, free text wide enough to read. */
const COLUMN_CLASSES: Partial<Record<ImportColumn, string>> = {
  name: 'min-w-40',
  description: 'min-w-48',
  category: 'min-w-32',
  cost_price: 'text-right',
  selling_price: 'text-right',
  reorder_level: 'text-right',
  opening_stock: 'text-right',
};

const hasErrors = (row: ImportRowPreview) => Object.keys(row.errors).length > 0;

/** One cell: the value as it will be saved, or the text given and what is wrong with it. */
function PreviewCell({ value, errors }: { value: string; errors: string[] | undefined }) {
  return (
    <div className="grid max-w-56 gap-0.5">
      <span className={cn('break-words whitespace-pre-line', !value && 'text-muted-foreground')}>{value || '—'}</span>
      {errors?.map((message) => (
        <span key={message} className="text-xs text-destructive">
          {translateMessage(message)}
        </span>
      ))}
    </div>
  );
}

const columns: Array<ColumnDef<ImportRowPreview>> = [
  {
    id: 'row',
    header: () => <Trans>Row</Trans>,
    cell: ({ row }) => (
      <div className="grid gap-0.5">
        <span className="tabular-nums">{row.original.row}</span>
        {row.original.errors[ROW_ERROR_KEY]?.map((message) => (
          <span key={message} className="text-xs text-destructive">
            {translateMessage(message)}
          </span>
        ))}
      </div>
    ),
  },
  ...IMPORT_COLUMNS.map(
    (column): ColumnDef<ImportRowPreview> => ({
      id: column,
      // The CSV's own column names: a file format, shown as the file must carry them.
      header: column,
      meta: COLUMN_CLASSES[column],
      cell: ({ row }) => <PreviewCell value={row.original.values[column] ?? ''} errors={row.original.errors[column]} />,
    }),
  ),
];

/** The preview's rows, paginated, with rows that have problems highlighted and filterable. */
export function ImportPreviewTable({ rows }: { rows: ImportRowPreview[] }) {
  const { t } = useLingui();
  const filterId = useId();
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: PAGE_SIZE });
  const data = useMemo(() => (onlyProblems ? rows.filter(hasErrors) : rows), [rows, onlyProblems]);
  // TanStack Table's instance is not memoisable by the React compiler; it re-renders with its data.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    state: { pagination },
    onPaginationChange: setPagination,
    getRowId: (row) => String(row.row),
    getCoreRowModel: getCoreRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });
  const pageCount = Math.max(1, table.getPageCount());
  const pageNumber = pagination.pageIndex + 1;

  return (
    <div className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Checkbox
            id={filterId}
            checked={onlyProblems}
            onCheckedChange={(checked) => {
              setOnlyProblems(checked === true);
              setPagination((current) => ({ ...current, pageIndex: 0 }));
            }}
          />
          <Label htmlFor={filterId}>
            <Trans>Only rows with problems</Trans>
          </Label>
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          <Plural value={data.length} one="# row shown" other="# rows shown" />
        </p>
      </div>
      <div className="min-w-0 rounded-xl border bg-card">
        <Table aria-label={t`Rows of the file`}>
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id} className="hover:bg-transparent">
                {group.headers.map((header) => (
                  <TableHead key={header.id} className={cn('first:pl-4 last:pr-4', header.column.columnDef.meta as string | undefined)}>
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </TableHead>
                ))}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {table.getRowModel().rows.map((row) => (
              <TableRow key={row.id} data-invalid={hasErrors(row.original) || undefined} className="align-top data-[invalid]:bg-destructive/5">
                {row.getVisibleCells().map((cell) => (
                  <TableCell
                    key={cell.id}
                    className={cn(
                      'align-top first:pl-4 last:pr-4',
                      cell.column.columnDef.meta as string | undefined,
                      row.original.errors[cell.column.id] && 'bg-destructive/10',
                    )}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {data.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} className="p-6 text-center text-muted-foreground">
                  <Trans>No rows have problems.</Trans>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </div>
      <nav aria-label={t`Preview pages`} className="flex items-center justify-end gap-2">
        <span className="text-sm text-muted-foreground tabular-nums">
          <Trans>
            Page {pageNumber} of {pageCount}
          </Trans>
        </span>
        <Button variant="outline" size="sm" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
          <Trans>Previous</Trans>
        </Button>
        <Button variant="outline" size="sm" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
          <Trans>Next</Trans>
        </Button>
      </nav>
    </div>
  );
}
