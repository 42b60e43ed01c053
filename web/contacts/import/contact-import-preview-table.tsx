import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import { CONTACT_IMPORT_COLUMNS, type ContactImportColumn } from '../../../core/contacts/contact-import.rules';
import type { ContactImportRow } from '../../../core/contacts/contact-import.schemas';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { translateMessage } from '../../i18n/translate-message';
import { cn } from '../../lib/cn';

const PAGE_SIZE = 25;
const ROW_ERROR_KEY = '_';
const COLUMN_CLASSES: Partial<Record<ContactImportColumn, string>> = {
  name: 'min-w-40',
  address: 'min-w-40',
  notes: 'min-w-48',
  credit_limit: 'text-right',
  opening_balance: 'text-right',
  supplier_opening_balance: 'text-right',
};

const hasErrors = (row: ContactImportRow) => Object.keys(row.errors).length > 0;

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

/** The preview's rows, 25 a page, rows with problems highlighted and filterable. */
export function ContactImportPreviewTable({ rows }: { rows: ContactImportRow[] }) {
  const { t } = useLingui();
  const filterId = useId();
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [pageIndex, setPageIndex] = useState(0);
  const data = useMemo(() => (onlyProblems ? rows.filter(hasErrors) : rows), [rows, onlyProblems]);
  const pageCount = Math.max(1, Math.ceil(data.length / PAGE_SIZE));
  const page = data.slice(pageIndex * PAGE_SIZE, (pageIndex + 1) * PAGE_SIZE);
  const pageNumber = pageIndex + 1;

  return (
    <div className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Checkbox
            id={filterId}
            checked={onlyProblems}
            onCheckedChange={(checked) => {
              setOnlyProblems(checked === true);
              setPageIndex(0);
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
      <div className="min-w-0 overflow-x-auto rounded-xl border bg-card">
        <Table aria-label={t`Rows of the file`}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="pl-4">
                <Trans>Row</Trans>
              </TableHead>
              {CONTACT_IMPORT_COLUMNS.map((column) => (
                // The CSV's own column names: a file format, shown as the file must carry them.
                <TableHead key={column} className={cn('last:pr-4', COLUMN_CLASSES[column])}>
                  {column}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {page.map((row) => (
              <TableRow key={row.row} data-invalid={hasErrors(row) || undefined} className="align-top data-[invalid]:bg-destructive/5">
                <TableCell className="pl-4 align-top">
                  <div className="grid gap-0.5">
                    <span className="tabular-nums">{row.row}</span>
                    {row.errors[ROW_ERROR_KEY]?.map((message) => (
                      <span key={message} className="text-xs text-destructive">
                        {translateMessage(message)}
                      </span>
                    ))}
                  </div>
                </TableCell>
                {CONTACT_IMPORT_COLUMNS.map((column) => (
                  <TableCell key={column} className={cn('align-top last:pr-4', COLUMN_CLASSES[column], row.errors[column] && 'bg-destructive/10')}>
                    <PreviewCell value={row.values[column] ?? ''} errors={row.errors[column]} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {pageCount > 1 && (
        <div className="flex items-center justify-end gap-2">
          <span className="text-sm text-muted-foreground">
            <Trans>
              Page {pageNumber} of {pageCount}
            </Trans>
          </span>
          <Button variant="outline" size="sm" onClick={() => setPageIndex((index) => index - 1)} disabled={pageIndex === 0}>
            <Trans>Previous</Trans>
          </Button>
          <Button variant="outline" size="sm" onClick={() => setPageIndex((index) => index + 1)} disabled={pageNumber >= pageCount}>
            <Trans>Next</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}
