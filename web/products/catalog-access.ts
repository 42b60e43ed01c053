import { canSeeCosts, hasTenantRole } from '../../core/auth/roles.rules';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { useSignedInUser } from '../auth/auth-provider';
import { useEntitlements } from '../billing/billing.api';

/**
 * What this person may do in the catalog, mirroring the server: managers and owners edit and see
 * costs, cashiers read prices and stock; brands, custom units, warranty, combos and wholesale prices need the plan's
 * advanced_inventory (locked with the upgrade badge outside a trial, as in the sidebar).
 */
export function useCatalogAccess() {
  const user = useSignedInUser();
  const entitlements = useEntitlements({ enabled: user.tenantId !== null });
  const data = entitlements.data;
  // Until the entitlements arrive nothing is shown as locked: the server still refuses with 402.
  const hasAdvancedInventory = !data || data.entitlements.features.advanced_inventory;
  return {
    canEdit: hasTenantRole(user.role, 'manager'),
    /** Cost prices and the stock ledger (with its unit costs): managers and owners, as the server answers. */
    canSeeCosts: canSeeCosts(user.role),
    hasAdvancedInventory,
    /** "Pro" (or "Enterprise") on locked controls outside a trial; null otherwise. */
    upgradeBadge: !hasAdvancedInventory && data && !data.access.isTrialActive ? data.upgradeBadge : null,
    upgradeMessage: upgradeMessage('advanced_inventory'),
  };
}
