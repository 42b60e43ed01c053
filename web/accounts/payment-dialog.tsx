import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  PAYMENT_METHODS,
  paymentInputSchema,
  type AccountSide,
  type OpenItem,
  type PaymentMethod,
  type PostedEntry,
} from '../../core/accounts/accounts.schemas';
import { formatMoneyPlain, parseMoney } from '../../core/settings/money.rules';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Checkbox } from '../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { InlineSpinner } from '../components/ui/spinner';
import { Textarea } from '../components/ui/textarea';
import { isApiError } from '../lib/api-client';
import { useDateFormat } from '../lib/date-format';
import { failureMessage, translateMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { ENTRY_KIND_LABELS, PAYMENT_METHOD_LABELS } from './accounts-labels';
import { postAccountAction, useRefreshAccounts } from './accounts.api';
import { useMoney } from './use-money';

interface PaymentForm {
  amount: string;
  method: PaymentMethod;
  reference: string;
  mode: 'oldest' | 'pick';
  note: string;
}

type Picks = Record<string, { checked: boolean; amount: string }>;

/** A due day 'YYYY-MM-DD' shown as a date (noon UTC is that same day in East Africa). */
export const dayValue = (day: string) => `${day}T12:00:00Z`;

/**
 * Record a payment received (receivable) or made (payable): amount, method, the M-Pesa code or
 * reference, and either the oldest charges first or the charges picked with their amounts. What is
 * left over stays on the account as a deposit. One Idempotency-Key per dialog.
 */
export function PaymentDialog({
  open,
  onClose,
  contactId,
  contactName,
  side,
  openItems,
  onRecorded,
}: {
  open: boolean;
  onClose: () => void;
  contactId: string;
  contactName: string;
  side: AccountSide;
  openItems: OpenItem[];
  onRecorded: (posted: PostedEntry) => void;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { money } = useMoney();
  const { formatDate } = useDateFormat();
  const refresh = useRefreshAccounts();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const charges = openItems.filter((item) => item.direction === 'debit');
  const [picks, setPicks] = useState<Picks>({});
  const [pickError, setPickError] = useState<string | undefined>();
  const form = useForm<PaymentForm>({ defaultValues: { amount: '', method: 'cash', reference: '', mode: 'oldest', note: '' } });
  const method = useWatch({ control: form.control, name: 'method' });
  const mode = useWatch({ control: form.control, name: 'mode' });

  const save = useMutation({
    mutationKey: ['accounts', 'payment'],
    mutationFn: (body: unknown) => postAccountAction(contactId, 'payments', body, idempotencyKey),
    onSuccess: async (posted) => {
      await refresh();
      const number = posted.entry.number ?? '';
      toast.success(t`Payment ${number} recorded`);
      onRecorded(posted);
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) {
        const map: Record<string, keyof PaymentForm> = { amountMinor: 'amount', method: 'method', reference: 'reference', note: 'note' };
        for (const [field, formField] of Object.entries(map)) {
          const message = error.fieldMessage(field);
          if (message) form.setError(formField, { message });
        }
        const allocation = Object.keys(error.fields).find((field) => field.startsWith('allocations'));
        if (allocation) setPickError(error.fieldMessage(allocation));
      }
      toast.error(t`The payment was not recorded`, { description: failureMessage(error, t`Try again.`) });
    },
  });

  const submit = form.handleSubmit((values) => {
    setPickError(undefined);
    const amountMinor = parseMoney(values.amount);
    if (amountMinor === null || amountMinor <= 0) {
      form.setError('amount', { message: t`Enter the amount paid, e.g. 1500 or 1,500.00` });
      return;
    }
    let allocations: { entryId: string; amountMinor: number }[] | null = null;
    if (values.mode === 'pick') {
      allocations = [];
      for (const item of charges) {
        const pick = picks[item.entryId];
        if (!pick?.checked) continue;
        const amount = parseMoney(pick.amount);
        if (amount === null || amount <= 0) {
          setPickError(t`Enter an amount for each charge picked`);
          return;
        }
        allocations.push({ entryId: item.entryId, amountMinor: amount });
      }
      if (allocations.length === 0) {
        setPickError(t`Pick at least one charge, or pay the oldest first`);
        return;
      }
    }
    const body = { side, amountMinor, method: values.method, reference: values.reference, allocations, note: values.note };
    const parsed = paymentInputSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (field === 'allocations') setPickError(issue.message);
        else if (field === 'amountMinor') form.setError('amount', { message: issue.message });
        else if (field === 'reference' || field === 'note' || field === 'method') form.setError(field, { message: issue.message });
      }
      return;
    }
    save.mutate(body);
  });

  const errors = form.formState.errors;
  const [amountError, methodError, referenceError, noteError] = [errors.amount?.message, errors.method?.message, errors.reference?.message, errors.note?.message];
  const referenceLabel = method === 'mpesa' ? t`M-Pesa code` : method === 'cheque' ? t`Cheque number` : t`Reference (optional)`;
  const referenceHint = method === 'mpesa' ? t`10 letters and digits from the M-Pesa message, e.g. SGH7K2LQ9P` : undefined;
  const title = side === 'receivable' ? t`Record a payment from ${contactName}` : t`Record a payment to ${contactName}`;
  const pickedTotal = charges.reduce((sum, item) => sum + (picks[item.entryId]?.checked ? (parseMoney(picks[item.entryId]!.amount) ?? 0) : 0), 0);
  const pickedText = money(pickedTotal);

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>
              <Trans>It settles the oldest charges first unless you pick them. Anything left over stays as a deposit.</Trans>
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="payment-amount" label={t`Amount`} error={amountError}>
              <Input {...fieldControlProps('payment-amount', { error: amountError })} inputMode="decimal" autoComplete="off" autoFocus {...form.register('amount')} />
            </FormField>
            <FormField id="payment-method" label={t`Paid by`} error={methodError}>
              <NativeSelect {...fieldControlProps('payment-method', { error: methodError })} {...form.register('method')}>
                {PAYMENT_METHODS.map((option) => (
                  <option key={option} value={option}>
                    {i18n._(PAYMENT_METHOD_LABELS[option])}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          {method !== 'cash' && (
            <FormField id="payment-reference" label={referenceLabel} error={referenceError} hint={referenceHint}>
              <Input
                {...fieldControlProps('payment-reference', { error: referenceError, hint: referenceHint })}
                autoComplete="off"
                maxLength={method === 'mpesa' ? 12 : 60}
                className={method === 'mpesa' ? 'font-mono uppercase' : undefined}
                {...form.register('reference')}
              />
            </FormField>
          )}
          {charges.length > 0 && (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">
                <Trans>Settle</Trans>
              </legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" value="oldest" className="size-4 accent-primary" {...form.register('mode')} />
                <Trans>The oldest charges first</Trans>
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" value="pick" className="size-4 accent-primary" {...form.register('mode')} />
                <Trans>The charges I pick</Trans>
              </label>
              {mode === 'pick' && (
                <ul className="grid gap-2 rounded-lg border p-3" aria-label={t`Open charges`}>
                  {charges.map((item) => {
                    const pick = picks[item.entryId] ?? { checked: false, amount: '' };
                    const label = `${i18n._(ENTRY_KIND_LABELS[item.kind])} ${item.number ?? ''} · ${formatDate(item.occurredAt)}`;
                    const openText = money(item.openMinor);
                    return (
                      <li key={item.entryId} className="grid grid-cols-[auto_1fr_8rem] items-center gap-2 text-sm">
                        <Checkbox
                          id={`pick-${item.entryId}`}
                          checked={pick.checked}
                          onCheckedChange={(checked) =>
                            setPicks((current) => ({
                              ...current,
                              [item.entryId]: { checked: checked === true, amount: pick.amount || formatMoneyPlain(item.openMinor) },
                            }))
                          }
                        />
                        <label htmlFor={`pick-${item.entryId}`} className="min-w-0">
                          <span className="block truncate">{label}</span>
                          <span className="text-xs text-muted-foreground">
                            <Trans>{openText} open</Trans>
                          </span>
                        </label>
                        <Input
                          aria-label={t`Amount for ${label}`}
                          inputMode="decimal"
                          disabled={!pick.checked}
                          value={pick.amount}
                          onChange={(event) => setPicks((current) => ({ ...current, [item.entryId]: { checked: true, amount: event.target.value } }))}
                        />
                      </li>
                    );
                  })}
                  <li className="text-right text-sm text-muted-foreground">
                    <Trans>Picked: {pickedText}</Trans>
                  </li>
                </ul>
              )}
              {pickError && (
                <p role="alert" className="text-sm text-destructive">
                  {translateMessage(pickError, i18n)}
                </p>
              )}
            </fieldset>
          )}
          <FormField id="payment-note" label={t`Note (optional)`} error={noteError}>
            <Textarea {...fieldControlProps('payment-note', { error: noteError })} rows={2} maxLength={500} {...form.register('note')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <InlineSpinner />}
              <Trans>Record payment</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
