import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArchiveIcon, ArchiveRestoreIcon, TagIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { parseMoney } from '../../../core/settings/money.rules';
import { describePriceRounding } from '../../../core/settings/price-rounding.rules';
import { FormField, fieldControlProps } from '../../components/form-field';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { InlineSpinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api-client';
import { useInventorySettings } from '../../inventory/inventory.api';
import { productKeys, useCurrencySymbol } from '../products.api';
import { BILLING_PATH, useBulkOperationsAccess } from './bulk-access';
import { bulkArchiveRequest, bulkPriceRequest, type BulkPriceMode } from './bulk.api';

const PERCENT_PATTERN = /^(\d{1,4})(?:\.(\d{1,2}))?$/;

/** "2.5" → 250 basis points; null for anything else. */
function parsePercentBasisPoints(text: string): number | null {
  const match = PERCENT_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const productCount = (count: number) => `${count.toLocaleString('en-KE')} product${count === 1 ? '' : 's'}`;

/** Bulk actions on the products list's selected rows: change prices, archive, restore. */
export function ProductsBulkActions({ selectedProductIds, onFinished }: { selectedProductIds: string[]; onFinished: () => void }) {
  const access = useBulkOperationsAccess();
  const queryClient = useQueryClient();
  const [isPriceDialogOpen, setPriceDialogOpen] = useState(false);
  const count = selectedProductIds.length;
  // Prices and statuses show on the list and on each product's page.
  const finish = () => {
    void queryClient.invalidateQueries({ queryKey: productKeys.all });
    onFinished();
  };
  const archive = useMutation({
    mutationKey: ['products', 'bulk', 'archive'],
    mutationFn: (archived: boolean) => bulkArchiveRequest({ productIds: selectedProductIds, archived }),
    onSuccess: ({ updated }, archived) => {
      toast.success(`${archived ? 'Archived' : 'Restored'} ${productCount(updated)}`);
      finish();
    },
    onError: (error) => toast.error('Nothing was changed', { description: isApiError(error) ? error.message : 'Please try again.' }),
  });

  if (!access.isAllowedRole) return null;
  if (access.isLocked) {
    return (
      <div className="flex flex-wrap items-center gap-2" data-locked="">
        <Button variant="outline" size="sm" asChild className="opacity-60">
          <Link to={BILLING_PATH} title="Bulk price changes and archiving need a plan with bulk operations">
            <TagIcon aria-hidden />
            Bulk actions
            {access.badge && <Badge variant="accent">{access.badge}</Badge>}
          </Link>
        </Button>
      </div>
    );
  }

  const isDisabled = count === 0 || archive.isPending || access.isLoading;
  return (
    <div role="group" aria-label="Actions on the selected products" className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-muted-foreground" aria-live="polite">
        {count === 0 ? 'Select products for bulk actions' : `${productCount(count)} selected`}
      </span>
      <Button variant="outline" size="sm" disabled={isDisabled} onClick={() => setPriceDialogOpen(true)}>
        <TagIcon aria-hidden />
        Change prices
      </Button>
      <Button variant="outline" size="sm" disabled={isDisabled} onClick={() => archive.mutate(true)}>
        {archive.isPending && archive.variables ? <InlineSpinner /> : <ArchiveIcon aria-hidden />}
        Archive
      </Button>
      <Button variant="outline" size="sm" disabled={isDisabled} onClick={() => archive.mutate(false)}>
        {archive.isPending && !archive.variables ? <InlineSpinner /> : <ArchiveRestoreIcon aria-hidden />}
        Restore
      </Button>
      <BulkPriceDialog
        open={isPriceDialogOpen}
        onOpenChange={setPriceDialogOpen}
        productIds={selectedProductIds}
        onDone={() => {
          setPriceDialogOpen(false);
          finish();
        }}
      />
    </div>
  );
}

type Direction = 'increase' | 'decrease';

function BulkPriceDialog({
  open,
  onOpenChange,
  productIds,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  productIds: string[];
  onDone: () => void;
}) {
  const id = useId();
  const [mode, setMode] = useState<BulkPriceMode>('percent');
  const [direction, setDirection] = useState<Direction>('increase');
  const [valueText, setValueText] = useState('');
  const [error, setError] = useState<string>();
  const rounding = useInventorySettings({ enabled: open });
  const currency = useCurrencySymbol();
  const update = useMutation({
    mutationKey: ['products', 'bulk', 'price'],
    mutationFn: bulkPriceRequest,
    onSuccess: ({ updated }) => {
      toast.success(`Prices changed on ${productCount(updated)}`);
      setValueText('');
      onDone();
    },
    onError: (caught) => setError(isApiError(caught) ? caught.message : 'Changing the prices failed. Please try again.'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const magnitude = mode === 'percent' ? parsePercentBasisPoints(valueText) : parseMoney(valueText);
    if (magnitude === null) {
      setError(mode === 'percent' ? 'Enter a percentage such as 5 or 2.5' : 'Enter an amount such as 120 or 99.50');
      return;
    }
    if (mode !== 'set' && magnitude === 0) {
      setError('Enter a change other than 0');
      return;
    }
    setError(undefined);
    update.mutate({ productIds, mode, value: mode !== 'set' && direction === 'decrease' ? -magnitude : magnitude });
  };

  const valueLabel = mode === 'set' ? 'New price' : mode === 'percent' ? 'By percent' : 'By amount';
  const rounded = rounding.data
    ? `The new price is rounded ${describePriceRounding(rounding.data.priceRoundingStep, currency)} (Settings › Inventory).`
    : 'The new price is rounded as set in Settings › Inventory.';
  const hint =
    mode === 'set'
      ? 'Every variant of the selected products gets this selling price, as typed.'
      : mode === 'percent'
        ? `${rounded} A price may not go below 0.`
        : `Added to or taken off each selling price. ${rounded} A price may not go below 0.`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Change prices</DialogTitle>
            <DialogDescription>
              This changes the selling price of {productCount(productIds.length)}, including all {productIds.length === 1 ? 'its' : 'their'} variants.
            </DialogDescription>
          </DialogHeader>
          <FormField id={`${id}-mode`} label="Change">
            <NativeSelect id={`${id}-mode`} value={mode} onChange={(event) => setMode(event.target.value as BulkPriceMode)}>
              <option value="percent">By a percentage</option>
              <option value="amount">By an amount</option>
              <option value="set">Set one price</option>
            </NativeSelect>
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            {mode !== 'set' && (
              <FormField id={`${id}-direction`} label="Direction">
                <NativeSelect id={`${id}-direction`} value={direction} onChange={(event) => setDirection(event.target.value as Direction)}>
                  <option value="increase">Increase</option>
                  <option value="decrease">Decrease</option>
                </NativeSelect>
              </FormField>
            )}
            <FormField id={`${id}-value`} label={valueLabel} error={error} hint={hint}>
              <Input
                {...fieldControlProps(`${id}-value`, { error, hint })}
                inputMode="decimal"
                autoComplete="off"
                value={valueText}
                onChange={(event) => setValueText(event.target.value)}
                placeholder={mode === 'percent' ? '5' : '120.00'}
              />
            </FormField>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending || productIds.length === 0}>
              {update.isPending && <InlineSpinner />}
              Change {productCount(productIds.length)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
