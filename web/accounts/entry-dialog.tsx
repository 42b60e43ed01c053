import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  adjustmentInputSchema,
  creditNoteInputSchema,
  writeOffInputSchema,
  type AccountSide,
  type PostedEntry,
} from '../../core/accounts/accounts.schemas';
import { parseMoney } from '../../core/settings/money.rules';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { InlineSpinner } from '../components/ui/spinner';
import { Textarea } from '../components/ui/textarea';
import { isApiError } from '../lib/api-client';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { postAccountAction, useRefreshAccounts, type EntryAction } from './accounts.api';
import { useMoney } from './use-money';

export type EntryDialogKind = 'credit-notes' | 'adjustments' | 'write-offs';

interface EntryForm {
  amount: string;
  direction: 'raise' | 'lower';
  reason: string;
  note: string;
}

const SCHEMAS = { 'credit-notes': creditNoteInputSchema, adjustments: adjustmentInputSchema, 'write-offs': writeOffInputSchema } as const;

/**
 * A credit note (manager), an adjustment with a reason (manager, either way) or a write-off (admin,
 * at most what is owed). Each settles the oldest charges first; the server checks the role too.
 */
export function EntryDialog({
  kind,
  onClose,
  contactId,
  contactName,
  side,
  balanceMinor,
  onPosted,
}: {
  kind: EntryDialogKind | null;
  onClose: () => void;
  contactId: string;
  contactName: string;
  side: AccountSide;
  balanceMinor: number;
  onPosted: (posted: PostedEntry) => void;
}) {
  const { t } = useLingui();
  const { money } = useMoney();
  const refresh = useRefreshAccounts();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const form = useForm<EntryForm>({ defaultValues: { amount: '', direction: 'raise', reason: '', note: '' } });
  const direction = useWatch({ control: form.control, name: 'direction' });

  const save = useMutation({
    mutationKey: ['accounts', kind],
    mutationFn: (body: unknown) => postAccountAction(contactId, kind as EntryAction, body, idempotencyKey),
    onSuccess: async (posted) => {
      await refresh();
      toast.success(kind === 'credit-notes' ? t`Credit note recorded` : kind === 'adjustments' ? t`Adjustment recorded` : t`Written off`);
      onPosted(posted);
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) {
        for (const [field, formField] of [['amountMinor', 'amount'], ['reason', 'reason'], ['note', 'note']] as const) {
          const message = error.fieldMessage(field);
          if (message) form.setError(formField, { message });
        }
      }
      toast.error(t`Not recorded`, { description: failureMessage(error, t`Try again.`) });
    },
  });

  if (kind === null) return null;

  const submit = form.handleSubmit((values) => {
    const magnitude = parseMoney(values.amount);
    if (magnitude === null || magnitude <= 0) {
      form.setError('amount', { message: t`Enter an amount, e.g. 250 or 1,250.00` });
      return;
    }
    const amountMinor = kind === 'adjustments' && values.direction === 'lower' ? -magnitude : magnitude;
    const body = { side, amountMinor, reason: values.reason, note: values.note };
    const parsed = SCHEMAS[kind].safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (field === 'amountMinor') form.setError('amount', { message: issue.message });
        else if (field === 'reason' || field === 'note') form.setError(field, { message: issue.message });
      }
      return;
    }
    save.mutate(body);
  });

  const errors = form.formState.errors;
  const [amountError, reasonError, noteError] = [errors.amount?.message, errors.reason?.message, errors.note?.message];
  const balanceText = money(balanceMinor);
  const title = kind === 'credit-notes' ? t`Credit note for ${contactName}` : kind === 'adjustments' ? t`Adjust ${contactName}’s account` : t`Write off ${contactName}’s debt`;
  const reasonHint = kind === 'credit-notes' ? t`e.g. “Returned 2 crates of spoilt milk”` : kind === 'adjustments' ? t`e.g. “Delivery fee not billed”` : t`e.g. “Moved away, cannot be reached”`;

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>
              {kind === 'write-offs' ? (
                <Trans>The balance is {balanceText}. A write-off cannot be more than what is owed, and it cannot be undone except by a new adjustment.</Trans>
              ) : kind === 'adjustments' ? (
                <Trans>The balance is {balanceText}. A correction is a new entry: the ledger is never edited.</Trans>
              ) : (
                <Trans>The balance is {balanceText}. A credit note lowers what is owed and settles the oldest charges first.</Trans>
              )}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-4 sm:grid-cols-2">
            {kind === 'adjustments' && (
              <FormField id="entry-direction" label={t`Change`}>
                <NativeSelect id="entry-direction" {...form.register('direction')}>
                  <option value="raise">{side === 'receivable' ? t`Raise what they owe` : t`Raise what you owe`}</option>
                  <option value="lower">{side === 'receivable' ? t`Lower what they owe` : t`Lower what you owe`}</option>
                </NativeSelect>
              </FormField>
            )}
            <FormField id="entry-amount" label={direction === 'lower' && kind === 'adjustments' ? t`Amount to take off` : t`Amount`} error={amountError}>
              <Input {...fieldControlProps('entry-amount', { error: amountError })} inputMode="decimal" autoComplete="off" autoFocus {...form.register('amount')} />
            </FormField>
          </div>
          <FormField id="entry-reason" label={t`Reason`} error={reasonError} hint={reasonHint}>
            <Input {...fieldControlProps('entry-reason', { error: reasonError, hint: reasonHint })} maxLength={200} autoComplete="off" {...form.register('reason')} />
          </FormField>
          <FormField id="entry-note" label={t`Note (optional)`} error={noteError}>
            <Textarea {...fieldControlProps('entry-note', { error: noteError })} rows={2} maxLength={500} {...form.register('note')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" variant={kind === 'write-offs' ? 'destructive' : 'default'} disabled={save.isPending}>
              {save.isPending && <InlineSpinner />}
              {kind === 'credit-notes' ? t`Record credit note` : kind === 'adjustments' ? t`Record adjustment` : t`Write off`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
