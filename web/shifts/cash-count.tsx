import { Trans, useLingui } from '@lingui/react/macro';
import { KES_DENOMINATIONS_MINOR, countDenominationsMinor } from '../../core/sales/sales.schemas';
import { parseMoney } from '../../core/settings/money.rules';
import { useMoney } from '../accounts/use-money';
import { FormField, fieldControlProps } from '../components/form-field';
import { Checkbox } from '../components/ui/checkbox';
import { Input } from '../components/ui/input';
import { formatNumber } from '../lib/format';

/** Cash counted either as one total or note by note and coin by coin (KES 1,000 … KES 1). */
export interface CashCountValue {
  byDenomination: boolean;
  total: string;
  /** Keyed by the denomination in minor units, as the API's denomination counts are. */
  counts: Record<string, string>;
}

export const EMPTY_CASH_COUNT: CashCountValue = { byDenomination: false, total: '', counts: {} };

/** The amount counted and, when counted note by note, the counts; amount null when not a valid entry. */
export function readCashCount(value: CashCountValue): { amountMinor: number | null; denominations: Record<string, number> | null } {
  if (!value.byDenomination) return { amountMinor: parseMoney(value.total), denominations: null };
  const denominations: Record<string, number> = {};
  for (const [denomination, text] of Object.entries(value.counts)) {
    if (text.trim() === '') continue;
    if (!/^\d{1,6}$/.test(text.trim())) return { amountMinor: null, denominations: null };
    const count = Number(text.trim());
    if (count > 0) denominations[denomination] = count;
  }
  return { amountMinor: countDenominationsMinor(denominations), denominations };
}

export function CashCount({
  id,
  label,
  value,
  onChange,
  error,
  autoFocus = false,
}: {
  id: string;
  label: string;
  value: CashCountValue;
  onChange: (next: CashCountValue) => void;
  error: string | undefined;
  /** Focus the total, for a screen whose first task is the count. */
  autoFocus?: boolean;
}) {
  const { t } = useLingui();
  const { money, symbol } = useMoney();
  const counted = readCashCount(value).amountMinor;
  const countedText = counted === null ? '—' : money(counted);
  return (
    <div className="grid gap-3">
      <label className="flex items-center gap-2 text-sm">
        <Checkbox id={`${id}-by-denomination`} checked={value.byDenomination} onCheckedChange={(checked) => onChange({ ...value, byDenomination: checked === true })} />
        <Trans>Count notes and coins</Trans>
      </label>
      {value.byDenomination ? (
        <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
          <legend className="mb-1 text-sm font-medium">{label}</legend>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {KES_DENOMINATIONS_MINOR.map((denomination) => {
              const note = `${symbol} ${formatNumber(denomination / 100)}`.trim();
              const key = String(denomination);
              return (
                <li key={key} className="grid grid-cols-[5rem_1fr] items-center gap-2">
                  <label htmlFor={`${id}-${key}`} className="text-sm tabular-nums">
                    {note}
                  </label>
                  <Input
                    id={`${id}-${key}`}
                    aria-label={t`Number of ${note}`}
                    inputMode="numeric"
                    autoComplete="off"
                    value={value.counts[key] ?? ''}
                    onChange={(event) => onChange({ ...value, counts: { ...value.counts, [key]: event.target.value } })}
                  />
                </li>
              );
            })}
          </ul>
          <p className="text-sm" aria-live="polite">
            <Trans>Counted: {countedText}</Trans>
          </p>
          {error && (
            <p id={`${id}-error`} className="text-sm text-destructive">
              {error}
            </p>
          )}
        </fieldset>
      ) : (
        <FormField id={id} label={label} error={error}>
          <Input {...fieldControlProps(id, { error })} inputMode="decimal" autoComplete="off" autoFocus={autoFocus} value={value.total} onChange={(event) => onChange({ ...value, total: event.target.value })} />
        </FormField>
      )}
    </div>
  );
}
