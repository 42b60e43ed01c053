import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { MinusIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { Product } from '../../core/products/products.schemas';
import { formatQuantity } from '../../core/products/quantity.rules';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { Skeleton } from '../components/ui/skeleton';
import { cn } from '../lib/cn';
import { productKeys, useProduct } from '../products/products.api';
import { productLabel } from './stock-format';
import { readLineQuantity, type StockDirection, type StockLine } from './stock-lines';

/** Whether a product may be counted in fractions (kg, litres): its unit says so; pieces are whole. */
export function allowsDecimals(product: Product | undefined): boolean {
  return product?.unit?.allowsDecimals ?? false;
}

/** Reads the units of the lines' products from the cache the rows filled, for checking the form on submit. */
export function useLineUnits() {
  const queryClient = useQueryClient();
  return (productId: string) => {
    const product = queryClient.getQueryData<Product>(productKeys.detail(productId));
    // Not loaded yet: let the server judge the quantity.
    return product ? allowsDecimals(product) : true;
  };
}

/**
 * The lines of an adjustment (signed: remove or add) or a transfer (what leaves the source), each
 * with the stock on hand at the chosen location and the figure after the change.
 */
export function StockLineList({
  mode,
  lines,
  locationId,
  locationName,
  errors,
  focusVariantId,
  onChange,
  onRemove,
}: {
  mode: 'adjust' | 'transfer';
  lines: StockLine[];
  locationId: string;
  locationName: string | undefined;
  errors: Record<string, string | undefined>;
  /** The line to put the cursor in (a product just added by search). */
  focusVariantId: string | null;
  onChange: (variantId: string, change: Partial<Pick<StockLine, 'quantityText' | 'direction'>>) => void;
  onRemove: (variantId: string) => void;
}) {
  const { t } = useLingui();
  return (
    <ul aria-label={t`Lines`} className="grid gap-2">
      {lines.map((line) => (
        <StockLineRow
          key={line.variantId}
          mode={mode}
          line={line}
          locationId={locationId}
          locationName={locationName}
          error={errors[line.variantId]}
          shouldFocus={focusVariantId === line.variantId}
          onChange={(change) => onChange(line.variantId, change)}
          onRemove={() => onRemove(line.variantId)}
        />
      ))}
    </ul>
  );
}

function StockLineRow({
  mode,
  line,
  locationId,
  locationName,
  error,
  shouldFocus,
  onChange,
  onRemove,
}: {
  mode: 'adjust' | 'transfer';
  line: StockLine;
  locationId: string;
  locationName: string | undefined;
  error: string | undefined;
  shouldFocus: boolean;
  onChange: (change: Partial<Pick<StockLine, 'quantityText' | 'direction'>>) => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const product = useProduct(line.productId);
  const quantityRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (shouldFocus) quantityRef.current?.select();
  }, [shouldFocus]);

  const label = productLabel(line);
  const inputId = `line-${line.variantId}`;
  const onHand = locationId ? product.data?.variants.find((variant) => variant.id === line.variantId)?.stock.find((stock) => stock.locationId === locationId)?.onHandMilli ?? 0 : null;
  const quantity = readLineQuantity(line.quantityText, product.data ? allowsDecimals(product.data) : true);
  const problem = error ?? (line.quantityText !== '' && 'problem' in quantity ? quantity.problem : undefined);
  const sign = mode === 'transfer' || line.direction === 'remove' ? -1 : 1;
  const after = onHand !== null && 'milli' in quantity ? onHand + sign * quantity.milli : null;
  const onHandText = onHand === null ? '' : formatQuantity(onHand);
  const afterText = after === null ? '' : formatQuantity(after);
  const afterClass = cn('tabular-nums', after !== null && after < 0 && 'text-destructive');
  const quantityLabel =
    mode === 'transfer' ? t`Quantity to send of ${label}` : line.direction === 'remove' ? t`Quantity to remove of ${label}` : t`Quantity to add of ${label}`;

  return (
    <li aria-label={label} className={cn('grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center', problem && 'border-destructive/60')}>
      <div className="grid min-w-0 gap-1">
        <span className="font-medium break-words">{label}</span>
        <span className="text-xs text-muted-foreground">{line.sku}</span>
        <span className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {onHand === null ? (
            <span className="text-muted-foreground">
              <Trans>Choose a location to see the stock</Trans>
            </span>
          ) : product.isPending ? (
            <Skeleton className="h-4 w-40" />
          ) : (
            <>
              <span>
                {locationName ? (
                  <Trans>
                    On hand at {locationName}: <strong className="tabular-nums">{onHandText}</strong>
                  </Trans>
                ) : (
                  <Trans>
                    On hand: <strong className="tabular-nums">{onHandText}</strong>
                  </Trans>
                )}
              </span>
              {after !== null && (
                <span>
                  {mode === 'transfer' ? (
                    <Trans>
                      Left after sending: <strong className={afterClass}>{afterText}</strong>
                    </Trans>
                  ) : (
                    <Trans>
                      New figure: <strong className={afterClass}>{afterText}</strong>
                    </Trans>
                  )}
                </span>
              )}
            </>
          )}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {mode === 'adjust' && <DirectionToggle label={label} direction={line.direction} onChange={(direction) => onChange({ direction })} />}
        <label htmlFor={inputId} className="sr-only">
          {quantityLabel}
        </label>
        <Input
          id={inputId}
          ref={quantityRef}
          className="w-24 text-right tabular-nums"
          inputMode="decimal"
          autoComplete="off"
          value={line.quantityText}
          onChange={(event) => onChange({ quantityText: event.target.value })}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-error` : undefined}
        />
        <span className="w-10 text-sm text-muted-foreground">{product.data?.unit?.shortName ?? 'pc'}</span>
        <Button type="button" variant="ghost" size="icon" onClick={onRemove} aria-label={t`Remove ${label}`}>
          <Trash2Icon aria-hidden />
        </Button>
      </div>
      {problem && (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-destructive sm:col-span-2">
          {problem}
        </p>
      )}
    </li>
  );
}

/** "Remove stock" / "Add stock" for one line, as two pressed/unpressed buttons. */
function DirectionToggle({ label, direction, onChange }: { label: string; direction: StockDirection; onChange: (direction: StockDirection) => void }) {
  const { t } = useLingui();
  const option = (value: StockDirection, text: string, Icon: typeof MinusIcon) => (
    <button
      type="button"
      aria-pressed={direction === value}
      onClick={() => onChange(value)}
      className={cn(
        'inline-flex h-8 items-center gap-1 rounded-md px-2.5 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        direction === value ? (value === 'remove' ? 'bg-destructive text-destructive-foreground' : 'bg-primary text-primary-foreground') : 'text-muted-foreground hover:bg-accent',
      )}
    >
      <Icon aria-hidden className="size-3.5" />
      {text}
    </button>
  );
  return (
    <div role="group" aria-label={t`Change for ${label}`} className="inline-flex gap-1 rounded-lg border p-0.5">
      {option('remove', t`Remove stock`, MinusIcon)}
      {option('add', t`Add stock`, PlusIcon)}
    </div>
  );
}
