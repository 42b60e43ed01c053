import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import type { MpesaPayment, MpesaPaymentListQuery } from '../../core/payments/mpesa.schemas';
import { useMoney } from '../accounts/use-money';
import { FormField } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { Skeleton } from '../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { Textarea } from '../components/ui/textarea';
import { LoadError } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { disputeMpesaPayment, mpesaPaymentsExportUrl, useMpesaPayments, useMpesaReconciliation } from './mpesa.api';

// M-Pesa reconciliation (issue 19), in Sales → M-Pesa for managers: what Safaricom confirmed
// against the M-Pesa tenders, per day or per shift; then every payment of the period, searchable,
// sortable and paged, where a wrong or doubtful one is marked disputed with a note; CSV export.

const PAGE_SIZE = 25;
const todayInNairobi = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);

export function MpesaReconciliation() {
  const { t } = useLingui();
  const [from, setFrom] = useState(todayInNairobi);
  const [to, setTo] = useState(todayInNairobi);
  const [by, setBy] = useState<'day' | 'shift'>('day');
  return (
    <div className="grid min-w-0 gap-6" data-testid="mpesa-reconciliation">
      <div className="flex flex-wrap items-end gap-3">
        <FormField id="mpesa-from" label={t`From`}>
          <Input id="mpesa-from" type="date" value={from} max={to} onChange={(event) => event.target.value && setFrom(event.target.value)} />
        </FormField>
        <FormField id="mpesa-to" label={t`To`}>
          <Input id="mpesa-to" type="date" value={to} min={from} onChange={(event) => event.target.value && setTo(event.target.value)} />
        </FormField>
        <FormField id="mpesa-by" label={t`Per`}>
          <NativeSelect id="mpesa-by" value={by} onChange={(event) => setBy(event.target.value as 'day' | 'shift')}>
            <option value="day">{t`Day`}</option>
            <option value="shift">{t`Shift`}</option>
          </NativeSelect>
        </FormField>
      </div>
      <Summary from={from} to={to} by={by} />
      <Payments from={from} to={to} />
    </div>
  );
}

