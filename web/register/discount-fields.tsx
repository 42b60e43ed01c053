import { Trans, useLingui } from '@lingui/react/macro';
import type { Discount } from '../../core/sales/sales.schemas';
import type { SellerLimits } from '../../core/sales/seller-limits.rules';
import { formatMoneyPlain, parseMoney } from '../../core/settings/money.rules';
import { FormField, fieldControlProps } from '../components/form-field';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';

// A discount as the cashier types it: a percentage (12.5) or an amount (150.00), none when empty.

export interface DiscountText {
  type: Discount['type'];
  value: string;
}

export function discountText(discount: Discount | null): DiscountText {
  if (!discount) return { type: 'percent', value: '' };
  return discount.type === 'percent' ? { type: 'percent', value: String(discount.bps / 100) } : { type: 'amount', value: formatMoneyPlain(discount.amountMinor) };
}

/** The discount typed, null for none, or 'invalid'. */
export function parseDiscount(text: DiscountText): Discount | null | 'invalid' {
  if (!text.value.trim()) return null;
  if (text.type === 'percent') {
    const percent = Number(text.value.trim().replace(',', '.'));
    const bps = Math.round(percent * 100);
    if (!Number.isFinite(percent) || bps <= 0 || bps > 10_000 || Math.abs(percent * 100 - bps) > 1e-6) return 'invalid';
    return { type: 'percent', bps };
  }
  const amountMinor = parseMoney(text.value);
  return amountMinor === null || amountMinor <= 0 ? 'invalid' : { type: 'amount', amountMinor };
}

/** What the seller's discount limit means at the till (the checkout judges by the same limits). */
export function DiscountLimitNote({ limits }: { limits: SellerLimits }) {
  if (limits.discountLimitBps === 0) return <Trans>Any discount needs a manager’s approval.</Trans>;
  const limit = String(limits.discountLimitBps / 100);
  return <Trans>A discount above {limit}% needs a manager’s approval.</Trans>;
}

export function DiscountFields({ id, label, value, onChange, error }: { id: string; label: string; value: DiscountText; onChange: (value: DiscountText) => void; error?: string | undefined }) {
  const { t } = useLingui();
  return (
    <FormField id={id} label={label} error={error}>
      <div className="flex gap-2">
        <NativeSelect aria-label={t`Discount type`} value={value.type} onChange={(event) => onChange({ ...value, type: event.target.value as Discount['type'] })} className="w-28">
          <option value="percent">{t`Percent`}</option>
          <option value="amount">{t`Amount`}</option>
        </NativeSelect>
        <Input inputMode="decimal" value={value.value} onChange={(event) => onChange({ ...value, value: event.target.value })} {...fieldControlProps(id, { error })} />
      </div>
      <span className="sr-only">
        <Trans>Leave empty for no discount.</Trans>
      </span>
    </FormField>
  );
}
