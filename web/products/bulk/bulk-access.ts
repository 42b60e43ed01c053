import { useSignedInUser } from '../../auth/auth-provider';
import { mayDo } from '../../auth/may-do';
import { useEntitlements } from '../../billing/billing.api';

export const BILLING_PATH = '/admin/settings?tab=billing';

/**
 * Whether this person may use the bulk tools: the plan must include bulk_operations (otherwise
 * the upgrade badge, outside a trial, as in the sidebar) and they must hold products.manage to
 * import or change products in bulk, data.export to export them, as the API checks.
 */
export function useBulkOperationsAccess() {
  const user = useSignedInUser();
  const entitlements = useEntitlements({ enabled: user.tenantId !== null });
  const data = entitlements.data;
  const isLocked = Boolean(data && !data.entitlements.features.bulk_operations);
  return {
    isLocked,
    /** "Pro" (or "Enterprise") when locked outside a trial. */
    badge: isLocked && data && !data.access.isTrialActive ? data.upgradeBadge : null,
    mayManageProducts: mayDo(user, 'products.manage'),
    mayExport: mayDo(user, 'data.export'),
    isLoading: entitlements.isPending,
  };
}
