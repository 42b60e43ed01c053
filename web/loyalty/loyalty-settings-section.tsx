import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { parseMoney, formatMoneyPlain } from '../../core/settings/money.rules';
import { pointsForAmount } from '../../core/loyalty/loyalty.rules';
import { loyaltySettingsInputSchema, type LoyaltySettings, type LoyaltySettingsInput } from '../../core/loyalty/loyalty.schemas';
import { Detail } from '../components/detail';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { InlineSpinner } from '../components/ui/spinner';
import { Switch } from '../components/ui/switch';
import { LoadError, useFeature } from '../inventory/inventory-ui';
import { isApiError } from '../lib/api-client';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { loyaltySettingsQueryKey, saveLoyaltySettings, useLoyaltyMoney, useLoyaltySettings } from './loyalty.api';
import { LoyaltyLocked } from './loyalty-lock';

type Field = 'earnRateBps' | 'pointValueMinor' | 'minRedeemPoints' | 'expiryMonths';
const FIELDS: readonly Field[] = ['earnRateBps', 'pointValueMinor', 'minRedeemPoints', 'expiryMonths'];
const isField = (key: unknown): key is Field => (FIELDS as readonly unknown[]).includes(key);

/** Basis points of a point per KES 1 ↔ points per KES 100 as typed ("1", "2.5"): 100 bps = 1 point per KES 100. */
const RATE_PATTERN = /^(\d{1,3})(?:\.(\d{1,2}))?$/;
function parseRate(text: string): number | null {
  const match = RATE_PATTERN.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
const formatRate = (bps: number) => (bps % 100 === 0 ? String(bps / 100) : (bps / 100).toFixed(2).replace(/0$/, ''));
const WHOLE = /^\d{1,9}$/;
const parseWhole = (text: string) => (WHOLE.test(text.trim()) ? Number(text.trim()) : null);

/**
 * Settings → Loyalty: the programme on or off, how many points a sale earns (on the VAT-inclusive
 * total net of discounts), what a point is worth, the minimum balance to redeem and when points
 * expire. The owner edits; others see the figures. Locked with the upgrade badge without the plan's
 * loyalty_program.
 */
export function LoyaltySettingsSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useLingui();
  const feature = useFeature('loyalty_program');
  const settings = useLoyaltySettings({ enabled: feature.isEnabled === true });
  if (feature.isEnabled === false) return <LoyaltyLocked badge={feature.badge} titleId="loyalty-settings" />;
  if (feature.isEnabled === undefined || settings.isPending) {
    return (
      <div role="status" aria-label={t`Loading loyalty settings`} className="h-48 animate-pulse rounded-xl border bg-muted/40">
        <span className="sr-only">
          <Trans>Loading loyalty settings</Trans>
        </span>
      </div>
    );
  }
  if (settings.isError) return <LoadError error={settings.error} what={t`the loyalty settings`} onRetry={() => void settings.refetch()} />;
  return canEdit ? <LoyaltySettingsForm settings={settings.data} /> : <LoyaltySettingsView settings={settings.data} />;
}

function useExample(settings: Pick<LoyaltySettings, 'earnRateBps' | 'pointValueMinor'> | null) {
  const { t } = useLingui();
  const { money } = useLoyaltyMoney();
  if (!settings) return null;
  const saleMinor = 100_000;
  const points = pointsForAmount(saleMinor, settings.earnRateBps);
  const [sale, worth] = [money(saleMinor), money(points * settings.pointValueMinor)];
  return t`A sale of ${sale} earns ${plural(points, { one: '# point', other: '# points' })}, worth ${worth} when redeemed.`;
}

function LoyaltySettingsView({ settings }: { settings: LoyaltySettings }) {
  const { t } = useLingui();
  const { money } = useLoyaltyMoney();
  const example = useExample(settings);
  const months = settings.expiryMonths;
  return (
    <section aria-labelledby="loyalty-settings" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <h2 id="loyalty-settings" className="font-semibold">
        <Trans>Loyalty programme</Trans>
      </h2>
      <dl className="grid gap-4 sm:grid-cols-3">
        <Detail label={t`Programme`}>{settings.isEnabled ? t`On` : t`Off`}</Detail>
        <Detail label={t`Points per 100 spent`}>{formatRate(settings.earnRateBps)}</Detail>
        <Detail label={t`Value of one point`}>{money(settings.pointValueMinor)}</Detail>
        <Detail label={t`Minimum balance to redeem`}>{settings.minRedeemPoints.toLocaleString()}</Detail>
        <Detail label={t`Points expire after`}>{months === 0 ? t`Never` : t`${plural(months, { one: '# month', other: '# months' })}`}</Detail>
      </dl>
      {example && <p className="text-sm text-muted-foreground">{example}</p>}
      <p className="text-sm text-muted-foreground">
        <Trans>Only the shop owner can change these.</Trans>
      </p>
    </section>
  );
}

