import { CheckCircle2Icon, ClockIcon, LockIcon } from 'lucide-react';
import type { EntitlementsResponse } from '../../core/billing/billing.schemas';
import { isFeatureBuilt } from '../../core/billing/plan-offer.rules';
import { RESTRICTED_SETTINGS, UNLIMITED, upgradeMessage, type FeatureKey } from '../../core/billing/plan-features.rules';
import { Badge } from '../components/ui/badge';

const FEATURE_TITLES: Record<string, string> = {
  advanced_inventory: 'Advanced inventory',
  loyalty_program: 'Loyalty program',
  gift_cards: 'Gift cards',
  online_orders: 'Online orders',
  multi_location: 'Multi-location',
  user_roles: 'User roles',
  advanced_notifications: 'Notifications',
  advanced_pos: 'Advanced POS',
  white_labeling: 'White labelling',
  api_access: 'API access',
  custom_integrations: 'Custom integrations',
};

/** What a built feature covers, where the spec's setting names alone would say more than it does. */
const FEATURE_DESCRIPTIONS: Partial<Record<FeatureKey, (limits: EntitlementsResponse['entitlements']['limits']) => string>> = {
  multi_location: (limits) =>
    `Stock transfers between locations. Your plan has ${limits.max_locations >= UNLIMITED ? 'unlimited locations' : `up to ${limits.max_locations.toLocaleString('en-KE')} ${limits.max_locations === 1 ? 'location' : 'locations'}`}.`,
};

/**
 * Spec §9 "Settings restricted when a feature is missing": included, locked with the upgrade
 * message, or coming soon when the product does not do it yet (as the plan cards say).
 */
export function FeaturesTab({ entitlements }: { entitlements: EntitlementsResponse }) {
  return (
    <ul aria-label="Plan features" className="grid gap-3 md:grid-cols-2">
      {RESTRICTED_SETTINGS.map(({ feature, settings }) => {
        const isIncluded = entitlements.entitlements.features[feature] ?? false;
        const isBuilt = isFeatureBuilt(feature);
        const title = FEATURE_TITLES[feature] ?? feature;
        const describe = FEATURE_DESCRIPTIONS[feature];
        return (
          <li
            key={feature}
            aria-label={title}
            data-locked={isBuilt && !isIncluded ? '' : undefined}
            className="grid content-start gap-2 rounded-xl border bg-card p-4"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="flex items-center gap-2 font-semibold">
                {!isBuilt ? (
                  <ClockIcon aria-hidden className="size-4 text-muted-foreground" />
                ) : isIncluded ? (
                  <CheckCircle2Icon aria-hidden className="size-4 text-primary" />
                ) : (
                  <LockIcon aria-hidden className="size-4 text-muted-foreground" />
                )}
                {title}
              </h3>
              {!isBuilt ? <Badge variant="secondary">Coming soon</Badge> : !isIncluded && <Badge variant="accent">{entitlements.upgradeBadge}</Badge>}
            </div>
            <p className="text-sm text-muted-foreground">{describe ? describe(entitlements.entitlements.limits) : settings.join(', ')}</p>
            <p className={isBuilt && isIncluded ? 'text-sm text-primary' : 'text-sm'}>
              {!isBuilt
                ? `Not built yet.${isIncluded ? ' Your plan will include it.' : ''}`
                : isIncluded
                  ? 'Included in your plan'
                  : upgradeMessage(feature)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
