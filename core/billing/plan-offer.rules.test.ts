import { describe, expect, it } from 'vitest';
import { isFeatureBuilt, planOffer } from './plan-offer.rules';

// Issue 10 item 16, written out by hand from what the product does today (accounts, billing,
// products, stock, contacts, the point of sale and eTIMS, purchases, accounting, reports, the team
// and communications exist; custom domains do not) and spec §9's tiers.
const available = (name: string) => planOffer(name).filter((line) => line.availability === 'available').map((line) => line.text);
const comingSoon = (name: string) => planOffer(name).filter((line) => line.availability === 'coming_soon').map((line) => line.text);

describe('plan cards sell only what is built', () => {
  it('Starter: 1,000 products and two locations without transfers, contacts with customer groups, the till, reports, ten staff', () => {
    expect(available('Starter')).toEqual([
      'Up to 1,000 products, with variants, barcodes and label printing',
      'Stock at up to 2 locations: adjustments, stock takes, low-stock alerts',
      'Catalog export (CSV)',
      'Point of sale: the till, receipts, M-Pesa',
      'KRA eTIMS invoices',
      'Customers and suppliers, credit accounts and statements',
      'Customer groups with their own prices',
      'Sales and profit reports',
      'Up to 10 staff accounts with roles',
      'E-mail support',
    ]);
    expect(comingSoon('Starter')).toEqual([]);
  });

  it('Professional: five locations with transfers, advanced catalog, bulk tools, accounting, unlimited staff, messaging', () => {
    expect(available('Professional')).toEqual([
      'Up to 5,000 products, with variants, barcodes and label printing',
      'Stock at up to 5 locations: adjustments, stock takes, low-stock alerts',
      'Stock transfers between locations',
      'Brands, units and packs, combos, wholesale prices',
      'CSV import and bulk price changes',
      'Catalog export (CSV)',
      'Point of sale: the till, receipts, M-Pesa',
      'KRA eTIMS invoices',
      'Customers and suppliers, credit accounts and statements',
      'Customer groups with their own prices',
      'Sales and profit reports',
      'Unlimited staff accounts with roles',
      'Accounting and VAT returns',
      'Loyalty points',
      'Gift cards',
      'SMS, WhatsApp and e-mail to customers',
      'E-mail support',
      'Priority support',
    ]);
    expect(comingSoon('Professional')).toEqual([]);
  });

  it('Enterprise: unlimited, its own domain coming soon', () => {
    expect(available('Enterprise')[0]).toBe('Unlimited products, with variants, barcodes and label printing');
    expect(available('Enterprise')).toContain('Phone support and an account manager');
    expect(comingSoon('Enterprise')).toContain('Your own domain');
  });

  it('the Features tab calls built what the cards sell', () => {
    expect(isFeatureBuilt('multi_location')).toBe(true);
    expect(isFeatureBuilt('advanced_inventory')).toBe(true);
    expect(isFeatureBuilt('loyalty_program')).toBe(true);
    expect(isFeatureBuilt('gift_cards')).toBe(true);
    expect(isFeatureBuilt('advanced_accounting')).toBe(true);
    expect(isFeatureBuilt('advanced_reporting')).toBe(true);
    expect(isFeatureBuilt('user_roles')).toBe(true);
    expect(isFeatureBuilt('white_labeling')).toBe(false);
  });
});
