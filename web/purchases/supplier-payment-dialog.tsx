import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { supplierPaymentInputSchema, type PurchasePaymentMethod, type SupplierPayment } from '../../core/purchases/purchases.schemas';
import { formatMoneyPlain, parseMoney } from '../../core/settings/money.rules';
import { dayValue } from '../accounts/payment-dialog';
import { useMoney } from '../accounts/use-money';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Checkbox } from '../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { InlineSpinner } from '../components/ui/spinner';
import { Textarea } from '../components/ui/textarea';
import { useDateFormat } from '../lib/date-format';
import { failureMessage, translateMessage, type FieldErrors } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { useShiftList } from '../shifts/shifts.api';
import { BillStatusBadge } from './bill-status-badge';
import { paySupplierRequest, useSupplierBills } from './bills.api';
import { useRefreshPurchases } from './orders.api';
import { SupplierSelect } from './order-supplier-select';
import { PaymentMethodSelect, placeIssues, serverIssues, withInvoiceNumber, type FormIssue } from './purchase-form-parts';

type Picks = Record<string, { checked: boolean; amount: string }>;

/** A supplier's open bills, oldest first (a supplier rarely has more than a page of them open). */
const OPEN_BILLS_PAGE = 100;

export const supplierAccountPath = (supplierId: string) => `/admin/customers/${encodeURIComponent(supplierId)}`;

/**
 * "Pay supplier": one payment over several of a supplier's bills, the bills picked (each with an
 * amount, the open amount by default; their total fills the payment) or the oldest first; then
 * what it settled. `billId` picks that bill to start with.
 */
