import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2Icon } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { GoodsReceiptInput } from '../../core/purchases/purchases.schemas';
import { useMoney } from '../accounts/use-money';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { Textarea } from '../components/ui/textarea';
import { productLabel } from '../inventory/stock-format';
import { VariantPicker } from '../inventory/variant-picker';
import { isApiError } from '../lib/api-client';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { MoneyField } from '../products/amount-fields';
import { purchaseSettingsQueryKey } from '../purchases/expenses.api';
import { PurchaseLineList, placePurchaseErrors, purchaseTotals, usePurchaseLines, useReadPurchaseLines, useVatRates, type PurchaseLineRowProps } from '../purchases/order-lines';
import { OrderTotals } from '../purchases/order-page';
import { SupplierSelect } from '../purchases/order-supplier-select';
import { createReceiptRequest, useRefreshPurchases } from '../purchases/orders.api';
import { DialogActions } from '../components/form-actions';

type Field = 'supplierId' | 'supplierInvoiceNumber' | 'note';

/** The shift whose drawer pays: the goods arrive at its location. */
export interface PayingShift {
  id: string;
  locationId: string;
  locationName: string;
}

/**
 * Goods bought at the door and paid in cash from this shift's drawer (a cashier's when the shop
 * allows it): one goods receipt, paid now, so stock rises and the expected cash drops together.
 * Costs are typed VAT excluded, as the server takes them; each product's VAT band adds its VAT.
 */
