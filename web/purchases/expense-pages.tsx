import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { BanIcon, FileTextIcon, PlusIcon, RepeatIcon, SearchIcon, TagsIcon, WalletIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EXPENSE_PAID_FROM, type Expense } from '../../core/purchases/purchases.schemas';
import { dayValue } from '../accounts/payment-dialog';
import { useMoney } from '../accounts/use-money';
import { Detail } from '../components/detail';
import { FormField, fieldControlProps } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Checkbox } from '../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { PagedTable } from '../inventory/data-table';
import { DetailSkeleton, EmptyState, FilterSelect, LoadError, PageHeader, useAddressParams, useSearchInAddress } from '../inventory/inventory-ui';
import { isApiError } from '../lib/api-client';
import { useDateFormat } from '../lib/date-format';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { IconInput } from '../products/icon-input';
import { EXPENSE_SORT_LABELS, EXPENSE_SORTS, PAID_FROM_LABELS, type ExpenseSort } from './expense-labels';
import { ExpenseCategoriesSection, RecurringExpensesSection } from './expense-setup';
import { expenseAttachmentPath, useAllExpenseCategories, useExpense, useExpenses, useRefreshExpenses, voidExpenseRequest } from './expenses.api';
import { SupplierSelect } from './order-supplier-select';
import { DialogActions } from '../components/form-actions';

export { ExpenseFormPage } from './expense-form-page';

const EXPENSES = '/admin/purchases/expenses';
const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';
const VIEWS = ['expenses', 'categories', 'recurring'] as const;
type View = (typeof VIEWS)[number];

function NewExpenseButton() {
  return (
    <Button asChild>
      <Link to={`${EXPENSES}/new`}>
        <PlusIcon aria-hidden />
        <Trans>New expense</Trans>
      </Link>
    </Button>
  );
}

/** The list's query from the address: the server filters, sorts and pages. */
function useExpenseListState() {
  const [params, change] = useAddressParams();
  const text = (name: string) => params.get(name) || undefined;
  const sortInAddress = params.get('sort') as ExpenseSort | null;
  const paidFrom = text('paidFrom') as Expense['paidFrom'] | undefined;
  const query = {
    search: text('q'),
    categoryId: text('categoryId'),
    supplierId: text('supplierId'),
    paidFrom: paidFrom && EXPENSE_PAID_FROM.includes(paidFrom) ? paidFrom : undefined,
    from: text('from'),
    to: text('to'),
    includeVoided: params.get('voided') === 'true' ? ('true' as const) : undefined,
    sort: sortInAddress && EXPENSE_SORTS.includes(sortInAddress) ? sortInAddress : ('newest' as const),
    page: Math.max(1, Math.trunc(Number(params.get('page'))) || 1),
  };
  const isFiltered = Boolean(query.search || query.categoryId || query.supplierId || query.paidFrom || query.from || query.to);
  const view: View = (VIEWS as readonly string[]).includes(params.get('view') ?? '') ? (params.get('view') as View) : 'expenses';
  return { query, isFiltered, view, change, setPage: (page: number) => change({ page: page > 1 ? String(page) : undefined }) };
}

/**
 * /admin/purchases/expenses: what the shop spent, filtered and totalled by the server; the
 * categories and the recurring expenses are managed from here too (?view=).
 */
export function ExpenseListPage() {
  const { t } = useLingui();
  const state = useExpenseListState();
  useDocumentTitle(t`Expenses`);
  const viewLink = (view: View, label: string, Icon: typeof TagsIcon) => (
    <Button asChild variant={state.view === view ? 'secondary' : 'outline'}>
      <Link to={view === 'expenses' ? EXPENSES : `${EXPENSES}?view=${view}`} aria-current={state.view === view ? 'page' : undefined}>
        <Icon aria-hidden />
        {label}
      </Link>
    </Button>
  );
  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={t`Expenses`}
        description={t`Rent, power, wages and everything else the shop spends money on.`}
        actions={
          <>
            {viewLink('expenses', t`All expenses`, WalletIcon)}
            {viewLink('categories', t`Categories`, TagsIcon)}
            {viewLink('recurring', t`Recurring`, RepeatIcon)}
            <NewExpenseButton />
          </>
        }
      />
      {state.view === 'categories' ? <ExpenseCategoriesSection /> : state.view === 'recurring' ? <RecurringExpensesSection /> : <ExpenseTable state={state} />}
    </div>
  );
}

