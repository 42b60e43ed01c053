import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { TriangleAlertIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { lineAmount, QUANTITY_SCALE } from '../../core/products/quantity.rules';
import { divideRounded } from '../../core/products/tax.rules';
import { isReceivable } from '../../core/purchases/purchase-order.rules';
import { type GoodsReceiptInput, type PurchaseOrder, type PurchasePaymentMethod } from '../../core/purchases/purchases.schemas';
import { costReceiptLines, LANDED_COST_BASES, type LandedCostBasis } from '../../core/purchases/receipt-costing.rules';
import { useMoney } from '../accounts/use-money';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Checkbox } from '../components/ui/checkbox';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { InlineSpinner } from '../components/ui/spinner';
import { Textarea } from '../components/ui/textarea';
import { translateMessage } from '../i18n/translate-message';
import { DetailSkeleton, LoadError, PageHeader, useDebouncedValue } from '../inventory/inventory-ui';
import { productLabel } from '../inventory/stock-format';
import { isApiError } from '../lib/api-client';
import { useDateFormat } from '../lib/date-format';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { MoneyField } from '../products/amount-fields';
import { useLocations } from '../products/products.api';
import { OrderNotice, OrderTotals } from './order-page';
import { draftLineOf, placePurchaseErrors, PurchaseLinesSection, purchaseTotals, usePurchaseLines, useReadPurchaseLines, useVatRates, type ReadPurchaseLine } from './order-lines';
import { ORDERS_PATH } from './order-status-badge';
import { createReceiptRequest, useInvoiceCheck, useOpenShifts, usePurchaseOrder, useRefreshPurchases } from './orders.api';
import { PaymentMethodSelect, SupplierAndLocationFields } from './purchase-form-parts';
import { LANDED_COST_BASIS_LABELS } from './purchase-labels';

type ReceiptField = 'supplierId' | 'locationId' | 'supplierInvoiceNumber' | 'supplierInvoiceDate' | 'landedCostMinor' | 'payment' | 'note';
type PaymentMode = 'on_account' | 'paid';

/** What is still to come on each open line of the order, in the line's own purchase unit. */
const outstandingLinesOf = (order: PurchaseOrder) =>
  order.lines.filter((line) => line.outstandingStockMilli > 0).map((line) => draftLineOf(line, divideRounded(line.outstandingStockMilli * QUANTITY_SCALE, line.packSizeMilli), true));

/** Stock units a read line brings in (a crate of 24 counted as 24). */
const stockMilliOf = (line: ReadPurchaseLine) => lineAmount(line.packSizeMilli, line.quantityMilli);

