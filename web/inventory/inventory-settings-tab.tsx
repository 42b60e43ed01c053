import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LockIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../lib/toast';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { PRICE_ROUNDING_STEPS } from '../../core/settings/price-rounding.rules';
import { inventorySettingsInputSchema, inventorySettingsSchema, type InventorySettings } from '../../core/inventory/inventory.schemas';
import { Detail } from '../components/detail';
import { FormField, fieldControlProps } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { InlineSpinner } from '../components/ui/spinner';
import { Switch } from '../components/ui/switch';
import { translateMessage } from '../i18n/translate-message';
import { apiRequest, isApiError } from '../lib/api-client';
import { useCurrencySymbol } from '../products/products.api';
import { inventorySettingsQueryKey, useInventorySettings } from './inventory.api';
import { BILLING_PATH, LoadError, useFeature } from './inventory-ui';
import { formatBasisPoints, parsePercentToBasisPoints } from './stock-format';

const roundingHint = (currency: string) =>
  translate`Prices the app works out, such as a bulk +7% change, round half up to this: ${currency} 144.45 → 144 (nearest 1), 145 (nearest 5). Prices you type are kept as typed.`;

type Field = 'vatStandardBp' | 'vatReducedBp' | 'allowNegativeStock' | 'priceRoundingStep';
const FIELDS: readonly Field[] = ['vatStandardBp', 'vatReducedBp', 'allowNegativeStock', 'priceRoundingStep'];

/** The rounding choices, in whole currency units (core/settings/price-rounding.rules.ts). */
const roundingLabel = (step: number, currency: string) => (step === 0 ? translate`No rounding (to the cent)` : translate`Nearest ${currency} ${step}`);
const isField = (key: unknown): key is Field => (FIELDS as readonly unknown[]).includes(key);

/** Settings → Inventory: the VAT rates products are taxed at, whether stock may go below zero, and how computed prices round. */
export function InventorySettingsTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useLingui();
  const settings = useInventorySettings();
  if (settings.isPending) {
    return (
      <div role="status" aria-label={t`Loading inventory settings`} className="h-48 animate-pulse rounded-xl border bg-muted/40">
        <span className="sr-only">
          <Trans>Loading inventory settings</Trans>
        </span>
      </div>
    );
  }
  if (settings.isError) return <LoadError error={settings.error} what={t`the inventory settings`} onRetry={() => void settings.refetch()} />;
  return canEdit ? <InventorySettingsForm settings={settings.data} /> : <InventorySettingsView settings={settings.data} />;
}

function InventorySettingsView({ settings }: { settings: InventorySettings }) {
  const { t } = useLingui();
  const currency = useCurrencySymbol();
  return (
    <section aria-labelledby="inventory-settings" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <h2 id="inventory-settings" className="font-semibold">
        <Trans>Inventory settings</Trans>
      </h2>
      <dl className="grid gap-4 sm:grid-cols-4">
        <Detail label={t`Standard VAT rate`}>{formatBasisPoints(settings.vatStandardBp)}%</Detail>
        <Detail label={t`Reduced VAT rate`}>{formatBasisPoints(settings.vatReducedBp)}%</Detail>
        <Detail label={t`Negative stock`}>{settings.allowNegativeStock ? t`Allowed` : t`Not allowed`}</Detail>
        <Detail label={t`Price rounding`}>{roundingLabel(settings.priceRoundingStep, currency)}</Detail>
      </dl>
      <p className="text-sm text-muted-foreground">
        <Trans>Only the shop owner can change these.</Trans>
      </p>
    </section>
  );
}

