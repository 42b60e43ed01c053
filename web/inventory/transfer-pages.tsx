import { useMutation } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { ArrowRightIcon, CheckCircle2Icon, CircleDotIcon, PlusIcon, TruckIcon, XCircleIcon } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { TRANSFER_STATUSES, transferSchema, type Transfer, type TransferListItem } from '../../core/inventory/inventory.schemas';
import { formatQuantity } from '../../core/products/quantity.rules';
import { FormField, fieldControlProps } from '../components/form-field';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../components/ui/alert-dialog';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { InlineSpinner } from '../components/ui/spinner';
import { Textarea } from '../components/ui/textarea';
import { isApiError } from '../lib/api-client';
import { formatDateTime } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLocations } from '../products/products.api';
import { PagedTable } from './data-table';
import { documentActionRequest, useRefreshStock, useTransfer, useTransfers } from './inventory.api';
import {
  DetailSkeleton,
  EmptyState,
  FilterSelect,
  LoadError,
  LocationSelect,
  LockedFeature,
  PageHeader,
  useFeature,
  useListParams,
  useShopTimeZone,
  useStockPermissions,
} from './inventory-ui';
import { productLabel } from './stock-format';
import { StockFormActions, StockFormNotAllowed, useStartingLocation, useStockDocumentForm } from './stock-document-form';
import { StockLinesSection } from './stock-lines-section';

type TransferStatus = (typeof TRANSFER_STATUSES)[number];
const STATUS_LABELS: Record<TransferStatus, string> = { sent: 'In transit', received: 'Received', cancelled: 'Cancelled' };
const STATUS_VARIANTS: Record<TransferStatus, 'accent' | 'success' | 'outline'> = { sent: 'accent', received: 'success', cancelled: 'outline' };
const isStatus = (value: string | undefined): value is TransferStatus => (TRANSFER_STATUSES as readonly (string | undefined)[]).includes(value);

