import { plural, t } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { DownloadIcon, FileUpIcon } from 'lucide-react';
import { useId, useState, type ChangeEvent, type DragEvent } from 'react';
import { Link } from 'react-router';
import { upgradeMessage } from '../../../core/billing/plan-features.rules';
import { CONTACT_IMPORT_MAX_BYTES, CONTACT_IMPORT_MAX_ROWS } from '../../../core/contacts/contact-import.rules';
import type { ContactImportPreview } from '../../../core/contacts/contact-import.schemas';
import { useMoney } from '../../accounts/use-money';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { InlineSpinner } from '../../components/ui/spinner';
import { useLanguage } from '../../i18n/language-provider';
import { translateMessage } from '../../i18n/translate-message';
import { isApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ImportProgress } from '../../products/bulk/import-progress';
import { UpgradeBadge } from '../../products/upgrade-badge';
import { ContactImportPreviewTable } from './contact-import-preview-table';
import { ContactExportButton } from './contact-export-button';
import { useContactBulkAccess } from './contact-bulk-access';
import { commitContactImportRequest, CONTACT_IMPORT_TEMPLATE_PATH, previewContactImportRequest } from './contact-import.api';

type Step =
  | { kind: 'choose' }
  | { kind: 'checking'; fileName: string; progress: number }
  | { kind: 'preview'; file: File; preview: ContactImportPreview; requestKey: string }
  | { kind: 'importing'; file: File; preview: ContactImportPreview; requestKey: string; progress: number }
  | { kind: 'done'; createdCount: number };

const MAX_MEGABYTES = CONTACT_IMPORT_MAX_BYTES / (1024 * 1024);

/** Whatever went wrong with an upload, as one sentence with the first row problems, in the language on screen. */
function uploadFailure(error: unknown): string {
  if (!isApiError(error)) return t`The upload failed. Check the connection and try again.`;
  const rowProblems = Object.entries(error.fields ?? {})
    .filter(([key]) => key.startsWith('row '))
    .slice(0, 3)
    .map(([key, messages]) => {
      const rowNumber = key.slice('row '.length);
      const problem = translateMessage(messages[0] ?? '');
      return t`row ${rowNumber}: ${problem}`;
    });
  return [translateMessage(error.message), ...rowProblems].join(' ');
}

