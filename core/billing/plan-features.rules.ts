// Plan features and limits (spec §9). The single source: the server enforces it, the web mirrors it.

/** On when there is no plan or no access (spec §9 "Plan feature defaults"). */
export const DEFAULT_ON_FEATURES = ['basic_pos', 'inventory', 'customers', 'sales', 'product_units', 'email_support'] as const;

/** Off by default (spec §9), plus the keys the restricted settings and tiers name. */
export const DEFAULT_OFF_FEATURES = [
  'advanced_reporting',
  'multi_location',
  'user_roles',
  'advanced_inventory',
  'loyalty_program',
  'gift_cards',
  'online_orders',
  'commission_tracking',
  'advanced_accounting',
  'bulk_operations',
  'api_access',
  'custom_branding',
  'advanced_notifications',
  'warehouse_management',
  'advanced_analytics',
  'customer_management',
  'custom_reports',
  'dashboards',
  'data_export',
  'priority_support',
  'phone_support',
  'dedicated_support',
  'white_labeling',
  'custom_domains',
  'multi_tenant',
  'enterprise_support',
  'custom_integrations',
  'backup_restore',
  'sla',
  'priority_feature_requests',
  // Named by the restricted settings and the tiers of §9.
  'advanced_pos',
  'advanced_customer_management',
  'dedicated_account_manager',
] as const;

export const FEATURE_KEYS = [...DEFAULT_ON_FEATURES, ...DEFAULT_OFF_FEATURES] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

export const LIMIT_KEYS = ['max_locations', 'max_staff_users', 'max_products'] as const;
export type LimitKey = (typeof LIMIT_KEYS)[number];

export const UNLIMITED = 999999;

export interface PlanEntitlements {
  features: Record<FeatureKey, boolean>;
  limits: Record<LimitKey, number>;
}

const DEFAULT_LIMITS: Record<LimitKey, number> = { max_locations: 1, max_staff_users: 3, max_products: 500 };

function entitlements(isOn: (feature: FeatureKey) => boolean, limits: Record<LimitKey, number>): PlanEntitlements {
  const features = Object.fromEntries(FEATURE_KEYS.map((feature) => [feature, isOn(feature)])) as Record<FeatureKey, boolean>;
  return { features, limits };
}

const isDefaultOn = (feature: FeatureKey) => (DEFAULT_ON_FEATURES as readonly string[]).includes(feature);

/** Features the professional tier lacks (spec §9). */
export const PROFESSIONAL_EXCLUDED: readonly FeatureKey[] = [
  'white_labeling',
  'custom_domains',
  'phone_support',
  'dedicated_account_manager',
];

/** Features the basic/starter tier adds to the defaults (spec §9). */
export const STARTER_ADDED: readonly FeatureKey[] = ['advanced_reporting', 'user_roles', 'advanced_customer_management'];

/**
 * Spec §9 "Plan tiers", by lowercase plan name: enterprise or any active trial → everything,
 * 999999; professional → all but four, 5 locations, unlimited staff, 5000 products; basic or
 * starter → defaults plus three, 2 locations, 10 staff, 1000 products; otherwise (no plan, no
 * access, unknown name) → the defaults.
 */
export function resolveEntitlements(input: { planName: string | null | undefined; isTrialActive: boolean; hasAccess: boolean }): PlanEntitlements {
  const tier = (input.planName ?? '').trim().toLowerCase();
  if (input.isTrialActive || (input.hasAccess && tier === 'enterprise')) {
    return entitlements(() => true, { max_locations: UNLIMITED, max_staff_users: UNLIMITED, max_products: UNLIMITED });
  }
  if (!input.hasAccess) return entitlements(isDefaultOn, DEFAULT_LIMITS);
  if (tier === 'professional') {
    return entitlements((f) => !PROFESSIONAL_EXCLUDED.includes(f), { max_locations: 5, max_staff_users: UNLIMITED, max_products: 5000 });
  }
  if (tier === 'basic' || tier === 'starter') {
    return entitlements((f) => isDefaultOn(f) || STARTER_ADDED.includes(f), { max_locations: 2, max_staff_users: 10, max_products: 1000 });
  }
  return entitlements(isDefaultOn, DEFAULT_LIMITS);
}

