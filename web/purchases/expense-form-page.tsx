import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EXPENSE_PAID_FROM, expenseInputSchema, type ExpensePaidFrom } from '../../core/purchases/purchases.schemas';
import { useMoney } from '../accounts/use-money';
import { FormField, fieldControlProps } from '../components/form-field';
import { Checkbox } from '../components/ui/checkbox';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { Textarea } from '../components/ui/textarea';
import { LocationSelect, PageHeader } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { failureMessage, type FieldErrors } from '../lib/form-errors';
import { sendIfValid, serverFieldErrors } from '../lib/form-submit';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { todayIn } from './bill-service-form';
import { PAID_FROM_LABELS } from './expense-labels';
import { createExpenseRequest, uploadExpenseReceipt, useRefreshExpenses } from './expenses.api';
import { useOpenShifts } from './orders.api';
import { SupplierSelect } from './order-supplier-select';
import { ExpenseCategorySelect, useReadAmountWithVat } from './purchase-form-parts';
import { FormPageActions } from '../components/form-actions';

const FIELDS = ['categoryId', 'expenseDate', 'description', 'amountMinor', 'vatMinor', 'paidFrom', 'shiftId', 'supplierId', 'reference', 'note', 'attachmentFile'] as const;

type Upload = { state: 'idle' } | { state: 'uploading'; fraction: number; preview: string | null } | { state: 'done'; file: string; preview: string | null; name: string } | { state: 'failed'; message: string };