export function CashPurchaseDialog({ shift, onOpenChange }: { shift: PayingShift; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const queryClient = useQueryClient();
  const refresh = useRefreshPurchases();
  const rates = useVatRates();
  const readLines = useReadPurchaseLines();
  const lines = usePurchaseLines();
  const [supplierId, setSupplierId] = useState('');
  const [invoiceNumber, setInvoiceNumber] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [linesError, setLinesError] = useState<string | undefined>();
  // A key per attempt: a retry after a lost answer is recorded once; a refused attempt wrote
  // nothing, so the corrected one gets a new key.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());

  const save = useMutation({
    mutationKey: ['shifts', 'cash-purchase'],
    mutationFn: (body: GoodsReceiptInput) => createReceiptRequest(body, idempotencyKey),
    onSuccess: async (receipt) => {
      await refresh();
      const number = receipt.number;
      const paid = money(receipt.totalMinor);
      toast.success(t`Purchase ${number} recorded: ${paid} paid from the drawer`);
      onOpenChange(false);
    },
    onError: (failure) => {
      if (isApiError(failure) && failure.status >= 400 && failure.status < 500) setIdempotencyKey(crypto.randomUUID());
      // The shop stopped allowing it: the shift page reads the setting again and drops the action.
      if (isApiError(failure) && failure.status === 403) void queryClient.invalidateQueries({ queryKey: purchaseSettingsQueryKey });
      const placed = placePurchaseErrors<Field>(failure, t`Try again.`, lines.lines);
      lines.setLineErrors(placed.lines);
      setErrors({ supplierId: placed.fields.supplierId, supplierInvoiceNumber: placed.fields.supplierInvoiceNumber, note: placed.fields.note });
      toast.error(t`The purchase was not recorded`, { description: failureMessage(failure, t`Try again.`) });
    },
  });

  const locationName = shift.locationName;
  const { read, errors: lineErrors } = readLines(lines.lines);
  const totals = rates && read.length > 0 ? purchaseTotals(read, rates) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(supplierId ? {} : { supplierId: t`Choose a supplier` });
    setLinesError(lines.lines.length === 0 ? t`Add at least one product` : undefined);
    lines.setLineErrors(lineErrors);
    if (!supplierId || lines.lines.length === 0 || Object.keys(lineErrors).length > 0) return;
    save.mutate({
      supplierId,
      locationId: shift.locationId,
      supplierInvoiceNumber: invoiceNumber,
      note,
      lines: read.map(({ line, quantityMilli, unitCostMinor }) => ({ variantId: line.variantId, unitId: line.unitId, quantityMilli, unitCostMinor })),
      payment: { mode: 'paid', method: 'cash', shiftId: shift.id },
    });
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
          <DialogHeader>
            <DialogTitle>
              <Trans>Record a cash purchase</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>Goods bought at the door and paid in cash from this drawer. They are added to the stock at {locationName}.</Trans>
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="cash-purchase-supplier" label={t`Supplier`} error={errors.supplierId}>
              <SupplierSelect
                {...fieldControlProps('cash-purchase-supplier', { error: errors.supplierId })}
                value={supplierId}
                emptyLabel={t`Choose a supplier`}
                onChange={(value) => {
                  setSupplierId(value);
                  setErrors((current) => ({ ...current, supplierId: undefined }));
                }}
              />
            </FormField>
            <FormField id="cash-purchase-invoice" label={t`Supplier invoice number (optional)`} error={errors.supplierInvoiceNumber}>
              <Input
                {...fieldControlProps('cash-purchase-invoice', { error: errors.supplierInvoiceNumber })}
                maxLength={40}
                autoComplete="off"
                value={invoiceNumber}
                onChange={(event) => {
                  setInvoiceNumber(event.target.value);
                  setErrors((current) => ({ ...current, supplierInvoiceNumber: undefined }));
                }}
              />
            </FormField>
          </div>
          <section aria-labelledby="cash-purchase-lines-title" className="grid min-w-0 gap-3">
            <h3 id="cash-purchase-lines-title" className="font-semibold">
              <Trans>What was bought</Trans>
            </h3>
            <VariantPicker
              idPrefix="cash-purchase"
              onPick={(variant, via) => {
                setLinesError(undefined);
                void lines.pick(variant, via);
              }}
              pickLabel={(product) => t`Add ${product}`}
              stockAt={{ locationId: shift.locationId, locationName: shift.locationName }}
            />
            <PurchaseLineList state={lines} error={linesError} row={(props) => <CashPurchaseLine key={props.line.variantId} {...props} />} />
          </section>
          {totals && (
            <div className="grid gap-1">
              <OrderTotals {...totals} />
              <p className="text-right text-xs text-muted-foreground">
                <Trans>VAT is added at each product’s VAT band.</Trans>
              </p>
            </div>
          )}
          <FormField id="cash-purchase-note" label={t`Note (optional)`} error={errors.note}>
            <Textarea {...fieldControlProps('cash-purchase-note', { error: errors.note })} rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
          </FormField>
          <DialogActions onCancel={() => onOpenChange(false)} pending={save.isPending}>
            <Trans>Pay from the drawer</Trans>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** One product bought: how many and what one cost before VAT; the error of the line beneath. */
function CashPurchaseLine({
  line,
  error,
  shouldFocus,
  onChange,
  onRemove,
}: PurchaseLineRowProps) {
  const { t } = useLingui();
  const quantityRef = useRef<HTMLInputElement>(null);
  // Picked by a search: the cursor goes to its quantity (a scanner keeps scanning instead).
  useEffect(() => {
    if (shouldFocus) quantityRef.current?.select();
  }, [shouldFocus]);
  const label = productLabel(line);
  const id = `cash-purchase-line-${line.variantId}`;
  return (
    <li aria-label={label} className="grid min-w-0 gap-3 rounded-lg border bg-card p-3">
      <div className="flex items-start justify-between gap-2">
        <span className="grid min-w-0">
          <span className="font-medium break-words">{label}</span>
          <span className="text-xs text-muted-foreground">{line.sku}</span>
        </span>
        <Button type="button" variant="ghost" size="icon" onClick={onRemove} aria-label={t`Remove ${label}`}>
          <Trash2Icon aria-hidden />
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FormField id={`${id}-quantity`} label={t`Quantity`}>
          <Input
            id={`${id}-quantity`}
            ref={quantityRef}
            aria-label={t`Quantity of ${label}`}
            className="text-right tabular-nums"
            inputMode="decimal"
            autoComplete="off"
            value={line.quantityText}
            onChange={(event) => onChange({ quantityText: event.target.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </FormField>
        <MoneyField id={`${id}-cost`} label={t`Paid per unit, before VAT`} value={line.unitCostMinor} onChange={(value) => onChange({ unitCostMinor: value ?? Number.NaN })} />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </li>
  );
}
