// What a plan card may promise (issue 10 item 16): only what the product does today; a feature not
// built yet is marked "coming soon", never sold. What each plan includes stays spec §9's
// (plan-features.rules.ts); this file only says which of those things exist.
import { fillMessage } from '../i18n/message.rules';
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

// Each wording is a whole sentence (unlimited or up to a number), so each language words its own.
const upTo = (value: number, unlimited: string, limited: string) =>
  value >= UNLIMITED ? unlimited : fillMessage(limited, { max: value.toLocaleString('en-KE') });

/** In the order a plan card lists them. */
export const CAPABILITIES: readonly Capability[] = [
  {
    text: (limits) =>
      upTo(
        limits.max_products,
        /*i18n*/ 'Unlimited products, with variants, barcodes and label printing',
        /*i18n*/ 'Up to {max} products, with variants, barcodes and label printing',
      ),
    feature: null,
    isBuilt: true,
    apiPath: '/api/products',
  },
  {
    text: (limits) =>
      upTo(
        limits.max_locations,
        /*i18n*/ 'Stock at unlimited locations: adjustments, stock takes, low-stock alerts',
        /*i18n*/ 'Stock at up to {max} locations: adjustments, stock takes, low-stock alerts',
      ),
    feature: null,
    isBuilt: true,
    apiPath: '/api/inventory/stock-takes',
  },
  { text: /*i18n*/ 'Stock transfers between locations', feature: 'multi_location', isBuilt: true, apiPath: '/api/inventory/transfers' },
  { text: /*i18n*/ 'Brands, units and packs, combos, wholesale prices', feature: 'advanced_inventory', isBuilt: true, apiPath: '/api/brands' },
  { text: /*i18n*/ 'CSV import and bulk price changes', feature: 'bulk_operations', isBuilt: true, apiPath: '/api/products/import' },
  { text: /*i18n*/ 'Catalog export (CSV)', feature: null, isBuilt: true, apiPath: '/api/products/export.csv' },
  { text: /*i18n*/ 'Point of sale: the till, receipts, M-Pesa', feature: 'basic_pos', isBuilt: true, apiPath: '/api/sales' },
  { text: /*i18n*/ 'KRA eTIMS invoices', feature: null, isBuilt: true, apiPath: '/api/etims' },
  { text: /*i18n*/ 'Customers and suppliers, credit accounts and statements', feature: 'customers', isBuilt: true, apiPath: '/api/contacts' },
  { text: /*i18n*/ 'Customer groups with their own prices', feature: 'advanced_customer_management', isBuilt: true, apiPath: '/api/customer-groups' },
  { text: /*i18n*/ 'Sales and profit reports', feature: 'advanced_reporting', isBuilt: true, apiPath: '/api/reports/sales-by-period' },
  {
    text: (limits) => upTo(limits.max_staff_users, /*i18n*/ 'Unlimited staff accounts with roles', /*i18n*/ 'Up to {max} staff accounts with roles'),
    feature: 'user_roles',
    isBuilt: true,
    apiPath: '/api/team',
  },
  { text: /*i18n*/ 'Accounting and VAT returns', feature: 'advanced_accounting', isBuilt: true, apiPath: '/api/accounting' },
  { text: /*i18n*/ 'Loyalty points', feature: 'loyalty_program', isBuilt: true, apiPath: '/api/loyalty' },
  { text: /*i18n*/ 'Gift cards', feature: 'gift_cards', isBuilt: true, apiPath: '/api/gift-cards' },
  { text: /*i18n*/ 'SMS, WhatsApp and e-mail to customers', feature: 'advanced_notifications', isBuilt: true, apiPath: '/api/communications' },
  { text: /*i18n*/ 'Your own domain', feature: 'custom_domains', isBuilt: false, apiPath: '/api/domains' },
  { text: /*i18n*/ 'E-mail support', feature: 'email_support', isBuilt: true, apiPath: null },
  { text: /*i18n*/ 'Priority support', feature: 'priority_support', isBuilt: true, apiPath: null },
  { text: /*i18n*/ 'Phone support and an account manager', feature: 'dedicated_account_manager', isBuilt: true, apiPath: null },
];

export interface PlanOfferLine {
  text: string;
  availability: 'available' | 'coming_soon';
}

/** A paid plan's card: what it includes today, then what it will include when built (its own features and limits when set). */
export function planOffer(planName: string, planEntitlements?: PlanEntitlements | null): PlanOfferLine[] {
  const { features, limits } = resolveEntitlements({ planName, isTrialActive: false, hasAccess: true, planEntitlements });
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
