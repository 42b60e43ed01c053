import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { expenseInputSchema } from '../../core/purchases/purchases.schemas';
import { parseMoney } from '../../core/settings/money.rules';
import { FormField, fieldControlProps } from '../components/form-field';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { useDateFormat } from '../lib/date-format';
import { failureMessage, type FieldErrors } from '../lib/form-errors';
import { sendIfValid, serverFieldErrors } from '../lib/form-submit';
import { toast } from '../lib/toast';
import { todayIn } from '../purchases/bill-service-form';
import { createExpenseRequest, useRefreshExpenses } from '../purchases/expenses.api';
import { ExpenseCategorySelect } from '../purchases/purchase-form-parts';
import { DialogActions } from '../components/form-actions';

const FIELDS = ['categoryId', 'description', 'amountMinor'] as const;

/**
 * An expense paid in cash from this shift's drawer (a cashier's when the shop allows it): the
 * server records it and the cash out together, so the expected cash drops by it.
 */
export function CashExpenseDialog({ shiftId, onOpenChange }: { shiftId: string; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  const { timeZone } = useDateFormat();
  const refresh = useRefreshExpenses();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [categoryId, setCategoryId] = useState('');
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const save = useMutation({
    mutationKey: ['shifts', 'cash-expense'],
    mutationFn: (body: unknown) => createExpenseRequest(body, idempotencyKey),
    onSuccess: async (expense) => {
      await refresh();
      toast.success(t`Expense ${expense.number} recorded`);
      onOpenChange(false);
    },
    onError: (failure) => {
      const fromServer = serverFieldErrors(failure, FIELDS);
      if (fromServer) setErrors(fromServer);
      toast.error(t`The expense was not recorded`, { description: failureMessage(failure, t`Try again.`) });
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const amountMinor = parseMoney(amount);
    if (amountMinor === null) {
      setErrors({ amountMinor: t`Enter the amount, e.g. 1500 or 1,500.00` });
      return;
    }
    const body = { categoryId, expenseDate: todayIn(timeZone), description, amountMinor, paidFrom: 'register_cash', shiftId };
    sendIfValid(expenseInputSchema, body, setErrors, save.mutate);
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-md">
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>
              <Trans>Record an expense</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>Cash paid from this drawer, such as transport or cleaning supplies.</Trans>
            </DialogDescription>
          </DialogHeader>
          <FormField id="cash-expense-category" label={t`Category`} error={errors.categoryId}>
            <ExpenseCategorySelect
              {...fieldControlProps('cash-expense-category', { error: errors.categoryId })}
              value={categoryId}
              onChange={(event) => setCategoryId(event.target.value)}
              emptyLabel={t`Choose a category`}
            />
          </FormField>
          <FormField id="cash-expense-description" label={t`What it was for`} error={errors.description}>
            <Input {...fieldControlProps('cash-expense-description', { error: errors.description })} maxLength={200} value={description} onChange={(event) => setDescription(event.target.value)} />
          </FormField>
          <FormField id="cash-expense-amount" label={t`Amount`} error={errors.amountMinor}>
            <Input {...fieldControlProps('cash-expense-amount', { error: errors.amountMinor })} inputMode="decimal" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} />
          </FormField>
          <DialogActions onCancel={() => onOpenChange(false)} pending={save.isPending}>
            <Trans>Record expense</Trans>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
