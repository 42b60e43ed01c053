import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { ClipboardListIcon, PlusIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../lib/toast';
import { STOCK_TAKE_STATUSES, stockTakeSchema, type StockTakeListItem } from '../../core/inventory/inventory.schemas';
import { FormField, fieldControlProps } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Label } from '../components/ui/label';
import { InlineSpinner } from '../components/ui/spinner';
import { Switch } from '../components/ui/switch';
import { Textarea } from '../components/ui/textarea';
import { isApiError } from '../lib/api-client';
import { useDateFormat } from '../lib/date-format';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLocations } from '../products/products.api';
import { PagedTable } from './data-table';
import { createDocumentRequest, useRefreshStock, useStockTakes } from './inventory.api';
import { STOCK_TAKE_STATUS_LABELS, type StockTakeStatus } from './inventory-labels';
import { EmptyState, FilterSelect, LocationSelect, PageHeader, useListParams, useStockPermissions } from './inventory-ui';
import { StockTakeStatusBadge } from './stock-take-status';

const isStatus = (value: string | undefined): value is StockTakeStatus => (STOCK_TAKE_STATUSES as readonly (string | undefined)[]).includes(value);

/** The empty list's title when filtered by a status. */
const EMPTY_TITLES: Record<StockTakeStatus, MessageDescriptor> = {
  counting: msg`No stock takes counting`,
  posted: msg`No stock takes posted`,
  cancelled: msg`No stock takes cancelled`,
};

/** /admin/products/stock-takes: count sheets per location; start one to count the shelves. */
export function StockTakesPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  useDocumentTitle(t`Stock takes`);
  const { formatDateTime } = useDateFormat();
  const { canEditStock } = useStockPermissions();
  const { values, page, setFilter, setPage } = useListParams(['status'] as const);
  const status = isStatus(values.status) ? values.status : undefined;
  const stockTakes = useStockTakes({ status, page });
  const [isStarting, setIsStarting] = useState(false);

  const startButton = canEditStock && (
    <Button onClick={() => setIsStarting(true)}>
      <PlusIcon aria-hidden />
      <Trans>Start stock take</Trans>
    </Button>
  );
  const columns: Array<ColumnDef<StockTakeListItem>> = [
    {
      id: 'started',
      header: t`Started`,
      cell: ({ row }) => (
        <Link to={`/admin/products/stock-takes/${row.original.id}`} className="font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline">
          {formatDateTime(row.original.createdAt)}
        </Link>
      ),
    },
    { id: 'location', header: t`Location`, cell: ({ row }) => row.original.location.name },
    {
      id: 'status',
      header: t`Status`,
      cell: ({ row }) => (
        <span className="inline-flex flex-wrap gap-1">
          <StockTakeStatusBadge status={row.original.status} />
          {row.original.isBlind && (
            <Badge variant="outline">
              <Trans>Blind</Trans>
            </Badge>
          )}
        </span>
      ),
    },
    { id: 'lines', header: t`Counted`, meta: { className: 'text-right' }, cell: ({ row }) => <span className="tabular-nums">{row.original.lineCount}</span> },
    { id: 'who', header: t`Started by`, cell: ({ row }) => row.original.startedByName ?? '—' },
    { id: 'posted', header: t`Posted`, cell: ({ row }) => (row.original.postedAt ? formatDateTime(row.original.postedAt) : '—') },
  ];

  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader title={t`Stock takes`} description={t`Count what is on the shelves, review the differences and post them to the ledger.`} actions={startButton} />
      <FilterSelect
        id="stock-takes-status"
        label={t`Status`}
        value={status}
        onChange={(value) => setFilter('status', value)}
        allLabel={t`All statuses`}
        options={STOCK_TAKE_STATUSES}
        labels={STOCK_TAKE_STATUS_LABELS}
      />
      <PagedTable
        query={stockTakes}
        columns={columns}
        label={t`Stock takes`}
        loadingLabel={t`Loading stock takes`}
        what={t`the stock takes`}
        skeletonColumns={5}
        getRowId={(take) => take.id}
        page={page}
        onPageChange={setPage}
        empty={
          <EmptyState icon={ClipboardListIcon} title={status ? i18n._(EMPTY_TITLES[status]) : t`No stock takes yet`} action={startButton || undefined}>
            <Trans>A stock take compares what you count with what the system expects, and corrects the difference in one step.</Trans>
          </EmptyState>
        }
      />
      {isStarting && <StartStockTakeDialog onClose={() => setIsStarting(false)} />}
    </div>
  );
}

function StartStockTakeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const refresh = useRefreshStock();
  const locations = useLocations();
  const [chosen, setChosen] = useState<string | null>(null);
  const locationId = chosen ?? locations.data?.find((location) => location.isDefault)?.id ?? '';
  const [note, setNote] = useState('');
  const [isBlind, setIsBlind] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const start = useMutation({
    mutationKey: ['inventory', 'stock-takes', 'create'],
    mutationFn: () => createDocumentRequest('stock-takes', { locationId, note, isBlind }, stockTakeSchema, idempotencyKey),
    onSuccess: async (take) => {
      await refresh();
      const location = take.location.name;
      toast.success(t`Counting at ${location}`);
      void navigate(`/admin/products/stock-takes/${take.id}`);
    },
    onError: (failure) =>
      // The server's message stays English: FormField shows it in the person's language.
      setError(isApiError(failure) ? (failure.fieldMessage('locationId') ?? failure.message) : t`The stock take was not started. Try again.`),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!locationId) return setError(t`Choose a location`);
    start.mutate();
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>
              <Trans>Start stock take</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>Choose where you are counting (one stock take at a time per location). Sales may go on; the expected figures follow them until you post.</Trans>
            </DialogDescription>
          </DialogHeader>
          <FormField id="stock-take-location" label={t`Location`} error={error}>
            <LocationSelect
              value={locationId}
              onChange={(value) => {
                setChosen(value);
                setError(undefined);
              }}
              allLabel={t`Choose a location`}
              {...fieldControlProps('stock-take-location', { error })}
            />
          </FormField>
          <FormField id="stock-take-note" label={t`Note (optional)`}>
            <Textarea id="stock-take-note" rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
          </FormField>
          <div className="flex items-start gap-3">
            <Switch id="stock-take-blind" checked={isBlind} onCheckedChange={setIsBlind} aria-describedby="stock-take-blind-hint" />
            <div className="grid gap-1">
              <Label htmlFor="stock-take-blind">
                <Trans>Blind count</Trans>
              </Label>
              <p id="stock-take-blind-hint" className="text-xs text-muted-foreground">
                <Trans>The counter does not see the expected quantities, so the count is not nudged towards them. The variances show once it is posted.</Trans>
              </p>
            </div>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={start.isPending}>
              {start.isPending && <InlineSpinner />}
              <Trans>Start counting</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
