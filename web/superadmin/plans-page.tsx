import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { LayersIcon, PlusIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FEATURE_KEYS, LIMIT_KEYS, tierEntitlements, UNLIMITED, type LimitKey, type PlanEntitlements } from '../../core/billing/plan-features.rules';
import { PLAN_PERIODS, planInputSchema, shillingsToMinor, type PlanInput, type PlatformPlanDetail } from '../../core/platform/plans.schemas';
import { formatMinorUnits } from '../../core/settings/money.rules';
import { DialogActions } from '../components/form-actions';
import { FormField } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Checkbox } from '../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { Switch } from '../components/ui/switch';
import { Textarea } from '../components/ui/textarea';
import { DataTable } from '../inventory/data-table';
import { DetailSkeleton, EmptyState, LoadError } from '../inventory/inventory-ui';
import { isApiError } from '../lib/api-client';
import { failureMessage, firstFieldErrors, type FieldErrors } from '../lib/form-errors';
import { formatNumber } from '../lib/format';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { FEATURE_KEY_LABELS } from './plan-labels';
import { LIMIT_LABELS, PLAN_PERIOD_LABELS } from './platform-labels';
import { useDeletePlan, usePlanActive, usePlanDetails, useSavePlan } from './plans.api';

/**
 * /superadmin/plans (issue 21): every billing plan, offered or retired, with the shops on it; create
 * and edit a plan (price, period, card lines, popularity, badge, offered) and its features and
 * limits over the spec §9 keys; retire a plan or offer it again; delete one nothing refers to.
 */