function StatusBadge({ status }: { status: TransferStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{STATUS_LABELS[status]}</Badge>;
}

/** Transfers need the plan's multi_location: otherwise the lock and the way to upgrade. */
function MultiLocationGate({ title, children }: { title: string; children: ReactNode }) {
  const multiLocation = useFeature('multi_location');
  if (multiLocation.isEnabled === false) {
    return (
      <div className="grid min-w-0 gap-4">
        <PageHeader title={title} />
        <LockedFeature feature="multi_location" title="Transfers between locations" badge={multiLocation.badge} />
      </div>
    );
  }
  return children;
}

function NewTransferButton() {
  return (
    <Button asChild>
      <Link to="/admin/products/transfers/new">
        <PlusIcon aria-hidden />
        New transfer
      </Link>
    </Button>
  );
}

/** /admin/products/transfers: stock sent between locations, filtered by status. */
export function TransfersPage() {
  useDocumentTitle('Transfers');
  return (
    <MultiLocationGate title="Transfers">
      <TransferList />
    </MultiLocationGate>
  );
}

function TransferList() {
  const timeZone = useShopTimeZone();
  const { canEditStock } = useStockPermissions();
  const { values, page, setFilter, setPage } = useListParams(['status'] as const);
  const status = isStatus(values.status) ? values.status : undefined;
  const transfers = useTransfers({ status, page });

  const columns: Array<ColumnDef<TransferListItem>> = [
    {
      id: 'sent',
      header: 'Sent',
      cell: ({ row }) => (
        <Link to={`/admin/products/transfers/${row.original.id}`} className="font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline">
          {formatDateTime(row.original.sentAt, timeZone)}
        </Link>
      ),
    },
    {
      id: 'route',
      header: 'From → to',
      cell: ({ row }) => (
        <span className="inline-flex flex-wrap items-center gap-1">
          {row.original.fromLocation.name}
          <ArrowRightIcon aria-label="to" className="size-3.5 text-muted-foreground" />
          {row.original.toLocation.name}
        </span>
      ),
    },
    { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
    { id: 'lines', header: 'Products', meta: { className: 'text-right' }, cell: ({ row }) => <span className="tabular-nums">{row.original.lineCount}</span> },
    { id: 'who', header: 'Sent by', cell: ({ row }) => row.original.sentByName ?? '—' },
  ];

  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader title="Transfers" description="Stock sent from one location to another: it leaves when sent and arrives when received." actions={canEditStock && <NewTransferButton />} />
      <FilterSelect id="transfers-status" label="Status" value={status} onChange={(value) => setFilter('status', value)} allLabel="All statuses" options={TRANSFER_STATUSES} labels={STATUS_LABELS} />
      <PagedTable
        query={transfers}
        columns={columns}
        label="Transfers"
        skeletonColumns={5}
        getRowId={(transfer) => transfer.id}
        page={page}
        onPageChange={setPage}
        empty={
          <EmptyState icon={TruckIcon} title={status ? `No transfers ${STATUS_LABELS[status].toLowerCase()}` : 'No transfers yet'} action={canEditStock ? <NewTransferButton /> : undefined}>
            Move stock from the warehouse to a shop, or between branches, and receive it at the other end.
          </EmptyState>
        }
      />
    </div>
  );
}

/** /admin/products/transfers/new: from, to and the lines; the stock leaves the source when saved. */
export function TransferFormPage() {
  useDocumentTitle('New transfer');
  return (
    <MultiLocationGate title="New transfer">
      <TransferForm />
    </MultiLocationGate>
  );
}

type TransferField = 'fromLocationId' | 'toLocationId' | 'note';

function TransferForm() {
  const { canEditStock } = useStockPermissions();
  const [searchParams] = useSearchParams();
  const locations = useLocations();
  const from = useStartingLocation('fromLocationId');
  const [toLocationId, setTo] = useState(searchParams.get('toLocationId') ?? '');
  const [note, setNote] = useState('');
  const form = useStockDocumentForm<TransferField, typeof transferSchema>({
    kind: 'transfers',
    schema: transferSchema,
    what: 'transfer',
    savedMessage: (transfer) => `Transfer sent to ${transfer.toLocation.name}`,
  });
  const { errors } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nextErrors: Partial<Record<TransferField, string>> = {};
    if (!from.id) nextErrors.fromLocationId = 'Choose where the stock leaves from';
    if (!toLocationId) nextErrors.toLocationId = 'Choose where the stock goes';
    else if (toLocationId === from.id) nextErrors.toLocationId = 'Choose a different location to send to';
    form.submit(nextErrors, (lines) => ({
      fromLocationId: from.id,
      toLocationId,
      note,
      lines: lines.map((line) => ({ variantId: line.variantId, quantityMilli: line.milli })),
    }));
  };

  if (!canEditStock) {
    return <StockFormNotAllowed title="New transfer">Only managers and the owner send stock between locations.</StockFormNotAllowed>;
  }
  const activeCount = locations.data?.filter((location) => location.isActive).length ?? 2;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="transfer-title" className="grid min-w-0 gap-4">
      <PageHeader titleId="transfer-title" title="New transfer" description="The stock leaves the first location now and arrives when the other end receives it." />
      {activeCount < 2 && (
        <p role="status" className="rounded-lg border border-dashed p-3 text-sm">
          You need two locations to transfer stock. <Link to="/admin/products/locations" className="font-medium text-primary underline-offset-4 hover:underline">Add a location</Link>
        </p>
      )}
      <section className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 sm:p-6">
        <FormField id="transfer-from" label="From location" error={errors.fromLocationId}>
          <LocationSelect
            value={from.id}
            onChange={(value) => {
              from.choose(value);
              form.clearError('fromLocationId');
            }}
            allLabel="Choose a location"
            {...fieldControlProps('transfer-from', { error: errors.fromLocationId })}
          />
        </FormField>
        <FormField id="transfer-to" label="To location" error={errors.toLocationId}>
          <LocationSelect
            value={toLocationId}
            exclude={from.id}
            onChange={(value) => {
              setTo(value);
              form.clearError('toLocationId');
            }}
            allLabel="Choose a location"
            {...fieldControlProps('transfer-to', { error: errors.toLocationId })}
          />
        </FormField>
        <div className="sm:col-span-2">
          <FormField id="transfer-note" label="Note (optional)" error={errors.note}>
            <Textarea {...fieldControlProps('transfer-note', { error: errors.note })} rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
          </FormField>
        </div>
      </section>
      <StockLinesSection mode="transfer" state={form.lines} locationId={from.id} locationName={from.name} error={form.formError} />
      <StockFormActions cancelTo="/admin/products/transfers" isSaving={form.isSaving}>
        Send transfer
      </StockFormActions>
    </form>
  );
}

/** /admin/products/transfers/:transferId: the lines, the sent → received timeline, Receive and Cancel. */
export function TransferDetailPage() {
  useDocumentTitle('Transfer');
  return (
    <MultiLocationGate title="Transfer">
      <TransferDetail />
    </MultiLocationGate>
  );
}

