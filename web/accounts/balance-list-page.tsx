import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpIcon, HandCoinsIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { BALANCE_LIST_SORTS, type BalanceListItem } from '../../core/accounts/accounts.schemas';
import { Button } from '../components/ui/button';
import { Checkbox } from '../components/ui/checkbox';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { DataTable } from '../inventory/data-table';
import { EmptyState, LoadError, PageHeader, Pagination, TableSkeleton, useAddressParams, useDebouncedValue } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { cn } from '../lib/cn';
import { useDocumentTitle } from '../lib/use-document-title';
import { AGING_LABELS, agingColumns } from './accounts-labels';
import { BALANCE_PAGE_SIZE, useBalanceList } from './accounts.api';
import { dayValue } from './payment-dialog';
import { useMoney } from './use-money';

type Sort = (typeof BALANCE_LIST_SORTS)[number];
const isSort = (value: string | undefined): value is Sort => value !== undefined && (BALANCE_LIST_SORTS as readonly string[]).includes(value);

/** /admin/customers/debtors: customers who owe, with aging and totals. */
export function DebtorsPage() {
  return <BalanceListPage kind="debtors" />;
}

/** /admin/customers/creditors: suppliers the shop owes, with aging and totals. */
export function CreditorsPage() {
  return <BalanceListPage kind="creditors" />;
}

