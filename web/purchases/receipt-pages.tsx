import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { CalendarClockIcon, PackageOpenIcon, PlusIcon, PrinterIcon, Undo2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatQuantity } from '../../core/products/quantity.rules';
import { DEFAULT_EXPIRY_WINDOW_DAYS, type GoodsReceipt, type GoodsReceiptListItem } from '../../core/purchases/purchases.schemas';
import { dayValue } from '../accounts/payment-dialog';
import { useMoney } from '../accounts/use-money';
import { Detail } from '../components/detail';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { DataTable, PagedTable } from '../inventory/data-table';
import { DetailSkeleton, EmptyState, LoadError, LocationSelect, PageHeader, TableSkeleton, useAddressParams } from '../inventory/inventory-ui';
import { productLabel } from '../inventory/stock-format';
import { useDateFormat } from '../lib/date-format';
import { useDocumentTitle } from '../lib/use-document-title';
import { BillStatusBadge } from './bill-status-badge';
import { LANDED_COST_BASIS_LABELS, LIST_SORT_LABELS } from './purchase-labels';
import { PurchaseListFilters, usePurchaseListState } from './receipt-list-filters';
import { useExpiringSoon, useGoodsReceipt, useGoodsReceipts } from './receipts.api';
import { SupplierPaymentDialog, supplierAccountPath } from './supplier-payment-dialog';

const RECEIPTS = '/admin/purchases/receipts';
const RECEIPT_SORTS = ['newest', 'oldest', 'number', 'total'] as const;
const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** "24 Crate", or the number alone in the product's own unit. */
const quantityInUnit = (milli: number, unitName: string | null) => (unitName ? `${formatQuantity(milli)} ${unitName}` : formatQuantity(milli));

function ReceiveGoodsButton() {
  return (
    <Button asChild>
      <Link to={`${RECEIPTS}/new`}>
        <PlusIcon aria-hidden />
        <Trans>Receive goods</Trans>
      </Link>
    </Button>
  );
}