function InventorySettingsForm({ settings }: { settings: InventorySettings }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const advanced = useFeature('advanced_inventory');
  const isNegativeLocked = advanced.isEnabled === false;
  const [standard, setStandard] = useState(formatBasisPoints(settings.vatStandardBp));
  const [reduced, setReduced] = useState(formatBasisPoints(settings.vatReducedBp));
  const [allowNegative, setAllowNegative] = useState(settings.allowNegativeStock);
  const [roundingStep, setRoundingStep] = useState(settings.priceRoundingStep);
  const currency = useCurrencySymbol();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const save = useMutation({
    mutationKey: ['settings', 'inventory', 'update'],
    mutationFn: (body: Partial<InventorySettings>) => apiRequest('/api/settings/inventory', { method: 'PATCH', body, schema: inventorySettingsSchema }),
    onSuccess: (data) => {
      queryClient.setQueryData(inventorySettingsQueryKey, data);
      toast.success(t`Inventory settings saved`);
    },
    onError: (error) => {
      // Field messages stay English here: FormField (and the switch's line) show them in the person's language.
      if (isApiError(error) && error.fields) setErrors(Object.fromEntries(FIELDS.map((name) => [name, error.fieldMessage(name)])));
      else if (isApiError(error) && error.status === 402) setErrors({ allowNegativeStock: error.message });
      toast.error(t`Error`, { description: isApiError(error) ? translateMessage(error.message) : t`The inventory settings were not saved.` });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const vatStandardBp = parsePercentToBasisPoints(standard);
    const vatReducedBp = parsePercentToBasisPoints(reduced);
    const next: Partial<Record<Field, string>> = {};
    if (vatStandardBp === null) next.vatStandardBp = t`Enter a rate like 16 or 7.5 (at most 2 decimals)`;
    if (vatReducedBp === null) next.vatReducedBp = t`Enter a rate like 8 or 7.5 (at most 2 decimals)`;
    // Only what changed: an unchanged negative-stock switch must not need the plan's feature.
    const body: Partial<InventorySettings> = {};
    if (vatStandardBp !== null && vatStandardBp !== settings.vatStandardBp) body.vatStandardBp = vatStandardBp;
    if (vatReducedBp !== null && vatReducedBp !== settings.vatReducedBp) body.vatReducedBp = vatReducedBp;
    if (allowNegative !== settings.allowNegativeStock) body.allowNegativeStock = allowNegative;
    if (roundingStep !== settings.priceRoundingStep) body.priceRoundingStep = roundingStep;
    const parsed = inventorySettingsInputSchema.safeParse(body);
    if (!parsed.success && Object.keys(body).length > 0) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (isField(key)) next[key] ??= issue.message;
      }
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    if (Object.keys(body).length === 0) {
      toast.info(t`Nothing to save: the settings are as shown`);
      return;
    }
    save.mutate(body);
  };

  const rateField = (id: string, name: 'vatStandardBp' | 'vatReducedBp', label: string, hint: string, value: string, onChange: (value: string) => void) => (
    <FormField id={id} label={label} error={errors[name]} hint={hint}>
      <div className="relative max-w-48">
        <Input
          {...fieldControlProps(id, { error: errors[name], hint })}
          className="pr-8 text-right tabular-nums"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            setErrors((current) => ({ ...current, [name]: undefined }));
          }}
        />
        <span aria-hidden className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground">
          %
        </span>
      </div>
    </FormField>
  );

  return (
    <form aria-labelledby="inventory-settings" onSubmit={submit} noValidate className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <h2 id="inventory-settings" className="font-semibold">
        <Trans>Inventory settings</Trans>
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {rateField('inventory-vat-standard', 'vatStandardBp', t`Standard VAT rate`, t`Kenya: 16%`, standard, setStandard)}
        {rateField('inventory-vat-reduced', 'vatReducedBp', t`Reduced VAT rate`, t`Kenya: 8% (e.g. petroleum products)`, reduced, setReduced)}
      </div>
      <div className="grid gap-2 rounded-lg border p-3" data-locked={isNegativeLocked ? '' : undefined}>
        <div className="flex flex-wrap items-center gap-3">
          <Switch
            id="inventory-allow-negative"
            checked={allowNegative}
            onCheckedChange={(checked) => {
              setAllowNegative(checked);
              setErrors((current) => ({ ...current, allowNegativeStock: undefined }));
            }}
            disabled={isNegativeLocked}
            aria-describedby="inventory-allow-negative-hint"
          />
          <Label htmlFor="inventory-allow-negative">
            <Trans>Allow negative stock</Trans>
          </Label>
          {isNegativeLocked && (
            <Link to={BILLING_PATH} className="inline-flex items-center gap-1 rounded-md text-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
              <LockIcon aria-hidden className="size-3.5 text-muted-foreground" />
              <Badge variant="accent">{advanced.badge}</Badge>
              <span className="sr-only">{translateMessage(upgradeMessage('advanced_inventory'))}</span>
            </Link>
          )}
        </div>
        <p id="inventory-allow-negative-hint" className="text-xs text-muted-foreground">
          {isNegativeLocked
            ? translateMessage(upgradeMessage('advanced_inventory'))
            : t`When on, a sale can go ahead even if the system shows no stock (fix the count later). Off by default.`}
        </p>
        {errors.allowNegativeStock && <p className="text-sm text-destructive">{translateMessage(errors.allowNegativeStock)}</p>}
      </div>
      <FormField id="inventory-price-rounding" label={t`Price rounding`} error={errors.priceRoundingStep} hint={roundingHint(currency)}>
        <NativeSelect
          {...fieldControlProps('inventory-price-rounding', { error: errors.priceRoundingStep, hint: roundingHint(currency) })}
          className="max-w-64"
          value={roundingStep}
          onChange={(event) => {
            setRoundingStep(Number(event.target.value));
            setErrors((current) => ({ ...current, priceRoundingStep: undefined }));
          }}
        >
          {PRICE_ROUNDING_STEPS.map((step) => (
            <option key={step} value={step}>
              {roundingLabel(step, currency)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {save.isPending && <InlineSpinner />}
        <Trans>Save</Trans>
      </Button>
    </form>
  );
}
