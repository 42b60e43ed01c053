import { hasTenantRole } from '../../../core/auth/roles.rules';
import type { FeatureKey } from '../../../core/billing/plan-features.rules';
import { useSignedInUser } from '../../auth/auth-provider';
import { useEntitlements } from '../../billing/billing.api';

/**
 * Whether this person may use a contacts bulk tool: the plan must include the feature
 * (bulk_operations to import, data_export to export; otherwise the upgrade badge, outside a trial)
 * and the role must be manager or above — as the API checks.
 */
export function useContactBulkAccess(feature: Extract<FeatureKey, 'bulk_operations' | 'data_export'>) {
  const user = useSignedInUser();
  const entitlements = useEntitlements({ enabled: user.tenantId !== null });
  const data = entitlements.data;
  const isLocked = Boolean(data && !data.entitlements.features[feature]);
  return {
    isLocked,
    /** "Pro" (or "Enterprise") when locked outside a trial. */
    badge: isLocked && data && !data.access.isTrialActive ? data.upgradeBadge : null,
    isAllowedRole: hasTenantRole(user.role, 'manager'),
  };
}
