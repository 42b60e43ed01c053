import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArchiveIcon, ArchiveRestoreIcon, TagIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { parseMoney } from '../../../core/settings/money.rules';
import { describePriceRounding } from '../../../core/settings/price-rounding.rules';
import { FormField, fieldControlProps } from '../../components/form-field';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { InlineSpinner } from '../../components/ui/spinner';
import { translateMessage } from '../../i18n/translate-message';
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

/** Bulk actions on the products list's selected rows: change prices, archive, restore. */
export function ProductsBulkActions({ selectedProductIds, onFinished }: { selectedProductIds: string[]; onFinished: () => void }) {
  const { t } = useLingui();
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
      toast.success(
        archived
          ? t`Archived ${plural(updated, { one: '# product', other: '# products' })}`
          : t`Restored ${plural(updated, { one: '# product', other: '# products' })}`,
      );
      finish();
    },
    onError: (error) => toast.error(t`Nothing was changed`, { description: isApiError(error) ? translateMessage(error.message) : t`Please try again.` }),
  });

  if (!access.mayManageProducts) return null;
  if (access.isLocked) {
    return (
      <div className="flex flex-wrap items-center gap-2" data-locked="">
        <Button variant="outline" size="sm" asChild className="opacity-60">
          <Link to={BILLING_PATH} title={t`Bulk price changes and archiving need a plan with bulk operations`}>
            <TagIcon aria-hidden />
            <Trans>Bulk actions</Trans>
            {access.badge && <Badge variant="accent">{access.badge}</Badge>}
          </Link>
        </Button>
      </div>
    );
  }

  const isDisabled = count === 0 || archive.isPending || access.isLoading;
  return (
    <div role="group" aria-label={t`Actions on the selected products`} className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-muted-foreground" aria-live="polite">
        {count === 0 ? <Trans>Select products for bulk actions</Trans> : <Plural value={count} one="# product selected" other="# products selected" />}
      </span>
      <Button variant="outline" size="sm" disabled={isDisabled} onClick={() => setPriceDialogOpen(true)}>
        <TagIcon aria-hidden />
        <Trans>Change prices</Trans>
      </Button>
      <Button variant="outline" size="sm" disabled={isDisabled} onClick={() => archive.mutate(true)}>
        {archive.isPending && archive.variables ? <InlineSpinner /> : <ArchiveIcon aria-hidden />}
        <Trans>Archive</Trans>
      </Button>
      <Button variant="outline" size="sm" disabled={isDisabled} onClick={() => archive.mutate(false)}>
        {archive.isPending && !archive.variables ? <InlineSpinner /> : <ArchiveRestoreIcon aria-hidden />}
        <Trans>Restore</Trans>
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
  const { t } = useLingui();
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
      toast.success(t`Prices changed on ${plural(updated, { one: '# product', other: '# products' })}`);
      setValueText('');
      onDone();
    },
    onError: (caught) => setError(isApiError(caught) ? caught.message : t`Changing the prices failed. Please try again.`),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const magnitude = mode === 'percent' ? parsePercentBasisPoints(valueText) : parseMoney(valueText);
    if (magnitude === null) {
      setError(mode === 'percent' ? t`Enter a percentage such as 5 or 2.5` : t`Enter an amount such as 120 or 99.50`);
      return;
    }
    if (mode !== 'set' && magnitude === 0) {
      setError(t`Enter a change other than 0`);
      return;
    }
    setError(undefined);
    update.mutate({ productIds, mode, value: mode !== 'set' && direction === 'decrease' ? -magnitude : magnitude });
  };

  const valueLabel = mode === 'set' ? t`New price` : mode === 'percent' ? t`By percent` : t`By amount`;
  const roundingRule = rounding.data ? translateMessage(describePriceRounding(rounding.data.priceRoundingStep, currency)) : null;
  const rounded = roundingRule
    ? t`The new price is rounded ${roundingRule} (Settings › Inventory).`
    : t`The new price is rounded as set in Settings › Inventory.`;
  const hint =
    mode === 'set'
      ? t`Every variant of the selected products gets this selling price, as typed.`
      : mode === 'percent'
        ? t`${rounded} A price may not go below 0.`
        : t`Added to or taken off each selling price. ${rounded} A price may not go below 0.`;
  const selectedCount = productIds.length;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>
              <Trans>Change prices</Trans>
            </DialogTitle>
            <DialogDescription>
              <Plural
                value={selectedCount}
                one="This changes the selling price of # product, including all its variants."
                other="This changes the selling price of # products, including all their variants."
              />
            </DialogDescription>
          </DialogHeader>
          <FormField id={`${id}-mode`} label={t`Change`}>
            <NativeSelect id={`${id}-mode`} value={mode} onChange={(event) => setMode(event.target.value as BulkPriceMode)}>
              <option value="percent">{t`By a percentage`}</option>
              <option value="amount">{t`By an amount`}</option>
              <option value="set">{t`Set one price`}</option>
            </NativeSelect>
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            {mode !== 'set' && (
              <FormField id={`${id}-direction`} label={t`Direction`}>
                <NativeSelect id={`${id}-direction`} value={direction} onChange={(event) => setDirection(event.target.value as Direction)}>
                  <option value="increase">{t`Increase`}</option>
                  <option value="decrease">{t`Decrease`}</option>
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
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={update.isPending || productIds.length === 0}>
              {update.isPending && <InlineSpinner />}
              <Plural value={selectedCount} one="Change # product" other="Change # products" />
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