function BalanceListPage({ kind }: { kind: 'debtors' | 'creditors' }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const title = kind === 'debtors' ? t`Debtors` : t`Creditors`;
  useDocumentTitle(title);
  const { money } = useMoney();
  const { formatDate } = useDateFormat();
  // Sort, order, filter and page live in the address (Back and a shared link show the same list).
  const [searchParams, setParams] = useAddressParams();
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search.trim());
  const sortParam = searchParams.get('sort') ?? undefined;
  const sort: Sort = isSort(sortParam) ? sortParam : 'balance';
  const order = searchParams.get('order') === 'asc' ? 'asc' : 'desc';
  const overdueOnly = searchParams.get('overdue') === 'true';
  const page = Math.max(1, Math.trunc(Number(searchParams.get('page'))) || 1);
  const list = useBalanceList(kind, { search: settledSearch || undefined, sort, order, overdueOnly, page });

  const sortHeader = (label: string, column: Sort) => {
    const active = sort === column;
    const next = active && order === 'desc' ? 'asc' : 'desc';
    return (
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded-sm outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        aria-label={t`Sort by ${label}`}
        onClick={() => setParams({ sort: column, order: next })}
      >
        {label}
        {active && (order === 'desc' ? <ArrowDownIcon aria-hidden className="size-3.5" /> : <ArrowUpIcon aria-hidden className="size-3.5" />)}
      </button>
    );
  };

  const columns: Array<ColumnDef<BalanceListItem>> = [
    {
      id: 'name',
      header: () => sortHeader(kind === 'debtors' ? t`Customer` : t`Supplier`, 'name'),
      cell: ({ row }) => (
        <div className="grid gap-0.5">
          <Link to={`/admin/customers/${encodeURIComponent(row.original.contactId)}?tab=account`} className="font-medium text-primary underline-offset-4 hover:underline">
            {row.original.name}
          </Link>
          <span className="text-xs text-muted-foreground">{[row.original.company, row.original.phone].filter(Boolean).join(' · ')}</span>
        </div>
      ),
    },
    { id: 'balance', header: () => sortHeader(t`Balance`, 'balance'), meta: { className: 'text-right tabular-nums font-medium' }, cell: ({ row }) => money(row.original.balanceMinor) },
    {
      id: 'overdue',
      header: () => sortHeader(t`Overdue`, 'overdue'),
      meta: { className: 'text-right tabular-nums' },
      cell: ({ row }) => <span className={cn(row.original.overdueMinor > 0 && 'text-destructive')}>{money(row.original.overdueMinor)}</span>,
    },
    ...agingColumns({ currentMinor: 0, days1to30Minor: 0, days31to60Minor: 0, days61to90Minor: 0, over90Minor: 0, totalMinor: 0 }).map(
      ({ bucket }): ColumnDef<BalanceListItem> => ({
        id: bucket,
        header: i18n._(AGING_LABELS[bucket]),
        meta: { className: 'hidden text-right tabular-nums lg:table-cell' },
        cell: ({ row }) => money(agingColumns(row.original.aging).find((column) => column.bucket === bucket)!.amountMinor),
      }),
    ),
    {
      id: 'oldest',
      header: () => sortHeader(t`Oldest due`, 'oldest'),
      meta: { className: 'hidden sm:table-cell' },
      cell: ({ row }) => (row.original.oldestDueDate ? formatDate(dayValue(row.original.oldestDueDate)) : '—'),
    },
  ];

  const totals = list.data?.totals;
  const contactsCount = totals?.contacts ?? 0;
  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={title}
        description={kind === 'debtors' ? t`Customers who owe the shop, oldest debts in the aging columns.` : t`Suppliers the shop owes, and how long each bill has been due.`}
      />
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor="balance-search">
            <Trans>Search</Trans>
          </Label>
          <Input id="balance-search" type="search" className="w-72 max-w-full" value={search} onChange={(event) => {
              setSearch(event.target.value);
              // A new search starts from the first page.
              if (page !== 1) setParams({ page: undefined });
            }} placeholder={t`Name, company or phone`} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="balance-sort">
            <Trans>Sort by</Trans>
          </Label>
          <NativeSelect id="balance-sort" value={sort} onChange={(event) => setParams({ sort: event.target.value, order: event.target.value === 'name' ? 'asc' : 'desc' })}>
            <option value="balance">{t`Balance`}</option>
            <option value="overdue">{t`Overdue`}</option>
            <option value="oldest">{t`Oldest due`}</option>
            <option value="name">{t`Name`}</option>
          </NativeSelect>
        </div>
        <label className="flex h-9 items-center gap-2 text-sm">
          <Checkbox checked={overdueOnly} onCheckedChange={(checked) => setParams({ overdue: checked === true ? 'true' : undefined })} />
          <Trans>Overdue only</Trans>
        </label>
      </div>
      {totals && contactsCount > 0 && (
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7" aria-label={t`Totals`}>
          <div className="rounded-lg border bg-card p-2">
            <dt className="text-xs text-muted-foreground">{kind === 'debtors' ? t`Owed to you (${contactsCount})` : t`You owe (${contactsCount})`}</dt>
            <dd className="font-semibold tabular-nums">{money(totals.balanceMinor)}</dd>
          </div>
          <div className="rounded-lg border bg-card p-2">
            <dt className="text-xs text-muted-foreground">
              <Trans>Overdue</Trans>
            </dt>
            <dd className={cn('tabular-nums', totals.overdueMinor > 0 && 'text-destructive')}>{money(totals.overdueMinor)}</dd>
          </div>
          {agingColumns(totals.aging).map(({ bucket, amountMinor }) => (
            <div key={bucket} className="rounded-lg border p-2">
              <dt className="text-xs text-muted-foreground">{i18n._(AGING_LABELS[bucket])}</dt>
              <dd className="tabular-nums">{money(amountMinor)}</dd>
            </div>
          ))}
        </dl>
      )}
      {list.isPending ? (
        <TableSkeleton columns={4} label={t`Loading the list`} />
      ) : list.isError ? (
        <LoadError error={list.error} what={title} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState icon={HandCoinsIcon} title={kind === 'debtors' ? t`Nobody owes the shop` : t`The shop owes no supplier`}>
          {settledSearch || overdueOnly ? <Trans>Nothing matches the search or filter.</Trans> : <Trans>Balances show here as credit sales, bills and payments are recorded.</Trans>}
        </EmptyState>
      ) : (
        <>
          <DataTable columns={columns} data={list.data.items} label={title} getRowId={(item) => item.contactId} isFetching={list.isPlaceholderData} />
          <Pagination page={page} pageSize={BALANCE_PAGE_SIZE} total={list.data.total} onPageChange={(next) => setParams({ page: next > 1 ? String(next) : undefined })} />
        </>
      )}
      {sortParam && (
        <div>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setParams({ sort: undefined, order: undefined })}
          >
            <Trans>Back to the default order</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}
