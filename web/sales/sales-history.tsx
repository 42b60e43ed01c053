import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { DownloadIcon, ReceiptTextIcon, SearchIcon, XIcon } from 'lucide-react';
import { Link } from 'react-router';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { SALE_SORTS, SALE_STATUSES, TENDER_LABELS, TENDERS, type SaleStatus, type Tender } from '../../core/sales/sales.schemas';
import type { z } from 'zod';
import type { saleListItemSchema } from '../../core/sales/sales.schemas';
import { useMoney } from '../accounts/use-money';
import { useSignedInUser } from '../auth/auth-provider';
import { mayDo } from '../auth/may-do';
import { SortButton } from '../components/sort-button';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { translateMessage } from '../i18n/translate-message';
import { PagedTable } from '../inventory/data-table';
import { EmptyState, FilterSelect, LocationSelect, useAddressParams, useFeature, useSearchInAddress } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { IconInput } from '../products/icon-input';
import { UpgradeBadge } from '../products/upgrade-badge';
import { useRegisters } from '../shifts/shifts.api';
import { SALE_STATUS_LABELS, SaleStatusBadge } from './sales-labels';
import { saleListSearch, salePath, useSaleList, type SaleFilters } from './sales.api';

// The sales history (issue 15): paged, filtered and sorted by the server, kept in the address so
// Back and a shared link show the same list. A cashier sees their own sales (the server's rule).
// Cashier and customer filters are set from a row (the name in the row narrows the list to them).

type SaleListItem = z.infer<typeof saleListItemSchema>;
type Sort = (typeof SALE_SORTS)[number];

const FILTER_NAMES = ['from', 'to', 'locationId', 'registerId', 'cashierId', 'customerId', 'tender', 'status', 'q', 'sort', 'direction'] as const;
/** Shown on the chip of a filter set from a row; not sent to the server. */
const LABEL_NAMES = ['cashierName', 'customerName'] as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
const isDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

