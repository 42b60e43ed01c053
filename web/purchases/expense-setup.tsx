import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { PauseIcon, PencilIcon, PlayIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import type { z } from 'zod';
import { recurringExpenseInputSchema, type recurringExpenseSchema } from '../../core/purchases/purchases.schemas';
import { parseMoney } from '../../core/settings/money.rules';
import { dayValue } from '../accounts/payment-dialog';
import { useMoney } from '../accounts/use-money';
import { FormField, fieldControlProps } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { Skeleton } from '../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { LoadError } from '../inventory/inventory-ui';
import { isApiError } from '../lib/api-client';
import { useDateFormat } from '../lib/date-format';
import { failureMessage, type FieldErrors } from '../lib/form-errors';
import { sendIfValid, serverFieldErrors } from '../lib/form-submit';
import { toast } from '../lib/toast';
import { todayIn } from './bill-service-form';
import { PAID_FROM_LABELS } from './expense-labels';
import { createRecurringExpenseRequest, saveExpenseCategoryRequest, updateRecurringExpenseRequest, useAllExpenseCategories, useRecurringExpenses, useRefreshExpenses } from './expenses.api';
import { ExpenseCategorySelect } from './purchase-form-parts';
import { DialogActions } from '../components/form-actions';

type RecurringExpense = z.infer<typeof recurringExpenseSchema>;

// The expenses tab's set-up: categories (add, rename, retire) and recurring expenses (add, pause).

/** Categories: a retired one stays on the expenses that name it and is no longer offered. */
export function ExpenseCategoriesSection() {
  const { t } = useLingui();
  const categories = useAllExpenseCategories();
  const refresh = useRefreshExpenses();
  const [editing, setEditing] = useState<{ id: string; name: string } | 'new' | null>(null);
  const toggle = useMutation({
    mutationKey: ['purchases', 'expense-category-toggle'],
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => saveExpenseCategoryRequest({ id }, { isActive }),
    onSuccess: () => refresh(),
    onError: (failure) => toast.error(t`The category was not changed`, { description: failureMessage(failure, t`Try again.`) }),
  });
  if (categories.isPending) return <Skeleton className="h-64 w-full" />;
  if (categories.isError) return <LoadError error={categories.error} what={t`the expense categories`} onRetry={() => void categories.refetch()} />;
  return (
    <section aria-labelledby="expense-categories" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="expense-categories" className="text-lg font-semibold">
          <Trans>Expense categories</Trans>
        </h2>
        <Button variant="outline" onClick={() => setEditing('new')}>
          <PlusIcon aria-hidden />
          <Trans>Add category</Trans>
        </Button>
      </div>
      <Table aria-labelledby="expense-categories">
        <TableHeader>
          <TableRow>
            <TableHead>{t`Name`}</TableHead>
            <TableHead className="text-right">{t`Expenses`}</TableHead>
            <TableHead>{t`Status`}</TableHead>
            <TableHead className="text-right">{t`Actions`}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {categories.data.map((category) => (
            <TableRow key={category.id}>
              <TableCell>{category.name}</TableCell>
              <TableCell className="text-right tabular-nums">{category.expenseCount}</TableCell>
              <TableCell>{category.isActive ? <Badge variant="secondary">{t`In use`}</Badge> : <Badge variant="outline">{t`Retired`}</Badge>}</TableCell>
              <TableCell className="text-right whitespace-nowrap">
                <Button variant="ghost" size="sm" onClick={() => setEditing({ id: category.id, name: category.name })} aria-label={t`Rename ${category.name}`}>
                  <PencilIcon aria-hidden />
                </Button>
                <Button variant="ghost" size="sm" disabled={toggle.isPending} onClick={() => toggle.mutate({ id: category.id, isActive: !category.isActive })}>
                  {category.isActive ? t`Retire` : t`Use again`}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {editing && <CategoryDialog category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

function CategoryDialog({ category, onClose }: { category: { id: string; name: string } | null; onClose: () => void }) {
  const { t } = useLingui();
  const refresh = useRefreshExpenses();
  const [name, setName] = useState(category?.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationKey: ['purchases', 'expense-category'],
    mutationFn: () => saveExpenseCategoryRequest(category, { name }),
    onSuccess: async () => {
      await refresh();
      toast.success(t`Category saved`);
      onClose();
    },
    onError: (failure) => {
      setError(isApiError(failure) ? failure.fieldMessage('name') : undefined);
      toast.error(t`The category was not saved`, { description: failureMessage(failure, t`Try again.`) });
    },
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <DialogHeader>
            <DialogTitle>{category ? <Trans>Rename category</Trans> : <Trans>Add category</Trans>}</DialogTitle>
          </DialogHeader>
          <FormField id="expense-category-name" label={t`Name`} error={error}>
            <Input {...fieldControlProps('expense-category-name', { error })} autoFocus maxLength={60} value={name} onChange={(event) => setName(event.target.value)} />
          </FormField>
          <DialogActions onCancel={onClose} pending={save.isPending}>
            <Trans>Save</Trans>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Recurring expenses: the job records each when it falls due; pausing stops it until resumed. */
export function RecurringExpensesSection() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { money } = useMoney();
  const { formatDate } = useDateFormat();
  const recurring = useRecurringExpenses();
  const refresh = useRefreshExpenses();
  const [adding, setAdding] = useState(false);
  const pause = useMutation({
    mutationKey: ['purchases', 'recurring-expense-pause'],
    mutationFn: (item: RecurringExpense) => updateRecurringExpenseRequest(item.id, { isActive: !item.isActive }),
    onSuccess: () => refresh(),
    onError: (failure) => toast.error(t`The recurring expense was not changed`, { description: failureMessage(failure, t`Try again.`) }),
  });
  const schedule = (item: RecurringExpense) => {
    const day = item.dayOfMonth ?? 1;
    return item.frequency === 'monthly' ? t`Monthly on day ${day}` : t`Weekly`;
  };
  if (recurring.isPending) return <Skeleton className="h-64 w-full" />;
  if (recurring.isError) return <LoadError error={recurring.error} what={t`the recurring expenses`} onRetry={() => void recurring.refetch()} />;
  return (
    <section aria-labelledby="recurring-expenses" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-1">
          <h2 id="recurring-expenses" className="text-lg font-semibold">
            <Trans>Recurring expenses</Trans>
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans>Each is recorded by itself on the day it falls due.</Trans>
          </p>
        </div>
        <Button variant="outline" onClick={() => setAdding(true)}>
          <PlusIcon aria-hidden />
          <Trans>Add recurring expense</Trans>
        </Button>
      </div>
      {recurring.data.length === 0 ? (
        <p className="rounded-xl border bg-card p-4 text-sm text-muted-foreground">
          <Trans>No recurring expenses yet: add the rent, for example.</Trans>
        </p>
      ) : (
        <Table aria-labelledby="recurring-expenses">
          <TableHeader>
            <TableRow>
              <TableHead>{t`What for`}</TableHead>
              <TableHead>{t`When`}</TableHead>
              <TableHead>{t`Next`}</TableHead>
              <TableHead className="text-right">{t`Amount`}</TableHead>
              <TableHead className="text-right">{t`Actions`}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {recurring.data.map((item) => (
              <TableRow key={item.id}>
                <TableCell>
                  <span className="grid">
                    {item.description}
                    <span className="text-xs text-muted-foreground">
                      {item.category.name} · {i18n._(PAID_FROM_LABELS[item.paidFrom])}
                    </span>
                  </span>
                </TableCell>
                <TableCell className="whitespace-nowrap">{schedule(item)}</TableCell>
                <TableCell className="whitespace-nowrap">{item.isActive ? formatDate(dayValue(item.nextDate)) : <Badge variant="outline">{t`Paused`}</Badge>}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{money(item.amountMinor)}</TableCell>
                <TableCell className="text-right">
                  <Button variant="ghost" size="sm" disabled={pause.isPending} onClick={() => pause.mutate(item)}>
                    {item.isActive ? <PauseIcon aria-hidden /> : <PlayIcon aria-hidden />}
                    {item.isActive ? t`Pause` : t`Resume`}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {adding && <RecurringExpenseDialog onClose={() => setAdding(false)} />}
    </section>
  );
}

const RECURRING_PAID_FROM = ['cash', 'mpesa', 'bank_transfer', 'owner'] as const;

function RecurringExpenseDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { timeZone } = useDateFormat();
  const refresh = useRefreshExpenses();
  const [values, setValues] = useState({
    categoryId: '',
    description: '',
    amount: '',
    paidFrom: 'bank_transfer' as (typeof RECURRING_PAID_FROM)[number],
    frequency: 'monthly' as 'monthly' | 'weekly',
    dayOfMonth: '1',
    startDate: todayIn(timeZone),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (name: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [name]: value }));
  const save = useMutation({
    mutationKey: ['purchases', 'recurring-expense'],
    mutationFn: createRecurringExpenseRequest,
    onSuccess: async () => {
      await refresh();
      toast.success(t`Recurring expense added`);
      onClose();
    },
    onError: (failure) => {
      const fromServer = serverFieldErrors(failure);
      if (fromServer) setErrors(fromServer);
      toast.error(t`The recurring expense was not added`, { description: failureMessage(failure, t`Try again.`) });
    },
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const amountMinor = parseMoney(values.amount);
    if (amountMinor === null) {
      setErrors({ amountMinor: t`Enter the amount, e.g. 1500 or 1,500.00` });
      return;
    }
    const body = {
      categoryId: values.categoryId,
      description: values.description,
      amountMinor,
      paidFrom: values.paidFrom,
      frequency: values.frequency,
      dayOfMonth: values.frequency === 'monthly' ? Number(values.dayOfMonth) : null,
      startDate: values.startDate,
    };
    sendIfValid(recurringExpenseInputSchema, body, setErrors, save.mutate);
  };
  const field = (name: string) => fieldControlProps(`recurring-${name}`, { error: errors[name] });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <DialogHeader>
            <DialogTitle>
              <Trans>Add recurring expense</Trans>
            </DialogTitle>
          </DialogHeader>
          <FormField id="recurring-categoryId" label={t`Category`} error={errors.categoryId}>
            <ExpenseCategorySelect {...field('categoryId')} value={values.categoryId} onChange={(event) => set('categoryId')(event.target.value)} emptyLabel={t`Choose a category`} />
          </FormField>
          <FormField id="recurring-description" label={t`What it is for`} error={errors.description}>
            <Input {...field('description')} maxLength={200} value={values.description} onChange={(event) => set('description')(event.target.value)} />
          </FormField>
          <FormField id="recurring-amountMinor" label={t`Amount`} error={errors.amountMinor}>
            <Input {...field('amountMinor')} inputMode="decimal" autoComplete="off" value={values.amount} onChange={(event) => set('amount')(event.target.value)} />
          </FormField>
          <FormField id="recurring-paidFrom" label={t`Paid from`} error={errors.paidFrom}>
            <NativeSelect {...field('paidFrom')} value={values.paidFrom} onChange={(event) => set('paidFrom')(event.target.value)}>
              {RECURRING_PAID_FROM.map((option) => (
                <option key={option} value={option}>
                  {i18n._(PAID_FROM_LABELS[option])}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="recurring-frequency" label={t`How often`} error={errors.frequency}>
            <NativeSelect {...field('frequency')} value={values.frequency} onChange={(event) => set('frequency')(event.target.value)}>
              <option value="monthly">{t`Every month`}</option>
              <option value="weekly">{t`Every week`}</option>
            </NativeSelect>
          </FormField>
          {values.frequency === 'monthly' && (
            <FormField id="recurring-dayOfMonth" label={t`Day of the month`} error={errors.dayOfMonth} hint={t`The month's last day when it is shorter.`}>
              <Input {...fieldControlProps('recurring-dayOfMonth', { error: errors.dayOfMonth, hint: t`The month's last day when it is shorter.` })} type="number" min={1} max={31} value={values.dayOfMonth} onChange={(event) => set('dayOfMonth')(event.target.value)} />
            </FormField>
          )}
          <FormField id="recurring-startDate" label={t`Starting`} error={errors.startDate}>
            <Input {...field('startDate')} type="date" value={values.startDate} onChange={(event) => set('startDate')(event.target.value)} />
          </FormField>
          <DialogActions onCancel={onClose} pending={save.isPending}>
            <Trans>Add</Trans>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
