import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { PackageSearchIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { productSchema, type Product, type Unit } from '../../core/products/products.schemas';
import type { PurchaseOrder } from '../../core/purchases/purchases.schemas';
import { formatQuantity, lineAmount, parseQuantity, QUANTITY_SCALE } from '../../core/products/quantity.rules';
import { addTax, TAX_CLASSES, type TaxClass } from '../../core/products/tax.rules';
import { FormField } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { useInventorySettings } from '../inventory/inventory.api';
import { productLabel } from '../inventory/stock-format';
import { placeDocumentErrors, readLineQuantity, type PickedVariant } from '../inventory/stock-lines';
import { translateMessage } from '../i18n/translate-message';
import { VariantPicker, type PickerStock } from '../inventory/variant-picker';
import { apiRequest, isApiError } from '../lib/api-client';
import { cn } from '../lib/cn';
import { logger } from '../lib/logger';
import { MoneyField } from '../products/amount-fields';
import { TAX_CLASS_LABELS } from '../products/product-format';
import { productKeys, useProduct, useUnits } from '../products/products.api';
import { useMoney } from '../accounts/use-money';

// The lines of a purchase order or a delivery while they are typed: which item, in which unit
// (its own or a pack of it), how many, at what cost and VAT band. Quantities stay text until sent.

export interface PurchaseLineDraft extends PickedVariant {
  /** A pack unit of the product's unit; null: the product's own unit. */
  unitId: string | null;
  quantityText: string;
  /** Per purchase unit, VAT excluded; NaN while the text is not an amount. */
  unitCostMinor: number;
  /** null: the product's VAT class. */
  taxClass: TaxClass | null;
  /** What one stock unit cost last (the product's cost price): a new unit's cost starts from it. */
  stockUnitCostMinor: number | null;
  /** Receiving against an order: the order's line and what it still expects, in stock units. */
  orderLineId: string | null;
  outstandingStockMilli: number | null;
  batchNumber: string;
  expiryDate: string;
}

/**
 * An order's line as the form edits it, `quantityMilli` in its purchase unit; `receiving` ties it
 * to the order's line and what that still expects.
 */
export const draftLineOf = (line: PurchaseOrder['lines'][number], quantityMilli: number, receiving: boolean): PurchaseLineDraft => ({
  productId: line.productId,
  productName: line.productName,
  variantId: line.variantId,
  variantName: line.variantName,
  sku: line.sku,
  unitId: line.unitId,
  quantityText: formatQuantity(quantityMilli),
  unitCostMinor: line.unitCostMinor,
  taxClass: line.taxClass,
  stockUnitCostMinor: null,
  orderLineId: receiving ? line.id : null,
  outstandingStockMilli: receiving ? line.outstandingStockMilli : null,
  batchNumber: '',
  expiryDate: '',
});

/**
 * A refused save's messages where they belong, in the language on screen: on the lines (by variant
 * id), beside the top-level fields (the shared schema's names, as the form's), else for the form.
 */
export function placePurchaseErrors<Field extends string>(error: unknown, fallback: string, lines: readonly PurchaseLineDraft[]) {
  const placed = placeDocumentErrors(isApiError(error) ? error.message : fallback, isApiError(error) ? error.fields : undefined, lines);
  return {
    lines: Object.fromEntries(Object.entries(placed.lines).map(([variantId, text]) => [variantId, translateMessage(text)])),
    fields: placed.fields as Partial<Record<Field, string>>,
    form: placed.form === null ? undefined : translateMessage(placed.form),
  };
}

/** Stock units in one purchase unit of the line, ×1000 (a crate of 24: 24000). */
export function packSizeOf(unitId: string | null, units: readonly Unit[] | undefined): number {
  if (unitId === null) return QUANTITY_SCALE;
  return units?.find((unit) => unit.id === unitId)?.baseQuantityMilli ?? QUANTITY_SCALE;
}

/** The packs a product may be bought in: units made of its own unit. */
export function packsOf(product: Product | undefined, units: readonly Unit[] | undefined): Unit[] {
  const ownUnitId = product?.unit?.id;
  if (!ownUnitId) return [];
  return (units ?? []).filter((unit) => unit.baseUnitId === ownUnitId && unit.baseQuantityMilli !== null);
}


export interface ReadPurchaseLine {
  line: PurchaseLineDraft;
  quantityMilli: number;
  unitCostMinor: number;
  /** Stock units in one purchase unit, ×1000. */
  packSizeMilli: number;
  /** The line's band, else the product's. */
  taxClass: TaxClass;
}

/**
 * Reads the lines as numbers for sending, from the products and units the rows loaded: the lines
 * that read, and a message (in the current language) by variant id for each that does not.
 */
export function useReadPurchaseLines() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return (lines: readonly PurchaseLineDraft[]) => {
    const units = queryClient.getQueryData<{ items: Unit[] }>(productKeys.units)?.items;
    const read: ReadPurchaseLine[] = [];
    const errors: Record<string, string> = {};
    for (const line of lines) {
      const product = queryClient.getQueryData<Product>(productKeys.detail(line.productId));
      const unit = line.unitId === null ? product?.unit : units?.find((candidate) => candidate.id === line.unitId);
      // Not loaded yet: the server judges the quantity.
      const quantity = readLineQuantity(line.quantityText, product ? (unit?.allowsDecimals ?? false) : true);
      if ('problem' in quantity) errors[line.variantId] = quantity.problem;
      else if (!Number.isSafeInteger(line.unitCostMinor)) errors[line.variantId] = t`Enter the cost`;
      else {
        const taxClass = line.taxClass ?? product?.taxClass ?? 'standard';
        read.push({ line, quantityMilli: quantity.milli, unitCostMinor: line.unitCostMinor, packSizeMilli: packSizeOf(line.unitId, units), taxClass });
      }
    }
    return { read, errors };
  };
}

