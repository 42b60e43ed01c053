import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpIcon, GiftIcon, PlusIcon, SearchIcon, WalletCardsIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { maskedGiftCardCode } from '../../core/gift-cards/gift-card-code.rules';
import { GIFT_CARD_SORTS, type GiftCard } from '../../core/gift-cards/gift-cards.schemas';
import { useMoney } from '../accounts/use-money';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { DataTable } from '../inventory/data-table';
import { EmptyState, LoadError, LockedFeature, PageHeader, Pagination, TableSkeleton, useListParams, useSearchInAddress } from '../inventory/inventory-ui';
import { useDocumentTitle } from '../lib/use-document-title';
import { CheckBalanceDialog, GiftCardStatusBadge, IssueGiftCardDialog, useExpiryText } from './gift-card-dialogs';
import { giftCardPath, useGiftCardAccess, useGiftCards } from './gift-cards.api';

const PAGE_SIZE = 25;
type Sort = (typeof GIFT_CARD_SORTS)[number];
const isSort = (value: string | undefined): value is Sort => (GIFT_CARD_SORTS as readonly string[]).includes(value ?? '');

/** /admin/customers/gift-cards: every card of the shop, issue (manager) and check a balance (anyone). */
export function GiftCardListPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Gift cards`);
  const access = useGiftCardAccess();
  const [dialog, setDialog] = useState<'issue' | 'balance' | null>(null);
  if (!access.isEnabled) return <LockedFeature feature="gift_cards" title={t`Gift cards`} badge={access.badge ?? ''} />;
  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={t`Gift cards`}
        description={t`Cards with a value the customer spends at the till. The code is shown once, when the card is issued.`}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setDialog('balance')}>
              <WalletCardsIcon aria-hidden />
              <Trans>Check balance</Trans>
            </Button>
            {access.canIssue && (
              <Button onClick={() => setDialog('issue')}>
                <PlusIcon aria-hidden />
                <Trans>Issue gift card</Trans>
              </Button>
            )}
          </div>
        }
      />
      <GiftCardTable onIssue={access.canIssue ? () => setDialog('issue') : undefined} />
      <IssueGiftCardDialog open={dialog === 'issue'} onClose={() => setDialog(null)} />
      <CheckBalanceDialog open={dialog === 'balance'} onClose={() => setDialog(null)} />
    </div>
  );
}

function GiftCardTable({ onIssue }: { onIssue: (() => void) | undefined }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const expiry = useExpiryText();
  const params = useListParams(['q', 'status', 'sort', 'order'] as const);
  const [search, setSearch] = useSearchInAddress(params.values.q, (q) => params.setFilter('q', q));
  const status = params.values.status === 'active' || params.values.status === 'void' ? params.values.status : 'all';
  const sort: Sort = isSort(params.values.sort) ? params.values.sort : 'createdAt';
  const order = params.values.order === 'asc' ? 'asc' : 'desc';
  const cards = useGiftCards({ search: params.values.q, status, sort, order, page: params.page, pageSize: PAGE_SIZE });

  const sortHeader = (column: Sort, label: string) => {
    const active = sort === column;
    const next = active && order === 'desc' ? 'asc' : 'desc';
    return (
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded-sm outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
        aria-label={t`Sort by ${label}`}
        aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
        onClick={() => {
          params.setFilter('sort', column);
          params.setFilter('order', next);
        }}
      >
        {label}
        {active && (order === 'asc' ? <ArrowUpIcon aria-hidden className="size-3.5" /> : <ArrowDownIcon aria-hidden className="size-3.5" />)}
      </button>
    );
  };

  const columns: Array<ColumnDef<GiftCard>> = [
    {
      id: 'card',
      header: t`Card`,
      cell: ({ row }) => {
        const last4 = row.original.last4;
        return (
          <Link to={giftCardPath(row.original.id)} aria-label={t`Card ending ${last4}`} className="font-mono font-medium text-primary underline-offset-4 hover:underline">
            {maskedGiftCardCode(last4)}
          </Link>
        );
      },
    },
    { id: 'customer', header: t`Customer`, cell: ({ row }) => row.original.contactName ?? <span className="text-muted-foreground">—</span> },
    {
      id: 'initial',
      header: () => sortHeader('initial', t`Value`),
      meta: { className: 'text-right tabular-nums' },
      cell: ({ row }) => money(row.original.initialMinor),
    },
    {
      id: 'balance',
      header: () => sortHeader('balance', t`Balance`),
      meta: { className: 'text-right tabular-nums' },
      cell: ({ row }) => <span className="font-medium">{money(row.original.balanceMinor)}</span>,
    },
    { id: 'expiresOn', header: () => sortHeader('expiresOn', t`Expires`), cell: ({ row }) => expiry(row.original.expiresOn) },
    { id: 'status', header: t`Status`, cell: ({ row }) => <GiftCardStatusBadge status={row.original.status} isExpired={row.original.isExpired} /> },
  ];

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-0 flex-1 gap-2 sm:max-w-sm">
          <Label htmlFor="gift-card-search">
            <Trans>Search</Trans>
          </Label>
          <div className="relative">
            <SearchIcon aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              id="gift-card-search"
              type="search"
              className="pl-8"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t`Last 4 of the code or customer name`}
            />
          </div>
        </div>
        <div className="grid gap-2 sm:w-44">
          <Label htmlFor="gift-card-status">
            <Trans>Status</Trans>
          </Label>
          <NativeSelect id="gift-card-status" value={status} onChange={(event) => params.setFilter('status', event.target.value === 'all' ? undefined : event.target.value)}>
            <option value="all">{t`All cards`}</option>
            <option value="active">{t`Active`}</option>
            <option value="void">{t`Void`}</option>
          </NativeSelect>
        </div>
        {sort !== 'createdAt' && (
          <Button variant="ghost" size="sm" onClick={() => params.setFilter('sort', undefined)}>
            <Trans>Newest first</Trans>
          </Button>
        )}
      </div>
      {cards.isPending ? (
        <TableSkeleton columns={6} label={t`Loading gift cards`} />
      ) : cards.isError ? (
        <LoadError error={cards.error} what={t`the gift cards`} onRetry={() => void cards.refetch()} />
      ) : cards.data.total === 0 ? (
        <EmptyState
          icon={GiftIcon}
          title={params.values.q || status !== 'all' ? t`No gift cards match` : t`No gift cards yet`}
          action={
            onIssue &&
            !params.values.q && (
              <Button onClick={onIssue}>
                <Trans>Issue the first gift card</Trans>
              </Button>
            )
          }
        >
          {params.values.q ? <Trans>Search by the last 4 characters of a code or by the customer’s name.</Trans> : <Trans>Issued cards appear here with their balance.</Trans>}
        </EmptyState>
      ) : (
        <>
          <div className="min-w-0 overflow-x-auto">
            <DataTable columns={columns} data={cards.data.items} label={t`Gift cards`} getRowId={(card) => card.id} isFetching={cards.isFetching} />
          </div>
          <Pagination page={params.page} pageSize={PAGE_SIZE} total={cards.data.total} onPageChange={params.setPage} />
        </>
      )}
    </div>
  );
}
