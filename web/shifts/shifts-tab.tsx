import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { ClockIcon, PlayIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Shift } from '../../core/sales/sales.schemas';
import { useMoney } from '../accounts/use-money';
import { useMayDo } from '../auth/may-do';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { PagedTable, type ColumnStyle } from '../inventory/data-table';
import { EmptyState, useListParams } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { formatNumber } from '../lib/format';
import { Button } from '../components/ui/button';
import { OpenShiftDialog } from './open-shift-dialog';
import { ShiftStatusBadge } from './status-badge';
import { useRegisters, useShiftList } from './shifts.api';

const FILTERS = ['status', 'register'] as const;
const STATUSES = ['open', 'closed'] as const;
const isStatus = (value: string | undefined): value is (typeof STATUSES)[number] => (STATUSES as readonly (string | undefined)[]).includes(value);
const numeric: ColumnStyle = { className: 'text-right tabular-nums' };

export const shiftPagePath = (shiftId: string) => `/admin/sales/shifts/${encodeURIComponent(shiftId)}`;

/**
 * The sales page's Shifts tab: open and closed shifts, newest first (a cashier's own; every shift
 * for the till's supervisors, sales.approve, as the API answers), by status and register, each
 * opening its X or Z report.
 */
export function ShiftsTab() {
  const { t } = useLingui();
  const { money } = useMoney();
  const { formatDateTime } = useDateFormat();
  const seesEveryShift = useMayDo('sales.approve');
  const { values, page, setFilter, setPage } = useListParams(FILTERS);
  const status = isStatus(values.status) ? values.status : 'all';
  const registers = useRegisters();
  const shifts = useShiftList({ status, registerId: values.register, page });
  const navigate = useNavigate();
  const [openingOn, setOpeningOn] = useState('');
  const [isOpening, setIsOpening] = useState(false);
  const idleRegisters = (registers.data?.items ?? []).filter((register) => register.isActive && !register.openShift);

  const columns: Array<ColumnDef<Shift>> = [
    {
      id: 'register',
      header: t`Register`,
      cell: ({ row }) => (
        <Link to={shiftPagePath(row.original.id)} className="font-medium text-primary underline-offset-4 hover:underline">
          {row.original.registerName}
          <span className="block text-xs font-normal text-muted-foreground">{row.original.locationName}</span>
        </Link>
      ),
    },
    { id: 'status', header: t`Status`, cell: ({ row }) => <ShiftStatusBadge status={row.original.status} /> },
    {
      id: 'opened',
      header: t`Opened`,
      cell: ({ row }) => (
        <>
          {formatDateTime(row.original.openedAt)}
          {row.original.openedByName && <span className="block text-xs text-muted-foreground">{row.original.openedByName}</span>}
        </>
      ),
    },
    { id: 'closed', header: t`Closed`, cell: ({ row }) => (row.original.closedAt ? formatDateTime(row.original.closedAt) : '—') },
    { id: 'z', header: t`Z number`, meta: numeric, cell: ({ row }) => (row.original.zNumber === null ? '—' : formatNumber(row.original.zNumber)) },
    { id: 'sales', header: t`Sales`, meta: numeric, cell: ({ row }) => formatNumber(row.original.salesCount) },
    { id: 'total', header: t`Total`, meta: numeric, cell: ({ row }) => money(row.original.salesTotalMinor) },
    {
      id: 'overShort',
      header: t`Over/short`,
      meta: numeric,
      cell: ({ row }) => {
        const value = row.original.overShortMinor;
        if (value === null) return '—';
        return <span className={value < 0 ? 'text-destructive' : undefined}>{value > 0 ? `+${money(value)}` : money(value)}</span>;
      },
    },
  ];

  return (
    <section aria-labelledby="shifts-title" className="grid min-w-0 gap-4">
      <div className="grid gap-1">
        <h2 id="shifts-title" className="text-xl font-semibold">
          <Trans>Shifts</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          {seesEveryShift ? <Trans>Every register’s shifts with their X and Z reports.</Trans> : <Trans>Your shifts with their X and Z reports.</Trans>}
        </p>
      </div>
      {idleRegisters.length > 0 && (
        <form
          className="flex flex-wrap items-end gap-3 rounded-xl border bg-card p-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (openingOn) setIsOpening(true);
          }}
        >
          <div className="grid gap-2 sm:w-64">
            <Label htmlFor="open-shift-register">
              <Trans>Open a shift on</Trans>
            </Label>
            <NativeSelect id="open-shift-register" value={openingOn} onChange={(event) => setOpeningOn(event.target.value)}>
              <option value="">{t`Choose a register`}</option>
              {idleRegisters.map((register) => (
                <option key={register.id} value={register.id}>
                  {`${register.name} · ${register.locationName}`}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" disabled={!openingOn}>
            <PlayIcon aria-hidden />
            <Trans>Open shift</Trans>
          </Button>
        </form>
      )}
      {isOpening && openingOn && (
        <OpenShiftDialog
          open
          onOpenChange={(next) => !next && setIsOpening(false)}
          registerId={openingOn}
          onOpened={(shift) => void navigate(shiftPagePath(shift.id))}
        />
      )}
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-2 sm:w-48">
          <Label htmlFor="shift-status">
            <Trans>Status</Trans>
          </Label>
          <NativeSelect id="shift-status" value={status === 'all' ? '' : status} onChange={(event) => setFilter('status', event.target.value || undefined)}>
            <option value="">{t`All shifts`}</option>
            <option value="open">{t`Open`}</option>
            <option value="closed">{t`Closed`}</option>
          </NativeSelect>
        </div>
        <div className="grid gap-2 sm:w-56">
          <Label htmlFor="shift-register">
            <Trans>Register</Trans>
          </Label>
          <NativeSelect id="shift-register" value={values.register ?? ''} onChange={(event) => setFilter('register', event.target.value || undefined)} disabled={registers.isPending}>
            <option value="">{registers.isPending ? t`Loading registers…` : t`All registers`}</option>
            {(registers.data?.items ?? []).map((register) => (
              <option key={register.id} value={register.id}>
                {`${register.name} · ${register.locationName}`}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <PagedTable
        query={shifts}
        columns={columns}
        label={t`Shifts`}
        loadingLabel={t`Loading shifts`}
        what={t`the shifts`}
        skeletonColumns={6}
        getRowId={(shift) => shift.id}
        page={page}
        onPageChange={setPage}
        empty={
          <EmptyState icon={ClockIcon} title={t`No shifts here`}>
            <Trans>A shift opens on the register with its float, from the New sale tab.</Trans>
          </EmptyState>
        }
      />
    </section>
  );
}
