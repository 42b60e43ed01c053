import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { useSignedInUser } from '../auth/auth-provider';
import { mayDo } from '../auth/may-do';
import { useEntitlements } from '../billing/billing.api';

/**
 * What this person may do in the catalog, by the permissions the server checks: products.manage
 * edits, inventory.manage adjusts stock, costs.view sees costs (managers and owners, or a custom
 * role given them), everyone reads prices and stock; brands, custom units, warranty, combos and wholesale prices need the plan's
 * advanced_inventory (locked with the upgrade badge outside a trial, as in the sidebar).
 */
export function useCatalogAccess() {
  const user = useSignedInUser();
  const entitlements = useEntitlements({ enabled: user.tenantId !== null });
  const data = entitlements.data;
  // Until the entitlements arrive nothing is shown as locked: the server still refuses with 402.
  const hasAdvancedInventory = !data || data.entitlements.features.advanced_inventory;
  return {
    canEdit: mayDo(user, 'products.manage'),
    /** Adjusting stock and reading the stock ledger (inventory.manage). */
    canManageStock: mayDo(user, 'inventory.manage'),
    /** Cost prices and the stock ledger (with its unit costs), as the server answers them. */
    canSeeCosts: mayDo(user, 'costs.view'),
    hasAdvancedInventory,
    /** "Pro" (or "Enterprise") on locked controls outside a trial; null otherwise. */
    upgradeBadge: !hasAdvancedInventory && data && !data.access.isTrialActive ? data.upgradeBadge : null,
    upgradeMessage: upgradeMessage('advanced_inventory'),
  };
}
