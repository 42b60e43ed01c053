import { fillMessage } from '../i18n/message.rules';

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
export function resolveEntitlements(input: {
  planName: string | null | undefined;
  isTrialActive: boolean;
  hasAccess: boolean;
  /**
   * The plan's own features and limits as a platform admin set them (Plan Management,
   * docs/platform.md); they replace the tier rules of the name while the shop has access. A trial
   * still has everything, and no access still the defaults.
   */
  planEntitlements?: PlanEntitlements | null;
}): PlanEntitlements {
  const tier = (input.planName ?? '').trim().toLowerCase();
  if (input.isTrialActive) return entitlements(() => true, { max_locations: UNLIMITED, max_staff_users: UNLIMITED, max_products: UNLIMITED });
  if (!input.hasAccess) return entitlements(isDefaultOn, DEFAULT_LIMITS);
  if (input.planEntitlements) return { features: { ...input.planEntitlements.features }, limits: { ...input.planEntitlements.limits } };
  if (tier === 'enterprise') {
    return entitlements(() => true, { max_locations: UNLIMITED, max_staff_users: UNLIMITED, max_products: UNLIMITED });
  }
  if (tier === 'professional') {
    return entitlements((f) => !PROFESSIONAL_EXCLUDED.includes(f), { max_locations: 5, max_staff_users: UNLIMITED, max_products: 5000 });
  }
  if (tier === 'basic' || tier === 'starter') {
    return entitlements((f) => isDefaultOn(f) || STARTER_ADDED.includes(f), { max_locations: 2, max_staff_users: 10, max_products: 1000 });
  }
  return entitlements(isDefaultOn, DEFAULT_LIMITS);
}

/** What a plan of this name grants by the tier rules of spec §9 (a paid plan, with access). */
export function tierEntitlements(planName: string | null | undefined): PlanEntitlements {
  return resolveEntitlements({ planName, isTrialActive: false, hasAccess: true });
}

/**
 * A plan's stored features and limits (JSON) over its tier's: every §9 key present, a key stored
 * with a value of the wrong kind (or a limit out of 0…UNLIMITED) keeps the tier's value, unknown
 * keys are dropped. Null when nothing is stored: the tier rules apply.
 */
export function storedEntitlements(planName: string | null | undefined, stored: unknown): PlanEntitlements | null {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return null;
  const base = tierEntitlements(planName);
  const { features, limits } = stored as { features?: unknown; limits?: unknown };
  const featureValues = (features && typeof features === 'object' ? features : {}) as Record<string, unknown>;
  const limitValues = (limits && typeof limits === 'object' ? limits : {}) as Record<string, unknown>;
  for (const key of FEATURE_KEYS) if (typeof featureValues[key] === 'boolean') base.features[key] = featureValues[key];
  for (const key of LIMIT_KEYS) {
    const value = limitValues[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= UNLIMITED) base.limits[key] = value;
  }
  return base;
}

export const DEFAULT_UPGRADE_MESSAGE = /*i18n*/ 'Upgrade your subscription to access this feature.';

/** Upgrade messages per feature (spec §9: they exist per feature; the default is above). */
export const UPGRADE_MESSAGES: Partial<Record<FeatureKey, string>> = {
  advanced_inventory: /*i18n*/ 'Upgrade to Pro for brands, units, warranties, combos, wholesale pricing and camera barcode scanning.',
  advanced_reporting: /*i18n*/ 'Upgrade to Pro for detailed sales, profit and stock reports.',
  advanced_accounting: /*i18n*/ 'Upgrade to Pro for the double-entry ledger, VAT returns and financial statements.',
  user_roles: /*i18n*/ 'Upgrade to Pro to add staff with their own roles and permissions.',
  advanced_notifications: /*i18n*/ 'Upgrade to Pro to send SMS, WhatsApp and e-mail messages to customers.',
  multi_location: /*i18n*/ 'Upgrade to Pro to move stock between your locations with transfers.',
  loyalty_program: /*i18n*/ 'Upgrade to Pro to reward returning customers with points.',
  gift_cards: /*i18n*/ 'Upgrade to Pro to sell and redeem gift cards.',
  online_orders: /*i18n*/ 'Upgrade to Pro to take orders online.',
  advanced_pos: /*i18n*/ 'Upgrade to Pro for tips and discounts at the till.',
  bulk_operations: /*i18n*/ 'Upgrade to Pro to import products and contacts and change prices in bulk.',
  data_export: /*i18n*/ 'Upgrade to Pro to export your contacts to CSV.',
  white_labeling: /*i18n*/ 'Upgrade to Enterprise for your own domain and branding.',
  custom_domains: /*i18n*/ 'Upgrade to Enterprise to use your own domain.',
  api_access: /*i18n*/ 'Upgrade to Pro for API access and webhooks.',
  custom_integrations: /*i18n*/ 'Upgrade to Enterprise for third-party integrations and custom API endpoints.',
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
    settings: [/*i18n*/ 'Brands', /*i18n*/ 'Product units', /*i18n*/ 'Warranty', /*i18n*/ 'Combo products', /*i18n*/ 'Wholesale pricing', /*i18n*/ 'Negative stock', /*i18n*/ 'Barcode scanning'],
  },
  { feature: 'loyalty_program', settings: [/*i18n*/ 'Loyalty program'] },
  { feature: 'gift_cards', settings: [/*i18n*/ 'Gift cards'] },
  { feature: 'online_orders', settings: [/*i18n*/ 'Online orders'] },
  { feature: 'multi_location', settings: [/*i18n*/ 'Multi-location'] },
  { feature: 'user_roles', settings: [/*i18n*/ 'User roles'] },
  { feature: 'advanced_notifications', settings: [/*i18n*/ 'SMS notifications', /*i18n*/ 'WhatsApp notifications', /*i18n*/ 'E-mail notifications'] },
  { feature: 'advanced_pos', settings: [/*i18n*/ 'POS tips', /*i18n*/ 'POS discounts'] },
  { feature: 'white_labeling', settings: [/*i18n*/ 'Custom domains', /*i18n*/ 'Branding'] },
  { feature: 'api_access', settings: [/*i18n*/ 'API integrations', /*i18n*/ 'Webhooks'] },
  { feature: 'custom_integrations', settings: [/*i18n*/ 'Third-party integrations', /*i18n*/ 'Custom API endpoints'] },
];

// One whole sentence per limit, so each language words its own noun.
const LIMIT_MESSAGES: Record<LimitKey, string> = {
  max_locations: /*i18n*/ 'Your plan allows up to {max} locations. Upgrade your subscription to add more.',
  max_staff_users: /*i18n*/ 'Your plan allows up to {max} staff members. Upgrade your subscription to add more.',
  max_products: /*i18n*/ 'Your plan allows up to {max} products. Upgrade your subscription to add more.',
};

/** Why an insert over a plan limit is refused (402), e.g. "Your plan allows up to 1,000 products. …". */
export function limitMessage(limit: LimitKey, maximum: number): string {
  return fillMessage(LIMIT_MESSAGES[limit], { max: maximum.toLocaleString('en-KE') });
}
