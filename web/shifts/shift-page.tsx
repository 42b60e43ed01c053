import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDownToLineIcon, ArrowLeftIcon, ArrowUpFromLineIcon, LockIcon, PrinterIcon, TruckIcon, WalletIcon } from 'lucide-react';
import { useSignedInUser } from '../auth/auth-provider';
import { mayDo } from '../auth/may-do';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../components/ui/button';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { lazyArea } from '../i18n/lazy-area';
import { DetailSkeleton, LoadError } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { formatNumber } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { usePurchaseSettings } from '../purchases/expenses.api';
import { CashMovementDialog } from './cash-movement-dialog';
import { CloseShiftDialog } from './close-shift-dialog';
import { REPORT_PRINT_CSS, ShiftReportView, type ReportPaper } from './shift-report-view';
import { useShift, useShiftReport } from './shifts.api';
import { ShiftStatusBadge } from './status-badge';

type OpenDialog = 'in' | 'out' | 'expense' | 'purchase' | 'close' | null;

// Paying from the drawer for an expense or a delivery is built from the purchases area's pieces:
// their code and catalogs come when the dialog is first opened, not with every shift page.
const cashExpenseModule = lazyArea(['purchases'], () => import('./cash-expense-dialog'));
const CashExpenseDialog = lazy(() => cashExpenseModule.load().then((module) => ({ default: module.CashExpenseDialog })));
const cashPurchaseModule = lazyArea(['purchases', 'products'], () => import('./cash-purchase-dialog'));
const CashPurchaseDialog = lazy(() => cashPurchaseModule.load().then((module) => ({ default: module.CashPurchaseDialog })));

/**
 * /admin/sales/shifts/:shiftId: a shift with its X report while it is open (cash in and out, close)
 * or its Z report once closed, printable on an 80 mm roll or an A4 sheet.
 */
export function ShiftPage() {
  const { t } = useLingui();
  const { formatDateTime } = useDateFormat();
  const { shiftId = '' } = useParams();
  const shift = useShift(shiftId);
  const report = useShiftReport(shiftId);
  const [paper, setPaper] = useState<ReportPaper>('80mm');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const user = useSignedInUser();
  // The server decides; the buttons mirror its routes' permissions and, for those who do not manage
  // expenses or purchases, the shop's setting, so a cashier is not offered a refusal.
  const purchaseSettings = usePurchaseSettings();
  const cashiersMayPay = purchaseSettings.data?.cashiersRecordCashPurchases === true;
  const mayRecordExpense = mayDo(user, 'expenses.record') && (cashiersMayPay || mayDo(user, 'expenses.manage'));
  const mayRecordPurchase = mayDo(user, 'purchases.receive') && (cashiersMayPay || mayDo(user, 'purchases.manage'));
  const registerName = shift.data?.registerName ?? '';
  useDocumentTitle(registerName ? t`Shift on ${registerName}` : t`Shift`);

  const back = (
    <Link to="/admin/sales?tab=shifts" className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline print:hidden">
      <ArrowLeftIcon aria-hidden className="size-4" />
      <Trans>Shifts</Trans>
    </Link>
  );
  if (shift.isPending || report.isPending) return <DetailSkeleton label={t`Loading the shift`} />;
  if (shift.isError) return <div className="grid gap-4">{back}<LoadError error={shift.error} what={t`the shift`} onRetry={() => void shift.refetch()} /></div>;
  if (report.isError) return <div className="grid gap-4">{back}<LoadError error={report.error} what={t`the shift report`} onRetry={() => void report.refetch()} /></div>;
  const isOpen = shift.data.status === 'open';
  const openedAt = formatDateTime(shift.data.openedAt);
  const zNumber = shift.data.zNumber === null ? '' : formatNumber(shift.data.zNumber);

  return (
    <div className="grid min-w-0 gap-4">
      <style>{REPORT_PRINT_CSS[paper]}</style>
      {back}
      <div className="flex flex-wrap items-end justify-between gap-3 print:hidden">
        <div className="grid min-w-0 gap-1">
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold">
            <Trans>Shift on {registerName}</Trans>
            <ShiftStatusBadge status={shift.data.status} />
          </h1>
          <p className="text-sm text-muted-foreground">
            {isOpen ? <Trans>Opened {openedAt}. The X report shows the figures so far and changes nothing.</Trans> : <Trans>Opened {openedAt}. Closed with Z report {zNumber}.</Trans>}
          </p>
        </div>
        {isOpen && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setDialog('in')}>
              <ArrowDownToLineIcon aria-hidden />
              <Trans>Cash in</Trans>
            </Button>
            <Button variant="outline" onClick={() => setDialog('out')}>
              <ArrowUpFromLineIcon aria-hidden />
              <Trans>Cash out</Trans>
            </Button>
            {mayRecordExpense && (
              <Button variant="outline" onClick={() => setDialog('expense')}>
                <WalletIcon aria-hidden />
                <Trans>Record an expense</Trans>
              </Button>
            )}
            {mayRecordPurchase && (
              <Button variant="outline" onClick={() => setDialog('purchase')}>
                <TruckIcon aria-hidden />
                <Trans>Record a cash purchase</Trans>
              </Button>
            )}
            <Button onClick={() => setDialog('close')}>
              <LockIcon aria-hidden />
              <Trans>Close shift</Trans>
            </Button>
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <div className="grid gap-2 sm:w-48">
          <Label htmlFor="report-paper">
            <Trans>Paper</Trans>
          </Label>
          <NativeSelect id="report-paper" value={paper} onChange={(event) => setPaper(event.target.value as ReportPaper)}>
            <option value="80mm">{t`80 mm roll`}</option>
            <option value="a4">{t`A4 sheet`}</option>
          </NativeSelect>
        </div>
        <Button variant="outline" onClick={() => window.print()}>
          <PrinterIcon aria-hidden />
          {report.data.kind === 'z' ? <Trans>Print Z report</Trans> : <Trans>Print X report</Trans>}
        </Button>
      </div>
      <div className="flex justify-center overflow-x-auto">
        <ShiftReportView report={report.data} paper={paper} />
      </div>
      {(dialog === 'in' || dialog === 'out') && (
        <CashMovementDialog key={dialog} open onOpenChange={(next) => !next && setDialog(null)} shiftId={shift.data.id} direction={dialog} />
      )}
      <Suspense fallback={null}>
        {dialog === 'expense' && <CashExpenseDialog shiftId={shift.data.id} onOpenChange={(next) => !next && setDialog(null)} />}
        {dialog === 'purchase' && <CashPurchaseDialog shift={shift.data} onOpenChange={(next) => !next && setDialog(null)} />}
      </Suspense>
      {dialog === 'close' && <CloseShiftDialog open onOpenChange={(next) => !next && setDialog(null)} report={report.data} onClosed={() => setDialog(null)} />}
    </div>
  );
}
