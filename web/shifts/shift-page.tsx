import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDownToLineIcon, ArrowLeftIcon, ArrowUpFromLineIcon, LockIcon, PrinterIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../components/ui/button';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { DetailSkeleton, LoadError } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { formatNumber } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { CashMovementDialog } from './cash-movement-dialog';
import { CloseShiftDialog } from './close-shift-dialog';
import { REPORT_PRINT_CSS, ShiftReportView, type ReportPaper } from './shift-report-view';
import { useShift, useShiftReport } from './shifts.api';
import { ShiftStatusBadge } from './status-badge';

type OpenDialog = 'in' | 'out' | 'close' | null;

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
      {dialog === 'close' && <CloseShiftDialog open onOpenChange={(next) => !next && setDialog(null)} report={report.data} onClosed={() => setDialog(null)} />}
    </div>
  );
}