function ExpenseTable({ state }: { state: ReturnType<typeof useExpenseListState> }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { money } = useMoney();
  const { formatDate } = useDateFormat();
  const { query, change } = state;
  const expenses = useExpenses(query);
  const categories = useAllExpenseCategories();
  const [search, setSearch] = useSearchInAddress(query.search, (q) => change({ q }));

  const columns: Array<ColumnDef<Expense>> = [
    {
      id: 'number',
      header: t`Expense`,
      cell: ({ row }) => (
        <Link to={`${EXPENSES}/${row.original.id}`} className={`${linkClass} whitespace-nowrap`}>
          {row.original.number}
        </Link>
      ),
    },
    { id: 'date', header: t`Date`, cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(dayValue(row.original.expenseDate))}</span> },
    {
      id: 'description',
      header: t`What for`,
      cell: ({ row }) => (
        <span className="flex flex-wrap items-center gap-2">
          {row.original.description}
          {row.original.attachment && <FileTextIcon aria-label={t`Receipt attached`} className="size-4 text-muted-foreground" />}
          {row.original.voidedAt && <Badge variant="destructive">{t`Voided`}</Badge>}
        </span>
      ),
    },
    { id: 'category', header: t`Category`, meta: { className: 'hidden md:table-cell' }, cell: ({ row }) => row.original.category.name },
    { id: 'paidFrom', header: t`Paid from`, meta: { className: 'hidden lg:table-cell' }, cell: ({ row }) => i18n._(PAID_FROM_LABELS[row.original.paidFrom]) },
    {
      id: 'amount',
      header: t`Amount`,
      meta: { className: 'text-right' },
      cell: ({ row }) => <span className={`whitespace-nowrap tabular-nums ${row.original.voidedAt ? 'line-through' : ''}`}>{money(row.original.amountMinor)}</span>,
    },
  ];

  return (
    <>
      <dl aria-label={t`Total of these expenses`} className="grid gap-4 rounded-xl border bg-card p-4 sm:w-fit">
        <Detail label={t`Total spent`}>
          <span className="tabular-nums">{expenses.data ? money(expenses.data.totalMinor) : '…'}</span>
        </Detail>
      </dl>
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div className="grid gap-2 sm:w-72">
          <Label htmlFor="expenses-search">
            <Trans>Search</Trans>
          </Label>
          <IconInput id="expenses-search" icon={SearchIcon} type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t`Number, description or reference`} autoComplete="off" />
        </div>
        <div className="grid gap-2 sm:w-56">
          <Label htmlFor="expenses-category">
            <Trans>Category</Trans>
          </Label>
          <NativeSelect id="expenses-category" value={query.categoryId ?? ''} onChange={(event) => change({ categoryId: event.target.value })}>
            <option value="">{t`All categories`}</option>
            {(categories.data ?? []).map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <FilterSelect id="expenses-paid-from" label={t`Paid from`} value={query.paidFrom} onChange={(paidFrom) => change({ paidFrom })} allLabel={t`Anywhere`} options={EXPENSE_PAID_FROM} labels={PAID_FROM_LABELS} />
        <div className="grid gap-2 sm:w-56">
          <Label htmlFor="expenses-supplier">
            <Trans>Supplier</Trans>
          </Label>
          <SupplierSelect id="expenses-supplier" value={query.supplierId ?? ''} onChange={(supplierId) => change({ supplierId })} emptyLabel={t`All suppliers`} />
        </div>
        <div className="grid gap-2 sm:w-40">
          <Label htmlFor="expenses-from">
            <Trans>From</Trans>
          </Label>
          <Input id="expenses-from" type="date" value={query.from ?? ''} max={query.to} onChange={(event) => change({ from: event.target.value })} />
        </div>
        <div className="grid gap-2 sm:w-40">
          <Label htmlFor="expenses-to">
            <Trans>To</Trans>
          </Label>
          <Input id="expenses-to" type="date" value={query.to ?? ''} min={query.from} onChange={(event) => change({ to: event.target.value })} />
        </div>
        <div className="grid gap-2 sm:w-48">
          <Label htmlFor="expenses-sort">
            <Trans>Sort</Trans>
          </Label>
          <NativeSelect id="expenses-sort" value={query.sort} onChange={(event) => change({ sort: event.target.value })}>
            {EXPENSE_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {i18n._(EXPENSE_SORT_LABELS[sort])}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex h-9 items-center gap-2">
          <Checkbox id="expenses-voided" checked={query.includeVoided === 'true'} onCheckedChange={(checked) => change({ voided: checked === true ? 'true' : undefined })} />
          <Label htmlFor="expenses-voided">
            <Trans>Show voided</Trans>
          </Label>
        </div>
      </div>
      <PagedTable
        query={expenses}
        columns={columns}
        label={t`Expenses`}
        loadingLabel={t`Loading expenses`}
        what={t`the expenses`}
        skeletonColumns={5}
        getRowId={(expense) => expense.id}
        page={query.page}
        onPageChange={state.setPage}
        empty={
          <EmptyState icon={WalletIcon} title={state.isFiltered ? t`No expenses match` : t`No expenses yet`} action={<NewExpenseButton />}>
            <Trans>Record rent, power, transport and other costs here, with a photo of the receipt.</Trans>
          </EmptyState>
        }
      />
    </>
  );
}

