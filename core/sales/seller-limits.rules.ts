import type { MemberAccess } from '../team/permissions.rules';
import type { LineApproval } from './pricing.rules';

// What a seller may give at the register without a manager's approval (issue 20,
// docs/decisions/0024-permissions-and-team.md): the checkout, the quote and the register's preview
// all price with these limits, so the till asks for the PIN exactly when the server would.

/** What bounds the seller's discounts: the shop's limit, their role's lower cap, or no discount permission at all. */
export type DiscountLimitSource = 'shop' | 'role' | 'no_permission';

export interface SellerLimits {
  /** A discount above this share of what it applies to needs a manager's approval (basis points). */
  discountLimitBps: number;
  discountLimitSource: DiscountLimitSource;
  /** With sales.override_price only a price below the catalog's needs a manager; without it, any change of price. */
  mayChangePrice: boolean;
}

/** The seller's permissions as the server holds them, or as the session answers them to the screen. */
export type SellerAccess = Pick<MemberAccess, 'maxDiscountPercent'> & { permissions: readonly string[] };

/**
 * A seller's limits: without sales.discount every discount needs a manager; with it, the smaller
 * of the shop's limit and the role's cap (built-in roles have no cap of their own).
 */
export function sellerLimits(seller: SellerAccess, shopDiscountLimitBps: number): SellerLimits {
  const mayChangePrice = seller.permissions.includes('sales.override_price');
  if (!seller.permissions.includes('sales.discount')) return { discountLimitBps: 0, discountLimitSource: 'no_permission', mayChangePrice };
  const roleCapBps = seller.maxDiscountPercent * 100;
  return roleCapBps < shopDiscountLimitBps
    ? { discountLimitBps: roleCapBps, discountLimitSource: 'role', mayChangePrice }
    : { discountLimitBps: shopDiscountLimitBps, discountLimitSource: 'shop', mayChangePrice };
}

/** Why a line or the cart needs a manager's approval, for what the checkout and the till say. */
export type ApprovalReason = 'price_below_catalog' | 'price_change' | 'discount_over_shop_limit' | 'discount_over_role_limit' | 'discount_not_allowed';

export function approvalReason(action: LineApproval, limits: SellerLimits): ApprovalReason {
  if (action === 'price_override') return limits.mayChangePrice ? 'price_below_catalog' : 'price_change';
  const bySource: Record<DiscountLimitSource, ApprovalReason> = {
    shop: 'discount_over_shop_limit',
    role: 'discount_over_role_limit',
    no_permission: 'discount_not_allowed',
  };
  return bySource[limits.discountLimitSource];
}