/** /admin/purchases/receipts: goods received, searched, filtered and sorted by the server. */
export function ReceiptListPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Receipts`);
  const { money } = useMoney();
  const { formatDate } = useDateFormat();
  const state = usePurchaseListState(RECEIPT_SORTS, 'newest');
  const receipts = useGoodsReceipts(state.query);

  const columns: Array<ColumnDef<GoodsReceiptListItem>> = [
    {
      id: 'number',
      header: t`GRN`,
      cell: ({ row }) => (
        <Link to={`${RECEIPTS}/${row.original.id}`} className={`${linkClass} whitespace-nowrap`}>
          {row.original.number}
        </Link>
      ),
    },
    { id: 'supplier', header: t`Supplier`, cell: ({ row }) => row.original.supplier.name },
    {
      id: 'invoice',
      header: t`Supplier invoice`,
      cell: ({ row }) => (
        <span className="flex flex-wrap items-center gap-1">
          {row.original.supplierInvoiceNumber ?? '—'}
          {row.original.duplicateOf && (
            <Badge variant="destructive" title={t`Also on ${row.original.duplicateOf.number}`}>
              <Trans>Duplicate</Trans>
            </Badge>
          )}
        </span>
      ),
    },
    { id: 'location', header: t`Location`, meta: { className: 'hidden md:table-cell' }, cell: ({ row }) => row.original.location.name },
    { id: 'date', header: t`Received`, cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.receivedAt)}</span> },
    { id: 'total', header: t`Total`, meta: { className: 'text-right' }, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{money(row.original.totalMinor)}</span> },
    { id: 'bill', header: t`Bill`, cell: ({ row }) => (row.original.bill ? <BillStatusBadge status={row.original.bill.status} /> : '—') },
  ];

  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={t`Receipts`}
        description={t`Goods received from suppliers, with or without an order.`}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={`${RECEIPTS}/expiring`}>
                <CalendarClockIcon aria-hidden />
                <Trans>Expiring soon</Trans>
              </Link>
            </Button>
            <ReceiveGoodsButton />
          </>
        }
      />
      <PurchaseListFilters idPrefix="receipts" state={state} searchPlaceholder={t`GRN or supplier invoice number`} sortLabels={LIST_SORT_LABELS} />
      <PagedTable
        query={receipts}
        columns={columns}
        label={t`Receipts`}
        loadingLabel={t`Loading receipts`}
        what={t`the receipts`}
        skeletonColumns={6}
        getRowId={(receipt) => receipt.id}
        page={state.query.page}
        onPageChange={state.setPage}
        empty={
          <EmptyState icon={PackageOpenIcon} title={state.isFiltered ? t`No receipts match` : t`No goods received yet`} action={<ReceiveGoodsButton />}>
            <Trans>Each delivery you receive is recorded here with its supplier invoice, its cost and its bill.</Trans>
          </EmptyState>
        }
      />
    </div>
  );
}

/** /admin/purchases/receipts/:receiptId: what arrived, at what cost, its bill; prints as it is shown. */
export function ReceiptPage() {
  const { t } = useLingui();
  const { receiptId = '' } = useParams();
  const receipt = useGoodsReceipt(receiptId);
  useDocumentTitle(receipt.data?.number ?? t`Receipt`);
  if (receipt.isPending) return <DetailSkeleton label={t`Loading the receipt`} />;
  if (receipt.isError) return <LoadError error={receipt.error} what={t`the receipt`} onRetry={() => void receipt.refetch()} />;
  return <ReceiptView receipt={receipt.data} />;
}

function ReceiptView({ receipt }: { receipt: GoodsReceipt }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { money } = useMoney();
  const { formatDate, formatDateTime } = useDateFormat();
  const [paying, setPaying] = useState(false);
  const { bill } = receipt;
  const returnable = receipt.lines.some((line) => line.stockQuantityMilli > line.returnedQuantityMilli);
  const basis = i18n._(LANDED_COST_BASIS_LABELS[receipt.landedCostBasis]);
  const landedText = money(receipt.landedCostMinor);

  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={t`Receipt ${receipt.number}`}
        description={
          <Link to={RECEIPTS} className="underline-offset-4 hover:underline print:hidden">
            <Trans>← All receipts</Trans>
          </Link>
        }
        actions={
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button variant="outline" onClick={() => window.print()}>
              <PrinterIcon aria-hidden />
              <Trans>Print</Trans>
            </Button>
            {returnable && (
              <Button asChild variant="outline">
                <Link to={`/admin/purchases/returns/new?receiptId=${encodeURIComponent(receipt.id)}`}>
                  <Undo2Icon aria-hidden />
                  <Trans>Return goods</Trans>
                </Link>
              </Button>
            )}
          </div>
        }
      />
      {receipt.duplicateOf && (
        <p role="note" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <Trans>
            This supplier invoice number was entered before on{' '}
            <Link to={`${RECEIPTS}/${receipt.duplicateOf.id}`} className={linkClass}>
              {receipt.duplicateOf.number}
            </Link>
            .
          </Trans>
        </p>
      )}
      <dl className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-4 sm:p-6">
        <Detail label={t`Supplier`}>
          <Link to={supplierAccountPath(receipt.supplier.id)} className={linkClass}>
            {receipt.supplier.name}
          </Link>
        </Detail>
        <Detail label={t`Location`}>{receipt.location.name}</Detail>
        <Detail label={t`Received`}>{formatDateTime(receipt.receivedAt)}</Detail>
        <Detail label={t`By`}>{receipt.receivedByName ?? '—'}</Detail>
        <Detail label={t`Supplier invoice`}>{receipt.supplierInvoiceNumber ?? '—'}</Detail>
        <Detail label={t`Invoice date`}>{receipt.supplierInvoiceDate ? formatDate(dayValue(receipt.supplierInvoiceDate)) : '—'}</Detail>
        <Detail label={t`Order`}>
          {receipt.order ? (
            <Link to={`/admin/purchases/orders/${receipt.order.id}`} className={linkClass}>
              {receipt.order.number}
            </Link>
          ) : (
            t`None (received at the door)`
          )}
        </Detail>
        <Detail label={t`VAT`}>{receipt.vatClaimable ? t`Claimable (not in stock cost)` : t`Not claimable (in stock cost)`}</Detail>
        {receipt.note && (
          <div className="sm:col-span-4">
            <Detail label={t`Note`}>{receipt.note}</Detail>
          </div>
        )}
      </dl>

      <div className="min-w-0 rounded-xl border bg-card">
        <Table aria-label={t`Lines`}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="pl-4">{t`Product`}</TableHead>
              <TableHead className="text-right">{t`Quantity`}</TableHead>
              <TableHead className="text-right">{t`Unit cost`}</TableHead>
              <TableHead className="text-right">{t`VAT`}</TableHead>
              <TableHead className="text-right">{t`Landed share`}</TableHead>
              <TableHead className="text-right">{t`Stock unit cost`}</TableHead>
              <TableHead>{t`Batch / expiry`}</TableHead>
              <TableHead className="pr-4 text-right">{t`Returned`}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {receipt.lines.map((line) => (
              <TableRow key={line.id}>
                <TableCell className="pl-4">
                  <span className="grid min-w-0">
                    <span className="font-medium">{productLabel(line)}</span>
                    <span className="text-xs text-muted-foreground">{line.sku}</span>
                  </span>
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{quantityInUnit(line.quantityMilli, line.unitName)}</TableCell>
                <TableCell className="text-right tabular-nums">{money(line.unitCostMinor)}</TableCell>
                <TableCell className="text-right tabular-nums">{money(line.vatMinor)}</TableCell>
                <TableCell className="text-right tabular-nums">{money(line.landedShareMinor)}</TableCell>
                <TableCell className="text-right tabular-nums">{money(line.stockUnitCostMinor)}</TableCell>
                <TableCell className="whitespace-nowrap">
                  {line.batchNumber ?? ''}
                  {line.batchNumber && line.expiryDate ? ' · ' : ''}
                  {line.expiryDate ? formatDate(dayValue(line.expiryDate)) : ''}
                  {!line.batchNumber && !line.expiryDate && '—'}
                </TableCell>
                <TableCell className="pr-4 text-right tabular-nums">{line.returnedQuantityMilli > 0 ? formatQuantity(line.returnedQuantityMilli) : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TotalRow label={t`Subtotal`} amount={money(receipt.subtotalMinor)} labelColumns={5} trailingColumns={2} />
            <TotalRow label={t`VAT`} amount={money(receipt.vatMinor)} labelColumns={5} trailingColumns={2} />
            {receipt.landedCostMinor > 0 && <TotalRow label={t`Landed costs (${basis})`} amount={landedText} labelColumns={5} trailingColumns={2} />}
            <TotalRow label={t`Total`} amount={money(receipt.totalMinor)} labelColumns={5} trailingColumns={2} />
          </TableFooter>
        </Table>
      </div>

      <section aria-labelledby="receipt-bill" className="grid gap-3 rounded-xl border bg-card p-4 sm:p-6">
        <h3 id="receipt-bill" className="font-semibold">
          <Trans>Bill</Trans>
        </h3>
        {bill ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <dl className="grid gap-4 sm:grid-cols-4">
              <Detail label={t`Number`}>
                <Link to={`/admin/purchases/bills/${bill.id}`} className={linkClass}>
                  {bill.number}
                </Link>
              </Detail>
              <Detail label={t`Status`}>
                <BillStatusBadge status={bill.status} />
              </Detail>
              <Detail label={t`Still to pay`}>{money(bill.openMinor)}</Detail>
              <Detail label={t`Due`}>{formatDate(dayValue(bill.dueDate))}</Detail>
            </dl>
            {bill.openMinor > 0 && (
              <Button className="print:hidden" onClick={() => setPaying(true)}>
                <Trans>Pay</Trans>
              </Button>
            )}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            <Trans>No bill for this receipt.</Trans>
          </p>
        )}
      </section>
      {bill && <SupplierPaymentDialog open={paying} onClose={() => setPaying(false)} supplierId={receipt.supplier.id} billId={bill.id} />}
    </div>
  );
}

/** A totals line under a document's lines: the label across `labelColumns`, the amount, then `trailingColumns` empty. */
export function TotalRow({ label, amount, labelColumns, trailingColumns = 0 }: { label: string; amount: string; labelColumns: number; trailingColumns?: number }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={labelColumns} className="pl-4 text-right">
        {label}
      </TableCell>
      <TableCell className="text-right font-medium tabular-nums last:pr-4">{amount}</TableCell>
      {trailingColumns > 0 && <TableCell colSpan={trailingColumns} className="pr-4" />}
    </TableRow>
  );
}

/** /admin/purchases/receipts/expiring: batches expiring within a window of days, soonest first. */
export function ExpiringSoonPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Expiring soon`);
  const { formatDate } = useDateFormat();
  const [params, change] = useAddressParams();
  const daysInAddress = Math.trunc(Number(params.get('days')));
  const days = daysInAddress >= 1 && daysInAddress <= 365 ? daysInAddress : DEFAULT_EXPIRY_WINDOW_DAYS;
  const locationId = params.get('locationId') ?? undefined;
  const [daysText, setDaysText] = useState(String(days));
  const expiring = useExpiringSoon({ days, locationId });
  const items = [...(expiring.data?.items ?? [])].sort((a, b) => a.expiryDate.localeCompare(b.expiryDate));
  type Item = (typeof items)[number];
  const applyDays = () => {
    const value = Math.trunc(Number(daysText));
    if (value >= 1 && value <= 365) change({ days: String(value) });
    else setDaysText(String(days));
  };

  const columns: Array<ColumnDef<Item>> = [
    { id: 'expiry', header: t`Expires`, cell: ({ row }) => <span className="font-medium whitespace-nowrap">{formatDate(dayValue(row.original.expiryDate))}</span> },
    {
      id: 'product',
      header: t`Product`,
      cell: ({ row }) => (
        <span className="grid min-w-0">
          <span className="font-medium">{productLabel(row.original)}</span>
          <span className="text-xs text-muted-foreground">{row.original.sku}</span>
        </span>
      ),
    },
    { id: 'batch', header: t`Batch`, cell: ({ row }) => row.original.batchNumber ?? '—' },
    { id: 'location', header: t`Location`, cell: ({ row }) => row.original.location.name },
    { id: 'remaining', header: t`Remaining`, meta: { className: 'text-right' }, cell: ({ row }) => <span className="tabular-nums">{formatQuantity(row.original.remainingMilli)}</span> },
    {
      id: 'receipt',
      header: t`Receipt`,
      cell: ({ row }) => (
        <Link to={`${RECEIPTS}/${row.original.receiptId}`} className={`${linkClass} whitespace-nowrap`}>
          {row.original.receiptNumber}
        </Link>
      ),
    },
  ];

  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={t`Expiring soon`}
        description={
          <Link to={RECEIPTS} className="underline-offset-4 hover:underline">
            <Trans>← All receipts</Trans>
          </Link>
        }
      />
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <form
          className="grid gap-2 sm:w-40"
          onSubmit={(event) => {
            event.preventDefault();
            applyDays();
          }}
        >
          <Label htmlFor="expiring-days">
            <Trans>Within (days)</Trans>
          </Label>
          <Input id="expiring-days" type="number" inputMode="numeric" min={1} max={365} value={daysText} onChange={(event) => setDaysText(event.target.value)} onBlur={applyDays} />
        </form>
        <div className="grid gap-2 sm:w-56">
          <Label htmlFor="expiring-location">
            <Trans>Location</Trans>
          </Label>
          <LocationSelect id="expiring-location" value={locationId ?? ''} onChange={(value) => change({ locationId: value })} allLabel={t`All locations`} />
        </div>
      </div>
      {expiring.isPending ? (
        <TableSkeleton columns={5} label={t`Loading expiring batches`} />
      ) : expiring.isError ? (
        <LoadError error={expiring.error} what={t`the expiring batches`} onRetry={() => void expiring.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={CalendarClockIcon} title={t`Nothing expires within ${days} days`}>
          <Trans>Batches with an expiry date recorded when goods are received appear here as the date nears.</Trans>
        </EmptyState>
      ) : (
        <DataTable
          columns={columns}
          data={items}
          label={t`Expiring batches`}
          getRowId={(item) => `${item.receiptId}:${item.variantId}:${item.batchNumber ?? ''}:${item.expiryDate}`}
          isFetching={expiring.isPlaceholderData}
        />
      )}
    </div>
  );
}
