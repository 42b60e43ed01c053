import { describe, expect, it } from 'vitest';
import { builtInPermissions, UNLIMITED_DISCOUNT_PERCENT } from '../team/permissions.rules';
import { approvalReason, sellerLimits } from './seller-limits.rules';

// The shop's limit is 10% (1,000 basis points) throughout.
const SHOP_LIMIT_BPS = 1_000;

describe('a seller’s limits', () => {
  it('a built-in cashier discounts up to the shop’s limit and needs a manager for any lower price; a manager changes prices', () => {
    const cashier = sellerLimits({ permissions: builtInPermissions('cashier'), maxDiscountPercent: UNLIMITED_DISCOUNT_PERCENT }, SHOP_LIMIT_BPS);
    expect(cashier).toEqual({ discountLimitBps: 1_000, discountLimitSource: 'shop', mayChangePrice: false });
    const manager = sellerLimits({ permissions: builtInPermissions('manager'), maxDiscountPercent: UNLIMITED_DISCOUNT_PERCENT }, SHOP_LIMIT_BPS);
    expect(manager).toEqual({ discountLimitBps: 1_000, discountLimitSource: 'shop', mayChangePrice: true });
  });

  it('a role capped at 5% gives 5%; a cap above the shop’s limit, or equal to it, leaves the shop’s', () => {
    const capped = (maxDiscountPercent: number) => sellerLimits({ permissions: ['sales.sell', 'sales.discount'], maxDiscountPercent }, SHOP_LIMIT_BPS);
    expect(capped(5)).toEqual({ discountLimitBps: 500, discountLimitSource: 'role', mayChangePrice: false });
    expect(capped(0)).toEqual({ discountLimitBps: 0, discountLimitSource: 'role', mayChangePrice: false });
    expect(capped(10)).toMatchObject({ discountLimitBps: 1_000, discountLimitSource: 'shop' });
    expect(capped(25)).toMatchObject({ discountLimitBps: 1_000, discountLimitSource: 'shop' });
  });

  it('without sales.discount every discount needs a manager, whatever the cap', () => {
    expect(sellerLimits({ permissions: ['sales.sell', 'sales.override_price'], maxDiscountPercent: 50 }, SHOP_LIMIT_BPS)).toEqual({
      discountLimitBps: 0,
      discountLimitSource: 'no_permission',
      mayChangePrice: true,
    });
  });

  it('names why each approval is needed', () => {
    const limits = (permissions: string[], maxDiscountPercent: number) => sellerLimits({ permissions, maxDiscountPercent }, SHOP_LIMIT_BPS);
    expect(approvalReason('price_override', limits(['sales.override_price'], 0))).toBe('price_below_catalog');
    expect(approvalReason('price_override', limits([], 0))).toBe('price_change');
    expect(approvalReason('discount', limits(['sales.discount'], 100))).toBe('discount_over_shop_limit');
    expect(approvalReason('discount', limits(['sales.discount'], 5))).toBe('discount_over_role_limit');
    expect(approvalReason('discount', limits([], 100))).toBe('discount_not_allowed');
  });
});