export function SupplierPaymentDialog({ open, onClose, supplierId: initialSupplierId = '', billId }: { open: boolean; onClose: () => void; supplierId?: string; billId?: string }) {
  const [paid, setPaid] = useState<SupplierPayment | null>(null);
  // The form starts afresh each time the dialog opens (its content unmounts when closed).
  const close = () => {
    setPaid(null);
    onClose();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        {paid ? (
          <PaymentSettled payment={paid} onClose={close} />
        ) : (
          <PaymentForm initialSupplierId={initialSupplierId} billId={billId} onPaid={setPaid} onCancel={close} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PaymentForm({
  initialSupplierId,
  billId,
  onPaid,
  onCancel,
}: {
  initialSupplierId: string;
  billId: string | undefined;
  onPaid: (payment: SupplierPayment) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { money } = useMoney();
  const { formatDate } = useDateFormat();
  const refresh = useRefreshPurchases();
  const queryClient = useQueryClient();
  // A new key once a payment went through: the next one is another payment; a retry after no answer reuses it.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [supplierId, setSupplierId] = useState(initialSupplierId);
  const [mode, setMode] = useState<'pick' | 'oldest'>('pick');
  const [picks, setPicks] = useState<Picks>({});
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PurchasePaymentMethod>('cash');
  const [reference, setReference] = useState('');
  const [shiftId, setShiftId] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [billErrors, setBillErrors] = useState<Record<string, string>>({});
  const bills = useSupplierBills({ supplierId, sort: 'oldest' }, { enabled: supplierId !== '', pageSize: OPEN_BILLS_PAGE });
  const openBills = (bills.data?.items ?? []).filter((bill) => bill.openMinor > 0);
  const shifts = useShiftList({ status: 'open', page: 1 });
  const pickOf = (id: string) => picks[id] ?? { checked: false, amount: '' };

  const pickedTotal = (next: Picks) => openBills.reduce((sum, bill) => (next[bill.id]?.checked ? sum + (parseMoney(next[bill.id]!.amount) ?? 0) : sum), 0);
  const changePicks = (next: Picks) => {
    setPicks(next);
    const total = pickedTotal(next);
    setAmount(total > 0 ? formatMoneyPlain(total) : '');
  };
  // The bill the dialog was opened for is picked with its open amount once the bills arrive.
  const startingBill = billId ? openBills.find((bill) => bill.id === billId) : undefined;
  if (startingBill && !(startingBill.id in picks)) changePicks({ ...picks, [startingBill.id]: { checked: true, amount: formatMoneyPlain(startingBill.openMinor) } });

  const save = useMutation({
    mutationKey: ['purchases', 'supplier-payment'],
    mutationFn: (body: unknown) => paySupplierRequest(body, idempotencyKey),
    onSuccess: async (payment) => {
      setIdempotencyKey(crypto.randomUUID());
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ['accounts'] })]);
      toast.success(t`Payment ${payment.number} recorded`);
      onPaid(payment);
    },
    onError: (failure) => {
      const issues = serverIssues(failure);
      if (issues) showIssues(issues);
      toast.error(t`The payment was not recorded`, { description: failureMessage(failure, t`Try again.`) });
    },
  });

  /** Each message beside the field it names: a picked bill's on its row, the others on their inputs. */
  function showIssues(issues: readonly FormIssue[]) {
    const placed = placeIssues(
      issues,
      'bills',
      openBills.filter((bill) => pickOf(bill.id).checked),
    );
    setErrors(placed.fields);
    setBillErrors(placed.rows);
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const amountMinor = parseMoney(amount);
    if (amountMinor === null) {
      showIssues([{ path: ['amountMinor'], message: t`Enter the amount paid, e.g. 1500 or 1,500.00` }]);
      return;
    }
    const picked = openBills.filter((bill) => pickOf(bill.id).checked);
    const unreadable = picked.find((bill) => parseMoney(pickOf(bill.id).amount) === null);
    if (mode === 'pick' && unreadable) {
      showIssues([{ path: ['bills', String(picked.indexOf(unreadable))], message: t`Enter an amount for each bill picked` }]);
      return;
    }
    const body = {
      supplierId,
      amountMinor,
      method,
      shiftId: method === 'cash' && shiftId ? shiftId : null,
      reference: method === 'cash' ? null : reference,
      note,
      bills: mode === 'pick' ? picked.map((bill) => ({ billId: bill.id, amountMinor: parseMoney(pickOf(bill.id).amount) ?? 0 })) : null,
    };
    const parsed = supplierPaymentInputSchema.safeParse(body);
    if (!parsed.success) {
      showIssues(parsed.error.issues);
      return;
    }
    setErrors({});
    setBillErrors({});
    save.mutate(body);
  };

  const referenceLabel = method === 'mpesa' ? t`M-Pesa code` : method === 'cheque' ? t`Cheque number` : t`Reference (optional)`;
  const pickedText = money(pickedTotal(picks));
  const openShifts = shifts.data?.items ?? [];

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>
          <Trans>Pay supplier</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>One payment can settle several bills. What is paid beyond the bills stays as a credit with the supplier.</Trans>
        </DialogDescription>
      </DialogHeader>
      <FormField id="payment-supplier" label={t`Supplier`} error={errors.supplierId}>
        <SupplierSelect
          {...fieldControlProps('payment-supplier', { error: errors.supplierId })}
          value={supplierId}
          onChange={(next) => {
            setSupplierId(next);
            changePicks({});
          }}
          emptyLabel={t`Choose a supplier`}
        />
      </FormField>
      {supplierId !== '' && (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">
            <Trans>Bills to settle</Trans>
          </legend>
          <div className="flex flex-wrap gap-4">
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="payment-mode" checked={mode === 'pick'} onChange={() => setMode('pick')} className="size-4 accent-primary" />
              <Trans>The bills I pick</Trans>
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="payment-mode" checked={mode === 'oldest'} onChange={() => setMode('oldest')} className="size-4 accent-primary" />
              <Trans>The oldest bills first</Trans>
            </label>
          </div>
          {bills.isPending ? (
            <p className="text-sm text-muted-foreground">
              <Trans>Loading the open bills…</Trans>
            </p>
          ) : bills.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {failureMessage(bills.error, t`Could not load the open bills.`)}
            </p>
          ) : openBills.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              <Trans>Nothing is owed on this supplier's bills. A payment now stays as a credit with them.</Trans>
            </p>
          ) : (
            <ul aria-label={t`Open bills`} className="grid gap-3 rounded-lg border p-3">
              {openBills.map((bill) => {
                const pick = pickOf(bill.id);
                const openText = money(bill.openMinor);
                const dueText = formatDate(dayValue(bill.dueDate));
                const label = withInvoiceNumber(bill);
                const billError = billErrors[bill.id];
                return (
                  <li key={bill.id} className="grid gap-1">
                    <div className="grid grid-cols-[auto_1fr] items-center gap-2 text-sm sm:grid-cols-[auto_1fr_9rem]">
                      <Checkbox
                        id={`pay-bill-${bill.id}`}
                        checked={mode === 'oldest' ? false : pick.checked}
                        disabled={mode === 'oldest'}
                        onCheckedChange={(checked) =>
                          changePicks({ ...picks, [bill.id]: { checked: checked === true, amount: pick.amount || formatMoneyPlain(bill.openMinor) } })
                        }
                      />
                      <label htmlFor={`pay-bill-${bill.id}`} className="grid min-w-0 gap-0.5">
                        <span className="flex flex-wrap items-center gap-2">
                          <span className="truncate font-medium">{label}</span>
                          <BillStatusBadge status={bill.status} />
                        </span>
                        <span className="text-xs text-muted-foreground">
                          <Trans>
                            {openText} open · due {dueText}
                          </Trans>
                        </span>
                      </label>
                      <Input
                        aria-label={t`Amount for ${bill.number}`}
                        aria-invalid={billError ? true : undefined}
                        className="col-span-2 sm:col-span-1"
                        inputMode="decimal"
                        autoComplete="off"
                        disabled={mode === 'oldest' || !pick.checked}
                        value={mode === 'oldest' ? '' : pick.amount}
                        onChange={(event) => changePicks({ ...picks, [bill.id]: { checked: true, amount: event.target.value } })}
                      />
                    </div>
                    {billError && <p className="text-sm text-destructive">{translateMessage(billError, i18n)}</p>}
                  </li>
                );
              })}
              {mode === 'pick' && (
                <li className="text-right text-sm text-muted-foreground">
                  <Trans>Picked: {pickedText}</Trans>
                </li>
              )}
            </ul>
          )}
          {errors.bills && (
            <p role="alert" className="text-sm text-destructive">
              {translateMessage(errors.bills, i18n)}
            </p>
          )}
        </fieldset>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="payment-amount" label={t`Amount`} error={errors.amountMinor}>
          <Input {...fieldControlProps('payment-amount', { error: errors.amountMinor })} inputMode="decimal" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} />
        </FormField>
        <FormField id="payment-method" label={t`Paid by`} error={errors.method}>
          <PaymentMethodSelect {...fieldControlProps('payment-method', { error: errors.method })} value={method} onChange={setMethod} />
        </FormField>
      </div>
      {method === 'cash' ? (
        <FormField id="payment-shift" label={t`Cash from a drawer (optional)`} error={errors.shiftId}>
          <NativeSelect {...fieldControlProps('payment-shift', { error: errors.shiftId })} value={shiftId} onChange={(event) => setShiftId(event.target.value)}>
            <option value="">{t`Not from a register's drawer`}</option>
            {openShifts.map((shift) => (
              <option key={shift.id} value={shift.id}>
                {`${shift.registerName} · ${shift.locationName}`}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ) : (
        <FormField id="payment-reference" label={referenceLabel} error={errors.reference}>
          <Input
            {...fieldControlProps('payment-reference', { error: errors.reference })}
            autoComplete="off"
            maxLength={60}
            className={method === 'mpesa' ? 'font-mono uppercase' : undefined}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
          />
        </FormField>
      )}
      <FormField id="payment-note" label={t`Note (optional)`} error={errors.note}>
        <Textarea {...fieldControlProps('payment-note', { error: errors.note })} rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
      </FormField>
      <DialogFooter className="flex-wrap items-center gap-2 sm:justify-between">
        {supplierId ? (
          <Link to={supplierAccountPath(supplierId)} className="text-sm text-primary underline-offset-4 hover:underline">
            <Trans>Statement and aging</Trans>
          </Link>
        ) : (
          <span />
        )}
        <div className="flex gap-2">
          <Button type="button" variant="outline" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={save.isPending || supplierId === ''}>
            {save.isPending && <InlineSpinner />}
            <Trans>Record payment</Trans>
          </Button>
        </div>
      </DialogFooter>
    </form>
  );
}

/** What the payment settled, bill by bill, and what stays with the supplier as credit. */
function PaymentSettled({ payment, onClose }: { payment: SupplierPayment; onClose: () => void }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const amountText = money(payment.amountMinor);
  const creditText = money(payment.unallocatedMinor);
  const supplierName = payment.supplier.name;
  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{t`Payment ${payment.number} recorded`}</DialogTitle>
        <DialogDescription>
          <Trans>
            {amountText} paid to {supplierName}.
          </Trans>
        </DialogDescription>
      </DialogHeader>
      <div role="status" aria-label={t`What was settled`} className="grid gap-2 rounded-lg border p-3 text-sm">
        {payment.settled.length === 0 ? (
          <p>
            <Trans>No bill was settled.</Trans>
          </p>
        ) : (
          <ul className="grid gap-1">
            {payment.settled.map((bill) => {
              const settledText = money(bill.amountMinor);
              return (
                <li key={bill.billId} className="flex justify-between gap-3">
                  <Link to={`/admin/purchases/bills/${bill.billId}`} onClick={onClose} className="text-primary underline-offset-4 hover:underline">
                    {bill.number}
                  </Link>
                  <span className="tabular-nums">{settledText}</span>
                </li>
              );
            })}
          </ul>
        )}
        {payment.unallocatedMinor > 0 && (
          <p className="text-muted-foreground">
            <Trans>{creditText} stays as a credit with the supplier.</Trans>
          </p>
        )}
      </div>
      <DialogFooter className="flex-wrap items-center gap-2 sm:justify-between">
        <Link to={supplierAccountPath(payment.supplier.id)} className="text-sm text-primary underline-offset-4 hover:underline">
          <Trans>Statement and aging</Trans>
        </Link>
        <Button type="button" onClick={onClose}>
          <Trans>Done</Trans>
        </Button>
      </DialogFooter>
    </div>
  );
}