/** /admin/purchases/receipts/new (?orderId= to receive against an order): what arrived, what it cost, how it is paid. */
export function ReceiptFormPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Receive goods`);
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('orderId') ?? '';
  const order = usePurchaseOrder(orderId, { enabled: orderId !== '' });
  if (!orderId) return <ReceiptForm order={null} />;
  if (order.isPending) return <DetailSkeleton label={t`Loading the order`} />;
  if (order.isError) return <LoadError error={order.error} what={t`the order`} onRetry={() => void order.refetch()} />;
  if (!isReceivable(order.data.status)) {
    const number = order.data.number;
    return (
      <OrderNotice orderId={orderId}>
        <Trans>Order {number} expects no more goods.</Trans>
      </OrderNotice>
    );
  }
  return <ReceiptForm order={order.data} />;
}

function ReceiptForm({ order }: { order: PurchaseOrder | null }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const navigate = useNavigate();
  const refresh = useRefreshPurchases();
  const rates = useVatRates();
  const locations = useLocations();
  const { money } = useMoney();
  const { formatDateTime } = useDateFormat();
  const defaultLocationId = locations.data?.find((location) => location.isDefault)?.id ?? '';
  const [supplierId, setSupplierId] = useState(order?.supplier.id ?? '');
  const [chosenLocationId, setLocationId] = useState<string | null>(order?.location.id ?? null);
  const locationId = chosenLocationId ?? defaultLocationId;
  const [invoiceNumber, setInvoiceNumber] = useState('');
  const [invoiceDate, setInvoiceDate] = useState('');
  const [landedCostMinor, setLandedCost] = useState<number | null>(null);
  const [basis, setBasis] = useState<LandedCostBasis>('value');
  const [note, setNote] = useState('');
  const [mode, setMode] = useState<PaymentMode>('on_account');
  const [dueDate, setDueDate] = useState('');
  const [method, setMethod] = useState<PurchasePaymentMethod>('cash');
  const [shiftId, setShiftId] = useState('');
  const [reference, setReference] = useState('');
  const [confirmDuplicate, setConfirmDuplicate] = useState(false);
  const [confirmOver, setConfirmOver] = useState(false);
  const [serverAsksOver, setServerAsksOver] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<ReceiptField, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const lines = usePurchaseLines(order ? outstandingLinesOf(order) : []);
  const readLines = useReadPurchaseLines();
  const duplicate = useInvoiceCheck(supplierId, useDebouncedValue(invoiceNumber));
  const shifts = useOpenShifts(mode === 'paid' && method === 'cash' ? locationId : '');
  // A key per attempt: a retry after a lost answer sends the same one and is recorded once; a
  // refused attempt recorded nothing, so the corrected one gets a new key.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());

  const save = useMutation({
    mutationKey: ['purchases', 'receipts', 'create'],
    mutationFn: (body: GoodsReceiptInput) => createReceiptRequest(body, idempotencyKey),
    onSuccess: async (receipt) => {
      await refresh();
      const number = receipt.number;
      toast.success(t`Goods received: ${number}`);
      void navigate(`/admin/purchases/receipts/${receipt.id}`);
    },
    onError: (error) => {
      if (isApiError(error) && error.status >= 400 && error.status < 500) setIdempotencyKey(crypto.randomUUID());
      const fields = isApiError(error) ? error.fields : undefined;
      if (isApiError(error) && error.status === 409) {
        if (fields?.supplierInvoiceNumber) void duplicate.refetch();
        if (Object.keys(fields ?? {}).some((key) => key.startsWith('lines'))) setServerAsksOver(true);
      }
      const placed = placePurchaseErrors<ReceiptField>(error, t`The goods were not received. Try again.`, lines.lines);
      lines.setLineErrors(placed.lines);
      setErrors(placed.fields);
      setFormError(placed.form);
    },
  });

  const { read, errors: lineErrors } = readLines(lines.lines);
  const totals = rates ? purchaseTotals(read, rates) : null;
  const overLines = read.filter((line) => line.line.outstandingStockMilli !== null && stockMilliOf(line) > line.line.outstandingStockMilli);
  const needsOverConfirm = overLines.length > 0 || serverAsksOver;
  // Blank is none; a mistyped amount is null until it reads.
  const landed = landedCostMinor === null ? 0 : Number.isSafeInteger(landedCostMinor) ? landedCostMinor : null;
  const costable = read.filter((line) => stockMilliOf(line) > 0);
  const costs = landed !== null && costable.length > 0 ? costReceiptLines(costable.map((line) => ({ invoicedMinor: lineAmount(line.unitCostMinor, line.quantityMilli), stockQuantityMilli: stockMilliOf(line) })), landed, basis) : null;

  const clear = (field: ReceiptField) => {
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(undefined);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fieldErrors: Partial<Record<ReceiptField, string>> = {};
    if (!supplierId) fieldErrors.supplierId = t`Choose a supplier`;
    if (!locationId) fieldErrors.locationId = t`Choose where the goods arrived`;
    if (landed === null) fieldErrors.landedCostMinor = t`Enter an amount like 120 or 120.50`;
    if (mode === 'paid' && method === 'mpesa' && !reference.trim()) fieldErrors.payment = t`Enter the M-Pesa transaction code`;
    setErrors(fieldErrors);
    lines.setLineErrors(lineErrors);
    const missingConfirm = (needsOverConfirm && !confirmOver) || (duplicate.data && !confirmDuplicate);
    setFormError(lines.lines.length === 0 ? t`Add at least one product` : missingConfirm ? t`Confirm the warnings above to receive the goods` : undefined);
    if (Object.keys(fieldErrors).length > 0 || Object.keys(lineErrors).length > 0 || lines.lines.length === 0 || missingConfirm) return;
    save.mutate({
      supplierId,
      locationId,
      orderId: order?.id ?? null,
      supplierInvoiceNumber: invoiceNumber,
      supplierInvoiceDate: invoiceDate || null,
      confirmDuplicateInvoice: confirmDuplicate,
      confirmOverReceipt: confirmOver,
      landedCostMinor: landed ?? 0,
      landedCostBasis: basis,
      note,
      lines: read.map(({ line, quantityMilli, unitCostMinor }) => ({
        variantId: line.variantId,
        orderLineId: line.orderLineId,
        unitId: line.unitId,
        quantityMilli,
        unitCostMinor,
        taxClass: line.taxClass,
        batchNumber: line.batchNumber,
        expiryDate: line.expiryDate || null,
      })),
      payment: mode === 'on_account' ? { mode, dueDate: dueDate || null } : { mode, method, shiftId: method === 'cash' && shiftId ? shiftId : null, reference },
    });
  };

  const orderNumber = order?.number ?? '';
  const supplierName = order?.supplier.name ?? '';
  const locationName = order?.location.name ?? '';
  const duplicateNumber = duplicate.data?.number ?? '';
  const duplicateWhen = duplicate.data ? formatDateTime(duplicate.data.receivedAt) : '';
  return (
    <form onSubmit={submit} noValidate aria-labelledby="receipt-form-title" className="grid min-w-0 gap-4">
      <PageHeader
        titleId="receipt-form-title"
        title={order ? t`Receive against ${orderNumber}` : t`Receive goods`}
        description={order ? t`The lines still expected are filled in: change the counts to what arrived.` : t`Goods delivered without an order: the van at the door.`}
      />
      <section className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 sm:p-6">
        {order ? (
          <p className="text-sm sm:col-span-2">
            <Trans>
              From <strong>{supplierName}</strong> at <strong>{locationName}</strong>
            </Trans>
          </p>
        ) : (
          <>
            <SupplierAndLocationFields
              idPrefix="receipt"
              locationLabel={t`Arrived at`}
              supplierId={supplierId}
              locationId={locationId}
              errors={errors}
              onSupplier={(value) => {
                setSupplierId(value);
                clear('supplierId');
              }}
              onLocation={(value) => {
                setLocationId(value);
                clear('locationId');
              }}
            />
          </>
        )}
        <FormField id="receipt-invoice" label={t`Supplier invoice number`} error={errors.supplierInvoiceNumber}>
          <Input
            {...fieldControlProps('receipt-invoice', { error: errors.supplierInvoiceNumber })}
            maxLength={40}
            autoComplete="off"
            value={invoiceNumber}
            onChange={(event) => {
              setInvoiceNumber(event.target.value);
              setConfirmDuplicate(false);
              clear('supplierInvoiceNumber');
            }}
          />
        </FormField>
        <FormField id="receipt-invoice-date" label={t`Invoice date`} error={errors.supplierInvoiceDate}>
          <Input {...fieldControlProps('receipt-invoice-date', { error: errors.supplierInvoiceDate })} type="date" value={invoiceDate} onChange={(event) => setInvoiceDate(event.target.value)} />
        </FormField>
        {duplicate.data && (
          <div role="alert" className="grid gap-2 rounded-lg border border-amber-500/60 bg-amber-50 p-3 text-sm sm:col-span-2 dark:bg-amber-950/30">
            <p className="flex items-start gap-2">
              <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
              <Trans>
                This invoice was already recorded on{' '}
                <Link to={`/admin/purchases/receipts/${duplicate.data.id}`} className="font-medium underline-offset-4 hover:underline">
                  {duplicateNumber}
                </Link>{' '}
                ({duplicateWhen}).
              </Trans>
            </p>
            <Label className="flex items-center gap-2 font-normal">
              <Checkbox checked={confirmDuplicate} onCheckedChange={(checked) => setConfirmDuplicate(checked === true)} />
              <Trans>Record it again anyway</Trans>
            </Label>
          </div>
        )}
      </section>
      <PurchaseLinesSection
        idPrefix="receipt-lines"
        title={t`What arrived`}
        mode="receipt"
        state={lines}
        stockAt={locationId ? { locationId, locationName: locations.data?.find((location) => location.id === locationId)?.name } : null}
        error={undefined}
      />
      {needsOverConfirm && (
        <div role="alert" className="grid gap-2 rounded-lg border border-amber-500/60 bg-amber-50 p-3 text-sm dark:bg-amber-950/30">
          <p className="flex items-start gap-2">
            <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
            <Trans>More than the order still expects is being received.</Trans>
          </p>
          <Label className="flex items-center gap-2 font-normal">
            <Checkbox checked={confirmOver} onCheckedChange={(checked) => setConfirmOver(checked === true)} />
            <Trans>Receive more than was ordered</Trans>
          </Label>
        </div>
      )}
      <section aria-labelledby="receipt-costs" className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 sm:p-6">
        <h3 id="receipt-costs" className="font-semibold sm:col-span-2">
          <Trans>Landed costs</Trans>
        </h3>
        <MoneyField
          id="receipt-landed"
          label={t`Transport and loading (optional)`}
          value={landedCostMinor}
          optional
          error={errors.landedCostMinor}
          onChange={(value) => {
            setLandedCost(value);
            clear('landedCostMinor');
          }}
        />
        <FormField id="receipt-basis" label={t`Share them`}>
          <NativeSelect id="receipt-basis" value={basis} onChange={(event) => setBasis(event.target.value as LandedCostBasis)}>
            {LANDED_COST_BASES.map((option) => (
              <option key={option} value={option}>
                {i18n._(LANDED_COST_BASIS_LABELS[option])}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {costs && (landed ?? 0) > 0 && (
          <ul aria-label={t`Cost per unit with landed costs`} className="grid gap-1 text-sm sm:col-span-2">
            {costable.map((line, index) => {
              const cost = money(costs[index]!.unitCostMinor);
              const share = money(costs[index]!.landedShareMinor);
              return (
                <li key={line.line.variantId} className="flex flex-wrap justify-between gap-2">
                  <span>{productLabel(line.line)}</span>
                  <span className="text-muted-foreground tabular-nums">{t`+${share} landed · ${cost} a unit`}</span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {totals && <OrderTotals {...totals} />}
      <section aria-labelledby="receipt-payment" className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 sm:p-6">
        <h3 id="receipt-payment" className="font-semibold sm:col-span-2">
          <Trans>Payment</Trans>
        </h3>
        <fieldset className="grid gap-2 sm:col-span-2">
          <legend className="sr-only">{t`How it is paid`}</legend>
          {(['on_account', 'paid'] as const).map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm">
              <input type="radio" name="receipt-payment-mode" checked={mode === option} onChange={() => setMode(option)} className="size-4 accent-primary" />
              {option === 'on_account' ? t`On account: a bill to pay later` : t`Paid now`}
            </label>
          ))}
        </fieldset>
        {mode === 'on_account' ? (
          <FormField id="receipt-due" label={t`Due date (optional)`} hint={t`Blank: from the supplier's payment terms`}>
            <Input {...fieldControlProps('receipt-due', { hint: t`Blank: from the supplier's payment terms` })} type="date" value={dueDate} onChange={(event) => setDueDate(event.target.value)} />
          </FormField>
        ) : (
          <>
            <FormField id="receipt-method" label={t`Paid by`}>
              <PaymentMethodSelect id="receipt-method" value={method} onChange={setMethod} />
            </FormField>
            {method === 'cash' ? (
              <FormField id="receipt-shift" label={t`Cash from`}>
                <NativeSelect id="receipt-shift" value={shiftId} onChange={(event) => setShiftId(event.target.value)}>
                  <option value="">{t`Cash in hand (not a register)`}</option>
                  {(shifts.data ?? []).map((shift) => {
                    const register = shift.registerName;
                    return (
                      <option key={shift.id} value={shift.id}>
                        {t`The drawer of ${register}`}
                      </option>
                    );
                  })}
                </NativeSelect>
              </FormField>
            ) : (
              <FormField id="receipt-reference" label={method === 'mpesa' ? t`M-Pesa code` : t`Reference (optional)`} error={errors.payment}>
                <Input
                  {...fieldControlProps('receipt-reference', { error: errors.payment })}
                  maxLength={60}
                  autoComplete="off"
                  value={reference}
                  onChange={(event) => {
                    setReference(event.target.value);
                    clear('payment');
                  }}
                />
              </FormField>
            )}
          </>
        )}
        {errors.payment && (mode === 'on_account' || method === 'cash') && (
          <p role="alert" className="text-sm text-destructive sm:col-span-2">
            {translateMessage(errors.payment)}
          </p>
        )}
        <div className="sm:col-span-2">
          <FormField id="receipt-note" label={t`Note (optional)`} error={errors.note}>
            <Textarea {...fieldControlProps('receipt-note', { error: errors.note })} rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
          </FormField>
        </div>
      </section>
      {formError && (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" asChild>
          <Link to={order ? `${ORDERS_PATH}/${order.id}` : '/admin/purchases/receipts'}>
            <Trans>Cancel</Trans>
          </Link>
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <InlineSpinner />}
          <Trans>Receive goods</Trans>
        </Button>
      </div>
    </form>
  );
}
