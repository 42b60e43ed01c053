import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { ArrowRightIcon, CheckCircle2Icon, CircleDotIcon, PlusIcon, TruckIcon, XCircleIcon } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from '../lib/toast';
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
import { translateMessage } from '../i18n/translate-message';
import { isApiError } from '../lib/api-client';
import { useDateFormat } from '../lib/date-format';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLocations } from '../products/products.api';
import { PagedTable } from './data-table';
import { documentActionRequest, receiveTransferRequest, useRefreshStock, useTransfer, useTransfers } from './inventory.api';
import { TRANSFER_STATUS_LABELS, type TransferStatus } from './inventory-labels';
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

/** The empty list's title when filtered by a status. */
const EMPTY_TITLES: Record<TransferStatus, MessageDescriptor> = {
  sent: msg`No transfers in transit`,
  partly_received: msg`No transfers partly received`,
  received: msg`No transfers received`,
  cancelled: msg`No transfers cancelled`,
};
const STATUS_VARIANTS: Record<TransferStatus, 'accent' | 'secondary' | 'success' | 'outline'> = {
  sent: 'accent',
  partly_received: 'secondary',
  received: 'success',
  cancelled: 'outline',
};
const isStatus = (value: string | undefined): value is TransferStatus => (TRANSFER_STATUSES as readonly (string | undefined)[]).includes(value);

function StatusBadge({ status }: { status: TransferStatus }) {
  const { i18n } = useLinguiRuntime();
  return <Badge variant={STATUS_VARIANTS[status]}>{i18n._(TRANSFER_STATUS_LABELS[status])}</Badge>;
}

/** Transfers need the plan's multi_location: otherwise the lock and the way to upgrade. */
function MultiLocationGate({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useLingui();
  const multiLocation = useFeature('multi_location');
  if (multiLocation.isEnabled === false) {
    return (
      <div className="grid min-w-0 gap-4">
        <PageHeader title={title} />
        <LockedFeature feature="multi_location" title={t`Transfers between locations`} badge={multiLocation.badge} />
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
        <Trans>New transfer</Trans>
      </Link>
    </Button>
  );
}

/** /admin/products/transfers: stock sent between locations, filtered by status. */
export function TransfersPage() {
  const { t } = useLingui();
  const title = t`Transfers`;
  useDocumentTitle(title);
  return (
    <MultiLocationGate title={title}>
      <TransferList />
    </MultiLocationGate>
  );
}

function TransferList() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { formatDateTime } = useDateFormat();
  const { canEditStock } = useStockPermissions();
  const { values, page, setFilter, setPage } = useListParams(['status'] as const);
  const status = isStatus(values.status) ? values.status : undefined;
  const transfers = useTransfers({ status, page });

  const columns: Array<ColumnDef<TransferListItem>> = [
    {
      id: 'sent',
      header: t`Sent`,
      cell: ({ row }) => (
        <Link to={`/admin/products/transfers/${row.original.id}`} className="font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline">
          {formatDateTime(row.original.sentAt)}
        </Link>
      ),
    },
    {
      id: 'route',
      header: t`From → to`,
      cell: ({ row }) => (
        <span className="inline-flex flex-wrap items-center gap-1">
          {row.original.fromLocation.name}
          <ArrowRightIcon aria-label={t`to`} className="size-3.5 text-muted-foreground" />
          {row.original.toLocation.name}
        </span>
      ),
    },
    { id: 'status', header: t`Status`, cell: ({ row }) => <StatusBadge status={row.original.status} /> },
    { id: 'lines', header: t`Products`, meta: { className: 'text-right' }, cell: ({ row }) => <span className="tabular-nums">{row.original.lineCount}</span> },
    { id: 'who', header: t`Sent by`, cell: ({ row }) => row.original.sentByName ?? '—' },
  ];

  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={t`Transfers`}
        description={t`Stock sent from one location to another: it leaves when sent and arrives when received.`}
        actions={canEditStock && <NewTransferButton />}
      />
      <FilterSelect
        id="transfers-status"
        label={t`Status`}
        value={status}
        onChange={(value) => setFilter('status', value)}
        allLabel={t`All statuses`}
        options={TRANSFER_STATUSES}
        labels={TRANSFER_STATUS_LABELS}
      />
      <PagedTable
        query={transfers}
        columns={columns}
        label={t`Transfers`}
        loadingLabel={t`Loading transfers`}
        what={t`the transfers`}
        skeletonColumns={5}
        getRowId={(transfer) => transfer.id}
        page={page}
        onPageChange={setPage}
        empty={
          <EmptyState icon={TruckIcon} title={status ? i18n._(EMPTY_TITLES[status]) : t`No transfers yet`} action={canEditStock ? <NewTransferButton /> : undefined}>
            <Trans>Move stock from the warehouse to a shop, or between branches, and receive it at the other end.</Trans>
          </EmptyState>
        }
      />
    </div>
  );
}