function TransferDetail() {
  const { transferId = '' } = useParams();
  const transfer = useTransfer(transferId);
  const { canEditStock } = useStockPermissions();
  if (transfer.isPending) return <DetailSkeleton label="Loading the transfer" />;
  if (transfer.isError) return <LoadError error={transfer.error} what="the transfer" onRetry={() => void transfer.refetch()} />;
  const data = transfer.data;
  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={
          <span className="inline-flex flex-wrap items-center gap-2">
            Transfer to {data.toLocation.name} <StatusBadge status={data.status} />
          </span>
        }
        description={
          <Link to="/admin/products/transfers" className="underline-offset-4 hover:underline">
            ← All transfers
          </Link>
        }
        actions={canEditStock && data.status === 'sent' && <TransferActions transfer={data} />}
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="transfer-lines" className="grid content-start gap-2">
          <h3 id="transfer-lines" className="font-semibold">
            {data.fromLocation.name} → {data.toLocation.name}
          </h3>
          <ul aria-label="Lines" className="grid gap-2">
            {data.lines.map((line) => (
              <li key={line.variantId} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-3">
                <span className="grid min-w-0">
                  <span className="font-medium">{productLabel(line)}</span>
                  <span className="text-xs text-muted-foreground">{line.sku}</span>
                </span>
                <span className="font-medium tabular-nums">{formatQuantity(line.quantityMilli)}</span>
              </li>
            ))}
          </ul>
          {data.note && <p className="text-sm text-muted-foreground">Note: {data.note}</p>}
        </section>
        <TransferTimeline transfer={data} />
      </div>
    </div>
  );
}

function TransferTimeline({ transfer }: { transfer: Transfer }) {
  const timeZone = useShopTimeZone();
  const steps = [
    { title: `Sent from ${transfer.fromLocation.name}`, detail: `${formatDateTime(transfer.sentAt, timeZone)}${transfer.sentByName ? ` by ${transfer.sentByName}` : ''}`, icon: CheckCircle2Icon, done: true },
    transfer.status === 'cancelled'
      ? { title: 'Cancelled', detail: `The stock went back to ${transfer.fromLocation.name}`, icon: XCircleIcon, done: true }
      : transfer.status === 'received' && transfer.receivedAt
        ? {
            title: `Received at ${transfer.toLocation.name}`,
            detail: `${formatDateTime(transfer.receivedAt, timeZone)}${transfer.receivedByName ? ` by ${transfer.receivedByName}` : ''}`,
            icon: CheckCircle2Icon,
            done: true,
          }
        : { title: `Waiting at ${transfer.toLocation.name}`, detail: 'Receive it when the goods arrive', icon: CircleDotIcon, done: false },
  ];
  return (
    <section aria-labelledby="transfer-timeline" className="grid content-start gap-3 rounded-xl border bg-card p-4">
      <h3 id="transfer-timeline" className="font-semibold">
        Status
      </h3>
      <ol className="grid gap-3">
        {steps.map((step) => (
          <li key={step.title} className="flex gap-3">
            <step.icon aria-hidden className={step.done ? 'mt-0.5 size-4 shrink-0 text-primary' : 'mt-0.5 size-4 shrink-0 text-muted-foreground'} />
            <span className="grid">
              <span className="text-sm font-medium">{step.title}</span>
              <span className="text-xs text-muted-foreground">{step.detail}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function TransferActions({ transfer }: { transfer: Transfer }) {
  const refresh = useRefreshStock();
  const [confirming, setConfirming] = useState<'receive' | 'cancel' | null>(null);
  const act = useMutation({
    mutationKey: ['inventory', 'transfers', 'action'],
    mutationFn: (action: 'receive' | 'cancel') => documentActionRequest('transfers', transfer.id, action, transferSchema),
    onSuccess: async (_result, action) => {
      await refresh();
      setConfirming(null);
      toast.success(action === 'receive' ? `Received at ${transfer.toLocation.name}` : 'Transfer cancelled');
    },
    onError: (error) => toast.error('Error', { description: isApiError(error) ? error.message : 'The transfer was not changed.' }),
  });
  const texts = {
    receive: {
      title: `Receive at ${transfer.toLocation.name}?`,
      body: `The ${transfer.lines.length === 1 ? 'product is' : `${transfer.lines.length} products are`} added to the stock at ${transfer.toLocation.name}.`,
      confirm: 'Receive',
    },
    cancel: {
      title: 'Cancel this transfer?',
      body: `The stock goes back to ${transfer.fromLocation.name}. This cannot be undone.`,
      confirm: 'Cancel transfer',
    },
  };
  const current = confirming ? texts[confirming] : null;
  return (
    <>
      <Button variant="outline" onClick={() => setConfirming('cancel')}>
        Cancel transfer
      </Button>
      <Button onClick={() => setConfirming('receive')}>Receive</Button>
      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{current?.title}</AlertDialogTitle>
            <AlertDialogDescription>{current?.body}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Go back</AlertDialogCancel>
            <Button variant={confirming === 'cancel' ? 'destructive' : 'default'} disabled={act.isPending} onClick={() => confirming && act.mutate(confirming)}>
              {act.isPending && <InlineSpinner />}
              {current?.confirm}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
