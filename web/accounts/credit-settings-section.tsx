import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { creditSettingsSchema, type CreditLimitPolicy } from '../../core/accounts/accounts.schemas';
import { useMayDo } from '../auth/may-do';
import { Skeleton } from '../components/ui/skeleton';
import { apiRequest } from '../lib/api-client';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { creditSettingsQueryKey, useCreditSettings } from './accounts.api';

/**
 * The shop's credit limit policy (a settings page section; the owner changes it): a credit sale
 * that takes a customer past their limit is refused ('block', the default) or allowed with a
 * warning ('warn').
 */
export function CreditSettingsSection() {
  const { t } = useLingui();
  const canChange = useMayDo('settings.manage');
  const settings = useCreditSettings();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationKey: ['accounts', 'settings'],
    mutationFn: (creditLimitPolicy: CreditLimitPolicy) => apiRequest('/api/accounts/settings', { method: 'PUT', body: { creditLimitPolicy }, schema: creditSettingsSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(creditSettingsQueryKey, saved);
      toast.success(saved.creditLimitPolicy === 'block' ? t`Sales past a credit limit are now refused` : t`Sales past a credit limit are now allowed with a warning`);
    },
    onError: (error) => toast.error(t`The setting was not saved`, { description: failureMessage(error, t`Try again.`) }),
  });
  const current = save.isPending ? save.variables : settings.data?.creditLimitPolicy;
  const options: { value: CreditLimitPolicy; label: string; hint: string }[] = [
    { value: 'block', label: t`Refuse the sale`, hint: t`A credit sale that takes a customer past their limit is refused. A limit of 0 means cash only.` },
    { value: 'warn', label: t`Allow it with a warning`, hint: t`The sale goes through and the cashier sees that the limit was passed.` },
  ];
  return (
    <section aria-labelledby="credit-settings-title" className="grid gap-3 rounded-xl border bg-card p-4 sm:p-6">
      <div className="grid gap-1">
        <h3 id="credit-settings-title" className="font-semibold">
          <Trans>Credit limits</Trans>
        </h3>
        <p className="text-sm text-muted-foreground">
          <Trans>What happens when a credit sale would take a customer past their credit limit.</Trans>
        </p>
      </div>
      {settings.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : (
        <fieldset className="grid gap-2" disabled={!canChange || save.isPending}>
          <legend className="sr-only">
            <Trans>Credit limit policy</Trans>
          </legend>
          {options.map((option) => (
            <label key={option.value} className="flex items-start gap-3 rounded-lg border p-3 text-sm has-[:checked]:border-primary">
              <input
                type="radio"
                name="credit-limit-policy"
                value={option.value}
                className="mt-0.5 size-4 accent-primary"
                checked={current === option.value}
                onChange={() => save.mutate(option.value)}
              />
              <span className="grid gap-0.5">
                <span className="font-medium">{option.label}</span>
                <span className="text-muted-foreground">{option.hint}</span>
              </span>
            </label>
          ))}
          {!canChange && (
            <p className="text-xs text-muted-foreground">
              <Trans>Only the owner changes this.</Trans>
            </p>
          )}
        </fieldset>
      )}
    </section>
  );
}
