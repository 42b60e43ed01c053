import { useMutation } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { ArrowRightIcon, CheckCircle2Icon, CircleDotIcon, PlusIcon, TruckIcon, XCircleIcon } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { TRANSFER_STATUSES, transferSchema, type Transfer, type TransferListItem, type TransferReceiptInput } from '../../core/inventory/inventory.schemas';
import { formatQuantity, parseQuantity } from '../../core/products/quantity.rules';
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
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { InlineSpinner } from '../components/ui/spinner';
import { Textarea } from '../components/ui/textarea';
import { isApiError } from '../lib/api-client';
import { useDateFormat } from '../lib/date-format';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLocations } from '../products/products.api';
import { PagedTable } from './data-table';
import { documentActionRequest, receiveTransferRequest, useRefreshStock, useTransfer, useTransfers } from './inventory.api';
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
  useStockPermissions,
} from './inventory-ui';
import { productLabel } from './stock-format';
import { StockFormActions, StockFormNotAllowed, useStartingLocation, useStockDocumentForm } from './stock-document-form';
import { StockLinesSection } from './stock-lines-section';
import { placeDocumentErrors } from './stock-lines';

type TransferStatus = (typeof TRANSFER_STATUSES)[number];
const STATUS_LABELS: Record<TransferStatus, string> = { sent: 'In transit', partly_received: 'Partly received', received: 'Received', cancelled: 'Cancelled' };
const STATUS_VARIANTS: Record<TransferStatus, 'accent' | 'secondary' | 'success' | 'outline'> = {
  sent: 'accent',
  partly_received: 'secondary',
  received: 'success',
  cancelled: 'outline',
};
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
  const { formatDateTime } = useDateFormat();
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
          {formatDateTime(row.original.sentAt)}
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
  const isOpen = data.status === 'sent' || data.status === 'partly_received';
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
        actions={canEditStock && isOpen && <TransferActions transfer={data} />}
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="transfer-lines" className="grid content-start gap-2">
          <h3 id="transfer-lines" className="font-semibold">
            {data.fromLocation.name} → {data.toLocation.name}
          </h3>
          <ul aria-label="Lines" className="grid gap-2">
            {data.lines.map((line) => (
              <li key={line.variantId} aria-label={productLabel(line)} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-3">
                <span className="grid min-w-0">
                  <span className="font-medium">{productLabel(line)}</span>
                  <span className="text-xs text-muted-foreground">{line.sku}</span>
                </span>
                <span className="grid justify-items-end text-sm">
                  <span className="font-medium tabular-nums">{formatQuantity(line.quantityMilli)} sent</span>
                  {data.status !== 'cancelled' && <span className="text-xs text-muted-foreground tabular-nums">{lineProgress(line)}</span>}
                </span>
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

type TransferLine = Transfer['lines'][number];

/** "6 received · 1 lost · 3 in transit", leaving out what is 0 (but always the received figure). */
function lineProgress(line: Pick<TransferLine, 'receivedQuantityMilli' | 'lostQuantityMilli' | 'inTransitMilli'>): string {
  return [
    `${formatQuantity(line.receivedQuantityMilli)} received`,
    line.lostQuantityMilli > 0 && `${formatQuantity(line.lostQuantityMilli)} lost`,
    line.inTransitMilli > 0 && `${formatQuantity(line.inTransitMilli)} in transit`,
  ]
    .filter(Boolean)
    .join(' · ');
}

interface TimelineStep {
  key: string;
  title: string;
  detail: string;
  items?: string[];
  icon: typeof CheckCircle2Icon;
  done: boolean;
}

function TransferTimeline({ transfer }: { transfer: Transfer }) {
  const { formatDateTime } = useDateFormat();
  const by = (name: string | null) => (name ? ` by ${name}` : '');
  const labels = new Map(transfer.lines.map((line) => [line.variantId, productLabel(line)]));
  const inTransitMilli = transfer.lines.reduce((sum, line) => sum + line.inTransitMilli, 0);
  const steps: TimelineStep[] = [
    { key: 'sent', title: `Sent from ${transfer.fromLocation.name}`, detail: `${formatDateTime(transfer.sentAt)}${by(transfer.sentByName)}`, icon: CheckCircle2Icon, done: true },
    ...transfer.receipts.map((receipt, index) => ({
      key: receipt.id,
      title: `${index === transfer.receipts.length - 1 && transfer.status === 'received' ? 'Received' : 'Part received'} at ${transfer.toLocation.name}`,
      detail: `${formatDateTime(receipt.receivedAt)}${by(receipt.receivedByName)}`,
      items: receipt.lines.map(
        (line) => `${labels.get(line.variantId) ?? 'A product'}: ${formatQuantity(line.receivedQuantityMilli)} received${line.lostQuantityMilli > 0 ? `, ${formatQuantity(line.lostQuantityMilli)} lost in transit` : ''}`,
      ),
      icon: CheckCircle2Icon,
      done: true,
    })),
  ];
  // Received before receipts were recorded one by one: the transfer itself says when.
  if (transfer.status === 'received' && transfer.receipts.length === 0 && transfer.receivedAt) {
    steps.push({ key: 'received', title: `Received at ${transfer.toLocation.name}`, detail: `${formatDateTime(transfer.receivedAt)}${by(transfer.receivedByName)}`, icon: CheckCircle2Icon, done: true });
  }
  if (transfer.status === 'cancelled') {
    steps.push({ key: 'cancelled', title: 'Cancelled', detail: `The stock went back to ${transfer.fromLocation.name}`, icon: XCircleIcon, done: true });
  } else if (transfer.status !== 'received') {
    const detail = transfer.status === 'partly_received' ? `${formatQuantity(inTransitMilli)} still in transit: receive it when it arrives` : 'Receive it when the goods arrive';
    steps.push({ key: 'waiting', title: `Waiting at ${transfer.toLocation.name}`, detail, icon: CircleDotIcon, done: false });
  }
  return (
    <section aria-labelledby="transfer-timeline" className="grid content-start gap-3 rounded-xl border bg-card p-4">
      <h3 id="transfer-timeline" className="font-semibold">
        Status
      </h3>
      <ol className="grid gap-3">
        {steps.map((step) => (
          <li key={step.key} className="flex gap-3">
            <step.icon aria-hidden className={step.done ? 'mt-0.5 size-4 shrink-0 text-primary' : 'mt-0.5 size-4 shrink-0 text-muted-foreground'} />
            <span className="grid">
              <span className="text-sm font-medium">{step.title}</span>
              <span className="text-xs text-muted-foreground">{step.detail}</span>
              {step.items?.map((item) => (
                <span key={item} className="text-xs">
                  {item}
                </span>
              ))}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function TransferActions({ transfer }: { transfer: Transfer }) {
  const refresh = useRefreshStock();
  const [dialog, setDialog] = useState<'receive' | 'cancel' | null>(null);
  const cancel = useMutation({
    mutationKey: ['inventory', 'transfers', 'cancel'],
    mutationFn: () => documentActionRequest('transfers', transfer.id, 'cancel', transferSchema),
    onSuccess: async () => {
      await refresh();
      setDialog(null);
      toast.success('Transfer cancelled');
    },
    onError: (error) => toast.error('Error', { description: isApiError(error) ? error.message : 'The transfer was not changed.' }),
  });
  return (
    <>
      {/* Once part of it arrived, the rest can only be received or recorded as lost. */}
      {transfer.status === 'sent' && (
        <Button variant="outline" onClick={() => setDialog('cancel')}>
          Cancel transfer
        </Button>
      )}
      <Button onClick={() => setDialog('receive')}>Receive</Button>
      {dialog === 'receive' && <ReceiveDialog transfer={transfer} onClose={() => setDialog(null)} />}
      <AlertDialog open={dialog === 'cancel'} onOpenChange={(open) => !open && setDialog(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Cancel this transfer?</AlertDialogTitle>
            <AlertDialogDescription>The stock goes back to {transfer.fromLocation.name}. This cannot be undone.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Go back</AlertDialogCancel>
            <Button variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              {cancel.isPending && <InlineSpinner />}
              Cancel transfer
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

interface ReceiptEntry {
  received: string;
  lost: string;
}

/**
 * What arrived, per product still in transit: the received box starts at everything still on its
 * way, the lost box at 0. Whatever is neither stays in transit for a later receipt.
 */
function ReceiveDialog({ transfer, onClose }: { transfer: Transfer; onClose: () => void }) {
  const refresh = useRefreshStock();
  const waiting = transfer.lines.filter((line) => line.inTransitMilli > 0);
  const [entries, setEntries] = useState<Record<string, ReceiptEntry>>(() =>
    Object.fromEntries(waiting.map((line) => [line.variantId, { received: formatQuantity(line.inTransitMilli), lost: '0' }])),
  );
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string | undefined>();
  // One key per receipt being entered: a retry after a lost answer cannot receive it twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const receive = useMutation({
    mutationKey: ['inventory', 'transfers', 'receive'],
    mutationFn: (body: TransferReceiptInput) => receiveTransferRequest(transfer.id, body, idempotencyKey),
    onSuccess: async (received) => {
      await refresh();
      onClose();
      toast.success(received.status === 'received' ? `Received at ${transfer.toLocation.name}` : `Part received at ${transfer.toLocation.name}: the rest is still in transit`);
    },
    onError: (error) => {
      const placed = placeDocumentErrors(isApiError(error) ? error.message : 'The receipt was not saved. Try again.', isApiError(error) ? error.fields : undefined, waiting);
      setErrors(placed.lines);
      setFormError(placed.form ?? Object.values(placed.fields)[0]);
    },
  });

  const read = (line: TransferLine): { problem: string } | { received: number; lost: number } => {
    const entry = entries[line.variantId]!;
    const received = parseQuantity(entry.received === '' ? '0' : entry.received);
    const lost = parseQuantity(entry.lost === '' ? '0' : entry.lost);
    if (received === null || lost === null) return { problem: 'Enter quantities like 2 or 1.5' };
    if (received + lost > line.inTransitMilli) return { problem: `Only ${formatQuantity(line.inTransitMilli)} still in transit` };
    return { received, lost };
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lineErrors: Record<string, string> = {};
    const lines: NonNullable<TransferReceiptInput['lines']> = [];
    for (const line of waiting) {
      const quantities = read(line);
      if ('problem' in quantities) lineErrors[line.variantId] = quantities.problem;
      else if (quantities.received + quantities.lost > 0) lines.push({ variantId: line.variantId, receivedQuantityMilli: quantities.received, lostQuantityMilli: quantities.lost });
    }
    setErrors(lineErrors);
    const nothing = Object.keys(lineErrors).length === 0 && lines.length === 0;
    setFormError(nothing ? 'Enter a quantity received or lost' : undefined);
    if (Object.keys(lineErrors).length > 0 || nothing) return;
    // The server reads the lines by position, as they are sent.
    receive.mutate({ lines });
  };
  const change = (variantId: string, field: keyof ReceiptEntry, value: string) => {
    setEntries((current) => ({ ...current, [variantId]: { ...current[variantId]!, [field]: value } }));
    setErrors((current) => ({ ...current, [variantId]: undefined }));
    setFormError(undefined);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Receive at {transfer.toLocation.name}</DialogTitle>
            <DialogDescription>Enter what arrived. Record anything missing or broken as lost in transit; whatever is neither stays in transit to receive later.</DialogDescription>
          </DialogHeader>
          <ul aria-label="Products in transit" className="grid gap-3">
            {waiting.map((line) => {
              const label = productLabel(line);
              const error = errors[line.variantId];
              const entry = entries[line.variantId]!;
              const quantities = read(line);
              const leftMilli = 'problem' in quantities ? null : line.inTransitMilli - quantities.received - quantities.lost;
              return (
                <li key={line.variantId} aria-label={label} className="grid gap-2 rounded-lg border p-3">
                  <span className="grid">
                    <span className="font-medium break-words">{label}</span>
                    <span className="text-xs text-muted-foreground">{formatQuantity(line.inTransitMilli)} in transit</span>
                  </span>
                  <div className="grid grid-cols-2 gap-3">
                    <FormField id={`receive-${line.variantId}`} label="Received">
                      <Input
                        id={`receive-${line.variantId}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `receipt-${line.variantId}-error` : undefined}
                        aria-label={`Received quantity of ${label}`}
                        className="text-right tabular-nums"
                        inputMode="decimal"
                        autoComplete="off"
                        value={entry.received}
                        onChange={(event) => change(line.variantId, 'received', event.target.value)}
                      />
                    </FormField>
                    <FormField id={`lost-${line.variantId}`} label="Lost in transit">
                      <Input
                        id={`lost-${line.variantId}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `receipt-${line.variantId}-error` : undefined}
                        aria-label={`Lost quantity of ${label}`}
                        className="text-right tabular-nums"
                        inputMode="decimal"
                        autoComplete="off"
                        value={entry.lost}
                        onChange={(event) => change(line.variantId, 'lost', event.target.value)}
                      />
                    </FormField>
                  </div>
                  {error ? (
                    <p id={`receipt-${line.variantId}-error`} role="alert" className="text-sm text-destructive">
                      {error}
                    </p>
                  ) : (
                    leftMilli !== null && leftMilli > 0 && <p className="text-xs text-muted-foreground">{formatQuantity(leftMilli)} stays in transit</p>
                  )}
                </li>
              );
            })}
          </ul>
          {formError && (
            <p role="alert" className="text-sm text-destructive">
              {formError}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Go back
            </Button>
            <Button type="submit" disabled={receive.isPending}>
              {receive.isPending && <InlineSpinner />}
              Receive
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