/** The lines of a purchase form and what changes them; errors are by variant id. */
export function usePurchaseLines(initial: PurchaseLineDraft[] = []) {
  const queryClient = useQueryClient();
  const [lines, setLines] = useState<PurchaseLineDraft[]>(initial);
  const [focusVariantId, setFocusVariantId] = useState<string | null>(null);
  const [lineErrors, setLineErrors] = useState<Record<string, string | undefined>>({});
  const clearError = (variantId: string) => setLineErrors((errors) => ({ ...errors, [variantId]: undefined }));
  return {
    lines,
    setLines,
    focusVariantId,
    lineErrors,
    setLineErrors,
    /** A product joins: a new line of 1 at its cost price, or one more on its line (a second scan). */
    pick: async (variant: PickedVariant, via: 'scan' | 'search') => {
      let stockUnitCostMinor: number | null = null;
      try {
        const product = await queryClient.fetchQuery({
          queryKey: productKeys.detail(variant.productId),
          queryFn: () => apiRequest(`/api/products/${encodeURIComponent(variant.productId)}`, { schema: productSchema }),
        });
        stockUnitCostMinor = product.variants.find((candidate) => candidate.id === variant.variantId)?.costPriceMinor ?? null;
      } catch (error) {
        // The line still joins; its cost is typed.
        logger.warn('The product of a purchase line could not be read', error);
      }
      setLines((current) => {
        const index = current.findIndex((line) => line.variantId === variant.variantId);
        if (index === -1) {
          return [
            ...current,
            {
              ...variant,
              unitId: null,
              quantityText: '1',
              unitCostMinor: stockUnitCostMinor ?? Number.NaN,
              taxClass: null,
              stockUnitCostMinor,
              orderLineId: null,
              outstandingStockMilli: null,
              batchNumber: '',
              expiryDate: '',
            },
          ];
        }
        const quantity = parseQuantity(current[index]!.quantityText) ?? 0;
        return current.map((line, position) => (position === index ? { ...line, quantityText: formatQuantity(quantity + QUANTITY_SCALE) } : line));
      });
      // After a search the cursor goes to the quantity; a scanner keeps scanning.
      setFocusVariantId(via === 'scan' ? null : variant.variantId);
      clearError(variant.variantId);
    },
    change: (variantId: string, change: Partial<PurchaseLineDraft>) => {
      setLines((current) => current.map((line) => (line.variantId === variantId ? { ...line, ...change } : line)));
      clearError(variantId);
    },
    remove: (variantId: string) => {
      setLines((current) => current.filter((line) => line.variantId !== variantId));
      clearError(variantId);
    },
  };
}