/** /admin/purchases/expenses/:expenseId: the expense, its receipt, and Void. */
export function ExpensePage() {
  const { t } = useLingui();
  const { expenseId = '' } = useParams();
  const expense = useExpense(expenseId);
  useDocumentTitle(expense.data?.number ?? t`Expense`);
  if (expense.isPending) return <DetailSkeleton label={t`Loading the expense`} />;
  if (expense.isError) return <LoadError error={expense.error} what={t`the expense`} onRetry={() => void expense.refetch()} />;
  return <ExpenseView expense={expense.data} />;
}

function ExpenseView({ expense }: { expense: Expense }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { money } = useMoney();
  const { formatDate, formatDateTime } = useDateFormat();
  const [voiding, setVoiding] = useState(false);
  const attachmentUrl = expenseAttachmentPath(expense.id);
  const voidedAt = expense.voidedAt ? formatDateTime(expense.voidedAt) : '';
  const voidedBy = expense.voidedByName ?? '';
  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={t`Expense ${expense.number}`}
        description={
          <Link to={EXPENSES} className="underline-offset-4 hover:underline">
            <Trans>← All expenses</Trans>
          </Link>
        }
        actions={
          !expense.voidedAt && (
            <Button variant="outline" onClick={() => setVoiding(true)}>
              <BanIcon aria-hidden />
              <Trans>Void</Trans>
            </Button>
          )
        }
      />
      {expense.voidedAt && (
        <p role="status" className="rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm">
          <Trans>
            Voided {voidedAt} by {voidedBy}: {expense.voidReason}
          </Trans>
        </p>
      )}
      <dl className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3">
        <Detail label={t`Date`}>{formatDate(dayValue(expense.expenseDate))}</Detail>
        <Detail label={t`Category`}>{expense.category.name}</Detail>
        <Detail label={t`What for`}>{expense.description}</Detail>
        <Detail label={t`Amount`}>
          <span className="tabular-nums">{money(expense.amountMinor)}</span>
        </Detail>
        <Detail label={t`of which VAT`}>
          <span className="tabular-nums">{money(expense.vatMinor)}</span> {expense.vatClaimable ? t`(claimable)` : ''}
        </Detail>
        <Detail label={t`Paid from`}>{i18n._(PAID_FROM_LABELS[expense.paidFrom])}</Detail>
        <Detail label={t`Supplier`}>{expense.supplier?.name ?? '—'}</Detail>
        <Detail label={t`Reference`}>{expense.reference ?? '—'}</Detail>
        <Detail label={t`Recorded`}>
          {formatDateTime(expense.createdAt)}
          {expense.createdByName ? ` · ${expense.createdByName}` : ''}
        </Detail>
        {expense.note && <Detail label={t`Note`}>{expense.note}</Detail>}
      </dl>
      <section aria-labelledby="expense-receipt" className="grid gap-3 rounded-xl border bg-card p-4">
        <h2 id="expense-receipt" className="font-semibold">
          <Trans>Receipt</Trans>
        </h2>
        {!expense.attachment ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No receipt was attached.</Trans>
          </p>
        ) : expense.attachment.type === 'application/pdf' ? (
          <a href={attachmentUrl} target="_blank" rel="noreferrer" className={linkClass}>
            <Trans>Open the receipt (PDF)</Trans>
          </a>
        ) : (
          <a href={attachmentUrl} target="_blank" rel="noreferrer" className="w-fit">
            <img src={attachmentUrl} alt={t`Receipt of ${expense.number}`} className="max-h-96 max-w-full rounded-md border object-contain" />
          </a>
        )}
      </section>
      {voiding && <VoidExpenseDialog expense={expense} onClose={() => setVoiding(false)} />}
    </div>
  );
}

function VoidExpenseDialog({ expense, onClose }: { expense: Expense; onClose: () => void }) {
  const { t } = useLingui();
  const refresh = useRefreshExpenses();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationKey: ['purchases', 'expense-void'],
    mutationFn: () => voidExpenseRequest(expense.id, reason),
    onSuccess: async () => {
      await refresh();
      toast.success(t`Expense ${expense.number} voided`);
      onClose();
    },
    onError: (failure) => {
      setError(isApiError(failure) ? failure.fieldMessage('reason') : undefined);
      toast.error(t`The expense was not voided`, { description: failureMessage(failure, t`Try again.`) });
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
            save.mutate();
          }}
        >
          <DialogHeader>
            <DialogTitle>
              <Trans>Void {expense.number}</Trans>
            </DialogTitle>
            <DialogDescription>
              {expense.paidFrom === 'register_cash' ? (
                <Trans>The cash goes back into the drawer of its shift, which must still be open.</Trans>
              ) : (
                <Trans>The expense stays in the list as voided and no longer counts.</Trans>
              )}
            </DialogDescription>
          </DialogHeader>
          <FormField id="expense-void-reason" label={t`Why`} error={error}>
            <Input {...fieldControlProps('expense-void-reason', { error })} autoFocus maxLength={200} value={reason} onChange={(event) => setReason(event.target.value)} />
          </FormField>
          <DialogActions onCancel={onClose} pending={save.isPending} destructive>
            <Trans>Void expense</Trans>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
