import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BadgePercentIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { customPriceInputSchema, type CustomPrice, type CustomPriceInput, type CustomPriceState } from '../../core/platform/custom-pricing.schemas';
import { shillingsToMinor } from '../../core/platform/plans.schemas';
import { formatMinorUnits } from '../../core/settings/money.rules';
import { pricePerPeriod } from '../billing/subscription-required-page';
import { DialogActions } from '../components/form-actions';
import { FormField, fieldControlProps } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { useDateFormat } from '../lib/date-format';
import { failureMessage, fieldFailure, translateMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { useCustomPrices, useEndCustomPrice, useSetCustomPrice } from './custom-pricing.api';
import { RecordsCard } from './console-parts';
import { usePlans } from './platform.api';
import { PLAN_PERIOD_LABELS } from './platform-labels';

const FIELDS = ['planId', 'priceMinor', 'setupFeeMinor', 'effectiveDate', 'expiresAt'] as const;
type Field = (typeof FIELDS)[number];

/**
 * A shop's negotiated prices on its console page (issue 21, spec §3 tenant_custom_pricing): what
 * applies now, what is scheduled, what ended; set one for a plan (it replaces the plan's earlier
 * one from its start) or end one now.
 */
export function CustomPricingCard({ tenantId }: { tenantId: string }) {
  const { t } = useLingui();
  const { formatDate } = useDateFormat();
  const prices = useCustomPrices(tenantId);
  const end = useEndCustomPrice(tenantId);
  const [isOpen, setIsOpen] = useState(false);
  const stateLabel: Record<CustomPriceState, string> = { in_force: t`In force`, scheduled: t`Scheduled`, ended: t`Ended` };
  const items = prices.data?.items ?? [];
  return (
    <>
      <RecordsCard
        title={t`Custom pricing`}
        action={
          <Button variant="outline" size="sm" onClick={() => setIsOpen(true)}>
            <BadgePercentIcon aria-hidden /> <Trans>Set a custom price</Trans>
          </Button>
        }
        description={<Trans>A negotiated price applies from the shop's next payment for that plan, and counts in MRR from its start.</Trans>}
        failures={[prices.isError ? failureMessage(prices.error, t`The custom prices could not be loaded`) : null, end.isError ? failureMessage(end.error, t`The change was not saved`) : null]}
        isPending={prices.isPending}
        loadingText={<Trans>Loading the custom prices…</Trans>}
        isEmpty={items.length === 0}
        emptyText={<Trans>No custom price: the shop pays its plan's price.</Trans>}
      >
        <Table aria-label={t`Custom prices`}>
          <TableHeader>
            <TableRow>
              <TableHead>
                <Trans>Plan</Trans>
              </TableHead>
              <TableHead className="text-right">
                <Trans>Price</Trans>
              </TableHead>
              <TableHead className="text-right">
                <Trans>Setup fee</Trans>
              </TableHead>
              <TableHead>
                <Trans>From</Trans>
              </TableHead>
              <TableHead>
                <Trans>Until</Trans>
              </TableHead>
              <TableHead>
                <Trans>State</Trans>
              </TableHead>
              <TableHead>
                <span className="sr-only">
                  <Trans>Actions</Trans>
                </span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((price) => (
              <TableRow key={price.id}>
                <TableCell>
                  <PlanName price={price} />
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatMinorUnits(price.priceMinor, price.currency)}
                  <span className="block text-xs text-muted-foreground line-through">{formatMinorUnits(price.planPriceMinor, price.currency)}</span>
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatMinorUnits(price.setupFeeMinor, price.currency)}</TableCell>
                <TableCell>{formatDate(price.effectiveDate)}</TableCell>
                <TableCell>{price.expiresAt ? formatDate(price.expiresAt) : t`Until ended`}</TableCell>
                <TableCell>
                  <Badge variant={price.state === 'in_force' ? 'default' : 'outline'}>{stateLabel[price.state]}</Badge>
                </TableCell>
                <TableCell>
                  {price.state !== 'ended' && (
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={end.isPending}
                      onClick={() => end.mutate(price.id, { onSuccess: () => toast.success(t`Custom price ended`) })}
                      aria-label={t`End the custom price for ${price.planName}`}
                    >
                      <Trans>End</Trans>
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </RecordsCard>
      <SetCustomPriceDialog tenantId={tenantId} open={isOpen} onClose={() => setIsOpen(false)} />
    </>
  );
}

function PlanName({ price }: { price: Pick<CustomPrice, 'planName' | 'planPeriod'> }) {
  const { i18n } = useLinguiRuntime();
  return (
    <>
      {price.planName} ({i18n._(PLAN_PERIOD_LABELS[price.planPeriod])})
    </>
  );
}

/** A date typed as YYYY-MM-DD, as the start of that day where the admin is. */
const startOfDay = (value: string) => (value ? new Date(`${value}T00:00:00`).toISOString() : undefined);

function SetCustomPriceDialog({ tenantId, open, onClose }: { tenantId: string; open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const plans = usePlans();
  const save = useSetCustomPrice(tenantId);
  const [planId, setPlanId] = useState('');
  const [price, setPrice] = useState('');
  const [setupFee, setSetupFee] = useState('0');
  const [starts, setStarts] = useState('');
  const [ends, setEnds] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const close = () => {
    save.reset();
    setErrors({});
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const priceMinor = shillingsToMinor(price);
    const setupFeeMinor = shillingsToMinor(setupFee || '0');
    if (priceMinor === null) found.priceMinor = t`Enter the price in shillings, e.g. 1500 or 1500.50`;
    if (setupFeeMinor === null) found.setupFeeMinor = t`Enter the setup fee in shillings, e.g. 5000, or 0`;
    const input: CustomPriceInput = { planId, priceMinor: priceMinor ?? Number.NaN, setupFeeMinor: setupFeeMinor ?? Number.NaN, effectiveDate: startOfDay(starts), expiresAt: startOfDay(ends) ?? null };
    const parsed = customPriceInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= translateMessage(issue.message);
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(input, {
      onSuccess: () => {
        toast.success(t`Custom price set`);
        close();
      },
    });
  };
  const errorOf = (field: Field) => errors[field] ?? (save.error ? fieldFailure(save.error, field) : undefined);
  const hasFieldError = FIELDS.some((field) => errorOf(field));
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && close()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>Set a custom price</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>It replaces the plan's earlier custom price from its start. Prices are per the plan's period, in KES.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField id="custom-price-plan" label={<Trans>Plan</Trans>} error={errorOf('planId')}>
            <NativeSelect value={planId} onChange={(event) => setPlanId(event.target.value)} {...fieldControlProps('custom-price-plan', { error: errorOf('planId') })}>
              <option value="" disabled>
                {plans.isPending ? t`Loading the plans…` : t`Choose a plan`}
              </option>
              {(plans.data ?? []).map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.name} ({i18n._(PLAN_PERIOD_LABELS[plan.period])}) · {pricePerPeriod(plan)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="custom-price-price" label={<Trans>Price (KES)</Trans>} error={errorOf('priceMinor')}>
              <Input inputMode="decimal" value={price} onChange={(event) => setPrice(event.target.value)} {...fieldControlProps('custom-price-price', { error: errorOf('priceMinor') })} />
            </FormField>
            <FormField id="custom-price-setup" label={<Trans>Setup fee (KES)</Trans>} error={errorOf('setupFeeMinor')}>
              <Input inputMode="decimal" value={setupFee} onChange={(event) => setSetupFee(event.target.value)} {...fieldControlProps('custom-price-setup', { error: errorOf('setupFeeMinor') })} />
            </FormField>
            <FormField id="custom-price-starts" label={<Trans>Starts (optional)</Trans>} error={errorOf('effectiveDate')} hint={t`Today when left empty`}>
              <Input type="date" value={starts} onChange={(event) => setStarts(event.target.value)} {...fieldControlProps('custom-price-starts', { error: errorOf('effectiveDate'), hint: true })} />
            </FormField>
            <FormField id="custom-price-ends" label={<Trans>Ends (optional)</Trans>} error={errorOf('expiresAt')} hint={t`Runs until ended when left empty`}>
              <Input type="date" value={ends} onChange={(event) => setEnds(event.target.value)} {...fieldControlProps('custom-price-ends', { error: errorOf('expiresAt'), hint: true })} />
            </FormField>
          </div>
          {save.isError && !hasFieldError && (
            <p role="alert" className="text-sm text-destructive">
              {failureMessage(save.error, t`The change was not saved`)}
            </p>
          )}
          <DialogActions onCancel={close} pending={save.isPending}>
            <Trans>Set price</Trans>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
