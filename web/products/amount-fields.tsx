import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useState, type ReactNode } from 'react';
import { formatQuantity, parseQuantity } from '../../core/products/quantity.rules';
import { formatMoneyPlain, parseMoney } from '../../core/settings/money.rules';
import { FormField, fieldControlProps } from '../components/form-field';
import { Input } from '../components/ui/input';

interface AmountFieldProps {
  id: string;
  label: ReactNode;
  /** The amount in minor units (money) or thousandths (quantity); NaN while the text is not one; null when blank and optional. */
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  onBlur?: () => void;
  /** The form's message for this field (schema or server). */
  error?: string | undefined;
  hint?: ReactNode;
  labelAside?: ReactNode;
  disabled?: boolean;
  /** Blank means "none" (null) instead of "missing". */
  optional?: boolean;
  /** What to say when blank and required, e.g. "Enter the selling price". */
  missingText?: string;
  placeholder?: string;
}

interface AmountFormat {
  parse: (text: string) => number | null;
  format: (value: number) => string;
  invalidText: MessageDescriptor;
  inputMode: 'decimal';
}

const MONEY: AmountFormat = { parse: parseMoney, format: formatMoneyPlain, invalidText: msg`Enter an amount like 120 or 120.50`, inputMode: 'decimal' };
const QUANTITY: AmountFormat = {
  parse: parseQuantity,
  format: formatQuantity,
  invalidText: msg`Enter a quantity like 12 or 1.5 (up to 3 decimals)`,
  inputMode: 'decimal',
};

const isAmount = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * A text box for an amount typed the way people write it ("1,250.50", "0.75"): the form holds
 * the exact integer, the box keeps what was typed, and a mistyped amount says so beside it.
 */
function AmountField({ format, ...props }: AmountFieldProps & { format: AmountFormat }) {
  const { i18n } = useLingui();
  const { id, value, onChange, optional = false } = props;
  const [text, setText] = useState(() => (isAmount(value) ? format.format(value) : ''));
  const [shownValue, setShownValue] = useState(value);
  // A new value from outside (a reset, another row's template): show it.
  if (value !== shownValue && !(Number.isNaN(value) && Number.isNaN(shownValue))) {
    setShownValue(value);
    const typed = format.parse(text);
    if (typed !== value) setText(isAmount(value) ? format.format(value) : '');
  }
  const change = (next: string) => {
    setText(next);
    const parsed = next.trim() === '' ? (optional ? null : Number.NaN) : (format.parse(next) ?? Number.NaN);
    setShownValue(parsed);
    onChange(parsed);
  };
  const isInvalidText = text.trim() !== '' && format.parse(text) === null;
  const isMissing = !optional && text.trim() === '' && props.error !== undefined;
  const error = isInvalidText ? i18n._(format.invalidText) : isMissing && props.missingText ? props.missingText : props.error;
  return (
    <FormField id={id} label={props.label} error={error} hint={props.hint} labelAside={props.labelAside}>
      <Input
        {...fieldControlProps(id, { error, hint: props.hint })}
        inputMode={format.inputMode}
        autoComplete="off"
        value={text}
        placeholder={props.placeholder}
        disabled={props.disabled}
        onChange={(event) => change(event.target.value)}
        onBlur={() => {
          if (isAmount(value)) setText(format.format(value));
          props.onBlur?.();
        }}
      />
    </FormField>
  );
}

/** Money in the shop's currency with 2 decimals, held as minor units. */
export function MoneyField(props: AmountFieldProps) {
  return <AmountField {...props} format={MONEY} placeholder={props.placeholder ?? '0.00'} />;
}

/** A quantity with up to 3 decimals, held as thousandths. */
export function QuantityField(props: AmountFieldProps) {
  return <AmountField {...props} format={QUANTITY} placeholder={props.placeholder ?? '0'} />;
}
