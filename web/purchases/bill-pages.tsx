import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { HandCoinsIcon, PlusIcon, ReceiptTextIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { BILL_STATUSES } from '../../core/purchases/bill.rules';
import type { Bill, BillListItem } from '../../core/purchases/purchases.schemas';
import { dayValue } from '../accounts/payment-dialog';
import { useMoney } from '../accounts/use-money';
import { Detail } from '../components/detail';
import { Button } from '../components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { PagedTable } from '../inventory/data-table';
import { DetailSkeleton, EmptyState, FilterSelect, LoadError, PageHeader } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { useDocumentTitle } from '../lib/use-document-title';
import { BillStatusBadge } from './bill-status-badge';
import { useSupplierBill, useSupplierBills } from './bills.api';
import { BILL_STATUS_LABELS, LIST_SORT_LABELS, PAYMENT_METHOD_LABELS } from './purchase-labels';
import { PurchaseListFilters, usePurchaseListState } from './receipt-list-filters';
import { SupplierPaymentDialog, supplierAccountPath } from './supplier-payment-dialog';

export { ServiceBillFormPage } from './bill-service-form';

const BILLS = '/admin/purchases/bills';
const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

const BILL_SORT_LABELS = { due: msg`Due date, soonest first`, ...LIST_SORT_LABELS };
const BILL_SORTS = Object.keys(BILL_SORT_LABELS) as Array<keyof typeof BILL_SORT_LABELS>;

function NewBillButton() {
  return (
    <Button asChild variant="outline">
      <Link to={`${BILLS}/new`}>
        <PlusIcon aria-hidden />
        <Trans>New bill</Trans>
      </Link>
    </Button>
  );
}

/** /admin/purchases/bills: what the shop owes its suppliers, bill by bill; pay several in one payment. */
export function BillListPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Bills`);
  const { money } = useMoney();
  const { formatDate } = useDateFormat();
  const state = usePurchaseListState(BILL_SORTS, 'newest');
  const bills = useSupplierBills(state.query);
  const [paying, setPaying] = useState(false);
  const openText = bills.data ? money(bills.data.openMinor) : '…';
  const overdueText = bills.data ? money(bills.data.overdueMinor) : '…';

  const columns: Array<ColumnDef<BillListItem>> = [
    {
      id: 'number',
      header: t`Bill`,
      cell: ({ row }) => (
        <Link to={`${BILLS}/${row.original.id}`} className={`${linkClass} whitespace-nowrap`}>
          {row.original.number}
        </Link>
      ),
    },
    { id: 'supplier', header: t`Supplier`, cell: ({ row }) => row.original.supplier.name },
    { id: 'invoice', header: t`Supplier invoice`, meta: { className: 'hidden md:table-cell' }, cell: ({ row }) => row.original.supplierInvoiceNumber ?? '—' },
    { id: 'billDate', header: t`Date`, meta: { className: 'hidden md:table-cell' }, cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(dayValue(row.original.billDate))}</span> },
    { id: 'due', header: t`Due`, cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(dayValue(row.original.dueDate))}</span> },
    { id: 'amount', header: t`Amount`, meta: { className: 'text-right' }, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{money(row.original.amountMinor)}</span> },
    { id: 'open', header: t`Open`, meta: { className: 'text-right' }, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{money(row.original.openMinor)}</span> },
    { id: 'status', header: t`Status`, cell: ({ row }) => <BillStatusBadge status={row.original.status} /> },
  ];

  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={t`Bills`}
        description={t`Supplier bills from deliveries on account and from services.`}
        actions={
          <>
            <NewBillButton />
            <Button onClick={() => setPaying(true)}>
              <HandCoinsIcon aria-hidden />
              <Trans>Pay supplier</Trans>
            </Button>
          </>
        }
      />
      <dl aria-label={t`Totals of these bills`} className="grid grid-cols-2 gap-4 rounded-xl border bg-card p-4 sm:w-fit sm:grid-cols-[auto_auto] sm:gap-x-10">
        <Detail label={t`Still owed`}>
          <span className="tabular-nums">{openText}</span>
        </Detail>
        <Detail label={t`Overdue`}>
          <span className="text-destructive tabular-nums">{overdueText}</span>
        </Detail>
      </dl>
      <PurchaseListFilters idPrefix="bills" state={state} searchPlaceholder={t`Bill or supplier invoice number`} sortLabels={BILL_SORT_LABELS} withLocation={false}>
        <FilterSelect
          id="bills-status"
          label={t`Status`}
          value={state.query.status as (typeof BILL_STATUSES)[number] | undefined}
          onChange={(status) => state.change({ status })}
          allLabel={t`Any status`}
          options={BILL_STATUSES}
          labels={BILL_STATUS_LABELS}
        />
      </PurchaseListFilters>
      <PagedTable
        query={bills}
        columns={columns}
        label={t`Bills`}
        loadingLabel={t`Loading bills`}
        what={t`the bills`}
        skeletonColumns={6}
        getRowId={(bill) => bill.id}
        page={state.query.page}
        onPageChange={state.setPage}
        empty={
          <EmptyState icon={ReceiptTextIcon} title={state.isFiltered ? t`No bills match` : t`No bills yet`} action={<NewBillButton />}>
            <Trans>Goods received on account make a bill here; services such as transport or repairs can be entered as bills too.</Trans>
          </EmptyState>
        }
      />
      <SupplierPaymentDialog open={paying} onClose={() => setPaying(false)} supplierId={state.query.supplierId} />
    </div>
  );
}

/** /admin/purchases/bills/:billId: the bill, the payments that settled it, and Pay. */
export function BillPage() {
  const { t } = useLingui();
  const { billId = '' } = useParams();
  const bill = useSupplierBill(billId);
  useDocumentTitle(bill.data?.number ?? t`Bill`);
  if (bill.isPending) return <DetailSkeleton label={t`Loading the bill`} />;
  if (bill.isError) return <LoadError error={bill.error} what={t`the bill`} onRetry={() => void bill.refetch()} />;
  return <BillView bill={bill.data} />;
}

function BillView({ bill }: { bill: Bill }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { money } = useMoney();
  const { formatDate, formatDateTime } = useDateFormat();
  const [paying, setPaying] = useState(false);
  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={t`Bill ${bill.number}`}
        description={
          <Link to={BILLS} className="underline-offset-4 hover:underline">
            <Trans>← All bills</Trans>
          </Link>
        }
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={supplierAccountPath(bill.supplier.id)}>
                <Trans>Statement and aging</Trans>
              </Link>
            </Button>
            {bill.openMinor > 0 && (
              <Button onClick={() => setPaying(true)}>
                <HandCoinsIcon aria-hidden />
                <Trans>Pay</Trans>
              </Button>
            )}
          </>
        }
      />
      <dl className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-4 sm:p-6">
        <Detail label={t`Status`}>
          <BillStatusBadge status={bill.status} />
        </Detail>
        <Detail label={t`Supplier`}>
          <Link to={supplierAccountPath(bill.supplier.id)} className={linkClass}>
            {bill.supplier.name}
          </Link>
        </Detail>
        <Detail label={t`For`}>
          {bill.receipt ? (
            <Link to={`/admin/purchases/receipts/${bill.receipt.id}`} className={linkClass}>
              {t`Goods: ${bill.receipt.number}`}
            </Link>
          ) : (
            t`Services`
          )}
        </Detail>
        <Detail label={t`Supplier invoice`}>{bill.supplierInvoiceNumber ?? '—'}</Detail>
        <Detail label={t`Date`}>{formatDate(dayValue(bill.billDate))}</Detail>
        <Detail label={t`Due`}>{formatDate(dayValue(bill.dueDate))}</Detail>
        <Detail label={t`Amount`}>{money(bill.amountMinor)}</Detail>
        <Detail label={t`of which VAT`}>{money(bill.vatMinor)}</Detail>
        <Detail label={t`Still to pay`}>{money(bill.openMinor)}</Detail>
        {bill.category && <Detail label={t`Category`}>{bill.category.name}</Detail>}
        {bill.description && (
          <div className="sm:col-span-2">
            <Detail label={t`Description`}>{bill.description}</Detail>
          </div>
        )}
      </dl>
      <section aria-labelledby="bill-payments" className="grid gap-3">
        <h3 id="bill-payments" className="font-semibold">
          <Trans>Payments</Trans>
        </h3>
        {bill.payments.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>Nothing paid yet.</Trans>
          </p>
        ) : (
          <div className="min-w-0 rounded-xl border bg-card">
            <Table aria-label={t`Payments`}>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className="pl-4">{t`Payment`}</TableHead>
                  <TableHead>{t`When`}</TableHead>
                  <TableHead>{t`Paid by`}</TableHead>
                  <TableHead className="pr-4 text-right">{t`Settled on this bill`}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {bill.payments.map((payment) => {
                  const method = payment.method as keyof typeof PAYMENT_METHOD_LABELS | null;
                  return (
                    <TableRow key={payment.entryId}>
                      <TableCell className="pl-4 font-medium">{payment.number ?? '—'}</TableCell>
                      <TableCell className="whitespace-nowrap">{formatDateTime(payment.occurredAt)}</TableCell>
                      <TableCell>{method && method in PAYMENT_METHOD_LABELS ? i18n._(PAYMENT_METHOD_LABELS[method]) : '—'}</TableCell>
                      <TableCell className="pr-4 text-right tabular-nums">{money(payment.amountMinor)}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </div>
        )}
      </section>
      <SupplierPaymentDialog open={paying} onClose={() => setPaying(false)} supplierId={bill.supplier.id} billId={bill.id} />
    </div>
  );
}