export function PlansPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  useDocumentTitle(t`Plan Management`);
  const plans = usePlanDetails();
  const active = usePlanActive();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<PlatformPlanDetail | 'new' | null>(null);
  const failed = (error: unknown) => toast.error(failureMessage(error, t`The change was not saved`));
  const limitText = (value: number) => (value >= UNLIMITED ? t`Unlimited` : formatNumber(value));
  const columns: Array<ColumnDef<PlatformPlanDetail>> = [
    {
      id: 'plan',
      header: () => t`Plan`,
      cell: ({ row }) => (
        <span className="grid gap-0.5">
          <span className="font-medium">
            {row.original.name} {row.original.badge && <Badge variant="secondary">{row.original.badge}</Badge>}
          </span>
          <span className="text-xs text-muted-foreground">
            {row.original.hasOwnEntitlements ? t`Own features and limits` : t`Features and limits of its tier (spec)`}
          </span>
        </span>
      ),
    },
    {
      id: 'price',
      header: () => t`Price`,
      cell: ({ row }) => (
        <span className="whitespace-nowrap tabular-nums">
          {formatMinorUnits(row.original.priceMinor, row.original.currency)} <span className="text-muted-foreground">/ {i18n._(PLAN_PERIOD_LABELS[row.original.period])}</span>
        </span>
      ),
    },
    {
      id: 'limits',
      header: () => t`Limits`,
      cell: ({ row }) => (
        <ul className="text-xs">
          {LIMIT_KEYS.map((key) => (
            <li key={key}>
              {i18n._(LIMIT_LABELS[key])}: <span className="tabular-nums" data-testid={`limit-${key}`}>{limitText(row.original.entitlements.limits[key])}</span>
            </li>
          ))}
        </ul>
      ),
    },
    {
      id: 'shops',
      header: () => t`Shops`,
      cell: ({ row }) => (
        <span className="text-sm">
          <Plural value={row.original.activeSubscriptions} one="# paying" other="# paying" />
          <span className="block text-xs text-muted-foreground">
            <Plural value={row.original.subscriptions} one="# on it in all" other="# on it in all" />
          </span>
        </span>
      ),
    },
    {
      id: 'status',
      header: () => t`Status`,
      cell: ({ row }) => (row.original.isActive ? <Badge variant="secondary">{t`Offered`}</Badge> : <Badge variant="outline">{t`Retired`}</Badge>),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t`Actions`}</span>,
      cell: ({ row }) => {
        const plan = row.original;
        return (
          <span className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" size="sm" data-testid="edit-plan" onClick={() => setEditing(plan)} aria-label={t`Edit ${plan.name} (${i18n._(PLAN_PERIOD_LABELS[plan.period])})`}>
              <Trans>Edit</Trans>
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={active.isPending}
              onClick={() =>
                active.mutate(
                  { id: plan.id, isActive: !plan.isActive },
                  { onSuccess: () => toast.success(plan.isActive ? t`${plan.name} retired: no longer offered` : t`${plan.name} is offered again`), onError: failed },
                )
              }
            >
              {plan.isActive ? <Trans>Retire</Trans> : <Trans>Offer again</Trans>}
            </Button>
            {!plan.isReferenced && (
              <Button
                variant="destructive"
                size="sm"
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm(t`Delete the plan ${plan.name} for good?`)) remove.mutate(plan.id, { onSuccess: () => toast.success(t`Plan deleted`), onError: failed });
                }}
              >
                <Trans>Delete</Trans>
              </Button>
            )}
          </span>
        );
      },
    },
  ];
  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold sm:text-3xl">
            <Trans>Plan Management</Trans>
          </h1>
          <p className="max-w-3xl text-sm text-muted-foreground">
            <Trans>
              The plans shops subscribe to. Features and limits apply to a plan's shops at once; a new price applies from each shop's next payment, never within a period already paid. A retired
              plan is no longer offered, and its shops keep it.
            </Trans>
          </p>
        </div>
        <Button data-testid="new-plan" onClick={() => setEditing('new')}>
          <PlusIcon aria-hidden /> <Trans>New plan</Trans>
        </Button>
      </div>
      {plans.isPending ? (
        <DetailSkeleton label={t`Loading the plans`} />
      ) : plans.isError ? (
        <LoadError error={plans.error} what={t`the plans`} onRetry={() => void plans.refetch()} />
      ) : plans.data.length === 0 ? (
        <EmptyState icon={LayersIcon} title={t`No plans yet`} />
      ) : (
        <DataTable columns={columns} data={plans.data} label={t`Billing plans`} getRowId={(row) => row.id} isFetching={false} />
      )}
      {editing && <PlanDialog plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

/** The number a limit takes when "unlimited" is unticked: its tier's, or 100 when the tier has none. */
function limitFallback(name: string, key: LimitKey): number {
  const tier = tierEntitlements(name).limits[key];
  return tier < UNLIMITED ? tier : 100;
}

const FIELD_ORDER = ['name', 'priceMinor', 'period', 'popularity', 'badge', 'cardLines', 'entitlements'] as const;

function PlanDialog({ plan, onClose }: { plan: PlatformPlanDetail | null; onClose: () => void }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const save = useSavePlan();
  const [name, setName] = useState(plan?.name ?? '');
  const [price, setPrice] = useState(plan ? (plan.priceMinor / 100).toFixed(2) : '');
  const [period, setPeriod] = useState<(typeof PLAN_PERIODS)[number]>(plan?.period ?? 'monthly');
  const [popularity, setPopularity] = useState(String(plan?.popularity ?? 0));
  const [badge, setBadge] = useState(plan?.badge ?? '');
  const [cardLines, setCardLines] = useState((plan?.cardLines ?? []).join('\n'));
  const [isActive, setIsActive] = useState(plan?.isActive ?? true);
  const [entitlements, setEntitlements] = useState<PlanEntitlements>(plan?.entitlements ?? tierEntitlements(''));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const setLimit = (key: LimitKey, value: number) => setEntitlements((current) => ({ ...current, limits: { ...current.limits, [key]: value } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const priceMinor = shillingsToMinor(price);
    const input: PlanInput = {
      name,
      priceMinor: priceMinor ?? Number.NaN,
      period,
      popularity: Number(popularity.trim() === '' ? Number.NaN : popularity),
      badge: badge.trim() === '' ? null : badge,
      cardLines: cardLines
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      isActive,
      entitlements,
    };
    const parsed = planInputSchema.safeParse(input);
    if (!parsed.success) {
      const found = firstFieldErrors(parsed.error);
      if (priceMinor === null) found.priceMinor = t`Enter the price in shillings, e.g. 1500 or 1500.50`;
      setErrors(found);
      const first = FIELD_ORDER.find((field) => found[field] !== undefined);
      if (first) document.getElementById(`plan-${first}`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(
      { id: plan?.id ?? null, input },
      {
        onSuccess: () => {
          toast.success(plan ? t`Plan saved` : t`Plan created`);
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) {
            setErrors(Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [field.split('.')[0]!, messages[0]])));
          }
          setFormError(failureMessage(error, t`The plan was not saved`));
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{plan ? t`Edit ${plan.name}` : t`New plan`}</DialogTitle>
          <DialogDescription>
            {plan && plan.subscriptions > 0 ? (
              <Plural
                value={plan.subscriptions}
                one="# shop is on this plan: features and limits change for it at once, a new price from its next payment."
                other="# shops are on this plan: features and limits change for them at once, a new price from their next payment."
              />
            ) : (
              <Trans>Prices in Kenyan shillings. Features and limits are the spec's keys; a shop on a trial has everything.</Trans>
            )}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-5" aria-label={t`Plan`}>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="plan-name" label={<Trans>Name</Trans>} error={errors.name}>
              <Input id="plan-name" value={name} onChange={(event) => setName(event.target.value)} aria-invalid={Boolean(errors.name)} autoComplete="off" />
            </FormField>
            <FormField id="plan-priceMinor" label={<Trans>Price (KES)</Trans>} error={errors.priceMinor}>
              <Input id="plan-priceMinor" inputMode="decimal" value={price} onChange={(event) => setPrice(event.target.value)} aria-invalid={Boolean(errors.priceMinor)} />
            </FormField>
            <FormField id="plan-period" label={<Trans>Billing period</Trans>} error={errors.period} hint={plan?.isReferenced ? t`Fixed while shops or payments use the plan.` : undefined}>
              <NativeSelect id="plan-period" value={period} onChange={(event) => setPeriod(event.target.value as typeof period)} disabled={plan?.isReferenced}>
                {PLAN_PERIODS.map((choice) => (
                  <option key={choice} value={choice}>
                    {i18n._(PLAN_PERIOD_LABELS[choice])}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id="plan-popularity" label={<Trans>Popularity</Trans>} error={errors.popularity} hint={t`Higher shows first on the plans page.`}>
              <Input id="plan-popularity" inputMode="numeric" value={popularity} onChange={(event) => setPopularity(event.target.value)} aria-invalid={Boolean(errors.popularity)} />
            </FormField>
            <FormField id="plan-badge" label={<Trans>Badge</Trans>} error={errors.badge} hint={t`For example "Most popular"; empty for none.`}>
              <Input id="plan-badge" value={badge} onChange={(event) => setBadge(event.target.value)} />
            </FormField>
            <div className="flex items-center gap-3 self-end pb-2">
              <Switch id="plan-active" checked={isActive} onCheckedChange={setIsActive} />
              <Label htmlFor="plan-active">
                <Trans>Offered to shops</Trans>
              </Label>
            </div>
          </div>
          <FormField id="plan-cardLines" label={<Trans>Extra lines on the plan card</Trans>} error={errors.cardLines} hint={t`One per line, e.g. "2 months free". What the plan includes is listed from its features.`}>
            <Textarea id="plan-cardLines" rows={2} value={cardLines} onChange={(event) => setCardLines(event.target.value)} />
          </FormField>
          <fieldset className="grid gap-3">
            <legend className="mb-2 flex w-full flex-wrap items-center justify-between gap-2 font-semibold">
              <Trans>Limits</Trans>
              <Button type="button" variant="ghost" size="sm" onClick={() => setEntitlements(tierEntitlements(name))}>
                <Trans>Fill from the tier of this name</Trans>
              </Button>
            </legend>
            <div className="grid gap-4 sm:grid-cols-3">
              {LIMIT_KEYS.map((key) => {
                const value = entitlements.limits[key];
                const isUnlimited = value >= UNLIMITED;
                return (
                  <div key={key} className="grid content-start gap-2">
                    <Label htmlFor={`plan-limit-${key}`}>{i18n._(LIMIT_LABELS[key])}</Label>
                    <Input
                      id={`plan-limit-${key}`}
                      inputMode="numeric"
                      disabled={isUnlimited}
                      value={isUnlimited ? '' : String(value)}
                      placeholder={isUnlimited ? t`Unlimited` : undefined}
                      onChange={(event) => setLimit(key, event.target.value.trim() === '' ? Number.NaN : Number(event.target.value))}
                      aria-invalid={!Number.isInteger(value) || value < 0}
                    />
                    <span className="flex items-center gap-2 text-sm">
                      <Checkbox id={`plan-unlimited-${key}`} checked={isUnlimited} onCheckedChange={(checked) => setLimit(key, checked === true ? UNLIMITED : limitFallback(name, key))} />
                      <Label htmlFor={`plan-unlimited-${key}`} className="font-normal">
                        <Trans>Unlimited</Trans>
                      </Label>
                    </span>
                  </div>
                );
              })}
            </div>
            {errors.entitlements && (
              <p className="text-sm text-destructive" role="alert">
                {errors.entitlements}
              </p>
            )}
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-semibold">
              <Trans>Features</Trans>
            </legend>
            <ul className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
              {FEATURE_KEYS.map((key) => (
                <li key={key} className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
                  <Label htmlFor={`plan-feature-${key}`} className="grid gap-0.5 font-normal">
                    <span>{i18n._(FEATURE_KEY_LABELS[key])}</span>
                    <span className="font-mono text-xs text-muted-foreground">{key}</span>
                  </Label>
                  <Switch
                    id={`plan-feature-${key}`}
                    checked={entitlements.features[key]}
                    onCheckedChange={(checked) => setEntitlements((current) => ({ ...current, features: { ...current.features, [key]: checked } }))}
                  />
                </li>
              ))}
            </ul>
          </fieldset>
          {formError && (
            <p role="alert" className="text-sm text-destructive">
              {formError}
            </p>
          )}
          <DialogActions onCancel={onClose} pending={save.isPending}>
            {plan ? <Trans>Save plan</Trans> : <Trans>Create plan</Trans>}
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
