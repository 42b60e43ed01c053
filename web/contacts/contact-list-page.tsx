import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, PlusIcon, SearchIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  CONTACT_ARCHIVED_FILTERS,
  CONTACT_BALANCE_FILTERS,
  CONTACT_PAGE_SIZES,
  CONTACT_SORTS,
  CONTACT_TYPE_FILTERS,
  type ContactListItem,
  type ContactListQuery,
} from '../../core/contacts/contacts.schemas';
import { formatPhoneNumber } from '../../core/i18n/phone.rules';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { DataTable } from '../inventory/data-table';
import { EmptyState, FilterSelect, LoadError, Pagination, TableSkeleton, useAddressParams, useSearchInAddress } from '../inventory/inventory-ui';
import { useDocumentTitle } from '../lib/use-document-title';
import { ContactExportButton } from './import/contact-export-button';
import { IconInput } from '../products/icon-input';
import { formatMoney } from '../products/product-format';
import { useCurrencySymbol } from '../products/products.api';
import { ARCHIVED_FILTER_LABELS, BALANCE_FILTER_LABELS, CONTACT_TYPE_LABELS } from './contact-labels';
import { useContactList, useContactsAccess, useCustomerGroups } from './contacts.api';

const SORT_CHOICES = [
  { value: 'name:asc', label: msg`Name, A to Z` },
  { value: 'name:desc', label: msg`Name, Z to A` },
  { value: 'balance:desc', label: msg`Balance, highest first` },
  { value: 'balance:asc', label: msg`Balance, lowest first` },
  { value: 'created:desc', label: msg`Newest first` },
  { value: 'created:asc', label: msg`Oldest first` },
] as const;

const TABS = [
  { value: 'all', label: msg`All` },
  { value: 'customer', label: msg`Customers` },
  { value: 'supplier', label: msg`Suppliers` },
] as const;

type TypeFilter = (typeof CONTACT_TYPE_FILTERS)[number];
type Sort = (typeof CONTACT_SORTS)[number];
const oneOf = <Value extends string>(values: readonly Value[], value: string | null): Value | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as Value) : undefined;

