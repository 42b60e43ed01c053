import { CheckCircle2Icon, LockIcon } from 'lucide-react';
import type { EntitlementsResponse } from '../../core/billing/billing.schemas';
import { RESTRICTED_SETTINGS, upgradeMessage } from '../../core/billing/plan-features.rules';
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

/** Spec §9 "Settings restricted when a feature is missing": locked with the upgrade message, or included. */
export function FeaturesTab({ entitlements }: { entitlements: EntitlementsResponse }) {
  return (
    <ul aria-label="Plan features" className="grid gap-3 md:grid-cols-2">
      {RESTRICTED_SETTINGS.map(({ feature, settings }) => {
        const isIncluded = entitlements.entitlements.features[feature] ?? false;
        const title = FEATURE_TITLES[feature] ?? feature;
        return (
          <li
            key={feature}
            aria-label={title}
            data-locked={isIncluded ? undefined : ''}
            className="grid content-start gap-2 rounded-xl border bg-card p-4"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="flex items-center gap-2 font-semibold">
                {isIncluded ? (
                  <CheckCircle2Icon aria-hidden className="size-4 text-primary" />
                ) : (
                  <LockIcon aria-hidden className="size-4 text-muted-foreground" />
                )}
                {title}
              </h3>
              {!isIncluded && <Badge variant="accent">{entitlements.upgradeBadge}</Badge>}
            </div>
            <p className="text-sm text-muted-foreground">{settings.join(', ')}</p>
            <p className={isIncluded ? 'text-sm text-primary' : 'text-sm'}>
              {isIncluded ? 'Included in your plan' : upgradeMessage(feature)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