export type PurchaseLinesState = ReturnType<typeof usePurchaseLines>;

/** VAT rates of the shop (basis points) by band, for the totals shown while typing. */
export function useVatRates(): Record<TaxClass, number> | null {
  const settings = useInventorySettings();
  if (!settings.data) return null;
  return { standard: settings.data.vatStandardBp, reduced: settings.data.vatReducedBp, zero_rated: 0, exempt: 0 };
}

/**
 * Subtotal, VAT and total of the lines that read, for display only (the server computes what is
 * recorded): each line's subtotal is quantity × unit cost rounded once, its VAT at its band's rate.
 */
export function purchaseTotals(lines: ReadonlyArray<{ quantityMilli: number; unitCostMinor: number; taxClass: TaxClass }>, rates: Record<TaxClass, number>) {
  let subtotalMinor = 0;
  let vatMinor = 0;
  for (const line of lines) {
    const subtotal = lineAmount(line.unitCostMinor, line.quantityMilli);
    subtotalMinor += subtotal;
    vatMinor += addTax(subtotal, rates[line.taxClass]).taxMinor;
  }
  return { subtotalMinor, vatMinor, totalMinor: subtotalMinor + vatMinor };
}

/** Picker, lines and the "nothing yet" hint of an order or a delivery. */
export function PurchaseLinesSection({
  idPrefix,
  state,
  stockAt,
  mode,
  error,
  title,
}: {
  idPrefix: string;
  state: PurchaseLinesState;
  stockAt: PickerStock;
  mode: 'order' | 'receipt';
  error: string | undefined;
  title: string;
}) {
  const { t } = useLingui();
  return (
    <section aria-labelledby={`${idPrefix}-title`} className="grid min-w-0 gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <h3 id={`${idPrefix}-title`} className="font-semibold">
        {title}
      </h3>
      <VariantPicker idPrefix={idPrefix} onPick={(variant, via) => void state.pick(variant, via)} pickLabel={(product) => t`Add ${product}`} stockAt={stockAt} />
      <PurchaseLineList
        state={state}
        error={error}
        row={(props) => <PurchaseLineRow key={props.line.variantId} mode={mode} {...props} />}
      />
    </section>
  );
}

/** What a line row is given: its line, its error, and how to change or remove it. */
export interface PurchaseLineRowProps {
  line: PurchaseLineDraft;
  error: string | undefined;
  shouldFocus: boolean;
  onChange: (change: Partial<PurchaseLineDraft>) => void;
  onRemove: () => void;
}