/** /admin/purchases/expenses/new: an expense with its receipt photo or PDF, uploaded as soon as it is chosen. */
export function ExpenseFormPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  useDocumentTitle(t`New expense`);
  const navigate = useNavigate();
  const { timeZone } = useDateFormat();
  const { symbol } = useMoney();
  const refresh = useRefreshExpenses();
  const readAmountWithVat = useReadAmountWithVat();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [values, setValues] = useState({
    categoryId: '',
    expenseDate: todayIn(timeZone),
    description: '',
    amount: '',
    vat: '',
    vatClaimable: false,
    paidFrom: 'cash' as ExpensePaidFrom,
    locationId: '',
    shiftId: '',
    supplierId: '',
    reference: '',
    note: '',
  });
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const shifts = useOpenShifts(values.paidFrom === 'register_cash' ? values.locationId : '');
  const set = <K extends keyof typeof values>(name: K) => (value: (typeof values)[K]) => setValues((current) => ({ ...current, [name]: value }));
  const preview = upload.state === 'uploading' || upload.state === 'done' ? upload.preview : null;
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const chooseFile = (file: File | undefined) => {
    if (!file) return;
    const previewUrl = file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
    setUpload({ state: 'uploading', fraction: 0, preview: previewUrl });
    uploadExpenseReceipt(file, (fraction) => setUpload({ state: 'uploading', fraction, preview: previewUrl })).then(
      (stored) => setUpload({ state: 'done', file: stored.file, preview: previewUrl, name: file.name }),
      (failure: unknown) => setUpload({ state: 'failed', message: failureMessage(failure, t`The receipt was not uploaded. Try again.`, 'file') }),
    );
  };

  const save = useMutation({
    mutationKey: ['purchases', 'expense'],
    mutationFn: (body: unknown) => createExpenseRequest(body, idempotencyKey),
    onSuccess: async (expense) => {
      await refresh();
      toast.success(t`Expense ${expense.number} recorded`);
      void navigate(`/admin/purchases/expenses/${expense.id}`);
    },
    onError: (failure) => {
      const fromServer = serverFieldErrors(failure, FIELDS);
      if (fromServer) setErrors(fromServer);
      toast.error(t`The expense was not recorded`, { description: failureMessage(failure, t`Try again.`) });
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const amounts = readAmountWithVat(values.amount, values.vat);
    if ('errors' in amounts) {
      setErrors(amounts.errors);
      return;
    }
    const { amountMinor, vatMinor } = amounts;
    if (upload.state === 'uploading') {
      setErrors({ attachmentFile: t`Wait for the receipt to finish uploading` });
      return;
    }
    const body = {
      categoryId: values.categoryId,
      expenseDate: values.expenseDate,
      description: values.description,
      amountMinor,
      vatMinor,
      vatClaimable: values.vatClaimable,
      paidFrom: values.paidFrom,
      shiftId: values.paidFrom === 'register_cash' ? values.shiftId || null : null,
      supplierId: values.supplierId || null,
      reference: values.reference,
      note: values.note,
      attachmentFile: upload.state === 'done' ? upload.file : null,
    };
    sendIfValid(expenseInputSchema, body, setErrors, save.mutate);
  };

  const field = (name: (typeof FIELDS)[number], hint?: string) => fieldControlProps(`expense-${name}`, { error: errors[name], hint });
  const amountHint = symbol ? t`In ${symbol}, VAT included.` : t`VAT included.`;
  const percent = upload.state === 'uploading' ? Math.round(upload.fraction * 100) : 0;

  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={t`New expense`}
        description={
          <Link to="/admin/purchases/expenses" className="underline-offset-4 hover:underline">
            <Trans>← All expenses</Trans>
          </Link>
        }
      />
      <form onSubmit={submit} noValidate className="grid max-w-3xl min-w-0 gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 sm:p-6">
        <FormField id="expense-categoryId" label={t`Category`} error={errors.categoryId}>
          <ExpenseCategorySelect {...field('categoryId')} value={values.categoryId} onChange={(event) => set('categoryId')(event.target.value)} emptyLabel={t`Choose a category`} />
        </FormField>
        <FormField id="expense-expenseDate" label={t`Date`} error={errors.expenseDate}>
          <Input {...field('expenseDate')} type="date" value={values.expenseDate} onChange={(event) => set('expenseDate')(event.target.value)} />
        </FormField>
        <div className="sm:col-span-2">
          <FormField id="expense-description" label={t`What it was for`} error={errors.description}>
            <Input {...field('description')} maxLength={200} value={values.description} onChange={(event) => set('description')(event.target.value)} />
          </FormField>
        </div>
        <FormField id="expense-amountMinor" label={t`Amount`} error={errors.amountMinor} hint={amountHint}>
          <Input {...field('amountMinor', amountHint)} inputMode="decimal" autoComplete="off" value={values.amount} onChange={(event) => set('amount')(event.target.value)} />
        </FormField>
        <div className="grid gap-2">
          <FormField id="expense-vatMinor" label={t`of which VAT (optional)`} error={errors.vatMinor}>
            <Input {...field('vatMinor')} inputMode="decimal" autoComplete="off" value={values.vat} onChange={(event) => set('vat')(event.target.value)} />
          </FormField>
          <div className="flex items-center gap-2">
            <Checkbox id="expense-vatClaimable" checked={values.vatClaimable} onCheckedChange={(checked) => set('vatClaimable')(checked === true)} />
            <Label htmlFor="expense-vatClaimable">
              <Trans>The shop claims this VAT back</Trans>
            </Label>
          </div>
        </div>
        <FormField id="expense-paidFrom" label={t`Paid from`} error={errors.paidFrom}>
          <NativeSelect {...field('paidFrom')} value={values.paidFrom} onChange={(event) => set('paidFrom')(event.target.value as ExpensePaidFrom)}>
            {EXPENSE_PAID_FROM.map((option) => (
              <option key={option} value={option}>
                {i18n._(PAID_FROM_LABELS[option])}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {values.paidFrom === 'register_cash' ? (
          <div className="grid gap-4">
            <FormField id="expense-location" label={t`Location`}>
              <LocationSelect id="expense-location" value={values.locationId} onChange={(locationId) => setValues((current) => ({ ...current, locationId, shiftId: '' }))} allLabel={t`Choose a location`} />
            </FormField>
            <FormField id="expense-shiftId" label={t`Open shift`} error={errors.shiftId}>
              <NativeSelect {...field('shiftId')} value={values.shiftId} onChange={(event) => set('shiftId')(event.target.value)} disabled={values.locationId === '' || shifts.isPending}>
                <option value="">{values.locationId !== '' && shifts.data?.length === 0 ? t`No shift is open here` : t`Choose the shift`}</option>
                {(shifts.data ?? []).map((shift) => (
                  <option key={shift.id} value={shift.id}>
                    {shift.openedByName ? `${shift.registerName} · ${shift.openedByName}` : shift.registerName}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
        ) : (
          <FormField id="expense-reference" label={t`Reference (optional)`} error={errors.reference} hint={t`The M-Pesa code or bank reference.`}>
            <Input {...field('reference', t`The M-Pesa code or bank reference.`)} maxLength={60} autoComplete="off" value={values.reference} onChange={(event) => set('reference')(event.target.value)} />
          </FormField>
        )}
        <FormField id="expense-supplierId" label={t`Supplier (optional)`} error={errors.supplierId}>
          <SupplierSelect {...field('supplierId')} value={values.supplierId} onChange={(supplierId) => set('supplierId')(supplierId)} emptyLabel={t`No supplier`} />
        </FormField>
        <FormField id="expense-note" label={t`Note (optional)`} error={errors.note}>
          <Textarea {...field('note')} rows={2} maxLength={500} value={values.note} onChange={(event) => set('note')(event.target.value)} />
        </FormField>
        <div className="grid gap-2 sm:col-span-2">
          <FormField id="expense-attachmentFile" label={t`Receipt photo or PDF (optional)`} error={upload.state === 'failed' ? upload.message : errors.attachmentFile} hint={t`A photo from the phone's camera works; at most 5 MB.`}>
            <Input
              {...fieldControlProps('expense-attachmentFile', { error: upload.state === 'failed' ? upload.message : errors.attachmentFile, hint: t`A photo from the phone's camera works; at most 5 MB.` })}
              type="file"
              accept="image/jpeg,image/png,image/webp,application/pdf"
              onChange={(event) => chooseFile(event.target.files?.[0])}
            />
          </FormField>
          {upload.state === 'uploading' && (
            <div className="grid gap-1">
              <progress className="h-2 w-full" max={100} value={percent} aria-label={t`Uploading the receipt`} />
              <span className="text-xs text-muted-foreground">
                <Trans>Uploading… {percent}%</Trans>
              </span>
            </div>
          )}
          {upload.state === 'done' && (
            <p role="status" className="text-sm text-muted-foreground">
              <Trans>Receipt uploaded: {upload.name}</Trans>
            </p>
          )}
          {preview && <img src={preview} alt={t`Preview of the receipt`} className="max-h-48 max-w-full rounded-md border object-contain" />}
        </div>
        <FormPageActions cancelTo="/admin/purchases/expenses" pending={save.isPending} disabled={upload.state === 'uploading'} className="flex flex-wrap justify-end gap-2 sm:col-span-2">
          <Trans>Record expense</Trans>
        </FormPageActions>
      </form>
    </div>
  );
}