/** /admin/products/transfers/new: from, to and the lines; the stock leaves the source when saved. */
export function TransferFormPage() {
  const { t } = useLingui();
  const title = t`New transfer`;
  useDocumentTitle(title);
  return (
    <MultiLocationGate title={title}>
      <TransferForm />
    </MultiLocationGate>
  );
}

type TransferField = 'fromLocationId' | 'toLocationId' | 'note';

function TransferForm() {
  const { t } = useLingui();
  const { canEditStock } = useStockPermissions();
  const [searchParams] = useSearchParams();
  const locations = useLocations();
  const from = useStartingLocation('fromLocationId');
  const [toLocationId, setTo] = useState(searchParams.get('toLocationId') ?? '');
  const [note, setNote] = useState('');
  const form = useStockDocumentForm<TransferField, typeof transferSchema>({
    kind: 'transfers',
    schema: transferSchema,
    failedMessage: t`The transfer was not saved. Try again.`,
    savedMessage: (transfer) => {
      const location = transfer.toLocation.name;
      return t`Transfer sent to ${location}`;
    },
  });
  const { errors } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nextErrors: Partial<Record<TransferField, string>> = {};
    if (!from.id) nextErrors.fromLocationId = t`Choose where the stock leaves from`;
    if (!toLocationId) nextErrors.toLocationId = t`Choose where the stock goes`;
    else if (toLocationId === from.id) nextErrors.toLocationId = t`Choose a different location to send to`;
    form.submit(nextErrors, (lines) => ({
      fromLocationId: from.id,
      toLocationId,
      note,
      lines: lines.map((line) => ({ variantId: line.variantId, quantityMilli: line.milli })),
    }));
  };

  if (!canEditStock) {
    return (
      <StockFormNotAllowed title={t`New transfer`}>
        <Trans>Only managers and the owner send stock between locations.</Trans>
      </StockFormNotAllowed>
    );
  }
  const activeCount = locations.data?.filter((location) => location.isActive).length ?? 2;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="transfer-title" className="grid min-w-0 gap-4">
      <PageHeader
        titleId="transfer-title"
        title={t`New transfer`}
        description={t`The stock leaves the first location now and arrives when the other end receives it.`}
      />
      {activeCount < 2 && (
        <p role="status" className="rounded-lg border border-dashed p-3 text-sm">
          <Trans>
            You need two locations to transfer stock.{' '}
            <Link to="/admin/products/locations" className="font-medium text-primary underline-offset-4 hover:underline">
              Add a location
            </Link>
          </Trans>
        </p>
      )}
      <section className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 sm:p-6">
        <FormField id="transfer-from" label={t`From location`} error={errors.fromLocationId}>
          <LocationSelect
            value={from.id}
            onChange={(value) => {
              from.choose(value);
              form.clearError('fromLocationId');
            }}
            allLabel={t`Choose a location`}
            {...fieldControlProps('transfer-from', { error: errors.fromLocationId })}
          />
        </FormField>
        <FormField id="transfer-to" label={t`To location`} error={errors.toLocationId}>
          <LocationSelect
            value={toLocationId}
            exclude={from.id}
            onChange={(value) => {
              setTo(value);
              form.clearError('toLocationId');
            }}
            allLabel={t`Choose a location`}
            {...fieldControlProps('transfer-to', { error: errors.toLocationId })}
          />
        </FormField>
        <div className="sm:col-span-2">
          <FormField id="transfer-note" label={t`Note (optional)`} error={errors.note}>
            <Textarea {...fieldControlProps('transfer-note', { error: errors.note })} rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
          </FormField>
        </div>
      </section>
      <StockLinesSection mode="transfer" state={form.lines} locationId={from.id} locationName={from.name} error={form.formError} />
      <StockFormActions cancelTo="/admin/products/transfers" isSaving={form.isSaving}>
        <Trans>Send transfer</Trans>
      </StockFormActions>
    </form>
  );
}