function Summary({ from, to, by }: { from: string; to: string; by: 'day' | 'shift' }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const summary = useMpesaReconciliation(from, to, by);
  if (summary.isPending) return <Skeleton className="h-32 w-full" />;
  if (summary.isError) return <LoadError error={summary.error} what={t`the M-Pesa reconciliation`} onRetry={() => void summary.refetch()} />;
  if (summary.data.rows.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No M-Pesa payments or tenders in this period.</Trans>
      </p>
    );
  }
  return (
    <Table aria-label={t`M-Pesa received and tendered`}>
      <TableHeader>
        <TableRow>
          <TableHead>{by === 'day' ? t`Day` : t`Shift`}</TableHead>
          <TableHead className="text-right">{t`Received`}</TableHead>
          <TableHead className="text-right">{t`Tendered on sales`}</TableHead>
          <TableHead className="text-right">{t`To customer accounts`}</TableHead>
          <TableHead className="text-right">{t`Unconfirmed tenders`}</TableHead>
          <TableHead className="text-right">{t`Unallocated`}</TableHead>
          <TableHead className="text-right">{t`Disputed`}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {summary.data.rows.map((row) => (
          <TableRow key={row.key} data-testid="mpesa-reconciliation-row">
            <TableCell className="whitespace-nowrap">{row.label}</TableCell>
            <TableCell className="text-right tabular-nums">
              {money(row.receivedMinor)} <span className="text-xs text-muted-foreground">({row.receivedCount})</span>
            </TableCell>
            <TableCell className="text-right tabular-nums">{money(row.tenderedMinor)}</TableCell>
            <TableCell className="text-right tabular-nums">{money(row.accountMinor)}</TableCell>
            <TableCell className={row.unconfirmedCount > 0 ? 'text-right font-semibold text-destructive tabular-nums' : 'text-right tabular-nums'}>
              {money(row.unconfirmedMinor)} <span className="text-xs">({row.unconfirmedCount})</span>
            </TableCell>
            <TableCell className="text-right tabular-nums">{money(row.unallocatedMinor)}</TableCell>
            <TableCell className="text-right tabular-nums">{money(row.disputedMinor)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Payments({ from, to }: { from: string; to: string }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const { formatDateTime } = useDateFormat();
  const [status, setStatus] = useState<MpesaPaymentListQuery['status'] | ''>('');
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<'time' | 'amount'>('time');
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const [disputing, setDisputing] = useState<MpesaPayment | null>(null);
  const query = { from, to, status: status || undefined, q: q.trim() || undefined, sort, direction, page, pageSize: PAGE_SIZE };
  const payments = useMpesaPayments(query);
  const queryClient = useQueryClient();
  const undispute = useMutation({
    mutationFn: (payment: MpesaPayment) => disputeMpesaPayment(payment.id, false, null),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['mpesa'] }),
    onError: (failure) => toast.error(t`The payment was not changed`, { description: failureMessage(failure, t`Try again.`) }),
  });
  const sortBy = (column: 'time' | 'amount') => {
    if (sort === column) setDirection(direction === 'desc' ? 'asc' : 'desc');
    else {
      setSort(column);
      setDirection('desc');
    }
    setPage(1);
  };
  const total = payments.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const statusLabels = { unallocated: t`Unallocated`, allocated: t`Allocated`, disputed: t`Disputed` } as const;
  const arrow = (column: 'time' | 'amount') => (sort === column ? (direction === 'desc' ? ' ↓' : ' ↑') : '');

  return (
    <section className="grid min-w-0 gap-3" aria-label={t`M-Pesa payments`}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <FormField id="mpesa-status" label={t`Status`}>
            <NativeSelect
              id="mpesa-status"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as typeof status);
                setPage(1);
              }}
            >
              <option value="">{t`All`}</option>
              <option value="unallocated">{statusLabels.unallocated}</option>
              <option value="allocated">{statusLabels.allocated}</option>
              <option value="disputed">{statusLabels.disputed}</option>
            </NativeSelect>
          </FormField>
          <FormField id="mpesa-search" label={t`Search`}>
            <Input
              id="mpesa-search"
              type="search"
              placeholder={t`Code, name or account`}
              value={q}
              onChange={(event) => {
                setQ(event.target.value);
                setPage(1);
              }}
            />
          </FormField>
        </div>
        <Button asChild variant="outline">
          <a href={mpesaPaymentsExportUrl(query)} download>
            <DownloadIcon aria-hidden />
            <Trans>Export CSV</Trans>
          </a>
        </Button>
      </div>
      {payments.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : payments.isError ? (
        <LoadError error={payments.error} what={t`the M-Pesa payments`} onRetry={() => void payments.refetch()} />
      ) : (
        <>
          <Table aria-label={t`Payments received`}>
            <TableHeader>
              <TableRow>
                <TableHead>
                  <button type="button" className="font-medium" onClick={() => sortBy('time')}>
                    {t`Received`}
                    {arrow('time')}
                  </button>
                </TableHead>
                <TableHead>{t`Code`}</TableHead>
                <TableHead className="text-right">
                  <button type="button" className="font-medium" onClick={() => sortBy('amount')}>
                    {t`Amount`}
                    {arrow('amount')}
                  </button>
                </TableHead>
                <TableHead>{t`Payer`}</TableHead>
                <TableHead>{t`Status`}</TableHead>
                <TableHead>
                  <span className="sr-only">{t`Actions`}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {payments.data.items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6} className="text-muted-foreground">
                    <Trans>No payments match.</Trans>
                  </TableCell>
                </TableRow>
              )}
              {payments.data.items.map((payment) => (
                <TableRow key={payment.id} data-testid="mpesa-payment-row">
                  <TableCell className="whitespace-nowrap">{formatDateTime(payment.transTime)}</TableCell>
                  <TableCell className="font-mono">
                    {payment.transId}
                    {payment.simulated && (
                      <Badge variant="accent" className="ml-2">
                        <Trans>Sandbox</Trans>
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{money(payment.amountMinor)}</TableCell>
                  <TableCell className="max-w-48 truncate">{[payment.payerName, payment.msisdn, payment.billRef].filter(Boolean).join(' · ')}</TableCell>
                  <TableCell>
                    {statusLabels[payment.status]}
                    {payment.depositMinor > 0 && <span className="block text-xs text-muted-foreground">{t`Deposit ${money(payment.depositMinor)}`}</span>}
                    {payment.disputeNote && <span className="block text-xs text-muted-foreground">{payment.disputeNote}</span>}
                  </TableCell>
                  <TableCell className="text-right">
                    {payment.status === 'unallocated' && (
                      <Button type="button" size="sm" variant="outline" onClick={() => setDisputing(payment)}>
                        <Trans>Dispute</Trans>
                      </Button>
                    )}
                    {payment.status === 'disputed' && (
                      <Button type="button" size="sm" variant="outline" disabled={undispute.isPending} onClick={() => undispute.mutate(payment)}>
                        <Trans>Undispute</Trans>
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <nav aria-label={t`Pages`} className="flex items-center justify-between gap-2 text-sm">
            <span className="text-muted-foreground">
              <Trans>
                Page {page} of {pages} · {total} payments
              </Trans>
            </span>
            <div className="flex gap-2">
              <Button type="button" size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                <Trans>Previous</Trans>
              </Button>
              <Button type="button" size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                <Trans>Next</Trans>
              </Button>
            </div>
          </nav>
        </>
      )}
      {disputing && <DisputeDialog payment={disputing} onClose={() => setDisputing(null)} />}
    </section>
  );
}

function DisputeDialog({ payment, onClose }: { payment: MpesaPayment; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const dispute = useMutation({
    mutationFn: () => disputeMpesaPayment(payment.id, true, note.trim() || null),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['mpesa'] });
      onClose();
    },
    onError: (failure) => toast.error(t`The payment was not changed`, { description: failureMessage(failure, t`Try again.`) }),
  });
  const code = payment.transId;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Dispute {code}</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>A disputed payment cannot be taken at the register until it is undisputed.</Trans>
          </DialogDescription>
        </DialogHeader>
        <FormField id="mpesa-dispute-note" label={t`Why`}>
          <Textarea id="mpesa-dispute-note" maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
        </FormField>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="button" disabled={dispute.isPending} onClick={() => dispute.mutate()}>
            <Trans>Mark disputed</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
