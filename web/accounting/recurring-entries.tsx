import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { PauseIcon, PencilIcon, PlayIcon, PlusIcon, RepeatIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { RECURRING_FREQUENCIES, RECURRING_FREQUENCY_LABELS, recurringEntryInputSchema, recurringEntryUpdateSchema, type RecurringFrequency } from '../../core/accounting/accounting.schemas';
import { dayValue } from '../accounts/payment-dialog';
import { FormPageActions } from '../components/form-actions';
import { FormField, fieldControlProps } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Checkbox } from '../components/ui/checkbox';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { translateMessage } from '../i18n/translate-message';
import { DetailSkeleton, EmptyState, LoadError, PageHeader, RoleRefusal, TableSkeleton } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { todayIn } from '../purchases/bill-service-form';
import { saveRecurringEntryRequest, useRecurringEntries, useRefreshAccounting, type RecurringEntry } from './accounting.api';
import { JOURNAL, Money, useCanWriteBooks } from './accounting-ui';
import { draftOf, entryErrorsOf, JournalLinesEditor, newLines, NO_ERRORS, placeLineIssues, readLines, type EntryErrors, type LineDraft } from './journal-lines';

const RECURRING = `${JOURNAL}/recurring`;

/** Rent, depreciation, a loan's interest: entries the books post by themselves on each date, listed in the Journal tab. */
export function RecurringEntriesSection() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { formatDate } = useDateFormat();
  const canWrite = useCanWriteBooks();
  const entries = useRecurringEntries();
  const refresh = useRefreshAccounting();
  const toggle = useMutation({
    mutationKey: ['accounting', 'recurring-entry-active'],
    mutationFn: (entry: RecurringEntry) => saveRecurringEntryRequest({ recurringId: entry.id }, { isActive: !entry.isActive }),
    onSuccess: async (entry) => {
      await refresh();
      toast.success(entry.isActive ? t`${entry.memo} resumed` : t`${entry.memo} paused`);
    },
    onError: (failure) => toast.error(t`The recurring entry was not changed`, { description: failureMessage(failure, t`Try again.`) }),
  });
  const newButton = canWrite && (
    <Button asChild>
      <Link to={`${RECURRING}/new`}>
        <PlusIcon aria-hidden />
        <Trans>New recurring entry</Trans>
      </Link>
    </Button>
  );
  if (entries.isPending) return <TableSkeleton columns={5} label={t`Loading the recurring entries`} />;
  if (entries.isError) return <LoadError error={entries.error} what={t`the recurring entries`} onRetry={() => void entries.refetch()} />;
  if (entries.data.length === 0) {
    return (
      <EmptyState icon={RepeatIcon} title={t`No recurring entries`} action={newButton}>
        <Trans>Rent, depreciation or a loan's interest: write the entry once and the books post it on each date.</Trans>
      </EmptyState>
    );
  }
  return (
    <section aria-labelledby="recurring-entries" className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="recurring-entries" className="font-semibold">
          <Trans>Recurring entries</Trans>
        </h3>
        {newButton}
      </div>
      <div className="rounded-xl border bg-card">
        <Table aria-label={t`Recurring entries`}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="pl-4">
                <Trans>Memo</Trans>
              </TableHead>
              <TableHead>
                <Trans>How often</Trans>
              </TableHead>
              <TableHead>
                <Trans>Next</Trans>
              </TableHead>
              <TableHead className="text-right">
                <Trans>Total</Trans>
              </TableHead>
              {canWrite && (
                <TableHead className="pr-4 text-right">
                  <span className="sr-only">
                    <Trans>Actions</Trans>
                  </span>
                </TableHead>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.data.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell className="pl-4">
                  <span className="flex flex-wrap items-center gap-2">
                    {entry.memo}
                    {!entry.isActive && <Badge variant="outline">{t`Paused`}</Badge>}
                  </span>
                </TableCell>
                <TableCell className="whitespace-nowrap">{translateMessage(RECURRING_FREQUENCY_LABELS[entry.frequency], i18n)}</TableCell>
                <TableCell className="whitespace-nowrap">{entry.isActive && entry.nextDate ? formatDate(dayValue(entry.nextDate)) : '—'}</TableCell>
                <TableCell className="text-right">
                  <Money minor={entry.totalMinor} />
                </TableCell>
                {canWrite && (
                  <TableCell className="pr-4">
                    <div className="flex justify-end gap-1">
                      <Button asChild variant="ghost" size="sm">
                        <Link to={`${RECURRING}/${entry.id}`} aria-label={t`Edit ${entry.memo}`}>
                          <PencilIcon aria-hidden />
                          <Trans>Edit</Trans>
                        </Link>
                      </Button>
                      <Button variant="ghost" size="sm" disabled={toggle.isPending} onClick={() => toggle.mutate(entry)} aria-label={entry.isActive ? t`Pause ${entry.memo}` : t`Resume ${entry.memo}`}>
                        {entry.isActive ? <PauseIcon aria-hidden /> : <PlayIcon aria-hidden />}
                        {entry.isActive ? <Trans>Pause</Trans> : <Trans>Resume</Trans>}
                      </Button>
                    </div>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}

/** /admin/accounting/journal/recurring/new and /:recurringId (admins): what is posted, how often, from when to when. */
export function RecurringEntryFormPage() {
  const { t } = useLingui();
  const { recurringId } = useParams();
  const canWrite = useCanWriteBooks();
  const entries = useRecurringEntries();
  useDocumentTitle(recurringId ? t`Edit recurring entry` : t`New recurring entry`);
  if (!canWrite) return <RoleRefusal what={t`writing journal entries`} />;
  if (!recurringId) return <RecurringEntryForm entry={null} />;
  if (entries.isPending) return <DetailSkeleton label={t`Loading the recurring entry`} />;
  if (entries.isError) return <LoadError error={entries.error} what={t`the recurring entry`} onRetry={() => void entries.refetch()} />;
  const entry = entries.data.find((candidate) => candidate.id === recurringId);
  if (!entry) {
    return (
      <EmptyState icon={RepeatIcon} title={t`This recurring entry is not in the books`}>
        <Link to={`${JOURNAL}?view=recurring`} className="underline-offset-4 hover:underline">
          <Trans>← Recurring entries</Trans>
        </Link>
      </EmptyState>
    );
  }
  return <RecurringEntryForm entry={entry} />;
}

function RecurringEntryForm({ entry }: { entry: RecurringEntry | null }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const navigate = useNavigate();
  const { timeZone } = useDateFormat();
  const refresh = useRefreshAccounting();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [values, setValues] = useState({
    memo: entry?.memo ?? '',
    frequency: entry?.frequency ?? ('monthly' as RecurringFrequency),
    startDate: entry?.startDate ?? todayIn(timeZone),
    endDate: entry?.endDate ?? '',
    isActive: entry?.isActive ?? true,
  });
  const [lines, setLines] = useState<LineDraft[]>(() => (entry ? entry.lines.map(draftOf) : newLines()));
  const [errors, setErrors] = useState<EntryErrors>(NO_ERRORS);
  const set = <K extends keyof typeof values>(name: K, value: (typeof values)[K]) => setValues((current) => ({ ...current, [name]: value }));

  const save = useMutation({
    mutationKey: ['accounting', 'recurring-entry'],
    mutationFn: (body: unknown) => saveRecurringEntryRequest(entry ? { recurringId: entry.id } : { idempotencyKey }, body),
    onSuccess: async (saved) => {
      await refresh();
      toast.success(t`${saved.memo} saved`);
      void navigate(`${JOURNAL}?view=recurring`);
    },
    onError: (failure) => {
      setErrors(entryErrorsOf(failure, lines, t`Try again.`));
      toast.error(t`The recurring entry was not saved`, { description: failureMessage(failure, t`Try again.`) });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readLines(lines, t`Enter the amount, e.g. 1500 or 1,500.00`);
    if ('rowErrors' in read) return setErrors({ ...NO_ERRORS, rows: read.rowErrors });
    const body = { ...values, endDate: values.endDate || null, lines: read.lines.map((line) => ({ ...line, contactId: null, locationId: null })) };
    const parsed = (entry ? recurringEntryUpdateSchema : recurringEntryInputSchema).safeParse(body);
    if (!parsed.success) return setErrors(placeLineIssues(parsed.error.issues, lines));
    setErrors(NO_ERRORS);
    save.mutate(body);
  };

  const field = (name: 'memo' | 'frequency' | 'startDate' | 'endDate') => fieldControlProps(`recurring-${name}`, { error: errors.fields[name] });
  const title = entry ? t`Edit recurring entry` : t`New recurring entry`;
  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={title}
        description={
          <Link to={`${JOURNAL}?view=recurring`} className="underline-offset-4 hover:underline">
            <Trans>← Recurring entries</Trans>
          </Link>
        }
      />
      <form aria-label={title} onSubmit={submit} noValidate className="grid max-w-5xl min-w-0 gap-4 rounded-xl border bg-card p-4 sm:p-6">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <FormField id="recurring-memo" label={t`Memo`} error={errors.fields.memo}>
              <Input {...field('memo')} maxLength={200} value={values.memo} onChange={(event) => set('memo', event.target.value)} placeholder={t`e.g. Shop rent`} />
            </FormField>
          </div>
          <FormField id="recurring-frequency" label={t`How often`} error={errors.fields.frequency}>
            <NativeSelect {...field('frequency')} value={values.frequency} onChange={(event) => set('frequency', event.target.value as RecurringFrequency)}>
              {RECURRING_FREQUENCIES.map((frequency) => (
                <option key={frequency} value={frequency}>
                  {translateMessage(RECURRING_FREQUENCY_LABELS[frequency], i18n)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <div className="flex items-center gap-2 self-end pb-2">
            <Checkbox id="recurring-isActive" checked={values.isActive} onCheckedChange={(checked) => set('isActive', checked === true)} />
            <Label htmlFor="recurring-isActive">
              <Trans>Post it on each date</Trans>
            </Label>
          </div>
          <FormField id="recurring-startDate" label={t`First date`} error={errors.fields.startDate}>
            <Input {...field('startDate')} type="date" value={values.startDate} onChange={(event) => set('startDate', event.target.value)} />
          </FormField>
          <FormField id="recurring-endDate" label={t`Last date (optional)`} error={errors.fields.endDate}>
            <Input {...field('endDate')} type="date" min={values.startDate} value={values.endDate} onChange={(event) => set('endDate', event.target.value)} />
          </FormField>
        </div>
        <JournalLinesEditor idPrefix="recurring" lines={lines} onChange={setLines} rowErrors={errors.rows} linesError={errors.linesError} />
        <FormPageActions cancelTo={`${JOURNAL}?view=recurring`} pending={save.isPending}>
          <Trans>Save recurring entry</Trans>
        </FormPageActions>
      </form>
    </div>
  );
}
