import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BadgeCheckIcon, HandCoinsIcon } from 'lucide-react';
import { useState } from 'react';
import { presetPeriod, todayIn } from '../../core/reports/report-periods';
import type { CommissionReportRow } from '../../core/commissions/commissions.schemas';
import { useMoney } from '../accounts/use-money';
import { FormField } from '../components/form-field';
import { PeriodPicker, type PeriodChoice } from '../components/period-picker';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { Textarea } from '../components/ui/textarea';
import { EmptyState, LoadError, TableSkeleton } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { commissionKeys, recordCommissionPayout, useCommissionDetail, useCommissionReport } from './commissions.api';

// The commission report (issue 20): per person for a period, sales and returns net of VAT and
// the commission; a person's documents open beneath; "Mark as paid" records a payout, after which
// the period shows the paid figures and no overlapping payout is taken.

export function CommissionReport() {
  const { t } = useLingui();
  const { money } = useMoney();
  const { timeZone, formatDate } = useDateFormat();
  const today = todayIn(timeZone);
  const [period, setPeriod] = useState<PeriodChoice>(() => ({ preset: 'this_month', ...presetPeriod('this_month', today)! }));
  const report = useCommissionReport(period.from, period.to);
  const [opened, setOpened] = useState<CommissionReportRow | null>(null);
  const [paying, setPaying] = useState<CommissionReportRow | null>(null);

  return (
    <div className="grid min-w-0 gap-4">
      <PeriodPicker idPrefix="commission-period" value={period} today={today} onChange={setPeriod} />
      {report.isPending ? (
        <TableSkeleton columns={5} label={t`Loading the commission report`} />
      ) : report.isError ? (
        <LoadError error={report.error} what={t`the commission report`} onRetry={() => void report.refetch()} />
      ) : report.data.rows.length === 0 ? (
        <EmptyState icon={HandCoinsIcon} title={t`No sales in this period`}>
          <Trans>Commission is worked out from each person’s sales and returns once rates are set.</Trans>
        </EmptyState>
      ) : (
        <Table aria-label={t`Commission by person`}>
          <TableHeader>
            <TableRow>
              <TableHead>{t`Person`}</TableHead>
              <TableHead className="text-right">{t`Net sales`}</TableHead>
              <TableHead className="text-right">{t`Returns`}</TableHead>
              <TableHead className="text-right">{t`Commission`}</TableHead>
              <TableHead>{t`Payout`}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {report.data.rows.map((row) => (
              <TableRow key={row.userId}>
                <TableCell>
                  <Button variant="link" className="h-auto p-0" onClick={() => setOpened(row)}>
                    {row.name}
                  </Button>
                </TableCell>
                <TableCell className="text-right tabular-nums">{money(row.salesNetMinor)}</TableCell>
                <TableCell className="text-right tabular-nums">{money(row.returnsNetMinor)}</TableCell>
                <TableCell className="text-right font-medium tabular-nums">{money(row.commissionMinor)}</TableCell>
                <TableCell>
                  {row.payout ? (
                    <Badge variant="success">
                      <BadgeCheckIcon aria-hidden />
                      {t`Paid ${formatDate(row.payout.createdAt)}`}
                    </Badge>
                  ) : row.overlapsPayout ? (
                    <span className="text-sm text-muted-foreground">{t`Part of this period is paid`}</span>
                  ) : (
                    <Button variant="outline" size="sm" onClick={() => setPaying(row)}>
                      <Trans>Mark as paid</Trans>
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <DetailDialog row={opened} from={period.from} to={period.to} onClose={() => setOpened(null)} />
      <PayoutDialog row={paying} from={period.from} to={period.to} onClose={() => setPaying(null)} />
    </div>
  );
}

function DetailDialog({ row, from, to, onClose }: { row: CommissionReportRow | null; from: string; to: string; onClose: () => void }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const { formatDateTime } = useDateFormat();
  const detail = useCommissionDetail(row?.userId ?? null, from, to);
  return (
    <Dialog open={row !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{row?.name}</DialogTitle>
          <DialogDescription>{t`Sales and returns from ${from} to ${to}`}</DialogDescription>
        </DialogHeader>
        {detail.isPending ? (
          <TableSkeleton columns={4} label={t`Loading the documents`} />
        ) : detail.isError ? (
          <LoadError error={detail.error} what={t`the documents`} onRetry={() => void detail.refetch()} />
        ) : (
          <Table aria-label={t`Documents`}>
            <TableHeader>
              <TableRow>
                <TableHead>{t`When`}</TableHead>
                <TableHead>{t`Document`}</TableHead>
                <TableHead className="text-right">{t`Net`}</TableHead>
                <TableHead className="text-right">{t`Commission`}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {detail.data.documents.map((document) => (
                <TableRow key={`${document.kind}:${document.id}`}>
                  <TableCell className="whitespace-nowrap">{formatDateTime(document.createdAt)}</TableCell>
                  <TableCell className="font-mono">
                    {document.code} {document.kind === 'return' && <Badge variant="secondary">{t`Return`}</Badge>}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{money(document.netMinor)}</TableCell>
                  <TableCell className="text-right tabular-nums">{money(document.commissionMinor)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PayoutDialog({ row, from, to, onClose }: { row: CommissionReportRow | null; from: string; to: string; onClose: () => void }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  // One id per payout being marked, so a retried request records it once.
  const [payoutId, setPayoutId] = useState(() => crypto.randomUUID());
  const pay = useMutation({
    mutationFn: () => recordCommissionPayout({ id: payoutId, userId: row!.userId, from, to, note: note.trim() || null }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: commissionKeys.all });
      toast.success(t`Payout recorded`);
      setNote('');
      setPayoutId(crypto.randomUUID());
      onClose();
    },
    onError: (failure) => toast.error(t`The payout was not recorded`, { description: failureMessage(failure, t`Try again.`) }),
  });
  return (
    <Dialog open={row !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t`Mark ${row?.name ?? ''}’s commission as paid`}</DialogTitle>
          <DialogDescription>
            {t`${money(row?.commissionMinor ?? 0)} for ${from} to ${to}. The period is then locked: these figures stay as paid.`}
          </DialogDescription>
        </DialogHeader>
        <FormField id="payout-note" label={t`Note (optional)`}>
          <Textarea id="payout-note" value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} placeholder={t`e.g. paid by M-Pesa`} />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button disabled={pay.isPending} onClick={() => pay.mutate()}>
            <Trans>Record payout</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