/** /admin/products/transfers/:transferId: the lines, the sent → received timeline, Receive and Cancel. */
export function TransferDetailPage() {
  const { t } = useLingui();
  const title = t`Transfer`;
  useDocumentTitle(title);
  return (
    <MultiLocationGate title={title}>
      <TransferDetail />
    </MultiLocationGate>
  );
}

function TransferDetail() {
  const { t } = useLingui();
  const { transferId = '' } = useParams();
  const transfer = useTransfer(transferId);
  const { canEditStock } = useStockPermissions();
  if (transfer.isPending) return <DetailSkeleton label={t`Loading the transfer`} />;
  if (transfer.isError) return <LoadError error={transfer.error} what={t`the transfer`} onRetry={() => void transfer.refetch()} />;
  const data = transfer.data;
  const toName = data.toLocation.name;
  const note = data.note;
  const quantitySent = (milli: number) => {
    const quantity = formatQuantity(milli);
    return t`${quantity} sent`;
  };
  /** "6 received · 1 lost · 3 in transit", leaving out what is 0 (but always the received figure). */
  const lineProgress = (line: Pick<TransferLine, 'receivedQuantityMilli' | 'lostQuantityMilli' | 'inTransitMilli'>) => {
    const [received, lost, inTransit] = [formatQuantity(line.receivedQuantityMilli), formatQuantity(line.lostQuantityMilli), formatQuantity(line.inTransitMilli)];
    return [t`${received} received`, line.lostQuantityMilli > 0 && t`${lost} lost`, line.inTransitMilli > 0 && t`${inTransit} in transit`].filter(Boolean).join(' · ');
  };
  const isOpen = data.status === 'sent' || data.status === 'partly_received';
  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={
          <span className="inline-flex flex-wrap items-center gap-2">
            <Trans>Transfer to {toName}</Trans> <StatusBadge status={data.status} />
          </span>
        }
        description={
          <Link to="/admin/products/transfers" className="underline-offset-4 hover:underline">
            <Trans>← All transfers</Trans>
          </Link>
        }
        actions={canEditStock && isOpen && <TransferActions transfer={data} />}
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="transfer-lines" className="grid content-start gap-2">
          <h3 id="transfer-lines" className="font-semibold">
            {data.fromLocation.name} → {data.toLocation.name}
          </h3>
          <ul aria-label={t`Lines`} className="grid gap-2">
            {data.lines.map((line) => (
              <li key={line.variantId} aria-label={productLabel(line)} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-3">
                <span className="grid min-w-0">
                  <span className="font-medium">{productLabel(line)}</span>
                  <span className="text-xs text-muted-foreground">{line.sku}</span>
                </span>
                <span className="grid justify-items-end text-sm">
                  <span className="font-medium tabular-nums">{quantitySent(line.quantityMilli)}</span>
                  {data.status !== 'cancelled' && <span className="text-xs text-muted-foreground tabular-nums">{lineProgress(line)}</span>}
                </span>
              </li>
            ))}
          </ul>
          {note && (
            <p className="text-sm text-muted-foreground">
              <Trans>Note: {note}</Trans>
            </p>
          )}
        </section>
        <TransferTimeline transfer={data} />
      </div>
    </div>
  );
}

type TransferLine = Transfer['lines'][number];


interface TimelineStep {
  key: string;
  title: string;
  detail: string;
  items?: string[];
  icon: typeof CheckCircle2Icon;
  done: boolean;
}

