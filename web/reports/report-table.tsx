import { useLingui } from '@lingui/react/macro';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import type { ReportColumn } from '../../core/reports/report-catalog';
import type { ReportResult } from '../../core/reports/reports.schemas';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { cn } from '../lib/cn';
import { formatCell, isFigure, type CellFormat } from './report-format';

/** A column as the table shows it: the catalog's column with its label in the language on screen. */
export type ShownColumn = ReportColumn & { title: string };

/**
 * A report's page as a table, sorted by the server: a header's button asks for that order (the
 * header tells it with aria-sort), and the totals row adds up every page's rows.
 */
export function ReportTable({
  label,
  columns,
  result,
  format,
  onSort,
}: {
  label: string;
  columns: readonly ShownColumn[];
  result: ReportResult;
  format: CellFormat;
  onSort: (key: string, dir: 'asc' | 'desc') => void;
}) {
  const { t } = useLingui();
  const { sort } = result;
  const hasTotals = columns.some((column) => column.summed && result.totals[column.key] !== undefined && result.totals[column.key] !== null);
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          {columns.map((column) => {
            const active = sort.key === column.key;
            const Icon = !active ? ArrowUpDownIcon : sort.dir === 'asc' ? ArrowUpIcon : ArrowDownIcon;
            // A first click sorts figures largest first, names and days from the start.
            const firstDir = isFigure(column) ? 'desc' : 'asc';
            const next = active ? (sort.dir === 'asc' ? 'desc' : 'asc') : firstDir;
            const title = column.title;
            return (
              <TableHead key={column.key} aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'} className={cn(isFigure(column) && 'text-right')}>
                <button
                  type="button"
                  className="-mx-1 inline-flex items-center gap-1 rounded px-1 whitespace-nowrap outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 print:hidden"
                  aria-label={t`Sort by ${title}`}
                  onClick={() => onSort(column.key, next)}
                >
                  {title}
                  <Icon aria-hidden className="size-3.5" />
                </button>
                <span className="hidden print:inline">{title}</span>
              </TableHead>
            );
          })}
        </TableRow>
      </TableHeader>
      <TableBody>
        {result.rows.map((row, index) => (
          <TableRow key={index}>
            {columns.map((column) => (
              <TableCell key={column.key} className={cn(isFigure(column) && 'text-right tabular-nums whitespace-nowrap')}>
                {formatCell(column, row[column.key], format)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
      {hasTotals && (
        <TableFooter>
          <TableRow>
            {columns.map((column, index) => {
              const total = result.totals[column.key];
              const shown = column.summed && total !== undefined && total !== null;
              return (
                <TableCell key={column.key} className={cn('font-semibold', isFigure(column) && 'text-right tabular-nums whitespace-nowrap')}>
                  {shown ? formatCell(column, total, format) : index === 0 ? t`Total` : ''}
                </TableCell>
              );
            })}
          </TableRow>
        </TableFooter>
      )}
    </Table>
  );
}