export function SalesHistory() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { money } = useMoney();
  const { formatDateTime } = useDateFormat();
  const user = useSignedInUser();
  // The list holds everyone's sales for reports.view (its API's rule), so a cashier's name filters it.
  const seesEveryone = mayDo(user, 'reports.view');
  const registers = useRegisters();
  const [params, change] = useAddressParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const filters: SaleFilters = {
    from: isDay(params.get('from')),
    to: isDay(params.get('to')),
    locationId: params.get('locationId') ?? undefined,
    registerId: params.get('registerId') ?? undefined,
    cashierId: params.get('cashierId') ?? undefined,
    customerId: params.get('customerId') ?? undefined,
    tender: oneOf(TENDERS, params.get('tender')),
    status: oneOf(SALE_STATUSES, params.get('status')),
    q: params.get('q') ?? undefined,
    sort: oneOf(SALE_SORTS, params.get('sort')) ?? 'created',
    direction: oneOf(['asc', 'desc'] as const, params.get('direction')) ?? 'desc',
  };

  const [search, setSearch] = useSearchInAddress(filters.q, (q) => change({ q }));
  const list = useSaleList(filters, page);

  const sortButton = (sort: Sort, label: string) => (
    <SortButton
      label={label}
      active={filters.sort === sort}
      direction={filters.direction}
      onSort={() => change({ sort, direction: filters.sort === sort && filters.direction === 'desc' ? 'asc' : 'desc' })}
    />
  );

  const columns: Array<ColumnDef<SaleListItem>> = [
    {
      id: 'receipt',
      header: () => sortButton('receipt', t`Receipt`),
      cell: ({ row }) => (
        <Link to={salePath(row.original.id)} className="font-mono font-medium text-primary underline-offset-4 hover:underline">
          {row.original.receiptCode}
        </Link>
      ),
    },
    {
      id: 'created',
      header: () => sortButton('created', t`Date`),
      cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span>,
    },
    {
      id: 'register',
      header: () => t`Till`,
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          {row.original.registerName}
          <span className="block text-xs text-muted-foreground">{row.original.locationName}</span>
        </span>
      ),
    },
    {
      id: 'cashier',
      header: () => t`Cashier`,
      cell: ({ row }) => {
        const { cashierName } = row.original;
        if (!cashierName || !seesEveryone) return cashierName ?? '—';
        return (
          <button
            type="button"
            className="text-left underline-offset-4 hover:underline"
            title={t`Only ${cashierName}’s sales`}
            onClick={() => change({ cashierId: row.original.cashierId ?? undefined, cashierName })}
          >
            {cashierName}
          </button>
        );
      },
    },
    {
      id: 'customer',
      header: () => t`Customer`,
      cell: ({ row }) => {
        const { customerName, customerId } = row.original;
        if (!customerName || !customerId) return <span className="text-muted-foreground">{t`Walk-in`}</span>;
        return (
          <button type="button" className="text-left underline-offset-4 hover:underline" title={t`Only ${customerName}’s sales`} onClick={() => change({ customerId, customerName })}>
            {customerName}
          </button>
        );
      },
    },
    {
      id: 'tenders',
      header: () => t`Paid by`,
      cell: ({ row }) => row.original.tenders.map((tender) => translateMessage(TENDER_LABELS[tender], i18n)).join(', '),
    },
    { id: 'status', header: () => t`Status`, cell: ({ row }) => <SaleStatusBadge status={row.original.status} /> },
    {
      id: 'total',
      header: () => sortButton('total', t`Total`),
      cell: ({ row }) => <span className="font-medium tabular-nums">{money(row.original.totalMinor)}</span>,
      meta: { className: 'text-right' },
    },
  ];

  const cashierName = params.get('cashierName');
  const customerName = params.get('customerName');
  const anyFilter = FILTER_NAMES.some((name) => name !== 'sort' && name !== 'direction' && params.get(name));
  const registerOptions = (registers.data?.items ?? []).filter((register) => !filters.locationId || register.locationId === filters.locationId);

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-2 sm:w-80">
          <Label htmlFor="sales-search">
            <Trans>Search</Trans>
          </Label>
          <IconInput
            id="sales-search"
            icon={SearchIcon}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t`Receipt number or customer`}
            autoComplete="off"
          />
        </div>
        {mayDo(user, 'data.export') && <SalesExportButton filters={filters} />}
      </div>
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div className="grid gap-2 sm:w-40">
          <Label htmlFor="sales-from">
            <Trans>From</Trans>
          </Label>
          <Input id="sales-from" type="date" value={filters.from ?? ''} max={filters.to} onChange={(event) => change({ from: event.target.value || undefined })} />
        </div>
        <div className="grid gap-2 sm:w-40">
          <Label htmlFor="sales-to">
            <Trans>To</Trans>
          </Label>
          <Input id="sales-to" type="date" value={filters.to ?? ''} min={filters.from} onChange={(event) => change({ to: event.target.value || undefined })} />
        </div>
        <div className="grid gap-2 sm:w-48">
          <Label htmlFor="sales-location">
            <Trans>Location</Trans>
          </Label>
          <LocationSelect
            id="sales-location"
            value={filters.locationId ?? ''}
            onChange={(value) => change({ locationId: value || undefined, registerId: undefined })}
            allLabel={t`Every location`}
            includeInactive
          />
        </div>
        <div className="grid gap-2 sm:w-44">
          <Label htmlFor="sales-register">
            <Trans>Till</Trans>
          </Label>
          <NativeSelect id="sales-register" value={filters.registerId ?? ''} onChange={(event) => change({ registerId: event.target.value || undefined })}>
            <option value="">{t`Every till`}</option>
            {registerOptions.map((register) => (
              <option key={register.id} value={register.id}>
                {filters.locationId ? register.name : `${register.name}, ${register.locationName}`}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2 sm:w-48">
          <Label htmlFor="sales-tender">
            <Trans>Paid by</Trans>
          </Label>
          <NativeSelect id="sales-tender" value={filters.tender ?? ''} onChange={(event) => change({ tender: event.target.value || undefined })}>
            <option value="">{t`Any payment`}</option>
            {TENDERS.map((tender: Tender) => (
              <option key={tender} value={tender}>
                {translateMessage(TENDER_LABELS[tender], i18n)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <FilterSelect<SaleStatus>
          id="sales-status"
          label={t`Status`}
          value={filters.status}
          onChange={(value) => change({ status: value || undefined })}
          allLabel={t`Any status`}
          options={SALE_STATUSES}
          labels={SALE_STATUS_LABELS}
        />
      </div>
      {(filters.cashierId ?? filters.customerId ?? anyFilter) && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {filters.cashierId && (
            <Button variant="secondary" size="sm" onClick={() => change({ cashierId: undefined, cashierName: undefined })} aria-label={t`Show every cashier’s sales`}>
              {cashierName ? t`Cashier: ${cashierName}` : t`One cashier`}
              <XIcon aria-hidden />
            </Button>
          )}
          {filters.customerId && (
            <Button variant="secondary" size="sm" onClick={() => change({ customerId: undefined, customerName: undefined })} aria-label={t`Show every customer’s sales`}>
              {customerName ? t`Customer: ${customerName}` : t`One customer`}
              <XIcon aria-hidden />
            </Button>
          )}
          {anyFilter && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setSearch('');
                change(Object.fromEntries([...FILTER_NAMES, ...LABEL_NAMES].filter((name) => name !== 'sort' && name !== 'direction').map((name) => [name, undefined])));
              }}
            >
              <Trans>Clear filters</Trans>
            </Button>
          )}
        </div>
      )}
      <PagedTable
        query={list}
        columns={columns}
        label={t`Sales`}
        loadingLabel={t`Loading sales`}
        what={t`the sales`}
        skeletonColumns={6}
        getRowId={(row) => row.id}
        page={page}
        onPageChange={(next) => change({ page: next > 1 ? String(next) : undefined })}
        empty={
          <EmptyState icon={ReceiptTextIcon} title={anyFilter ? t`No sales match` : t`No sales yet`}>
            {anyFilter ? <Trans>Try other filters or dates.</Trans> : <Trans>Sales rung up at the register show here.</Trans>}
          </EmptyState>
        }
      />
    </div>
  );
}

/** "Export CSV" of the sales for the list's filters; managers, with data_export (else locked beside the upgrade badge). */
function SalesExportButton({ filters }: { filters: SaleFilters }) {
  const feature = useFeature('data_export');
  if (feature.isEnabled === false) {
    return (
      <span className="inline-flex items-center gap-2" data-locked="">
        <Button variant="outline" size="sm" disabled>
          <DownloadIcon aria-hidden />
          <Trans>Export CSV</Trans>
        </Button>
        <UpgradeBadge badge={feature.badge} message={upgradeMessage('data_export')} />
      </span>
    );
  }
  return (
    <Button variant="outline" size="sm" asChild>
      {/* A plain download: the browser saves the server's attachment, however large. */}
      <a href={`/api/sales/export.csv?${saleListSearch(filters).toString()}`} download>
        <DownloadIcon aria-hidden />
        <Trans>Export CSV</Trans>
      </a>
    </Button>
  );
}
