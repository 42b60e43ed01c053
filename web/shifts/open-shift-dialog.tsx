import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { openShiftInputSchema, type Shift } from '../../core/sales/sales.schemas';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { InlineSpinner } from '../components/ui/spinner';
import { isApiError } from '../lib/api-client';
import { failureMessage, translateMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { CashCount, EMPTY_CASH_COUNT, readCashCount, type CashCountValue } from './cash-count';
import { openShift, useRefreshShifts } from './shifts.api';

/**
 * Open a shift on a register with the opening float, typed as a total or counted note by note.
 * One Idempotency-Key per dialog, so a double click or a retry opens one shift.
 */
export function OpenShiftDialog({
  open,
  onOpenChange,
  registerId,
  onOpened,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  registerId: string;
  onOpened: (shift: Shift) => void;
}) {
  const { t } = useLingui();
  const refresh = useRefreshShifts();
  // A new key once a request succeeded: the next use of the dialog is another request.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [float, setFloat] = useState<CashCountValue>(EMPTY_CASH_COUNT);
  const [error, setError] = useState<string | undefined>();

  const save = useMutation({
    mutationKey: ['shifts', 'open'],
    mutationFn: (body: unknown) => openShift(body, idempotencyKey),
    onSuccess: async (shift) => {
      setIdempotencyKey(crypto.randomUUID());
      setFloat(EMPTY_CASH_COUNT);
      await refresh();
      const registerName = shift.registerName;
      toast.success(t`Shift opened on ${registerName}`);
      onOpened(shift);
      onOpenChange(false);
    },
    onError: (failure) => {
      const message = isApiError(failure) ? (failure.fieldMessage('openingFloatMinor') ?? failure.fieldMessage('denominations')) : undefined;
      if (message) setError(translateMessage(message));
      toast.error(t`The shift was not opened`, { description: failureMessage(failure, t`Try again.`) });
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const { amountMinor, denominations } = readCashCount(float);
    if (amountMinor === null) {
      setError(float.byDenomination ? t`Count whole notes and coins` : t`Enter the float, e.g. 5000 or 5,000.00 (0 for none)`);
      return;
    }
    const body = { registerId, openingFloatMinor: amountMinor, denominations };
    const parsed = openShiftInputSchema.safeParse(body);
    if (!parsed.success) {
      setError(translateMessage(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    save.mutate(body);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>
              <Trans>Open a shift</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>Count the cash in the drawer before the first sale: it is the opening float.</Trans>
            </DialogDescription>
          </DialogHeader>
          <CashCount id="opening-float" label={t`Opening float`} value={float} onChange={setFloat} error={error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <InlineSpinner />}
              <Trans>Open shift</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
