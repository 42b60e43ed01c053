import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { serviceBillInputSchema } from '../../core/purchases/purchases.schemas';
import { useMoney } from '../accounts/use-money';
import { FormField, fieldControlProps } from '../components/form-field';
import { Input } from '../components/ui/input';
import { PageHeader } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { failureMessage, type FieldErrors } from '../lib/form-errors';
import { sendIfValid, serverFieldErrors } from '../lib/form-submit';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { createServiceBillRequest } from './bills.api';
import { useRefreshPurchases } from './orders.api';
import { SupplierSelect } from './order-supplier-select';
import { ExpenseCategorySelect, useReadAmountWithVat } from './purchase-form-parts';
import { FormPageActions } from '../components/form-actions';

const FIELDS = ['supplierId', 'supplierInvoiceNumber', 'billDate', 'dueDate', 'amountMinor', 'vatMinor', 'categoryId', 'description'] as const;

/** Today as YYYY-MM-DD in the shop's time zone (a bill's date is the shop's day, not the device's). */
export function todayIn(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** /admin/purchases/bills/new: a bill for services without stock (a carrier, a fundi), on the supplier's account. */
export function ServiceBillFormPage() {
  const { t } = useLingui();
  useDocumentTitle(t`New bill`);
  const navigate = useNavigate();
  const { timeZone } = useDateFormat();
  const { symbol } = useMoney();
  const refresh = useRefreshPurchases();
  const readAmountWithVat = useReadAmountWithVat();
  // One key per bill being entered, kept across retries: a lost answer cannot record it twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [values, setValues] = useState({
    supplierId: '',
    supplierInvoiceNumber: '',
    billDate: todayIn(timeZone),
    dueDate: '',
    amount: '',
    vat: '',
    categoryId: '',
    description: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (name: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  const save = useMutation({
    mutationKey: ['purchases', 'service-bill'],
    mutationFn: (body: unknown) => createServiceBillRequest(body, idempotencyKey),
    onSuccess: async (bill) => {
      await refresh();
      toast.success(t`Bill ${bill.number} recorded`);
      void navigate(`/admin/purchases/bills/${bill.id}`);
    },
    onError: (failure) => {
      const fromServer = serverFieldErrors(failure, FIELDS);
      if (fromServer) setErrors(fromServer);
      toast.error(t`The bill was not recorded`, { description: failureMessage(failure, t`Try again.`) });
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
    const body = {
      supplierId: values.supplierId,
      supplierInvoiceNumber: values.supplierInvoiceNumber,
      billDate: values.billDate,
      dueDate: values.dueDate || null,
      amountMinor,
      vatMinor,
      categoryId: values.categoryId || null,
      description: values.description,
    };
    sendIfValid(serviceBillInputSchema, body, setErrors, save.mutate);
  };

  const field = (name: (typeof FIELDS)[number], hint?: string) => fieldControlProps(`bill-${name}`, { error: errors[name], hint });
  const dueHint = t`Leave empty to use the supplier's payment terms.`;
  const amountHint = symbol ? t`In ${symbol}, VAT included.` : t`VAT included.`;

  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={t`New bill`}
        description={
          <Link to="/admin/purchases/bills" className="underline-offset-4 hover:underline">
            <Trans>← All bills</Trans>
          </Link>
        }
      />
      <form onSubmit={submit} noValidate className="grid max-w-3xl gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 sm:p-6">
        <p className="text-sm text-muted-foreground sm:col-span-2">
          <Trans>For services without stock, such as transport by a carrier or a repair. Goods received make their bill themselves.</Trans>
        </p>
        <FormField id="bill-supplierId" label={t`Supplier`} error={errors.supplierId}>
          <SupplierSelect {...field('supplierId')} value={values.supplierId} onChange={set('supplierId')} emptyLabel={t`Choose a supplier`} />
        </FormField>
        <FormField id="bill-supplierInvoiceNumber" label={t`Supplier invoice number (optional)`} error={errors.supplierInvoiceNumber}>
          <Input {...field('supplierInvoiceNumber')} maxLength={40} autoComplete="off" value={values.supplierInvoiceNumber} onChange={(event) => set('supplierInvoiceNumber')(event.target.value)} />
        </FormField>
        <FormField id="bill-billDate" label={t`Bill date`} error={errors.billDate}>
          <Input {...field('billDate')} type="date" value={values.billDate} onChange={(event) => set('billDate')(event.target.value)} />
        </FormField>
        <FormField id="bill-dueDate" label={t`Due date (optional)`} error={errors.dueDate} hint={dueHint}>
          <Input {...field('dueDate', dueHint)} type="date" min={values.billDate} value={values.dueDate} onChange={(event) => set('dueDate')(event.target.value)} />
        </FormField>
        <FormField id="bill-amountMinor" label={t`Amount`} error={errors.amountMinor} hint={amountHint}>
          <Input {...field('amountMinor', amountHint)} inputMode="decimal" autoComplete="off" value={values.amount} onChange={(event) => set('amount')(event.target.value)} />
        </FormField>
        <FormField id="bill-vatMinor" label={t`of which VAT (optional)`} error={errors.vatMinor}>
          <Input {...field('vatMinor')} inputMode="decimal" autoComplete="off" value={values.vat} onChange={(event) => set('vat')(event.target.value)} />
        </FormField>
        <FormField id="bill-categoryId" label={t`Category (optional)`} error={errors.categoryId}>
          <ExpenseCategorySelect {...field('categoryId')} value={values.categoryId} onChange={(event) => set('categoryId')(event.target.value)} emptyLabel={t`No category`} />
        </FormField>
        <FormField id="bill-description" label={t`What it was for`} error={errors.description}>
          <Input {...field('description')} maxLength={200} value={values.description} onChange={(event) => set('description')(event.target.value)} />
        </FormField>
        <FormPageActions cancelTo="/admin/purchases/bills" pending={save.isPending} className="flex flex-wrap justify-end gap-2 sm:col-span-2">
          <Trans>Record bill</Trans>
        </FormPageActions>
      </form>
    </div>
  );
}
