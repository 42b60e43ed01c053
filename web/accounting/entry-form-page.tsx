import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { manualEntryInputSchema } from '../../core/accounting/accounting.schemas';
import { FormPageActions } from '../components/form-actions';
import { FormField, fieldControlProps } from '../components/form-field';
import { Input } from '../components/ui/input';
import { PageHeader, RoleRefusal } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { todayIn } from '../purchases/bill-service-form';
import { postManualEntryRequest, uploadEntryAttachment, useRefreshAccounting } from './accounting.api';
import { entryPath, JOURNAL, useCanWriteBooks } from './accounting-ui';
import { entryErrorsOf, JournalLinesEditor, newLines, NO_ERRORS, placeLineIssues, readLines, type EntryErrors, type LineDraft } from './journal-lines';

type Upload = { state: 'idle' } | { state: 'uploading'; fraction: number } | { state: 'done'; file: string; name: string } | { state: 'failed'; message: string };

/** /admin/accounting/journal/new (admins): a dated entry with its memo, balanced lines and an optional voucher. */
export function JournalEntryFormPage() {
  const { t } = useLingui();
  useDocumentTitle(t`New journal entry`);
  const canWrite = useCanWriteBooks();
  if (!canWrite) return <RoleRefusal what={t`writing journal entries`} />;
  return <JournalEntryForm />;
}

function JournalEntryForm() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { timeZone } = useDateFormat();
  const refresh = useRefreshAccounting();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [entryDate, setEntryDate] = useState(() => todayIn(timeZone));
  const [memo, setMemo] = useState('');
  const [lines, setLines] = useState<LineDraft[]>(newLines);
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const [errors, setErrors] = useState<EntryErrors>(NO_ERRORS);

  const chooseFile = (file: File | undefined) => {
    if (!file) return;
    setUpload({ state: 'uploading', fraction: 0 });
    uploadEntryAttachment(file, (fraction) => setUpload({ state: 'uploading', fraction })).then(
      (stored) => setUpload({ state: 'done', file: stored.file, name: file.name }),
      (failure: unknown) => setUpload({ state: 'failed', message: failureMessage(failure, t`The attachment was not uploaded. Try again.`, 'file') }),
    );
  };

  const save = useMutation({
    mutationKey: ['accounting', 'manual-entry'],
    mutationFn: (body: unknown) => postManualEntryRequest(body, idempotencyKey),
    onSuccess: async (entry) => {
      await refresh();
      toast.success(t`Entry ${entry.number} posted`);
      void navigate(entryPath(entry.id));
    },
    onError: (failure) => {
      setErrors(entryErrorsOf(failure, lines, t`Try again.`));
      toast.error(t`The entry was not posted`, { description: failureMessage(failure, t`Try again.`) });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readLines(lines, t`Enter the amount, e.g. 1500 or 1,500.00`);
    if ('rowErrors' in read) return setErrors({ ...NO_ERRORS, rows: read.rowErrors });
    if (upload.state === 'uploading') return setErrors({ ...NO_ERRORS, fields: { attachment: t`Wait for the attachment to finish uploading` } });
    const body = { entryDate, memo, lines: read.lines, attachment: upload.state === 'done' ? upload.file : null };
    const parsed = manualEntryInputSchema.safeParse(body);
    if (!parsed.success) return setErrors(placeLineIssues(parsed.error.issues, lines));
    setErrors(NO_ERRORS);
    save.mutate(body);
  };

  const attachmentError = upload.state === 'failed' ? upload.message : errors.fields.attachment;
  const attachmentHint = t`A photo or PDF of the voucher or invoice; at most 5 MB.`;
  const percent = upload.state === 'uploading' ? Math.round(upload.fraction * 100) : 0;
  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={t`New journal entry`}
        description={
          <Link to={JOURNAL} className="underline-offset-4 hover:underline">
            <Trans>← Journal</Trans>
          </Link>
        }
      />
      <form aria-label={t`New journal entry`} onSubmit={submit} noValidate className="grid max-w-5xl min-w-0 gap-4 rounded-xl border bg-card p-4 sm:p-6">
        <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <FormField id="entry-entryDate" label={t`Date`} error={errors.fields.entryDate}>
            <Input {...fieldControlProps('entry-entryDate', { error: errors.fields.entryDate })} type="date" value={entryDate} onChange={(event) => setEntryDate(event.target.value)} />
          </FormField>
          <FormField id="entry-memo" label={t`Memo`} error={errors.fields.memo}>
            <Input {...fieldControlProps('entry-memo', { error: errors.fields.memo })} maxLength={200} value={memo} onChange={(event) => setMemo(event.target.value)} placeholder={t`e.g. Owner's capital paid into the bank`} />
          </FormField>
        </div>
        <JournalLinesEditor idPrefix="entry" lines={lines} onChange={setLines} rowErrors={errors.rows} linesError={errors.linesError} />
        <div className="grid gap-2">
          <FormField id="entry-attachment" label={t`Attachment (optional)`} error={attachmentError} hint={attachmentHint}>
            <Input
              {...fieldControlProps('entry-attachment', { error: attachmentError, hint: attachmentHint })}
              type="file"
              accept="image/jpeg,image/png,image/webp,application/pdf"
              onChange={(event) => chooseFile(event.target.files?.[0])}
            />
          </FormField>
          {upload.state === 'uploading' && (
            <div className="grid gap-1">
              <progress className="h-2 w-full" max={100} value={percent} aria-label={t`Uploading the attachment`} />
              <span className="text-xs text-muted-foreground">
                <Trans>Uploading… {percent}%</Trans>
              </span>
            </div>
          )}
          {upload.state === 'done' && (
            <p role="status" className="text-sm text-muted-foreground">
              <Trans>Attachment uploaded: {upload.name}</Trans>
            </p>
          )}
        </div>
        <FormPageActions cancelTo={JOURNAL} pending={save.isPending} disabled={upload.state === 'uploading'}>
          <Trans>Post entry</Trans>
        </FormPageActions>
      </form>
    </div>
  );
}
