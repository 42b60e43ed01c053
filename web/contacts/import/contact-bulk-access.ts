import type { FeatureKey } from '../../../core/billing/plan-features.rules';
import type { Permission } from '../../../core/team/permissions.rules';
import { useSignedInUser } from '../../auth/auth-provider';
import { mayDo } from '../../auth/may-do';
import { useEntitlements } from '../../billing/billing.api';

type BulkFeature = Extract<FeatureKey, 'bulk_operations' | 'data_export'>;

/** The permission each tool's routes need (server/contacts/contacts-bulk.routes.ts). */
const PERMISSION_OF: Record<BulkFeature, Permission> = { bulk_operations: 'contacts.manage', data_export: 'data.export' };

/**
 * Whether this person may use a contacts bulk tool: the plan must include the feature
 * (bulk_operations to import, data_export to export; otherwise the upgrade badge, outside a trial)
 * and they must hold its permission (contacts.manage to import, data.export to export) — as the
 * API checks.
 */
export function useContactBulkAccess(feature: BulkFeature) {
  const user = useSignedInUser();
  const entitlements = useEntitlements({ enabled: user.tenantId !== null });
  const data = entitlements.data;
  const isLocked = Boolean(data && !data.entitlements.features[feature]);
  return {
    isLocked,
    /** "Pro" (or "Enterprise") when locked outside a trial. */
    badge: isLocked && data && !data.access.isTrialActive ? data.upgradeBadge : null,
    isPermitted: mayDo(user, PERMISSION_OF[feature]),
  };
}