export const DEFAULT_UPGRADE_MESSAGE = 'Upgrade your subscription to access this feature.';

/** Upgrade messages per feature (spec §9: they exist per feature; the default is above). */
export const UPGRADE_MESSAGES: Partial<Record<FeatureKey, string>> = {
  advanced_inventory: 'Upgrade to Pro for brands, units, warranties, combos, wholesale pricing and barcode scanning.',
  advanced_reporting: 'Upgrade to Pro for detailed sales, profit and stock reports.',
  advanced_accounting: 'Upgrade to Pro for the double-entry ledger, VAT returns and financial statements.',
  user_roles: 'Upgrade to Pro to add staff with their own roles and permissions.',
  advanced_notifications: 'Upgrade to Pro to send SMS, WhatsApp and e-mail messages to customers.',
  multi_location: 'Upgrade to Pro to move stock between your locations with transfers.',
  loyalty_program: 'Upgrade to Pro to reward returning customers with points.',
  gift_cards: 'Upgrade to Pro to sell and redeem gift cards.',
  online_orders: 'Upgrade to Pro to take orders online.',
  advanced_pos: 'Upgrade to Pro for tips and discounts at the till.',
  bulk_operations: 'Upgrade to Pro to import products and change prices in bulk.',
  white_labeling: 'Upgrade to Enterprise for your own domain and branding.',
  custom_domains: 'Upgrade to Enterprise to use your own domain.',
  api_access: 'Upgrade to Pro for API access and webhooks.',
  custom_integrations: 'Upgrade to Enterprise for third-party integrations and custom API endpoints.',
};

export function upgradeMessage(feature: FeatureKey): string {
  return UPGRADE_MESSAGES[feature] ?? DEFAULT_UPGRADE_MESSAGE;
}

/** The upgrade badge: Pro, or Enterprise when the plan is professional (spec §2, §9). */
export function upgradeBadge(planName: string | null | undefined): 'Pro' | 'Enterprise' {
  return (planName ?? '').trim().toLowerCase() === 'professional' ? 'Enterprise' : 'Pro';
}

/** Settings locked when a feature is missing (spec §9 "Settings restricted when a feature is missing"). */
export const RESTRICTED_SETTINGS: ReadonlyArray<{ feature: FeatureKey; settings: readonly string[] }> = [
  {
    feature: 'advanced_inventory',
    settings: ['Brands', 'Product units', 'Warranty', 'Combo products', 'Wholesale pricing', 'Negative stock', 'Barcode scanning'],
  },
  { feature: 'loyalty_program', settings: ['Loyalty program'] },
  { feature: 'gift_cards', settings: ['Gift cards'] },
  { feature: 'online_orders', settings: ['Online orders'] },
  { feature: 'multi_location', settings: ['Multi-location'] },
  { feature: 'user_roles', settings: ['User roles'] },
  { feature: 'advanced_notifications', settings: ['SMS notifications', 'WhatsApp notifications', 'E-mail notifications'] },
  { feature: 'advanced_pos', settings: ['POS tips', 'POS discounts'] },
  { feature: 'white_labeling', settings: ['Custom domains', 'Branding'] },
  { feature: 'api_access', settings: ['API integrations', 'Webhooks'] },
  { feature: 'custom_integrations', settings: ['Third-party integrations', 'Custom API endpoints'] },
];

const LIMIT_NOUNS: Record<LimitKey, string> = { max_locations: 'locations', max_staff_users: 'staff members', max_products: 'products' };

/** Why an insert over a plan limit is refused (402), e.g. "Your plan allows up to 1,000 products. …". */
export function limitMessage(limit: LimitKey, maximum: number): string {
  return `Your plan allows up to ${maximum.toLocaleString('en-KE')} ${LIMIT_NOUNS[limit]}. Upgrade your subscription to add more.`;
}
