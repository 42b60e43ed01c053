// What a plan card may promise (issue 10 item 16): only what the product does today; a feature not
// built yet is marked "coming soon", never sold. What each plan includes stays spec §9's
// (plan-features.rules.ts); this file only says which of those things exist.
import { resolveEntitlements, UNLIMITED, type FeatureKey, type PlanEntitlements } from './plan-features.rules';

export interface Capability {
  /** The plan card's words for it. */
  text: string | ((limits: PlanEntitlements['limits']) => string);
  /** The plan feature it needs; null when every plan has it. */
  feature: FeatureKey | null;
  /** Built: the product does it today. Checked against the mounted API routes in a test. */
  isBuilt: boolean;
  /** Where its API lives (or will), e.g. '/api/inventory/transfers'; null for a service such as support. */
  apiPath: string | null;
}

const count = (value: number, noun: string) => (value >= UNLIMITED ? `Unlimited ${noun}` : `Up to ${value.toLocaleString('en-KE')} ${noun}`);

/** In the order a plan card lists them. */
export const CAPABILITIES: readonly Capability[] = [
  { text: (limits) => `${count(limits.max_products, 'products')}, with variants, barcodes and label printing`, feature: null, isBuilt: true, apiPath: '/api/products' },
  { text: (limits) => `Stock at ${count(limits.max_locations, 'locations').toLowerCase()}: adjustments, stock takes, low-stock alerts`, feature: null, isBuilt: true, apiPath: '/api/inventory/stock-takes' },
  { text: 'Stock transfers between locations', feature: 'multi_location', isBuilt: true, apiPath: '/api/inventory/transfers' },
  { text: 'Brands, units and packs, combos, wholesale prices', feature: 'advanced_inventory', isBuilt: true, apiPath: '/api/brands' },
  { text: 'CSV import and bulk price changes', feature: 'bulk_operations', isBuilt: true, apiPath: '/api/products/import' },
  { text: 'Catalog export (CSV)', feature: null, isBuilt: true, apiPath: '/api/products/export.csv' },
  { text: 'Point of sale: the till, receipts, M-Pesa', feature: 'basic_pos', isBuilt: false, apiPath: '/api/sales' },
  { text: 'KRA eTIMS invoices', feature: null, isBuilt: false, apiPath: '/api/etims' },
  { text: 'Customers and suppliers', feature: 'customers', isBuilt: false, apiPath: '/api/contacts' },
  { text: 'Sales and profit reports', feature: 'advanced_reporting', isBuilt: false, apiPath: '/api/reports' },
  { text: (limits) => `${count(limits.max_staff_users, 'staff accounts')} with roles`, feature: 'user_roles', isBuilt: false, apiPath: '/api/team' },
  { text: 'Accounting and VAT returns', feature: 'advanced_accounting', isBuilt: false, apiPath: '/api/accounting' },
  { text: 'Loyalty points and gift cards', feature: 'loyalty_program', isBuilt: false, apiPath: '/api/loyalty' },
  { text: 'SMS, WhatsApp and e-mail to customers', feature: 'advanced_notifications', isBuilt: false, apiPath: '/api/communications' },
  { text: 'Your own domain', feature: 'custom_domains', isBuilt: false, apiPath: '/api/domains' },
  { text: 'E-mail support', feature: 'email_support', isBuilt: true, apiPath: null },
  { text: 'Priority support', feature: 'priority_support', isBuilt: true, apiPath: null },
  { text: 'Phone support and an account manager', feature: 'dedicated_account_manager', isBuilt: true, apiPath: null },
];

export interface PlanOfferLine {
  text: string;
  availability: 'available' | 'coming_soon';
}

/** A paid plan's card: what it includes today, then what it will include when built. */
export function planOffer(planName: string): PlanOfferLine[] {
  const { features, limits } = resolveEntitlements({ planName, isTrialActive: false, hasAccess: true });
  const included = CAPABILITIES.filter((capability) => capability.feature === null || features[capability.feature]);
  const line = (capability: Capability, availability: PlanOfferLine['availability']) => ({
    text: typeof capability.text === 'function' ? capability.text(limits) : capability.text,
    availability,
  });
  return [
    ...included.filter((capability) => capability.isBuilt).map((capability) => line(capability, 'available')),
    ...included.filter((capability) => !capability.isBuilt).map((capability) => line(capability, 'coming_soon')),
  ];
}

/** Whether what a plan feature unlocks exists today (the Features tab says "Coming soon" otherwise). */
export function isFeatureBuilt(feature: FeatureKey): boolean {
  return CAPABILITIES.some((capability) => capability.feature === feature && capability.isBuilt);
}
