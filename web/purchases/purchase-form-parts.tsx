import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import type { ComponentProps } from 'react';
import { PURCHASE_PAYMENT_METHODS, type PurchasePaymentMethod } from '../../core/purchases/purchases.schemas';
import { parseMoney } from '../../core/settings/money.rules';
import { FormField, fieldControlProps } from '../components/form-field';
import { NativeSelect } from '../components/ui/native-select';
import { LocationSelect } from '../inventory/inventory-ui';
import { isApiError } from '../lib/api-client';
import type { FieldErrors } from '../lib/form-errors';
import { useAllExpenseCategories } from './expenses.api';
import { SupplierSelect } from './order-supplier-select';
import { PAYMENT_METHOD_LABELS } from './purchase-labels';

// What the purchase, expense and cash-drawer forms have in common: reading the server's field
// messages on lines, the amount-with-VAT pair, the category and payment-method selects.

export type FormIssue = { path: readonly PropertyKey[]; message: string };

/** The server's field messages as issues with a path ("lines.2.quantityMilli" → lines, 2, …), or none. */
export const serverIssues = (failure: unknown): FormIssue[] | null =>
  isApiError(failure) && failure.fields ? Object.entries(failure.fields).map(([field, messages]) => ({ path: field.split('.'), message: messages[0] ?? '' })) : null;

/**
 * Each issue beside what it names: one on `listField`.N on the Nth of `rows` (by the row's id),
 * the others on their top-level fields; the first message of each wins.
 */
export function placeIssues(issues: readonly FormIssue[], listField: string, rows: readonly { id: string }[]) {
  const fields: FieldErrors = {};
  const onRows: Record<string, string> = {};
  for (const issue of issues) {
    const [field, index] = issue.path.map(String);
    const row = field === listField && index !== undefined ? rows[Number(index)] : undefined;
    if (row) onRows[row.id] ??= issue.message;
    else if (field !== undefined) fields[field] ??= issue.message;
  }
  return { fields, rows: onRows };
}

/**
 * Reads an amount typed with VAT included and the VAT in it (blank VAT is none): the minor units,
 * or the messages for `amountMinor` and `vatMinor` when either does not read.
 */
export function useReadAmountWithVat() {
  const { t } = useLingui();
  return (amount: string, vat: string): { amountMinor: number; vatMinor: number } | { errors: FieldErrors } => {
    const amountMinor = parseMoney(amount);
    const vatMinor = vat.trim() === '' ? 0 : parseMoney(vat);
    if (amountMinor !== null && vatMinor !== null) return { amountMinor, vatMinor };
    return {
      errors: {
        amountMinor: amountMinor === null ? t`Enter the amount, e.g. 1500 or 1,500.00` : undefined,
        vatMinor: vatMinor === null ? t`Enter the VAT, e.g. 240 or 240.00` : undefined,
      },
    };
  };
}

/** A document's number with the supplier's invoice number beside it when there is one. */
export const withInvoiceNumber = (document: { number: string; supplierInvoiceNumber: string | null }) =>
  document.supplierInvoiceNumber ? `${document.number} · ${document.supplierInvoiceNumber}` : document.number;

/** The shop's expense categories still in use; "" is `emptyLabel`. */
export function ExpenseCategorySelect({ emptyLabel, ...props }: Omit<ComponentProps<typeof NativeSelect>, 'children'> & { emptyLabel: string }) {
  const { t } = useLingui();
  const categories = useAllExpenseCategories();
  return (
    <NativeSelect {...props} disabled={props.disabled || categories.isPending}>
      <option value="">{categories.isPending ? t`Loading categories…` : emptyLabel}</option>
      {(categories.data ?? [])
        .filter((category) => category.isActive)
        .map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
    </NativeSelect>
  );
}

/** How a supplier was paid (or paid back): cash, M-Pesa, bank transfer, cheque. */
export function PaymentMethodSelect({ value, onChange, ...props }: Omit<ComponentProps<typeof NativeSelect>, 'children' | 'value' | 'onChange'> & { value: PurchasePaymentMethod; onChange: (method: PurchasePaymentMethod) => void }) {
  const { i18n } = useLinguiRuntime();
  return (
    <NativeSelect {...props} value={value} onChange={(event) => onChange(event.target.value as PurchasePaymentMethod)}>
      {PURCHASE_PAYMENT_METHODS.map((option) => (
        <option key={option} value={option}>
          {i18n._(PAYMENT_METHOD_LABELS[option])}
        </option>
      ))}
    </NativeSelect>
  );
}

/** An order's or a delivery's supplier and location (ids `${idPrefix}-supplier` and `-location`), each with its error. */
export function SupplierAndLocationFields({
  idPrefix,
  locationLabel,
  supplierId,
  locationId,
  errors,
  onSupplier,
  onLocation,
}: {
  idPrefix: string;
  locationLabel: string;
  supplierId: string;
  locationId: string;
  errors: { supplierId?: string | undefined; locationId?: string | undefined };
  onSupplier: (supplierId: string) => void;
  onLocation: (locationId: string) => void;
}) {
  const { t } = useLingui();
  return (
    <>
      <FormField id={`${idPrefix}-supplier`} label={t`Supplier`} error={errors.supplierId}>
        <SupplierSelect value={supplierId} onChange={onSupplier} emptyLabel={t`Choose a supplier`} {...fieldControlProps(`${idPrefix}-supplier`, { error: errors.supplierId })} />
      </FormField>
      <FormField id={`${idPrefix}-location`} label={locationLabel} error={errors.locationId}>
        <LocationSelect value={locationId} onChange={onLocation} allLabel={t`Choose a location`} {...fieldControlProps(`${idPrefix}-location`, { error: errors.locationId })} />
      </FormField>
    </>
  );
}
