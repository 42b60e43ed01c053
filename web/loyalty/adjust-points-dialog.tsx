import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { loyaltyAdjustmentInputSchema } from '../../core/loyalty/loyalty.schemas';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { InlineSpinner } from '../components/ui/spinner';
import { isApiError } from '../lib/api-client';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { postLoyaltyAdjustment, useRefreshLoyalty } from './loyalty.api';

interface AdjustForm {
  direction: 'add' | 'remove';
  points: string;
  reason: string;
}

const WHOLE_NUMBER = /^\d{1,8}$/;

/** A manager adds or takes away points with a reason (never below zero; the server checks the role too). */
export function AdjustPointsDialog({ contactId, contactName, balance, onClose }: { contactId: string; contactName: string; balance: number; onClose: () => void }) {
  const { t } = useLingui();
  const refresh = useRefreshLoyalty();
  // One key per dialog: a retry after a lost answer is the same adjustment.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const form = useForm<AdjustForm>({ defaultValues: { direction: 'add', points: '', reason: '' } });

  const save = useMutation({
    mutationKey: ['loyalty', 'adjust', contactId],
    mutationFn: (body: { points: number; reason: string }) => postLoyaltyAdjustment(contactId, body, idempotencyKey),
    onSuccess: async (result) => {
      await refresh();
      const points = result.points;
      toast.success(t`Points adjusted`, { description: t`${contactName} now has ${plural(points, { one: '# point', other: '# points' })}.` });
      onClose();
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) {
        for (const field of ['points', 'reason'] as const) {
          const message = error.fieldMessage(field);
          if (message) form.setError(field, { message });
        }
      }
      toast.error(t`Points not adjusted`, { description: failureMessage(error, t`Try again.`) });
    },
  });

  const submit = form.handleSubmit((values) => {
    const text = values.points.trim().replace(/[,\s]/g, '');
    if (!WHOLE_NUMBER.test(text) || Number(text) === 0) {
      form.setError('points', { message: t`Enter a whole number of points, e.g. 50` });
      return;
    }
    const points = values.direction === 'remove' ? -Number(text) : Number(text);
    const parsed = loyaltyAdjustmentInputSchema.safeParse({ points, reason: values.reason });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'points' || field === 'reason') form.setError(field, { message: issue.message });
      }
      return;
    }
    if (points < 0 && -points > balance) {
      form.setError('points', { message: t`${plural(balance, { one: 'At most # point can be taken away', other: 'At most # points can be taken away' })}` });
      return;
    }
    save.mutate(parsed.data);
  });

  const errors = form.formState.errors;
  const [pointsError, reasonError] = [errors.points?.message, errors.reason?.message];
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>
              <Trans>Adjust {contactName}’s points</Trans>
            </DialogTitle>
            <DialogDescription>
              {t`${plural(balance, {
                one: 'The balance is # point. An adjustment is a new entry with its reason; the history is never edited.',
                other: 'The balance is # points. An adjustment is a new entry with its reason; the history is never edited.',
              })}`}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="loyalty-direction" label={t`Change`}>
              <NativeSelect id="loyalty-direction" {...form.register('direction')}>
                <option value="add">{t`Add points`}</option>
                <option value="remove">{t`Take points away`}</option>
              </NativeSelect>
            </FormField>
            <FormField id="loyalty-points" label={t`Points`} error={pointsError}>
              <Input {...fieldControlProps('loyalty-points', { error: pointsError })} inputMode="numeric" autoComplete="off" autoFocus {...form.register('points')} />
            </FormField>
          </div>
          <FormField id="loyalty-reason" label={t`Reason`} error={reasonError} hint={t`e.g. “Points missed on a sale last week”`}>
            <Input
              {...fieldControlProps('loyalty-reason', { error: reasonError, hint: t`e.g. “Points missed on a sale last week”` })}
              autoComplete="off"
              maxLength={200}
              {...form.register('reason')}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <InlineSpinner />}
              <Trans>Save adjustment</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
