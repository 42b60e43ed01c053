import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { openShiftInputSchema, type Register, type Shift } from '../../core/sales/sales.schemas';
import { Button } from '../components/ui/button';
import { InlineSpinner } from '../components/ui/spinner';
import { isApiError } from '../lib/api-client';
import { failureMessage, translateMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { CashCount, EMPTY_CASH_COUNT, readCashCount, type CashCountValue } from '../shifts/cash-count';
import { useRefreshShifts } from '../shifts/shifts.api';
import { openShift, registerKeys } from './register.api';

/**
 * The shift gate: a register without an open shift cannot sell; once opened, the register's
 * current shift is the new one and the till appears.
 */
export function OpenShiftForm({ register }: { register: Register }) {
  const registerName = register.name;
  const locationName = register.locationName;
  return (
    <section aria-labelledby="open-shift-title" className="mx-auto grid w-full max-w-lg gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <div className="grid gap-1">
        <h2 id="open-shift-title" className="text-lg font-semibold">
          <Trans>Open a shift</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>
            No shift is open on {registerName} at {locationName}. Count the float in the drawer to start selling.
          </Trans>
        </p>
      </div>
      <OpenShiftFloatForm registerId={register.id} autoFocus />
    </section>
  );
}

/**
 * Open a shift on a register with the opening float, typed as a total or counted note by note: the
 * register's gate and the Shifts tab's dialog. One Idempotency-Key per opening, so a double click or
 * a retry opens one shift; with `onCancel` the form has a Cancel button beside Open shift.
 */
export function OpenShiftFloatForm({
  registerId,
  onOpened,
  onCancel,
  autoFocus = false,
}: {
  registerId: string;
  onOpened?: (shift: Shift) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const refresh = useRefreshShifts();
  // A new key once a request succeeded: the next use of the form is another request.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [float, setFloat] = useState<CashCountValue>(EMPTY_CASH_COUNT);
  const [error, setError] = useState<string | undefined>();

  const save = useMutation({
    mutationKey: ['shifts', 'open'],
    mutationFn: (body: Parameters<typeof openShift>[0]) => openShift(body, idempotencyKey),
    onSuccess: async (shift) => {
      setIdempotencyKey(crypto.randomUUID());
      setFloat(EMPTY_CASH_COUNT);
      // The register shows its till at once, without waiting for the refetch.
      queryClient.setQueryData(registerKeys.currentShift(registerId), shift);
      await refresh();
      onOpened?.(shift);
    },
    onError: (failure) => {
      const message = isApiError(failure) ? (failure.fieldMessage('openingFloatMinor') ?? failure.fieldMessage('denominations')) : undefined;
      if (message) setError(translateMessage(message));
      toast.error(t`The shift was not opened`, { description: failureMessage(failure, t`Try again.`) });
    },
  });

  const submit = (event: FormEvent) => {
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
    <form onSubmit={submit} noValidate className="grid gap-4">
      <CashCount id="opening-float" label={t`Opening float`} value={float} onChange={setFloat} error={error} autoFocus={autoFocus} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <InlineSpinner />}
          <Trans>Open shift</Trans>
        </Button>
      </div>
    </form>
  );
}
