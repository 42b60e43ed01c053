import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { PackageMinusIcon, Undo2Icon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { formatQuantity } from '../../core/products/quantity.rules';
import { SUPPLIER_RETURN_REASON_LABELS, type SupplierReturn } from '../../core/purchases/purchases.schemas';
import { useMoney } from '../accounts/use-money';
import { Detail } from '../components/detail';
import { Button } from '../components/ui/button';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { PagedTable } from '../inventory/data-table';
import { DetailSkeleton, EmptyState, LoadError, PageHeader } from '../inventory/inventory-ui';
import { productLabel } from '../inventory/stock-format';
import { useDateFormat } from '../lib/date-format';
import { translateMessage } from '../lib/form-errors';
import { useDocumentTitle } from '../lib/use-document-title';
import { withInvoiceNumber } from './purchase-form-parts';
import { LIST_SORT_LABELS, PAYMENT_METHOD_LABELS } from './purchase-labels';
import { TotalRow } from './receipt-pages';
import { PurchaseListFilters, usePurchaseListState } from './receipt-list-filters';
import { supplierAccountPath } from './supplier-payment-dialog';
import { SETTLEMENT_LABELS } from './supplier-return-form';
import { useSupplierReturn, useSupplierReturns } from './supplier-returns.api';

export { SupplierReturnFormPage } from './supplier-return-form';

const RETURNS = '/admin/purchases/returns';
const RETURN_SORTS = ['newest', 'oldest', 'number', 'total'] as const;
const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

type SupplierReturnListItem = Omit<SupplierReturn, 'lines' | 'note'> & { lineCount: number };

function NewReturnButton() {
  return (
    <Button asChild>
      <Link to={`${RETURNS}/new`}>
        <Undo2Icon aria-hidden />
        <Trans>Return goods</Trans>
      </Link>
    </Button>
  );
}

/** /admin/purchases/returns: goods sent back to suppliers (debit notes). */
export function SupplierReturnListPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  useDocumentTitle(t`Returns to suppliers`);
  const { money } = useMoney();
  const { formatDate } = useDateFormat();
  const state = usePurchaseListState(RETURN_SORTS, 'newest');
  const returns = useSupplierReturns(state.query);

  const columns: Array<ColumnDef<SupplierReturnListItem>> = [
    {
      id: 'number',
      header: t`Debit note`,
      cell: ({ row }) => (
        <Link to={`${RETURNS}/${row.original.id}`} className={`${linkClass} whitespace-nowrap`}>
          {row.original.number}
        </Link>
      ),
    },
    { id: 'supplier', header: t`Supplier`, cell: ({ row }) => row.original.supplier.name },
    {
      id: 'receipt',
      header: t`Receipt`,
      cell: ({ row }) => (
        <span className="grid">
          <span className="whitespace-nowrap">{row.original.receipt.number}</span>
          {row.original.receipt.supplierInvoiceNumber && <span className="text-xs text-muted-foreground">{row.original.receipt.supplierInvoiceNumber}</span>}
        </span>
      ),
    },
    { id: 'location', header: t`Location`, meta: { className: 'hidden md:table-cell' }, cell: ({ row }) => row.original.location.name },
    { id: 'date', header: t`Date`, cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.createdAt)}</span> },
    { id: 'reason', header: t`Reason`, cell: ({ row }) => translateMessage(SUPPLIER_RETURN_REASON_LABELS[row.original.reason], i18n) },
    { id: 'settlement', header: t`Settled as`, meta: { className: 'hidden md:table-cell' }, cell: ({ row }) => i18n._(SETTLEMENT_LABELS[row.original.settlement]) },
    { id: 'total', header: t`Total`, meta: { className: 'text-right' }, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{money(row.original.totalMinor)}</span> },
  ];

  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader title={t`Returns to suppliers`} description={t`Goods sent back against a receipt: stock out at the receipt's cost, and a credit or a refund.`} actions={<NewReturnButton />} />
      <PurchaseListFilters idPrefix="returns" state={state} searchPlaceholder={t`Debit note, GRN or supplier invoice`} sortLabels={LIST_SORT_LABELS} />
      <PagedTable
        query={returns}
        columns={columns}
        label={t`Returns to suppliers`}
        loadingLabel={t`Loading returns`}
        what={t`the returns`}
        skeletonColumns={6}
        getRowId={(item) => item.id}
        page={state.query.page}
        onPageChange={state.setPage}
        empty={
          <EmptyState icon={PackageMinusIcon} title={state.isFiltered ? t`No returns match` : t`No returns yet`} action={<NewReturnButton />}>
            <Trans>Damaged, expired or wrong goods sent back to the supplier are recorded here.</Trans>
          </EmptyState>
        }
      />
    </div>
  );
}

