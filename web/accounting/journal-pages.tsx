import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { BookOpenIcon, PaperclipIcon, PlusIcon, RepeatIcon, SearchIcon, Undo2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { reverseEntryInputSchema, type JournalEntry } from '../../core/accounting/accounting.schemas';
import { SOURCE_TYPE_LABELS, SOURCE_TYPES, type SourceType } from '../../core/accounting/posting';
import { dayValue } from '../accounts/payment-dialog';
import { Detail } from '../components/detail';
import { DialogActions } from '../components/form-actions';
import { FormField, fieldControlProps } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { translateMessage } from '../i18n/translate-message';
import { PagedTable } from '../inventory/data-table';
import { DetailSkeleton, EmptyState, LoadError, PageHeader, useAddressParams, useSearchInAddress } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { failureMessage, type FieldErrors } from '../lib/form-errors';
import { sendIfValid, serverFieldErrors } from '../lib/form-submit';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { IconInput } from '../products/icon-input';
import { todayIn } from '../purchases/bill-service-form';
import { journalAttachmentPath, reverseEntryRequest, useJournal, useJournalEntry, useRefreshAccounting, type JournalFilters } from './accounting.api';
import { AccountSelect, entryPath, JOURNAL, linkClass, Money, SourceLink, useCanWriteBooks } from './accounting-ui';
import { RecurringEntriesSection } from './recurring-entries';

const SORTS = ['newest', 'oldest', 'number', 'total'] as const;
type Sort = (typeof SORTS)[number];
const SORT_LABELS: Record<Sort, MessageDescriptor> = {
  newest: msg`Newest first`,
  oldest: msg`Oldest first`,
  number: msg`By number`,
  total: msg`Largest total`,
};

/** Entries a person wrote can be reversed here; a document's entry is corrected by its document (a void, a return). */
const REVERSIBLE: readonly SourceType[] = ['manual', 'recurring_journal'];

function NewEntryButton() {
  return (
    <Button asChild>
      <Link to={`${JOURNAL}/new`}>
        <PlusIcon aria-hidden />
        <Trans>New entry</Trans>
      </Link>
    </Button>
  );
}

/** The list's query from the address: the server filters, sorts and pages. */
function useJournalListState() {
  const [params, change] = useAddressParams();
  const text = (name: string) => params.get(name) || undefined;
  const sortInAddress = params.get('sort') as Sort | null;
  const sourceType = text('sourceType') as SourceType | undefined;
  const filters: JournalFilters = {
    search: text('q'),
    from: text('from'),
    to: text('to'),
    sourceType: sourceType && SOURCE_TYPES.includes(sourceType) ? sourceType : undefined,
    accountId: text('accountId'),
    sort: sortInAddress && SORTS.includes(sortInAddress) ? sortInAddress : 'newest',
    page: Math.max(1, Math.trunc(Number(params.get('page'))) || 1),
  };
  const isFiltered = Boolean(filters.search || filters.from || filters.to || filters.sourceType || filters.accountId);
  const view = params.get('view') === 'recurring' ? ('recurring' as const) : ('entries' as const);
  return { filters, isFiltered, view, change, setPage: (page: number) => change({ page: page > 1 ? String(page) : undefined }) };
}

/** /admin/accounting/journal: every entry, automatic and manual, newest first; the recurring entries under ?view=recurring. */
export function JournalListPage() {
  const { t } = useLingui();
  const canWrite = useCanWriteBooks();
  const state = useJournalListState();
  useDocumentTitle(t`Journal`);
  const viewLink = (view: 'entries' | 'recurring', label: string, Icon: typeof BookOpenIcon) => (
    <Button asChild variant={state.view === view ? 'secondary' : 'outline'}>
      <Link to={view === 'entries' ? JOURNAL : `${JOURNAL}?view=recurring`} aria-current={state.view === view ? 'page' : undefined}>
        <Icon aria-hidden />
        {label}
      </Link>
    </Button>
  );
  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={t`Journal`}
        description={t`Every entry in the books: posted by the shop's documents, or written by hand.`}
        actions={
          <>
            {viewLink('entries', t`All entries`, BookOpenIcon)}
            {viewLink('recurring', t`Recurring`, RepeatIcon)}
            {canWrite && <NewEntryButton />}
          </>
        }
      />
      {state.view === 'recurring' ? <RecurringEntriesSection /> : <JournalTable state={state} />}
    </div>
  );
}

