import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { countDenominationsMinor, KES_DENOMINATIONS_MINOR, type Register } from '../../core/sales/sales.schemas';
import { parseMoney } from '../../core/settings/money.rules';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Checkbox } from '../components/ui/checkbox';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { InlineSpinner } from '../components/ui/spinner';
import { useMoney } from '../accounts/use-money';
import { isApiError } from '../lib/api-client';
import { failureMessage } from '../lib/form-errors';
import { openShift, registerKeys } from './register.api';

/**
 * The shift gate: a register without an open shift cannot sell; once opened, the register's
 * current shift is the new one and the till appears. The cashier counts the opening
 * float, as a total or by KES notes and coins (the total then follows the count).
 */
export function OpenShiftForm({ register }: { register: Register }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [floatText, setFloatText] = useState('');
  const [byDenomination, setByDenomination] = useState(false);
  const [counts, setCounts] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | undefined>();

  const countedMinor = countDenominationsMinor(Object.fromEntries(Object.entries(counts).map(([note, count]) => [note, Number(count) || 0])));

  const open = useMutation({
    mutationFn: (body: Parameters<typeof openShift>[0]) => openShift(body, idempotencyKey),
    onSuccess: async (shift) => {
      queryClient.setQueryData(registerKeys.currentShift(register.id), shift);
      await queryClient.invalidateQueries({ queryKey: registerKeys.registers });
    },
    onError: (failure) => setError(isApiError(failure) ? (failure.fieldMessage('openingFloatMinor') ?? failureMessage(failure, t`Try again.`)) : failureMessage(failure, t`Try again.`)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (byDenomination) {
      const denominations: Record<string, number> = {};
      for (const [note, text] of Object.entries(counts)) {
        if (!text.trim()) continue;
        const count = Number(text);
        if (!Number.isInteger(count) || count < 0) {
          setError(t`Count whole notes and coins`);
          return;
        }
        if (count > 0) denominations[note] = count;
      }
      open.mutate({ registerId: register.id, openingFloatMinor: countDenominationsMinor(denominations), denominations });
      return;
    }
    const amount = parseMoney(floatText || '0');
    if (amount === null || amount < 0) {
      setError(t`Enter the float in the drawer, e.g. 2000 or 2,000.00`);
      return;
    }
    open.mutate({ registerId: register.id, openingFloatMinor: amount, denominations: null });
  };

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
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <div className="flex items-center gap-2">
          <Checkbox id="float-by-denomination" checked={byDenomination} onCheckedChange={(checked) => setByDenomination(checked === true)} />
          <Label htmlFor="float-by-denomination">
            <Trans>Count by notes and coins</Trans>
          </Label>
        </div>
        {byDenomination ? (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">
              <Trans>Notes and coins</Trans>
            </legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {KES_DENOMINATIONS_MINOR.map((denomination) => {
                const label = money(denomination);
                return (
                  <div key={denomination} className="grid gap-1">
                    <Label htmlFor={`float-count-${denomination}`}>{label}</Label>
                    <Input
                      id={`float-count-${denomination}`}
                      inputMode="numeric"
                      value={counts[String(denomination)] ?? ''}
                      onChange={(event) => setCounts((current) => ({ ...current, [String(denomination)]: event.target.value }))}
                    />
                  </div>
                );
              })}
            </div>
            <p className="text-sm" aria-live="polite">
              <Trans>Float counted: {money(countedMinor)}</Trans>
            </p>
          </fieldset>
        ) : (
          <FormField id="opening-float" label={t`Opening float`} error={error}>
            <Input inputMode="decimal" autoFocus value={floatText} onChange={(event) => setFloatText(event.target.value)} {...fieldControlProps('opening-float', { error })} />
          </FormField>
        )}
        {byDenomination && error && <p className="text-sm text-destructive">{error}</p>}
        <Button type="submit" disabled={open.isPending}>
          {open.isPending && <InlineSpinner />}
          <Trans>Open shift</Trans>
        </Button>
      </form>
    </section>
  );
}
