import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { CASH_MOVEMENT_REASONS, cashMovementInputSchema, type CashMovementReason } from '../../core/sales/sales.schemas';
import { parseMoney } from '../../core/settings/money.rules';
import { FormField, fieldControlProps } from '../components/form-field';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { Textarea } from '../components/ui/textarea';
import { failureMessage } from '../lib/form-errors';
import { sendIfValid, serverFieldErrors } from '../lib/form-submit';
import { toast } from '../lib/toast';
import { DialogActions } from '../components/form-actions';
import { CASH_MOVEMENT_REASON_LABELS } from './shift-labels';
import { addCashMovement, useRefreshShifts } from './shifts.api';

type Direction = 'in' | 'out';
const FIELDS = ['amountMinor', 'reason', 'note'] as const;
type Field = (typeof FIELDS)[number];

/** The reason a direction usually has: a top-up comes in; deposits, suppliers and expenses go out. */
const DEFAULT_REASON: Record<Direction, CashMovementReason> = { in: 'float_top_up', out: 'bank_deposit' };

/** Cash into or out of the drawer on an open shift, with a preset reason and a note. */
export function CashMovementDialog({ open, onOpenChange, shiftId, direction }: { open: boolean; onOpenChange: (open: boolean) => void; shiftId: string; direction: Direction }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const refresh = useRefreshShifts();
  // A new key once a request succeeded: the next use of the dialog is another request.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<CashMovementReason>(DEFAULT_REASON[direction]);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const save = useMutation({
    mutationKey: ['shifts', 'cash-movement'],
    mutationFn: (body: unknown) => addCashMovement(shiftId, body, idempotencyKey),
    onSuccess: async () => {
      setIdempotencyKey(crypto.randomUUID());
      setAmount('');
      setNote('');
      await refresh();
      toast.success(direction === 'in' ? t`Cash in recorded` : t`Cash out recorded`);
      onOpenChange(false);
    },
    onError: (failure) => {
      const fromServer = serverFieldErrors(failure, FIELDS);
      if (fromServer) setErrors(fromServer);
      toast.error(t`The cash movement was not recorded`, { description: failureMessage(failure, t`Try again.`) });
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const amountMinor = parseMoney(amount);
    if (amountMinor === null) {
      setErrors({ amountMinor: t`Enter the amount, e.g. 1500 or 1,500.00` });
      return;
    }
    const body = { direction, reason, amountMinor, note };
    sendIfValid(cashMovementInputSchema, body, setErrors, save.mutate);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-md">
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{direction === 'in' ? <Trans>Cash in</Trans> : <Trans>Cash out</Trans>}</DialogTitle>
            <DialogDescription>
              {direction === 'in' ? <Trans>Money put into the drawer during the shift.</Trans> : <Trans>Money taken out of the drawer during the shift.</Trans>}
            </DialogDescription>
          </DialogHeader>
          <FormField id="cash-movement-amount" label={t`Amount`} error={errors.amountMinor}>
            <Input
              {...fieldControlProps('cash-movement-amount', { error: errors.amountMinor })}
              inputMode="decimal"
              autoComplete="off"
              autoFocus
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          </FormField>
          <FormField id="cash-movement-reason" label={t`Reason`} error={errors.reason}>
            <NativeSelect {...fieldControlProps('cash-movement-reason', { error: errors.reason })} value={reason} onChange={(event) => setReason(event.target.value as CashMovementReason)}>
              {CASH_MOVEMENT_REASONS.map((option) => (
                <option key={option} value={option}>
                  {i18n._(CASH_MOVEMENT_REASON_LABELS[option])}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="cash-movement-note" label={t`Note (optional)`} error={errors.note}>
            <Textarea {...fieldControlProps('cash-movement-note', { error: errors.note })} rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
          </FormField>
          <DialogActions onCancel={() => onOpenChange(false)} pending={save.isPending}>
            {direction === 'in' ? <Trans>Record cash in</Trans> : <Trans>Record cash out</Trans>}
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
