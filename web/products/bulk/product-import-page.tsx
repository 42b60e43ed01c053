import { plural, t } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { DownloadIcon, FileUpIcon } from 'lucide-react';
import { useId, useState, type ChangeEvent, type DragEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportPreview } from '../../../core/products/products.schemas';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { InlineSpinner } from '../../components/ui/spinner';
import { useLanguage } from '../../i18n/language-provider';
import { translateMessage } from '../../i18n/translate-message';
import { isApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { productKeys } from '../products.api';
import { BILLING_PATH, useBulkOperationsAccess } from './bulk-access';
import { commitImportRequest, IMPORT_TEMPLATE_PATH, previewImportRequest } from './bulk.api';
import { ImportColumnsHelp } from './import-columns-help';
import { ImportPreviewTable } from './import-preview-table';
import { ImportProgress } from './import-progress';

type Step =
  | { kind: 'choose' }
  | { kind: 'checking'; fileName: string; progress: number }
  | { kind: 'preview'; file: File; preview: ImportPreview; requestKey: string }
  | { kind: 'importing'; file: File; preview: ImportPreview; requestKey: string; progress: number }
  | { kind: 'done'; createdCount: number };

const MAX_MEGABYTES = IMPORT_MAX_BYTES / (1024 * 1024);

/** A count as the current language writes numbers. */
function useCount() {
  const { intlLocale } = useLanguage();
  return (value: number) => value.toLocaleString(intlLocale);
}

/**
 * Whatever went wrong with an upload, as one sentence (with the first row problems when given), in
 * the language on screen: called when the alert renders, so a change of language shows at once.
 */
function uploadFailure(error: unknown): string {
  if (!isApiError(error)) return t`The upload failed. Check the connection and try again.`;
  const rowProblems = Object.entries(error.fields ?? {})
    .filter(([key]) => key.startsWith('row '))
    .slice(0, 3)
    .map(([key, messages]) => {
      // The API names a row's field "row 12"; the number is shown in the reader's language.
      const rowNumber = key.slice('row '.length);
      const problem = translateMessage(messages[0] ?? '');
      return t`row ${rowNumber}: ${problem}`;
    });
  return [translateMessage(error.message), ...rowProblems].join(' ');
}

/** /admin/products/import: choose a CSV, see every row checked, then import all rows at once. */
export function ProductImportPage() {
  const { t } = useLingui();
  const count = useCount();
  useDocumentTitle(t`Import products`);
  const access = useBulkOperationsAccess();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  /** What the alert says: a text written here, or an upload's error (put in words when shown). */
  const [failure, setFailure] = useState<{ text: string } | { error: unknown }>();
  const [isDragging, setDragging] = useState(false);

  const check = async (file: File) => {
    setFailure(undefined);
    if (file.size > IMPORT_MAX_BYTES) {
      const fileName = file.name;
      const maxRows = count(IMPORT_MAX_ROWS);
      setFailure({ text: t`${fileName} is larger than ${MAX_MEGABYTES} MB. Split it into files of at most ${maxRows} rows.` });
      return;
    }
    setStep({ kind: 'checking', fileName: file.name, progress: 0 });
    try {
      const preview = await previewImportRequest(file, (progress) => setStep({ kind: 'checking', fileName: file.name, progress }));
      // One key per checked file: a retried import of it cannot import twice.
      setStep({ kind: 'preview', file, preview, requestKey: crypto.randomUUID() });
    } catch (error) {
      setFailure({ error });
      setStep({ kind: 'choose' });
    }
  };

  const runImport = async () => {
    if (step.kind !== 'preview') return;
    const { file, preview, requestKey } = step;
    setFailure(undefined);
    setStep({ ...step, kind: 'importing', progress: 0 });
    try {
      const { createdCount } = await commitImportRequest(file, requestKey, (progress) => setStep({ kind: 'importing', file, preview, requestKey, progress }));
      await queryClient.invalidateQueries({ queryKey: productKeys.all });
      toast.success(t`Imported ${plural(createdCount, { one: '# product', other: '# products' })}`);
      setStep({ kind: 'done', createdCount });
    } catch (error) {
      setFailure({ error });
      setStep({ kind: 'preview', file, preview, requestKey });
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void check(file);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void check(file);
  };

  if (access.isLocked || !access.mayManageProducts) {
    return (
      <section aria-labelledby="import-title" className="grid gap-3 rounded-xl border bg-card p-4 sm:p-6">
        <h2 id="import-title" className="flex items-center gap-2 text-xl font-semibold">
          <Trans>Import products</Trans> {access.badge && <Badge variant="accent">{access.badge}</Badge>}
        </h2>
        <p className="text-sm text-muted-foreground">
          {access.mayManageProducts ? (
            <Trans>Importing products from a CSV file is part of bulk operations.</Trans>
          ) : (
            <Trans>Only managers and business owners import products.</Trans>
          )}
        </p>
        {access.mayManageProducts && (
          <Button asChild className="justify-self-start">
            <Link to={BILLING_PATH}>
              <Trans>See plans</Trans>
            </Link>
          </Button>
        )}
      </section>
    );
  }

  const isBusy = step.kind === 'checking' || step.kind === 'importing';
  const maxRows = count(IMPORT_MAX_ROWS);
  const checkingName = step.kind === 'checking' ? step.fileName : '';
  const importingName = step.kind === 'importing' ? step.file.name : '';
  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-xl font-semibold">
            <Trans>Import products</Trans>
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans>One simple product per row (no variants), with its opening stock. Nothing is saved until every row is right.</Trans>
          </p>
        </div>
        <Button variant="outline" size="sm" asChild>
          <a href={IMPORT_TEMPLATE_PATH} download>
            <DownloadIcon aria-hidden />
            <Trans>Download the template</Trans>
          </a>
        </Button>
      </div>

      {failure && (
        <Alert variant="destructive">
          <AlertDescription>{'text' in failure ? failure.text : uploadFailure(failure.error)}</AlertDescription>
        </Alert>
      )}

      {step.kind === 'done' ? (
        <section aria-labelledby="import-done" className="grid gap-3 rounded-xl border bg-card p-4 sm:p-6">
          <h3 id="import-done" className="font-semibold">
            <Plural value={step.createdCount} one="# product imported" other="# products imported" />
          </h3>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to="/admin/products">
                <Trans>Back to the products</Trans>
              </Link>
            </Button>
            <Button variant="outline" onClick={() => setStep({ kind: 'choose' })}>
              <Trans>Import another file</Trans>
            </Button>
          </div>
        </section>
      ) : (
        <section
          aria-labelledby="import-file"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          className={cn(
            'grid justify-items-center gap-3 rounded-xl border-2 border-dashed bg-card p-6 text-center transition-colors',
            isDragging && 'border-primary bg-primary/5',
          )}
        >
          <FileUpIcon aria-hidden className="size-8 text-muted-foreground" />
          <h3 id="import-file" className="font-semibold">
            {step.kind === 'choose' ? <Trans>Drop a CSV file here</Trans> : <Trans>Drop another CSV file here to check it instead</Trans>}
          </h3>
          <p className="text-sm text-muted-foreground">
            <Trans>
              or choose one (at most {MAX_MEGABYTES} MB and {maxRows} rows; save Excel sheets as “CSV UTF-8”).
            </Trans>
          </p>
          <label htmlFor={inputId} className="sr-only">
            <Trans>CSV file</Trans>
          </label>
          <Input id={inputId} type="file" accept=".csv,text/csv" onChange={choose} disabled={isBusy} className="max-w-80" />
        </section>
      )}

      {step.kind === 'checking' && <ImportProgress label={t`Checking ${checkingName}`} fraction={step.progress} />}
      {step.kind === 'importing' && <ImportProgress label={t`Importing ${importingName}`} fraction={step.progress} />}

      {(step.kind === 'preview' || step.kind === 'importing') && (
        <PreviewSection preview={step.preview} fileName={step.file.name} isImporting={step.kind === 'importing'} onImport={runImport} />
      )}

      <ImportColumnsHelp />
    </div>
  );
}

function PreviewSection({
  preview,
  fileName,
  isImporting,
  onImport,
}: {
  preview: ImportPreview;
  fileName: string;
  isImporting: boolean;
  onImport: () => void;
}) {
  const count = useCount();
  const canImport = preview.errorCount === 0 && !isImporting;
  const validCount = count(preview.validCount);
  const errorCount = count(preview.errorCount);
  // Names from the file (the shop's categories and brands, the file's own column names), listed as given.
  const newCategories = preview.newCategories.join(', ');
  const newBrands = preview.newBrands.join(', ');
  const ignoredColumns = preview.ignoredColumns.join(', ');
  return (
    <section aria-labelledby="import-preview" className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h3 id="import-preview" className="font-semibold break-all">
            {fileName}
          </h3>
          <p className="text-sm" aria-live="polite">
            <Plural value={preview.totalRows} one="# product row" other="# product rows" /> ·{' '}
            <span className="text-primary">
              <Trans>{validCount} ready</Trans>
            </span>
            {preview.errorCount > 0 && (
              <span className="text-destructive">
                {' '}
                · <Trans>{errorCount} with problems</Trans>
              </span>
            )}
            {preview.blankRowCount > 0 && (
              <span className="text-muted-foreground">
                {' '}
                · <Plural value={preview.blankRowCount} one="# empty row skipped" other="# empty rows skipped" />
              </span>
            )}
          </p>
        </div>
        <Button onClick={onImport} disabled={!canImport}>
          {isImporting && <InlineSpinner />}
          <Plural value={preview.validCount} one="Import # product" other="Import # products" />
        </Button>
      </div>
      {preview.errorCount > 0 && (
        <Alert variant="destructive">
          <AlertDescription>
            <Trans>Fix the rows marked below in your file and choose it again: the import runs only when every row is right.</Trans>
          </AlertDescription>
        </Alert>
      )}
      {(preview.newCategories.length > 0 || preview.newBrands.length > 0 || preview.ignoredColumns.length > 0) && (
        <ul className="grid gap-1 text-sm text-muted-foreground">
          {preview.newCategories.length > 0 && (
            <li>
              <Trans>New categories to be created: {newCategories}</Trans>
            </li>
          )}
          {preview.newBrands.length > 0 && (
            <li>
              <Trans>New brands to be created: {newBrands}</Trans>
            </li>
          )}
          {preview.ignoredColumns.length > 0 && (
            <li>
              <Trans>Columns left out (not recognised): {ignoredColumns}</Trans>
            </li>
          )}
        </ul>
      )}
      <ImportPreviewTable rows={preview.rows} />
    </section>
  );
}
