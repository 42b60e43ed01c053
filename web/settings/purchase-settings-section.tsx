import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Label } from '../components/ui/label';
import { Skeleton } from '../components/ui/skeleton';
import { Switch } from '../components/ui/switch';
import { LoadError } from '../inventory/inventory-ui';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { purchaseSettingsQueryKey, savePurchaseSettings, usePurchaseSettings } from '../purchases/expenses.api';

/** Settings → Sales → Purchases: may cashiers record cash expenses from their shift. The owner changes it. */
export function PurchaseSettingsSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const settings = usePurchaseSettings();
  const save = useMutation({
    mutationKey: ['purchases', 'settings', 'save'],
    mutationFn: savePurchaseSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(purchaseSettingsQueryKey, saved);
      toast.success(t`Purchases settings saved`);
    },
    onError: (failure) => toast.error(t`The purchases settings were not saved`, { description: failureMessage(failure, t`Try again.`) }),
  });
  return (
    <section aria-labelledby="purchase-settings" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <h2 id="purchase-settings" className="text-lg font-semibold">
        <Trans>Purchases</Trans>
      </h2>
      {settings.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : settings.isError ? (
        <LoadError error={settings.error} what={t`the purchases settings`} onRetry={() => void settings.refetch()} />
      ) : (
        <div className="flex items-start gap-3">
          <Switch
            id="cashiers-record-cash-purchases"
            checked={settings.data.cashiersRecordCashPurchases}
            disabled={!canEdit || save.isPending}
            onCheckedChange={(checked) => save.mutate({ cashiersRecordCashPurchases: checked })}
            aria-describedby="cashiers-record-cash-purchases-hint"
          />
          <div className="grid gap-0.5">
            <Label htmlFor="cashiers-record-cash-purchases">
              <Trans>Cashiers may record cash expenses and cash purchases from their shift</Trans>
            </Label>
            <p id="cashiers-record-cash-purchases-hint" className="text-xs text-muted-foreground">
              <Trans>The cash comes out of the drawer of their open shift. Managers always may.</Trans>
            </p>
          </div>
        </div>
      )}
    </section>
  );
}