function LoyaltySettingsForm({ settings }: { settings: LoyaltySettings }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { symbol } = useLoyaltyMoney();
  const [isEnabled, setEnabled] = useState(settings.isEnabled);
  const [rate, setRate] = useState(formatRate(settings.earnRateBps));
  const [value, setValue] = useState(formatMoneyPlain(settings.pointValueMinor));
  const [minimum, setMinimum] = useState(String(settings.minRedeemPoints));
  const [expiry, setExpiry] = useState(String(settings.expiryMonths));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const save = useMutation({
    mutationKey: ['loyalty', 'settings', 'update'],
    mutationFn: saveLoyaltySettings,
    onSuccess: async (data) => {
      queryClient.setQueryData(loyaltySettingsQueryKey, data);
      await queryClient.invalidateQueries({ queryKey: ['loyalty', 'contact'] });
      toast.success(t`Loyalty settings saved`);
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) setErrors(Object.fromEntries(FIELDS.map((name) => [name, error.fieldMessage(name)])));
      toast.error(t`Loyalty settings not saved`, { description: failureMessage(error, t`Try again.`) });
    },
  });

  const earnRateBps = parseRate(rate);
  const pointValueMinor = parseMoney(value);
  const example = useExample(earnRateBps !== null && pointValueMinor !== null ? { earnRateBps, pointValueMinor } : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    const minRedeemPoints = parseWhole(minimum);
    const expiryMonths = parseWhole(expiry);
    if (earnRateBps === null) next.earnRateBps = t`Enter points like 1 or 2.5 (at most 2 decimals)`;
    if (pointValueMinor === null) next.pointValueMinor = t`Enter an amount, e.g. 1 or 0.50`;
    if (minRedeemPoints === null) next.minRedeemPoints = t`Enter a whole number of points, e.g. 100`;
    if (expiryMonths === null) next.expiryMonths = t`Enter a whole number of months; 0 means never`;
    if (Object.keys(next).length === 0) {
      const parsed = loyaltySettingsInputSchema.safeParse({ isEnabled, earnRateBps, pointValueMinor, minRedeemPoints, expiryMonths });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const key = issue.path[0];
          if (isField(key)) next[key] ??= issue.message;
        }
      } else {
        setErrors({});
        save.mutate(parsed.data as LoyaltySettingsInput);
        return;
      }
    }
    setErrors(next);
  };

  const field = (id: string, name: Field, label: string, hint: string, text: string, onChange: (value: string) => void, inputMode: 'decimal' | 'numeric') => (
    <FormField id={id} label={label} error={errors[name]} hint={hint}>
      <Input
        {...fieldControlProps(id, { error: errors[name], hint })}
        className="max-w-48 tabular-nums"
        inputMode={inputMode}
        autoComplete="off"
        value={text}
        onChange={(event) => {
          onChange(event.target.value);
          setErrors((current) => ({ ...current, [name]: undefined }));
        }}
      />
    </FormField>
  );

  return (
    <form aria-labelledby="loyalty-settings" onSubmit={submit} noValidate className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <h2 id="loyalty-settings" className="font-semibold">
        <Trans>Loyalty programme</Trans>
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <Switch id="loyalty-enabled" checked={isEnabled} onCheckedChange={setEnabled} aria-describedby="loyalty-enabled-hint" />
        <Label htmlFor="loyalty-enabled">
          <Trans>Customers earn and redeem points</Trans>
        </Label>
        <p id="loyalty-enabled-hint" className="basis-full text-xs text-muted-foreground">
          <Trans>When off, sales earn no points and none can be redeemed; balances are kept.</Trans>
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {field(
          'loyalty-rate',
          'earnRateBps',
          t`Points per ${symbol} 100 spent`,
          t`Counted on the total with VAT, after discounts, rounded down.`,
          rate,
          setRate,
          'decimal',
        )}
        {field('loyalty-value', 'pointValueMinor', t`Value of one point (${symbol})`, t`What a point takes off a bill when redeemed.`, value, setValue, 'decimal')}
        {field('loyalty-minimum', 'minRedeemPoints', t`Minimum balance to redeem`, t`Points a customer needs before redeeming; 0 for none.`, minimum, setMinimum, 'numeric')}
        {field('loyalty-expiry', 'expiryMonths', t`Points expire after (months)`, t`0 means points never expire. Expired points go oldest first, once a day.`, expiry, setExpiry, 'numeric')}
      </div>
      {example && (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {example}
        </p>
      )}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <InlineSpinner />}
          <Trans>Save loyalty settings</Trans>
        </Button>
      </div>
    </form>
  );
}
