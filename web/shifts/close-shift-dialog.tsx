import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { DECLARED_TENDERS, closeShiftInputSchema, type Approval, type ShiftReport } from '../../core/sales/sales.schemas';
import { overShortMinor } from '../../core/sales/shift.rules';
import { parseMoney } from '../../core/settings/money.rules';
import { useMoney } from '../accounts/use-money';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { InlineSpinner } from '../components/ui/spinner';
import { Textarea } from '../components/ui/textarea';
import { ApprovalDialog } from '../register/approval-dialog';
import { isApiError } from '../lib/api-client';
import { failureMessage, translateMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { CashCount, EMPTY_CASH_COUNT, readCashCount, type CashCountValue } from './cash-count';
import { DECLARED_TENDER_LABELS } from './shift-labels';
import { closeShift, useRefreshShifts } from './shifts.api';

type DeclaredTender = (typeof DECLARED_TENDERS)[number];
type CloseBody = { countedCashMinor: number; denominations: Record<string, number> | null; declaredTotals: Partial<Record<DeclaredTender, number>>; note: string; approvalId: string | null };

/**
 * Close a shift: the cash counted (a total or note by note), the card, M-Pesa and other totals the
 * cashier checked, a note. Expected cash and over/short show as the count is typed, unless the shop
 * closes blind (the report's expected figure is then hidden from the cashier). The difference is
 * recorded as it is; beyond the shop's tolerance the server asks for a manager's approval
 * (409 approval_required) and the close is sent again with it.
 */
export function CloseShiftDialog({
  open,
  onOpenChange,
  report,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The shift's X report: expected cash (null on a blind close) and the register. */
  report: ShiftReport;
  onClosed: (zReport: ShiftReport) => void;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { money } = useMoney();
  const refresh = useRefreshShifts();
  const [cash, setCash] = useState<CashCountValue>(EMPTY_CASH_COUNT);
  const [declared, setDeclared] = useState<Partial<Record<DeclaredTender, string>>>({});
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [pending, setPending] = useState<CloseBody | null>(null);
  const counted = readCashCount(cash).amountMinor;
  const expected = report.expectedCashMinor;
  const difference = counted !== null && expected !== null ? overShortMinor(counted, expected) : null;

  const save = useMutation({
    mutationKey: ['shifts', 'close'],
    mutationFn: (body: CloseBody) => closeShift(report.shiftId, body),
    onSuccess: async (zReport) => {
      setPending(null);
      await refresh();
      const zNumber = zReport.zNumber ?? 0;
      toast.success(t`Shift closed: Z report ${zNumber}`);
      onClosed(zReport);
      onOpenChange(false);
    },
    onError: (failure, body) => {
      if (isApiError(failure) && failure.code === 'approval_required') {
        // The manager approves at this register; the same close is then sent with the approval.
        setPending(body);
        return;
      }
      if (isApiError(failure) && failure.fields) {
        setErrors({ countedCashMinor: failure.fieldMessage('countedCashMinor') ?? failure.fieldMessage('denominations'), note: failure.fieldMessage('note') });
      }
      toast.error(t`The shift was not closed`, { description: failureMessage(failure, t`Try again.`) });
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next: Record<string, string | undefined> = {};
    const { amountMinor, denominations } = readCashCount(cash);
    if (amountMinor === null) next.countedCashMinor = cash.byDenomination ? t`Count whole notes and coins` : t`Enter the cash counted, e.g. 12500 or 12,500.00`;
    const declaredTotals: Partial<Record<DeclaredTender, number>> = {};
    for (const tender of DECLARED_TENDERS) {
      const text = declared[tender]?.trim() ?? '';
      if (text === '') continue;
      const value = parseMoney(text);
      if (value === null) next[tender] = t`Enter an amount, e.g. 1500 or 1,500.00`;
      else declaredTotals[tender] = value;
    }
    if (Object.keys(next).length > 0 || amountMinor === null) {
      setErrors(next);
      return;
    }
    const body: CloseBody = { countedCashMinor: amountMinor, denominations, declaredTotals, note, approvalId: null };
    const parsed = closeShiftInputSchema.safeParse(body);
    if (!parsed.success) {
      setErrors({ countedCashMinor: translateMessage(parsed.error.issues[0]?.message ?? '') });
      return;
    }
    setErrors({});
    save.mutate(body);
  };

  const registerName = report.registerName;
  const expectedText = expected === null ? '' : money(expected);
  const differenceText = difference === null ? '' : difference > 0 ? `+${money(difference)}` : money(difference);

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
          <form onSubmit={submit} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>
                <Trans>Close the shift on {registerName}</Trans>
              </DialogTitle>
              <DialogDescription>
                <Trans>Count the cash in the drawer and enter the other totals you checked. Any difference is recorded as it is.</Trans>
              </DialogDescription>
            </DialogHeader>
            <CashCount id="counted-cash" label={t`Cash counted`} value={cash} onChange={setCash} error={errors.countedCashMinor} />
            {expected === null ? (
              <p className="text-sm text-muted-foreground">
                <Trans>Blind close: the expected cash is shown on the Z report.</Trans>
              </p>
            ) : (
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg border p-3 text-sm" aria-live="polite">
                <dt>
                  <Trans>Expected cash</Trans>
                </dt>
                <dd className="text-right tabular-nums">{expectedText}</dd>
                <dt>{difference !== null && difference < 0 ? <Trans>Short</Trans> : difference !== null && difference > 0 ? <Trans>Over</Trans> : <Trans>Over/short</Trans>}</dt>
                <dd className={difference !== null && difference !== 0 ? 'text-right font-semibold text-destructive tabular-nums' : 'text-right tabular-nums'}>
                  {difference === null ? '—' : differenceText}
                </dd>
              </dl>
            )}
            <fieldset className="grid gap-3 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-medium">
                <Trans>Other totals checked (optional)</Trans>
              </legend>
              {DECLARED_TENDERS.map((tender) => (
                <FormField key={tender} id={`declared-${tender}`} label={i18n._(DECLARED_TENDER_LABELS[tender])} error={errors[tender]}>
                  <Input
                    {...fieldControlProps(`declared-${tender}`, { error: errors[tender] })}
                    inputMode="decimal"
                    autoComplete="off"
                    value={declared[tender] ?? ''}
                    onChange={(event) => setDeclared((current) => ({ ...current, [tender]: event.target.value }))}
                  />
                </FormField>
              ))}
            </fieldset>
            <FormField id="close-note" label={t`Note (optional)`} error={errors.note}>
              <Textarea {...fieldControlProps('close-note', { error: errors.note })} rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending && <InlineSpinner />}
                <Trans>Close shift</Trans>
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      {pending && (
        <ApprovalDialog
          open
          onOpenChange={(next) => !next && setPending(null)}
          action="over_short"
          details={{ shiftId: report.shiftId, register: report.registerName, countedCashMinor: pending.countedCashMinor, expectedCashMinor: expected }}
          registerId={report.registerId}
          onApproved={(approval: Approval) => save.mutate({ ...pending, approvalId: approval.id })}
        />
      )}
    </>
  );
}