/** /admin/purchases/returns/:returnId: what went back, at what cost, and how it was settled. */
export function SupplierReturnPage() {
  const { t } = useLingui();
  const { returnId = '' } = useParams();
  const supplierReturn = useSupplierReturn(returnId);
  useDocumentTitle(supplierReturn.data?.number ?? t`Return to supplier`);
  if (supplierReturn.isPending) return <DetailSkeleton label={t`Loading the return`} />;
  if (supplierReturn.isError) return <LoadError error={supplierReturn.error} what={t`the return`} onRetry={() => void supplierReturn.refetch()} />;
  return <SupplierReturnView supplierReturn={supplierReturn.data} />;
}

function SupplierReturnView({ supplierReturn }: { supplierReturn: SupplierReturn }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { money } = useMoney();
  const { formatDateTime } = useDateFormat();
  const { receipt, refundMethod } = supplierReturn;
  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={t`Return ${supplierReturn.number}`}
        description={
          <Link to={RETURNS} className="underline-offset-4 hover:underline">
            <Trans>← All returns</Trans>
          </Link>
        }
        actions={
          <Button asChild variant="outline">
            <Link to={supplierAccountPath(supplierReturn.supplier.id)}>
              <Trans>Statement and aging</Trans>
            </Link>
          </Button>
        }
      />
      <dl className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-4 sm:p-6">
        <Detail label={t`Supplier`}>
          <Link to={supplierAccountPath(supplierReturn.supplier.id)} className={linkClass}>
            {supplierReturn.supplier.name}
          </Link>
        </Detail>
        <Detail label={t`Receipt`}>
          <Link to={`/admin/purchases/receipts/${receipt.id}`} className={linkClass}>
            {withInvoiceNumber(receipt)}
          </Link>
        </Detail>
        <Detail label={t`Location`}>{supplierReturn.location.name}</Detail>
        <Detail label={t`Reason`}>{translateMessage(SUPPLIER_RETURN_REASON_LABELS[supplierReturn.reason], i18n)}</Detail>
        <Detail label={t`Settled as`}>{i18n._(SETTLEMENT_LABELS[supplierReturn.settlement])}</Detail>
        {supplierReturn.settlement === 'refund' && (
          <Detail label={t`Refunded by`}>
            {refundMethod ? i18n._(PAYMENT_METHOD_LABELS[refundMethod]) : '—'}
            {supplierReturn.refundReference ? ` · ${supplierReturn.refundReference}` : ''}
          </Detail>
        )}
        <Detail label={t`By`}>{supplierReturn.createdByName ?? '—'}</Detail>
        <Detail label={t`When`}>{formatDateTime(supplierReturn.createdAt)}</Detail>
        {supplierReturn.note && (
          <div className="sm:col-span-4">
            <Detail label={t`Note`}>{supplierReturn.note}</Detail>
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
              <TableHead className="pr-4 text-right">{t`Amount`}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {supplierReturn.lines.map((line) => (
              <TableRow key={line.receiptLineId}>
                <TableCell className="pl-4">
                  <span className="grid min-w-0">
                    <span className="font-medium">{productLabel(line)}</span>
                    <span className="text-xs text-muted-foreground">{line.sku}</span>
                  </span>
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatQuantity(line.quantityMilli)}</TableCell>
                <TableCell className="text-right tabular-nums">{money(line.unitCostMinor)}</TableCell>
                <TableCell className="text-right tabular-nums">{money(line.vatMinor)}</TableCell>
                <TableCell className="pr-4 text-right tabular-nums">{money(line.subtotalMinor)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TotalRow label={t`Subtotal`} amount={money(supplierReturn.subtotalMinor)} labelColumns={4} />
            <TotalRow label={t`VAT`} amount={money(supplierReturn.vatMinor)} labelColumns={4} />
            <TotalRow label={t`Total`} amount={money(supplierReturn.totalMinor)} labelColumns={4} />
          </TableFooter>
        </Table>
      </div>
    </div>
  );
}