/** The list's state in the address, so Back and a shared link show the same list. */
function useContactListState() {
  const [params, change] = useAddressParams();
  const pageSize = Number(params.get('pageSize'));
  const state: ContactListQuery & { type: TypeFilter; sort: Sort; dir: 'asc' | 'desc'; page: number } = {
    q: params.get('q') ?? undefined,
    type: oneOf(CONTACT_TYPE_FILTERS, params.get('type')) ?? 'all',
    groupId: params.get('groupId') ?? undefined,
    tag: params.get('tag') ?? undefined,
    balance: oneOf(CONTACT_BALANCE_FILTERS, params.get('balance')),
    archived: oneOf(CONTACT_ARCHIVED_FILTERS, params.get('archived')) ?? 'active',
    sort: oneOf(CONTACT_SORTS, params.get('sort')) ?? 'name',
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
    page: Math.max(1, Math.trunc(Number(params.get('page'))) || 1),
    pageSize: (CONTACT_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : 25,
  };
  return { state, change };
}

/** /admin/customers: every customer and supplier, searched, filtered and sorted by the server. */
export function ContactListPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  useDocumentTitle(t`Contacts`);
  const { state, change } = useContactListState();
  const access = useContactsAccess();
  const groups = useCustomerGroups({ enabled: access.hasGroups });
  const currency = useCurrencySymbol();
  const [search, setSearch] = useSearchInAddress(state.q, (q) => change({ q }));
  const [tagText, setTagText] = useState(state.tag ?? '');
  const list = useContactList({ ...state, q: state.q || undefined });
  const side = state.type === 'supplier' ? 'payable' : 'receivable';

  const sortButton = (sort: Sort, label: string) => {
    const active = state.sort === sort;
    const Icon = !active ? ArrowUpDownIcon : state.dir === 'asc' ? ArrowUpIcon : ArrowDownIcon;
    return (
      <button
        type="button"
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
        aria-label={t`Sort by ${label}`}
        aria-pressed={active}
        onClick={() => change({ sort, dir: active && state.dir === 'asc' ? 'desc' : 'asc' })}
      >
        {label}
        <Icon aria-hidden className="size-3.5" />
      </button>
    );
  };

  const balanceHeader = side === 'payable' ? t`We owe` : t`Owes us`;
  const columns: Array<ColumnDef<ContactListItem>> = [
    {
      id: 'name',
      header: () => sortButton('name', t`Name`),
      cell: ({ row }) => {
        const contact = row.original;
        return (
          <div className="grid min-w-0 gap-0.5">
            <Link to={`/admin/customers/${contact.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
              {contact.name}
            </Link>
            {contact.company && <span className="text-xs text-muted-foreground">{contact.company}</span>}
            {contact.isArchived && (
              <span>
                <Badge variant="outline">
                  <Trans>Archived</Trans>
                </Badge>
              </span>
            )}
          </div>
        );
      },
    },
    {
      id: 'phone',
      header: t`Phone`,
      cell: ({ row }) => (row.original.phone ? <span className="whitespace-nowrap tabular-nums">{formatPhoneNumber(row.original.phone)}</span> : null),
    },
    {
      id: 'type',
      header: t`Type`,
      meta: { className: 'hidden md:table-cell' },
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-1">
          <span>{i18n._(CONTACT_TYPE_LABELS[row.original.type])}</span>
          {row.original.customerGroupName && <Badge variant="secondary">{row.original.customerGroupName}</Badge>}
          {row.original.tags.map((tag) => (
            <Badge key={tag} variant="outline">
              {tag}
            </Badge>
          ))}
        </div>
      ),
    },
    {
      id: 'balance',
      header: () => sortButton('balance', balanceHeader),
      meta: { className: 'text-right' },
      cell: ({ row }) => {
        const { balances, type } = row.original;
        const shownSide = state.type === 'all' && type === 'supplier' ? 'payable' : side;
        const amount = shownSide === 'payable' ? balances.payableMinor : balances.receivableMinor;
        const overdue = balances.overdueMinor;
        return (
          <div className="grid justify-items-end gap-0.5 tabular-nums">
            <span className={amount > 0 ? 'font-medium' : 'text-muted-foreground'}>
              {shownSide === 'payable' && state.type === 'all' ? t`We owe ${formatMoney(amount, currency)}` : formatMoney(amount, currency)}
            </span>
            {shownSide === 'receivable' && overdue > 0 && (
              <span className="text-xs text-destructive">
                <Trans>{formatMoney(overdue, currency)} overdue</Trans>
              </span>
            )}
            {shownSide === 'receivable' && balances.depositMinor > 0 && (
              <span className="text-xs text-emerald-700 dark:text-emerald-400">
                <Trans>{formatMoney(balances.depositMinor, currency)} deposit</Trans>
              </span>
            )}
          </div>
        );
      },
    },
  ];

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label={t`Show`} className="inline-flex rounded-lg border p-0.5">
          {TABS.map((tab) => (
            <Button
              key={tab.value}
              size="sm"
              variant={state.type === tab.value ? 'secondary' : 'ghost'}
              aria-pressed={state.type === tab.value}
              onClick={() => change({ type: tab.value === 'all' ? undefined : tab.value })}
            >
              {i18n._(tab.label)}
            </Button>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ContactExportButton
            filters={{ q: state.q, type: state.type, groupId: state.groupId, tag: state.tag, balance: state.balance, archived: state.archived, sort: state.sort, dir: state.dir }}
          />
          <Button asChild>
            <Link to="/admin/customers/new">
              <PlusIcon aria-hidden />
              <Trans>Add contact</Trans>
            </Link>
          </Button>
        </div>
      </div>

      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div className="grid gap-2 sm:w-80">
          <Label htmlFor="contact-search">
            <Trans>Search</Trans>
          </Label>
          <IconInput
            id="contact-search"
            icon={SearchIcon}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t`Name, phone, e-mail, company or KRA PIN`}
            autoComplete="off"
          />
        </div>
        {access.hasGroups && groups.data && groups.data.length > 0 && (
          <FilterSelect
            id="contact-group"
            label={t`Group`}
            value={state.groupId}
            onChange={(value) => change({ groupId: value || undefined })}
            allLabel={t`Every group`}
            options={groups.data.map((group) => group.id)}
            labels={Object.fromEntries(groups.data.map((group) => [group.id, { id: group.name, message: group.name }]))}
          />
        )}
        <FilterSelect
          id="contact-balance"
          label={t`Balance`}
          value={state.balance}
          onChange={(value) => change({ balance: value || undefined })}
          allLabel={t`Any balance`}
          options={CONTACT_BALANCE_FILTERS}
          labels={BALANCE_FILTER_LABELS}
        />
        <FilterSelect
          id="contact-archived"
          label={t`Archived`}
          value={state.archived === 'active' ? undefined : state.archived}
          onChange={(value) => change({ archived: value || undefined })}
          allLabel={t`Active only`}
          options={['archived', 'all'] as const}
          labels={ARCHIVED_FILTER_LABELS}
        />
        <div className="grid gap-2 sm:w-56">
          <Label htmlFor="contact-sort">
            <Trans>Sort</Trans>
          </Label>
          <NativeSelect
            id="contact-sort"
            value={`${state.sort}:${state.dir}`}
            onChange={(event) => {
              const [sort, dir] = event.target.value.split(':');
              change({ sort, dir });
            }}
          >
            {SORT_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {i18n._(choice.label)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <form
          className="grid gap-2 sm:w-40"
          onSubmit={(event) => {
            event.preventDefault();
            change({ tag: tagText.trim() || undefined });
          }}
        >
          <Label htmlFor="contact-tag">
            <Trans>Tag</Trans>
          </Label>
          <Input id="contact-tag" value={tagText} onChange={(event) => setTagText(event.target.value)} onBlur={() => change({ tag: tagText.trim() || undefined })} />
        </form>
      </div>

      {list.isPending ? (
        <TableSkeleton columns={4} label={t`Loading contacts`} />
      ) : list.isError ? (
        <LoadError error={list.error} what={t`the contacts`} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          icon={UsersIcon}
          title={state.q || state.balance || state.groupId || state.tag ? t`No contacts match` : t`No contacts yet`}
          action={
            <Button asChild>
              <Link to="/admin/customers/new">
                <Trans>Add a contact</Trans>
              </Link>
            </Button>
          }
        >
          <Trans>Customers you sell to on credit and suppliers you buy from appear here.</Trans>
        </EmptyState>
      ) : (
        <>
          <DataTable columns={columns} data={list.data.items} label={t`Contacts`} getRowId={(contact) => contact.id} isFetching={list.isPlaceholderData} />
          <Pagination
            page={state.page}
            pageSize={Number(state.pageSize)}
            total={list.data.total}
            totalCapped={list.data.totalCapped}
            onPageChange={(page) => change({ page: page > 1 ? String(page) : undefined })}
          />
        </>
      )}
    </div>
  );
}