/** The lines picked so far (each drawn by `row`), or the "nothing yet" hint; then the lines' error. */
export function PurchaseLineList({ state, error, row }: { state: PurchaseLinesState; error: string | undefined; row: (props: PurchaseLineRowProps) => ReactNode }) {
  const { t } = useLingui();
  return (
    <>
      {state.lines.length === 0 ? (
        <div className="flex items-center gap-3 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          <PackageSearchIcon aria-hidden className="size-5 shrink-0" />
          <Trans>Scan a barcode or search for a product to add its line.</Trans>
        </div>
      ) : (
        <ul aria-label={t`Lines`} className="grid gap-2">
          {state.lines.map((line) =>
            row({
              line,
              error: state.lineErrors[line.variantId],
              shouldFocus: state.focusVariantId === line.variantId,
              onChange: (change) => state.change(line.variantId, change),
              onRemove: () => state.remove(line.variantId),
            }),
          )}
        </ul>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </>
  );
}

function PurchaseLineRow({
  mode,
  line,
  error,
  shouldFocus,
  onChange,
  onRemove,
}: PurchaseLineRowProps & { mode: 'order' | 'receipt' }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { money } = useMoney();
  const product = useProduct(line.productId);
  const units = useUnits();
  const quantityRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (shouldFocus) quantityRef.current?.select();
  }, [shouldFocus]);

  const label = productLabel(line);
  const id = `line-${line.variantId}`;
  const packs = packsOf(product.data, units.data);
  const unit = line.unitId === null ? product.data?.unit : packs.find((pack) => pack.id === line.unitId);
  const allowsDecimals = product.isPending ? true : (unit?.allowsDecimals ?? false);
  const quantity = readLineQuantity(line.quantityText, allowsDecimals);
  const problem = error ?? (line.quantityText !== '' && 'problem' in quantity ? quantity.problem : undefined);
  const subtotal = 'milli' in quantity && Number.isSafeInteger(line.unitCostMinor) ? lineAmount(line.unitCostMinor, quantity.milli) : null;
  const productTaxClass = product.data?.taxClass;
  const changeUnit = (unitId: string | null) => {
    const packSizeMilli = packSizeOf(unitId, units.data);
    onChange(line.stockUnitCostMinor === null ? { unitId } : { unitId, unitCostMinor: lineAmount(line.stockUnitCostMinor, packSizeMilli) });
  };
  const outstanding = line.outstandingStockMilli === null ? null : formatQuantity(line.outstandingStockMilli);
  const unitName = product.data?.unit?.name ?? t`Piece`;

  return (
    <li aria-label={label} className={cn('grid min-w-0 gap-3 rounded-lg border bg-card p-3', problem && 'border-destructive/60')}>
      <div className="flex items-start justify-between gap-2">
        <span className="grid min-w-0">
          <span className="font-medium break-words">{label}</span>
          <span className="text-xs text-muted-foreground">
            {line.sku}
            {outstanding !== null && (
              <>
                {' · '}
                <Trans>{outstanding} still expected</Trans>
              </>
            )}
          </span>
        </span>
        <Button type="button" variant="ghost" size="icon" onClick={onRemove} aria-label={t`Remove ${label}`}>
          <Trash2Icon aria-hidden />
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
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
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-error` : undefined}
          />
        </FormField>
        <FormField id={`${id}-unit`} label={t`Unit`}>
          <NativeSelect
            id={`${id}-unit`}
            aria-label={t`Unit of ${label}`}
            value={line.unitId ?? ''}
            disabled={packs.length === 0}
            onChange={(event) => changeUnit(event.target.value || null)}
          >
            <option value="">{unitName}</option>
            {packs.map((pack) => {
              const size = formatQuantity(pack.baseQuantityMilli ?? QUANTITY_SCALE);
              const name = pack.name;
              return (
                <option key={pack.id} value={pack.id}>
                  {t`${name} (${size})`}
                </option>
              );
            })}
          </NativeSelect>
        </FormField>
        <MoneyField
          id={`${id}-cost`}
          label={t`Unit cost`}
          value={line.unitCostMinor}
          onChange={(value) => onChange({ unitCostMinor: value ?? Number.NaN })}
          missingText={t`Enter the cost`}
        />
        <FormField id={`${id}-vat`} label={t`VAT band`}>
          <NativeSelect id={`${id}-vat`} aria-label={t`VAT band of ${label}`} value={line.taxClass ?? ''} onChange={(event) => onChange({ taxClass: (event.target.value || null) as TaxClass | null })}>
            <option value="">{productTaxClass ? t`As the product: ${i18n._(TAX_CLASS_LABELS[productTaxClass])}` : t`As the product`}</option>
            {TAX_CLASSES.map((taxClass) => (
              <option key={taxClass} value={taxClass}>
                {i18n._(TAX_CLASS_LABELS[taxClass])}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      {mode === 'receipt' && product.data?.tracksBatches && (
        <div className="grid grid-cols-2 gap-3">
          <FormField id={`${id}-batch`} label={t`Batch number`}>
            <Input id={`${id}-batch`} maxLength={40} autoComplete="off" value={line.batchNumber} onChange={(event) => onChange({ batchNumber: event.target.value })} />
          </FormField>
          <FormField id={`${id}-expiry`} label={t`Expiry date`}>
            <Input id={`${id}-expiry`} type="date" value={line.expiryDate} onChange={(event) => onChange({ expiryDate: event.target.value })} />
          </FormField>
        </div>
      )}
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        {problem ? (
          <p id={`${id}-error`} role="alert" className="text-destructive">
            {problem}
          </p>
        ) : (
          <span />
        )}
        {subtotal !== null && (
          <span className="text-muted-foreground">
            <Trans>
              Line: <strong className="text-foreground tabular-nums">{money(subtotal)}</strong>
            </Trans>
          </span>
        )}
      </div>
    </li>
  );
}
