import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { PricedLine } from '../../core/sales/pricing.rules';
import type { Discount } from '../../core/sales/sales.schemas';
import type { SellerLimits } from '../../core/sales/seller-limits.rules';
import { formatMoneyPlain, parseMoney } from '../../core/settings/money.rules';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { useMoney } from '../accounts/use-money';
import type { CartLine } from './cart';
import { DiscountFields, DiscountLimitNote, discountText, parseDiscount, type DiscountText } from './discount-fields';

export interface LineChange {
  unitPriceOverrideMinor: number | null;
  discount: Discount | null;
}

/**
 * A line's price and discount. What is over the seller's limits (a lower price, or any change of
 * price without the override permission; a discount above their limit) is kept and asks for a
 * manager's approval before the sale can be paid.
 */
export function LineDialog({
  line,
  priced,
  limits,
  onOpenChange,
  onSave,
}: {
  line: CartLine | null;
  priced: PricedLine | null;
  limits: SellerLimits;
  onOpenChange: (open: boolean) => void;
  onSave: (lineKey: string, change: LineChange) => void;
}) {
  return (
    <Dialog open={line !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">{line && <LineForm line={line} priced={priced} limits={limits} onSave={onSave} onCancel={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  );
}

function LineForm({
  line,
  priced,
  limits,
  onSave,
  onCancel,
}: {
  line: CartLine;
  priced: PricedLine | null;
  limits: SellerLimits;
  onSave: (lineKey: string, change: LineChange) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const { money } = useMoney();
  const [price, setPrice] = useState(line.unitPriceOverrideMinor === null ? '' : formatMoneyPlain(line.unitPriceOverrideMinor));
  const [discount, setDiscount] = useState<DiscountText>(discountText(line.discount));
  const [errors, setErrors] = useState<{ price?: string; discount?: string }>({});
  const listPrice = priced ? money(priced.listPriceMinor) : '';
  const name = [line.catalog.productName, line.catalog.variantName].filter(Boolean).join(' ');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const override = price.trim() ? parseMoney(price) : null;
    const parsedDiscount = parseDiscount(discount);
    const next = {
      price: price.trim() && (override === null || override < 0) ? t`Enter a price such as 150 or 150.50` : undefined,
      discount: parsedDiscount === 'invalid' ? t`Enter a percentage up to 100, or an amount` : undefined,
    };
    setErrors(next);
    if (next.price || next.discount || parsedDiscount === 'invalid') return;
    onSave(line.key, { unitPriceOverrideMinor: override, discount: parsedDiscount });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{name}</DialogTitle>
        <DialogDescription>
          <Trans>List price {listPrice}.</Trans> {limits.mayChangePrice ? <Trans>A lower price needs a manager’s approval.</Trans> : <Trans>Any change of price needs a manager’s approval.</Trans>}{' '}
          <DiscountLimitNote limits={limits} />
        </DialogDescription>
      </DialogHeader>
      <FormField id="line-price" label={t`Price per unit (empty: list price)`} error={errors.price}>
        <Input inputMode="decimal" autoFocus value={price} onChange={(event) => setPrice(event.target.value)} {...fieldControlProps('line-price', { error: errors.price })} />
      </FormField>
      <DiscountFields id="line-discount" label={t`Line discount`} value={discount} onChange={setDiscount} error={errors.discount} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit">
          <Trans>Apply</Trans>
        </Button>
      </DialogFooter>
    </form>
  );
}