function TransferTimeline({ transfer }: { transfer: Transfer }) {
  const { t } = useLingui();
  const { formatDateTime } = useDateFormat();
  const from = transfer.fromLocation.name;
  const to = transfer.toLocation.name;
  /** "24 Nov 2026, 10:15 by Amina", or the time alone when nobody is named. */
  const when = (at: string, name: string | null) => {
    const time = formatDateTime(at);
    return name ? t`${time} by ${name}` : time;
  };
  const receiptItem = (product: string, receivedMilli: number, lostMilli: number) => {
    const [received, lost] = [formatQuantity(receivedMilli), formatQuantity(lostMilli)];
    return lostMilli > 0 ? t`${product}: ${received} received, ${lost} lost in transit` : t`${product}: ${received} received`;
  };
  const labels = new Map(transfer.lines.map((line) => [line.variantId, productLabel(line)]));
  const inTransitMilli = transfer.lines.reduce((sum, line) => sum + line.inTransitMilli, 0);
  const steps: TimelineStep[] = [
    { key: 'sent', title: t`Sent from ${from}`, detail: when(transfer.sentAt, transfer.sentByName), icon: CheckCircle2Icon, done: true },
    ...transfer.receipts.map((receipt, index) => ({
      key: receipt.id,
      title: index === transfer.receipts.length - 1 && transfer.status === 'received' ? t`Received at ${to}` : t`Part received at ${to}`,
      detail: when(receipt.receivedAt, receipt.receivedByName),
      items: receipt.lines.map((line) => receiptItem(labels.get(line.variantId) ?? t`A product`, line.receivedQuantityMilli, line.lostQuantityMilli)),
      icon: CheckCircle2Icon,
      done: true,
    })),
  ];
  // Received before receipts were recorded one by one: the transfer itself says when.
  if (transfer.status === 'received' && transfer.receipts.length === 0 && transfer.receivedAt) {
    steps.push({ key: 'received', title: t`Received at ${to}`, detail: when(transfer.receivedAt, transfer.receivedByName), icon: CheckCircle2Icon, done: true });
  }
  if (transfer.status === 'cancelled') {
    steps.push({ key: 'cancelled', title: t`Cancelled`, detail: t`The stock went back to ${from}`, icon: XCircleIcon, done: true });
  } else if (transfer.status !== 'received') {
    const inTransit = formatQuantity(inTransitMilli);
    const detail = transfer.status === 'partly_received' ? t`${inTransit} still in transit: receive it when it arrives` : t`Receive it when the goods arrive`;
    steps.push({ key: 'waiting', title: t`Waiting at ${to}`, detail, icon: CircleDotIcon, done: false });
  }
  return (
    <section aria-labelledby="transfer-timeline" className="grid content-start gap-3 rounded-xl border bg-card p-4">
      <h3 id="transfer-timeline" className="font-semibold">
        <Trans>Status</Trans>
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
  const { t } = useLingui();
  const from = transfer.fromLocation.name;
  const refresh = useRefreshStock();
  const [dialog, setDialog] = useState<'receive' | 'cancel' | null>(null);
  const cancel = useMutation({
    mutationKey: ['inventory', 'transfers', 'cancel'],
    mutationFn: () => documentActionRequest('transfers', transfer.id, 'cancel', transferSchema),
    onSuccess: async () => {
      await refresh();
      setDialog(null);
      toast.success(t`Transfer cancelled`);
    },
    onError: (error) => toast.error(t`Error`, { description: isApiError(error) ? translateMessage(error.message) : t`The transfer was not changed.` }),
  });
  return (
    <>
      {/* Once part of it arrived, the rest can only be received or recorded as lost. */}
      {transfer.status === 'sent' && (
        <Button variant="outline" onClick={() => setDialog('cancel')}>
          <Trans>Cancel transfer</Trans>
        </Button>
      )}
      <Button onClick={() => setDialog('receive')}>
        <Trans>Receive</Trans>
      </Button>
      {dialog === 'receive' && <ReceiveDialog transfer={transfer} onClose={() => setDialog(null)} />}
      <AlertDialog open={dialog === 'cancel'} onOpenChange={(open) => !open && setDialog(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              <Trans>Cancel this transfer?</Trans>
            </AlertDialogTitle>
            <AlertDialogDescription>
              <Trans>The stock goes back to {from}. This cannot be undone.</Trans>
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>
              <Trans>Go back</Trans>
            </AlertDialogCancel>
            <Button variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              {cancel.isPending && <InlineSpinner />}
              <Trans>Cancel transfer</Trans>
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
  const { t } = useLingui();
  const to = transfer.toLocation.name;
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
      toast.success(received.status === 'received' ? t`Received at ${to}` : t`Part received at ${to}: the rest is still in transit`);
    },
    onError: (error) => {
      const placed = placeDocumentErrors(isApiError(error) ? error.message : t`The receipt was not saved. Try again.`, isApiError(error) ? error.fields : undefined, waiting);
      // The server's messages are English: each is shown in the person's language.
      setErrors(Object.fromEntries(Object.entries(placed.lines).map(([variantId, text]) => [variantId, translateMessage(text)])));
      const formMessage = placed.form ?? Object.values(placed.fields)[0];
      setFormError(formMessage === undefined ? undefined : translateMessage(formMessage));
    },
  });

  const read = (line: TransferLine): { problem: string } | { received: number; lost: number } => {
    const entry = entries[line.variantId]!;
    const received = parseQuantity(entry.received === '' ? '0' : entry.received);
    const lost = parseQuantity(entry.lost === '' ? '0' : entry.lost);
    if (received === null || lost === null) return { problem: t`Enter quantities like 2 or 1.5` };
    const inTransit = formatQuantity(line.inTransitMilli);
    if (received + lost > line.inTransitMilli) return { problem: t`Only ${inTransit} still in transit` };
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
    setFormError(nothing ? t`Enter a quantity received or lost` : undefined);
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
            <DialogTitle>
              <Trans>Receive at {to}</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>Enter what arrived. Record anything missing or broken as lost in transit; whatever is neither stays in transit to receive later.</Trans>
            </DialogDescription>
          </DialogHeader>
          <ul aria-label={t`Products in transit`} className="grid gap-3">
            {waiting.map((line) => {
              const label = productLabel(line);
              const error = errors[line.variantId];
              const entry = entries[line.variantId]!;
              const quantities = read(line);
              const leftMilli = 'problem' in quantities ? null : line.inTransitMilli - quantities.received - quantities.lost;
              const inTransit = formatQuantity(line.inTransitMilli);
              const left = leftMilli === null ? '' : formatQuantity(leftMilli);
              return (
                <li key={line.variantId} aria-label={label} className="grid gap-2 rounded-lg border p-3">
                  <span className="grid">
                    <span className="font-medium break-words">{label}</span>
                    <span className="text-xs text-muted-foreground">{t`${inTransit} in transit`}</span>
                  </span>
                  <div className="grid grid-cols-2 gap-3">
                    <FormField id={`receive-${line.variantId}`} label={t`Received`}>
                      <Input
                        id={`receive-${line.variantId}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `receipt-${line.variantId}-error` : undefined}
                        aria-label={t`Received quantity of ${label}`}
                        className="text-right tabular-nums"
                        inputMode="decimal"
                        autoComplete="off"
                        value={entry.received}
                        onChange={(event) => change(line.variantId, 'received', event.target.value)}
                      />
                    </FormField>
                    <FormField id={`lost-${line.variantId}`} label={t`Lost in transit`}>
                      <Input
                        id={`lost-${line.variantId}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `receipt-${line.variantId}-error` : undefined}
                        aria-label={t`Lost quantity of ${label}`}
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
                    leftMilli !== null && leftMilli > 0 && <p className="text-xs text-muted-foreground">{t`${left} stays in transit`}</p>
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
              <Trans>Go back</Trans>
            </Button>
            <Button type="submit" disabled={receive.isPending}>
              {receive.isPending && <InlineSpinner />}
              <Trans>Receive</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
