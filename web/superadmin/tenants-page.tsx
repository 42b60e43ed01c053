import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { StoreIcon } from 'lucide-react';
import { Link } from 'react-router';
import { TENANT_SORTS, type PlatformTenantRow } from '../../core/platform/platform.schemas';
import { PLATFORM_TENANT_STATUSES, type PlatformTenantStatus } from '../../core/platform/tenant-status.rules';
import { Badge } from '../components/ui/badge';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { PagedTable } from '../inventory/data-table';
import { EmptyState, FilterSelect, useAddressParams, useSearchInAddress } from '../inventory/inventory-ui';
import { PAGE_SIZE } from '../inventory/inventory.api';
import { useDateFormat } from '../lib/date-format';
import { useDocumentTitle } from '../lib/use-document-title';
import { usePlans, useTenants } from './platform.api';
import { PLAN_PERIOD_LABELS, TENANT_STATUS_BADGES, TENANT_STATUS_LABELS } from './platform-labels';

type TenantSort = (typeof TENANT_SORTS)[number];
const SORT_CHOICES = ['createdAt:desc', 'createdAt:asc', 'name:asc', 'name:desc', 'subdomain:asc'] as const;

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** A shop's status as a coloured badge. */
export function TenantStatusBadge({ status }: { status: PlatformTenantStatus }) {
  const { i18n } = useLinguiRuntime();
  return <Badge variant={TENANT_STATUS_BADGES[status]}>{i18n._(TENANT_STATUS_LABELS[status])}</Badge>;
}

/**
 * /superadmin/tenants (issue 21): every shop on the platform, a page at a time from the server,
 * searched by name, subdomain or owner's e-mail and filtered by status and plan (all kept in the
 * address).
 */
export function TenantsPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { formatDate } = useDateFormat();
  useDocumentTitle(t`Tenant Management`);
  const [params, change] = useAddressParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const status = PLATFORM_TENANT_STATUSES.find((candidate) => candidate === params.get('status'));
  const planId = params.get('plan') ?? undefined;
  const sortChoice = SORT_CHOICES.find((choice) => choice === params.get('sort')) ?? 'createdAt:desc';
  const [sort, direction] = sortChoice.split(':') as [TenantSort, 'asc' | 'desc'];
  const [search, setSearch] = useSearchInAddress(params.get('q') ?? undefined, (q) => change({ q }));
  const query = { search: params.get('q') ?? undefined, status, planId, sort, direction, page, pageSize: PAGE_SIZE };
  const tenants = useTenants(query);
  const plans = usePlans();
  const sortLabels: Record<(typeof SORT_CHOICES)[number], string> = {
    'createdAt:desc': t`Newest first`,
    'createdAt:asc': t`Oldest first`,
    'name:asc': t`Name, A to Z`,
    'name:desc': t`Name, Z to A`,
    'subdomain:asc': t`Subdomain`,
  };
  const columns: Array<ColumnDef<PlatformTenantRow>> = [
    {
      id: 'shop',
      header: () => t`Shop`,
      cell: ({ row }) => (
        <span className="grid">
          <Link to={`/superadmin/tenants/${row.original.id}`} className={linkClass}>
            {row.original.name}
          </Link>
          <span className="text-xs text-muted-foreground">{row.original.subdomain}</span>
        </span>
      ),
    },
    { id: 'status', header: () => t`Status`, cell: ({ row }) => <TenantStatusBadge status={row.original.status} /> },
    {
      id: 'plan',
      header: () => t`Plan`,
      cell: ({ row }) => (row.original.plan ? `${row.original.plan.name} (${i18n._(PLAN_PERIOD_LABELS[row.original.plan.period])})` : '—'),
    },
    { id: 'owner', header: () => t`Owner`, cell: ({ row }) => <span className="break-all">{row.original.ownerEmail ?? '—'}</span> },
    {
      id: 'ends',
      header: () => t`Trial ends / renews`,
      cell: ({ row }) => {
        const ends = row.original.status === 'trial' ? row.original.trialEnd : row.original.currentPeriodEnd;
        return <span className="whitespace-nowrap">{ends ? formatDate(ends) : '—'}</span>;
      },
    },
    { id: 'created', header: () => t`Signed up`, cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.createdAt)}</span> },
  ];
  const anyFilter = Boolean(params.get('q') ?? status ?? planId);
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          <Trans>Tenant Management</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Every shop on the platform: its status, plan and owner. Open one to extend its trial, change its plan or suspend it.</Trans>
        </p>
      </div>
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div className="grid gap-2 sm:w-72">
          <Label htmlFor="tenant-search">
            <Trans>Search</Trans>
          </Label>
          <Input id="tenant-search" type="search" value={search} placeholder={t`Name, subdomain or owner's e-mail`} onChange={(event) => setSearch(event.target.value)} />
        </div>
        <FilterSelect id="tenant-status" label={t`Status`} value={status} onChange={(value) => change({ status: value || undefined })} allLabel={t`All statuses`} options={PLATFORM_TENANT_STATUSES} labels={TENANT_STATUS_LABELS} />
        <div className="grid gap-2 sm:w-56">
          <Label htmlFor="tenant-plan">
            <Trans>Plan</Trans>
          </Label>
          <NativeSelect id="tenant-plan" value={planId ?? ''} onChange={(event) => change({ plan: event.target.value || undefined })}>
            <option value="">{t`All plans`}</option>
            {plans.data?.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {plan.isActive ? `${plan.name} (${i18n._(PLAN_PERIOD_LABELS[plan.period])})` : t`${plan.name} (${i18n._(PLAN_PERIOD_LABELS[plan.period])}, retired)`}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2 sm:w-48">
          <Label htmlFor="tenant-sort">
            <Trans>Sort by</Trans>
          </Label>
          <NativeSelect id="tenant-sort" value={sortChoice} onChange={(event) => change({ sort: event.target.value === 'createdAt:desc' ? undefined : event.target.value })}>
            {SORT_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {sortLabels[choice]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <PagedTable
        query={tenants}
        columns={columns}
        label={t`Shops`}
        loadingLabel={t`Loading the shops`}
        what={t`the shops`}
        skeletonColumns={6}
        getRowId={(row) => row.id}
        page={page}
        onPageChange={(next) => change({ page: next > 1 ? String(next) : undefined })}
        empty={<EmptyState icon={StoreIcon} title={anyFilter ? t`No shops match` : t`No shops yet`}>{anyFilter ? <Trans>Try other filters.</Trans> : null}</EmptyState>}
      />
    </div>
  );
}