function JournalTable({ state }: { state: ReturnType<typeof useJournalListState> }) {
  const { t } = useLingui();
  const { formatDate } = useDateFormat();
  const { i18n } = useLinguiRuntime();
  const canWrite = useCanWriteBooks();
  const { filters, change } = state;
  const journal = useJournal(filters);
  const [search, setSearch] = useSearchInAddress(filters.search, (q) => change({ q }));

  const columns: Array<ColumnDef<JournalEntry>> = [
    {
      id: 'number',
      header: t`Entry`,
      cell: ({ row }) => (
        <Link to={entryPath(row.original.id)} className={`${linkClass} whitespace-nowrap`}>
          {row.original.number}
        </Link>
      ),
    },
    { id: 'date', header: t`Date`, cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(dayValue(row.original.entryDate))}</span> },
    { id: 'source', header: t`Source`, cell: ({ row }) => <SourceLink source={row.original.source} /> },
    {
      id: 'memo',
      header: t`Memo`,
      meta: { className: 'hidden md:table-cell' },
      cell: ({ row }) => (
        <span className="flex flex-wrap items-center gap-2">
          {row.original.memo}
          {row.original.hasAttachment && <PaperclipIcon aria-label={t`Attachment`} className="size-4 text-muted-foreground" />}
          {row.original.reversedByEntryId && <Badge variant="outline">{t`Reversed`}</Badge>}
        </span>
      ),
    },
    { id: 'total', header: t`Total`, meta: { className: 'text-right' }, cell: ({ row }) => <Money minor={row.original.totalMinor} /> },
  ];

  return (
    <>
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div className="grid gap-2 sm:w-72">
          <Label htmlFor="journal-search">
            <Trans>Search</Trans>
          </Label>
          <IconInput id="journal-search" icon={SearchIcon} type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t`Number or memo`} autoComplete="off" />
        </div>
        <div className="grid gap-2 sm:w-56">
          <Label htmlFor="journal-source">
            <Trans>Source</Trans>
          </Label>
          <NativeSelect id="journal-source" value={filters.sourceType ?? ''} onChange={(event) => change({ sourceType: event.target.value })}>
            <option value="">{t`Every source`}</option>
            {SOURCE_TYPES.map((sourceType) => (
              <option key={sourceType} value={sourceType}>
                {translateMessage(SOURCE_TYPE_LABELS[sourceType], i18n)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2 sm:w-64">
          <Label htmlFor="journal-account">
            <Trans>Account</Trans>
          </Label>
          <AccountSelect id="journal-account" value={filters.accountId ?? ''} onChange={(event) => change({ accountId: event.target.value })} emptyLabel={t`Every account`} />
        </div>
        <div className="grid gap-2 sm:w-40">
          <Label htmlFor="journal-from">
            <Trans>From</Trans>
          </Label>
          <Input id="journal-from" type="date" value={filters.from ?? ''} max={filters.to} onChange={(event) => change({ from: event.target.value })} />
        </div>
        <div className="grid gap-2 sm:w-40">
          <Label htmlFor="journal-to">
            <Trans>To</Trans>
          </Label>
          <Input id="journal-to" type="date" value={filters.to ?? ''} min={filters.from} onChange={(event) => change({ to: event.target.value })} />
        </div>
        <div className="grid gap-2 sm:w-48">
          <Label htmlFor="journal-sort">
            <Trans>Sort</Trans>
          </Label>
          <NativeSelect id="journal-sort" value={filters.sort} onChange={(event) => change({ sort: event.target.value })}>
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {i18n._(SORT_LABELS[sort])}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <PagedTable
        query={journal}
        columns={columns}
        label={t`Journal entries`}
        loadingLabel={t`Loading the journal`}
        what={t`the journal`}
        skeletonColumns={5}
        getRowId={(entry) => entry.id}
        page={filters.page}
        onPageChange={state.setPage}
        empty={
          <EmptyState icon={BookOpenIcon} title={state.isFiltered ? t`No entries match` : t`No entries yet`} action={canWrite && !state.isFiltered ? <NewEntryButton /> : undefined}>
            <Trans>Sales, purchases, payments, expenses and stock changes post their entries here by themselves.</Trans>
          </EmptyState>
        }
      />
    </>
  );
}

/** /admin/accounting/journal/:entryId: an entry's lines, where it came from, its voucher, and Reverse. */
export function JournalEntryPage() {
  const { t } = useLingui();
  const { entryId = '' } = useParams();
  const entry = useJournalEntry(entryId);
  useDocumentTitle(entry.data?.number ?? t`Journal entry`);
  if (entry.isPending) return <DetailSkeleton label={t`Loading the entry`} />;
  if (entry.isError) return <LoadError error={entry.error} what={t`the entry`} onRetry={() => void entry.refetch()} />;
  return <JournalEntryView entry={entry.data} />;
}

function JournalEntryView({ entry }: { entry: JournalEntry }) {
  const { t } = useLingui();
  const { formatDate, formatDateTime } = useDateFormat();
  const canWrite = useCanWriteBooks();
  const [reversing, setReversing] = useState(false);
  const canReverse = canWrite && REVERSIBLE.includes(entry.sourceType) && !entry.reversedByEntryId;
  const totalDebit = entry.lines.reduce((sum, line) => sum + line.debitMinor, 0);
  const totalCredit = entry.lines.reduce((sum, line) => sum + line.creditMinor, 0);
  const createdBy = entry.createdByName ? ` · ${entry.createdByName}` : '';
  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={t`Journal entry ${entry.number}`}
        description={
          <Link to={JOURNAL} className="underline-offset-4 hover:underline">
            <Trans>← Journal</Trans>
          </Link>
        }
        actions={
          canReverse && (
            <Button variant="outline" onClick={() => setReversing(true)}>
              <Undo2Icon aria-hidden />
              <Trans>Reverse</Trans>
            </Button>
          )
        }
      />
      <dl className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3">
        <Detail label={t`Date`}>{formatDate(dayValue(entry.entryDate))}</Detail>
        <Detail label={t`Source`}>
          <SourceLink source={entry.source} />
        </Detail>
        <Detail label={t`Memo`}>{entry.memo || '—'}</Detail>
        <Detail label={t`Recorded`}>
          {formatDateTime(entry.createdAt)}
          {createdBy}
        </Detail>
        {entry.reversesEntryId && (
          <Detail label={t`Reverses`}>
            <Link to={entryPath(entry.reversesEntryId)} className={linkClass}>
              <Trans>The entry it reverses</Trans>
            </Link>
          </Detail>
        )}
        {entry.reversedByEntryId && (
          <Detail label={t`Reversed by`}>
            <Link to={entryPath(entry.reversedByEntryId)} className={linkClass}>
              <Trans>The reversing entry</Trans>
            </Link>
          </Detail>
        )}
        {entry.hasAttachment && (
          <Detail label={t`Voucher`}>
            <a href={journalAttachmentPath(entry.id)} target="_blank" rel="noreferrer" className={linkClass}>
              <Trans>Open the attachment</Trans>
            </a>
          </Detail>
        )}
      </dl>
      <div className="rounded-xl border bg-card">
        <Table aria-label={t`Lines`}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="pl-4">
                <Trans>Account</Trans>
              </TableHead>
              <TableHead>
                <Trans>Description</Trans>
              </TableHead>
              <TableHead>
                <Trans>Contact</Trans>
              </TableHead>
              <TableHead>
                <Trans>Location</Trans>
              </TableHead>
              <TableHead className="text-right">
                <Trans>Debit</Trans>
              </TableHead>
              <TableHead className="pr-4 text-right">
                <Trans>Credit</Trans>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entry.lines.map((line) => (
              <TableRow key={line.lineNo}>
                <TableCell className="pl-4">
                  <span className="whitespace-nowrap">{line.accountCode}</span> {line.accountName}
                </TableCell>
                <TableCell>{line.description ?? ''}</TableCell>
                <TableCell>{line.contactName ?? ''}</TableCell>
                <TableCell>{line.locationName ?? ''}</TableCell>
                <TableCell className="text-right">
                  <Money minor={line.debitMinor} blankZero />
                </TableCell>
                <TableCell className="pr-4 text-right">
                  <Money minor={line.creditMinor} blankZero />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell className="pl-4" colSpan={4}>
                <Trans>Total</Trans>
              </TableCell>
              <TableCell className="text-right">
                <Money minor={totalDebit} />
              </TableCell>
              <TableCell className="pr-4 text-right">
                <Money minor={totalCredit} />
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </div>
      {reversing && <ReverseEntryDialog entry={entry} onClose={() => setReversing(false)} />}
    </div>
  );
}

/** Reverse an entry: a new entry with every line swapped, on a day of the admin's choosing (today by default). */
function ReverseEntryDialog({ entry, onClose }: { entry: JournalEntry; onClose: () => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const refresh = useRefreshAccounting();
  const { timeZone } = useDateFormat();
  const [values, setValues] = useState({ entryDate: todayIn(timeZone), memo: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationKey: ['accounting', 'reverse'],
    mutationFn: (body: { entryDate: string; memo?: string }) => reverseEntryRequest(entry.id, body),
    onSuccess: async (reversal) => {
      await refresh();
      toast.success(t`${entry.number} reversed by ${reversal.number}`);
      onClose();
      void navigate(entryPath(reversal.id));
    },
    onError: (failure) => {
      const fromServer = serverFieldErrors(failure, ['entryDate', 'memo']);
      if (fromServer) setErrors(fromServer);
      toast.error(t`The entry was not reversed`, { description: failureMessage(failure, t`Try again.`) });
    },
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            const body = { entryDate: values.entryDate, ...(values.memo.trim() ? { memo: values.memo } : {}) };
            sendIfValid(reverseEntryInputSchema, body, setErrors, save.mutate);
          }}
        >
          <DialogHeader>
            <DialogTitle>
              <Trans>Reverse {entry.number}?</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>A new entry swaps every debit and credit of this one, so together they come to nothing. The entry itself stays in the books.</Trans>
            </DialogDescription>
          </DialogHeader>
          <FormField id="reverse-entryDate" label={t`Date of the reversal`} error={errors.entryDate}>
            <Input {...fieldControlProps('reverse-entryDate', { error: errors.entryDate })} type="date" value={values.entryDate} onChange={(event) => setValues((current) => ({ ...current, entryDate: event.target.value }))} />
          </FormField>
          <FormField id="reverse-memo" label={t`Memo (optional)`} error={errors.memo}>
            <Input {...fieldControlProps('reverse-memo', { error: errors.memo })} maxLength={200} value={values.memo} onChange={(event) => setValues((current) => ({ ...current, memo: event.target.value }))} />
          </FormField>
          <DialogActions onCancel={onClose} pending={save.isPending} destructive>
            <Trans>Reverse entry</Trans>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
