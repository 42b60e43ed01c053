import { useMutation } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { ClipboardListIcon, PlusIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
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
import { EmptyState, FilterSelect, LocationSelect, PageHeader, useListParams, useStockPermissions } from './inventory-ui';
import { StockTakeStatusBadge, STOCK_TAKE_STATUS_LABELS } from './stock-take-status';

const isStatus = (value: string | undefined): value is (typeof STOCK_TAKE_STATUSES)[number] => (STOCK_TAKE_STATUSES as readonly (string | undefined)[]).includes(value);

/** /admin/products/stock-takes: count sheets per location; start one to count the shelves. */
export function StockTakesPage() {
  useDocumentTitle('Stock takes');
  const { formatDateTime } = useDateFormat();
  const { canEditStock } = useStockPermissions();
  const { values, page, setFilter, setPage } = useListParams(['status'] as const);
  const status = isStatus(values.status) ? values.status : undefined;
  const stockTakes = useStockTakes({ status, page });
  const [isStarting, setIsStarting] = useState(false);

  const startButton = canEditStock && (
    <Button onClick={() => setIsStarting(true)}>
      <PlusIcon aria-hidden />
      Start stock take
    </Button>
  );
  const columns: Array<ColumnDef<StockTakeListItem>> = [
    {
      id: 'started',
      header: 'Started',
      cell: ({ row }) => (
        <Link to={`/admin/products/stock-takes/${row.original.id}`} className="font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline">
          {formatDateTime(row.original.createdAt)}
        </Link>
      ),
    },
    { id: 'location', header: 'Location', cell: ({ row }) => row.original.location.name },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => (
        <span className="inline-flex flex-wrap gap-1">
          <StockTakeStatusBadge status={row.original.status} />
          {row.original.isBlind && <Badge variant="outline">Blind</Badge>}
        </span>
      ),
    },
    { id: 'lines', header: 'Counted', meta: { className: 'text-right' }, cell: ({ row }) => <span className="tabular-nums">{row.original.lineCount}</span> },
    { id: 'who', header: 'Started by', cell: ({ row }) => row.original.startedByName ?? '—' },
    { id: 'posted', header: 'Posted', cell: ({ row }) => (row.original.postedAt ? formatDateTime(row.original.postedAt) : '—') },
  ];

  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader title="Stock takes" description="Count what is on the shelves, review the differences and post them to the ledger." actions={startButton} />
      <FilterSelect id="stock-takes-status" label="Status" value={status} onChange={(value) => setFilter('status', value)} allLabel="All statuses" options={STOCK_TAKE_STATUSES} labels={STOCK_TAKE_STATUS_LABELS} />
      <PagedTable
        query={stockTakes}
        columns={columns}
        label="Stock takes"
        skeletonColumns={5}
        getRowId={(take) => take.id}
        page={page}
        onPageChange={setPage}
        empty={
          <EmptyState icon={ClipboardListIcon} title={status ? `No stock takes ${STOCK_TAKE_STATUS_LABELS[status].toLowerCase()}` : 'No stock takes yet'} action={startButton || undefined}>
            A stock take compares what you count with what the system expects, and corrects the difference in one step.
          </EmptyState>
        }
      />
      {isStarting && <StartStockTakeDialog onClose={() => setIsStarting(false)} />}
    </div>
  );
}

function StartStockTakeDialog({ onClose }: { onClose: () => void }) {
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
      toast.success(`Counting at ${take.location.name}`);
      void navigate(`/admin/products/stock-takes/${take.id}`);
    },
    onError: (failure) => setError(isApiError(failure) ? (failure.fieldMessage('locationId') ?? failure.message) : 'The stock take was not started. Try again.'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!locationId) return setError('Choose a location');
    start.mutate();
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Start stock take</DialogTitle>
            <DialogDescription>Choose where you are counting (one stock take at a time per location). Sales may go on; the expected figures follow them until you post.</DialogDescription>
          </DialogHeader>
          <FormField id="stock-take-location" label="Location" error={error}>
            <LocationSelect
              value={locationId}
              onChange={(value) => {
                setChosen(value);
                setError(undefined);
              }}
              allLabel="Choose a location"
              {...fieldControlProps('stock-take-location', { error })}
            />
          </FormField>
          <FormField id="stock-take-note" label="Note (optional)">
            <Textarea id="stock-take-note" rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
          </FormField>
          <div className="flex items-start gap-3">
            <Switch id="stock-take-blind" checked={isBlind} onCheckedChange={setIsBlind} aria-describedby="stock-take-blind-hint" />
            <div className="grid gap-1">
              <Label htmlFor="stock-take-blind">Blind count</Label>
              <p id="stock-take-blind-hint" className="text-xs text-muted-foreground">
                The counter does not see the expected quantities, so the count is not nudged towards them. The variances show once it is posted.
              </p>
            </div>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={start.isPending}>
              {start.isPending && <InlineSpinner />}
              Start counting
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