/** /admin/customers/import: choose a CSV of contacts, see every row checked, then import all rows at once; and the export. */
export function ContactImportPage() {
  const { t } = useLingui();
  const { intlLocale } = useLanguage();
  const count = (value: number) => value.toLocaleString(intlLocale);
  useDocumentTitle(t`Import contacts`);
  const access = useContactBulkAccess('bulk_operations');
  const queryClient = useQueryClient();
  const inputId = useId();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [failure, setFailure] = useState<{ text: string } | { error: unknown }>();
  const [isDragging, setDragging] = useState(false);

  const check = async (file: File) => {
    setFailure(undefined);
    if (file.size > CONTACT_IMPORT_MAX_BYTES) {
      const fileName = file.name;
      const maxRows = count(CONTACT_IMPORT_MAX_ROWS);
      setFailure({ text: t`${fileName} is larger than ${MAX_MEGABYTES} MB. Split it into files of at most ${maxRows} rows.` });
      return;
    }
    setStep({ kind: 'checking', fileName: file.name, progress: 0 });
    try {
      const preview = await previewContactImportRequest(file, (progress) => setStep({ kind: 'checking', fileName: file.name, progress }));
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
      const { createdCount } = await commitContactImportRequest(file, requestKey, (progress) => setStep({ kind: 'importing', file, preview, requestKey, progress }));
      // Lists, balances and debtors all change: every query of the area is stale.
      await queryClient.invalidateQueries();
      toast.success(t`Imported ${plural(createdCount, { one: '# contact', other: '# contacts' })}`);
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

  if (!access.isPermitted) {
    return (
      <section aria-labelledby="contact-import-title" className="grid gap-3 rounded-xl border bg-card p-4 sm:p-6">
        <h2 id="contact-import-title" className="text-xl font-semibold">
          <Trans>Import contacts</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>Only managers and business owners import and export contacts.</Trans>
        </p>
      </section>
    );
  }

  const isBusy = step.kind === 'checking' || step.kind === 'importing';
  const maxRows = count(CONTACT_IMPORT_MAX_ROWS);
  const checkingName = step.kind === 'checking' ? step.fileName : '';
  const importingName = step.kind === 'importing' ? step.file.name : '';
  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="flex items-center gap-2 text-xl font-semibold">
            <Trans>Import contacts</Trans>
            {access.isLocked && <UpgradeBadge badge={access.badge} message={upgradeMessage('bulk_operations')} />}
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Customers and suppliers from a spreadsheet, one per row, with what they owe or are owed. Nothing is saved until every row is right.
            </Trans>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {!access.isLocked && (
            <Button variant="outline" size="sm" asChild>
              <a href={CONTACT_IMPORT_TEMPLATE_PATH} download>
                <DownloadIcon aria-hidden />
                <Trans>Download the template</Trans>
              </a>
            </Button>
          )}
          <ContactExportButton />
        </div>
      </div>

      {failure && (
        <Alert variant="destructive">
          <AlertDescription>{'text' in failure ? failure.text : uploadFailure(failure.error)}</AlertDescription>
        </Alert>
      )}

      {access.isLocked ? (
        <p className="rounded-xl border bg-card p-4 text-sm text-muted-foreground sm:p-6">
          <Trans>Importing contacts from a CSV file is part of bulk operations. See the plans to unlock it.</Trans>
        </p>
      ) : step.kind === 'done' ? (
        <section aria-labelledby="contact-import-done" className="grid gap-3 rounded-xl border bg-card p-4 sm:p-6">
          <h3 id="contact-import-done" className="font-semibold">
            <Plural value={step.createdCount} one="# contact imported" other="# contacts imported" />
          </h3>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to="/admin/customers">
                <Trans>Back to the contacts</Trans>
              </Link>
            </Button>
            <Button variant="outline" onClick={() => setStep({ kind: 'choose' })}>
              <Trans>Import another file</Trans>
            </Button>
          </div>
        </section>
      ) : (
        <section
          aria-labelledby="contact-import-file"
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
          <h3 id="contact-import-file" className="font-semibold">
            {step.kind === 'choose' ? <Trans>Drop a CSV file of contacts here</Trans> : <Trans>Drop another CSV file here to check it instead</Trans>}
          </h3>
          <p className="text-sm text-muted-foreground">
            <Trans>
              or choose one (at most {MAX_MEGABYTES} MB and {maxRows} rows; save Excel sheets as “CSV UTF-8”).
            </Trans>
          </p>
          <label htmlFor={inputId} className="sr-only">
            <Trans>CSV file of contacts</Trans>
          </label>
          <Input id={inputId} type="file" accept=".csv,text/csv" onChange={choose} disabled={isBusy} className="max-w-80" />
        </section>
      )}

      {step.kind === 'checking' && <ImportProgress label={t`Checking ${checkingName}`} fraction={step.progress} />}
      {step.kind === 'importing' && <ImportProgress label={t`Importing ${importingName}`} fraction={step.progress} />}

      {(step.kind === 'preview' || step.kind === 'importing') && (
        <PreviewSection preview={step.preview} fileName={step.file.name} isImporting={step.kind === 'importing'} onImport={runImport} />
      )}

      {!access.isLocked && <ColumnsHelp />}
    </div>
  );
}

function PreviewSection({ preview, fileName, isImporting, onImport }: { preview: ContactImportPreview; fileName: string; isImporting: boolean; onImport: () => void }) {
  const { intlLocale } = useLanguage();
  const { money } = useMoney();
  const canImport = preview.errorCount === 0 && !isImporting;
  const validCount = preview.validCount.toLocaleString(intlLocale);
  const errorCount = preview.errorCount.toLocaleString(intlLocale);
  const receivable = money(preview.receivableTotalMinor);
  const payable = money(preview.payableTotalMinor);
  const ignoredColumns = preview.ignoredColumns.join(', ');
  return (
    <section aria-labelledby="contact-import-preview" className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h3 id="contact-import-preview" className="font-semibold break-all">
            {fileName}
          </h3>
          <p className="text-sm" aria-live="polite">
            <Plural value={preview.totalRows} one="# contact row" other="# contact rows" /> ·{' '}
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
          <p className="text-sm text-muted-foreground">
            <Trans>
              Opening balances: customers owe {receivable}; owed to suppliers {payable}.
            </Trans>
          </p>
        </div>
        <Button onClick={onImport} disabled={!canImport}>
          {isImporting && <InlineSpinner />}
          <Plural value={preview.validCount} one="Import # contact" other="Import # contacts" />
        </Button>
      </div>
      {preview.errorCount > 0 && (
        <Alert variant="destructive">
          <AlertDescription>
            <Trans>Fix the rows marked below in your file and choose it again: the import runs only when every row is right.</Trans>
          </AlertDescription>
        </Alert>
      )}
      {preview.ignoredColumns.length > 0 && (
        <p className="text-sm text-muted-foreground">
          <Trans>Columns left out (not recognised): {ignoredColumns}</Trans>
        </p>
      )}
      <ContactImportPreviewTable rows={preview.rows} />
    </section>
  );
}

/** What each column takes, under the drop zone. */
function ColumnsHelp() {
  return (
    <section aria-labelledby="contact-import-columns" className="grid gap-2 rounded-xl border bg-card p-4 text-sm sm:p-6">
      <h3 id="contact-import-columns" className="font-semibold">
        <Trans>The columns</Trans>
      </h3>
      <ul className="grid list-disc gap-1 pl-5 text-muted-foreground">
        <li>
          <Trans>
            <code>name</code> is required; <code>type</code> is customer (the default), supplier or both.
          </Trans>
        </li>
        <li>
          <Trans>
            <code>phone</code>: a Kenyan number written in any way (0712 345 678, 254712345678, +254 712 345 678); <code>kra_pin</code>: a letter, nine digits and a letter.
          </Trans>
        </li>
        <li>
          <Trans>
            <code>tags</code> separated by |; <code>customer_group</code> by its name, as on the Groups page.
          </Trans>
        </li>
        <li>
          <Trans>
            Amounts as you write them (1500, 1,500.00): <code>credit_limit</code>, <code>opening_balance</code> (what the customer owes; a minus sign for money the customer has with you) and <code>supplier_opening_balance</code> (what you owe the supplier).
          </Trans>
        </li>
        <li>
          <Trans>
            A phone number or e-mail address that another contact already has is refused: the row is left for you to remove.
          </Trans>
        </li>
      </ul>
    </section>
  );
}
