import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { CheckCircle2Icon, ClockIcon, LockIcon } from 'lucide-react';
import type { EntitlementsResponse } from '../../core/billing/billing.schemas';
import { isFeatureBuilt } from '../../core/billing/plan-offer.rules';
import { RESTRICTED_SETTINGS, UNLIMITED, upgradeMessage } from '../../core/billing/plan-features.rules';
import { Badge } from '../components/ui/badge';
import { translateMessage } from '../i18n/translate-message';

const FEATURE_TITLES: Record<string, MessageDescriptor> = {
  advanced_inventory: msg`Advanced inventory`,
  loyalty_program: msg`Loyalty program`,
  gift_cards: msg`Gift cards`,
  online_orders: msg`Online orders`,
  multi_location: msg`Multi-location`,
  user_roles: msg`User roles`,
  advanced_notifications: msg`Notifications`,
  advanced_pos: msg`Advanced POS`,
  white_labeling: msg`White labelling`,
  api_access: msg`API access`,
  custom_integrations: msg`Custom integrations`,
};

/**
 * Spec §9 "Settings restricted when a feature is missing": included, locked with the upgrade
 * message, or coming soon when the product does not do it yet (as the plan cards say).
 */
export function FeaturesTab({ entitlements }: { entitlements: EntitlementsResponse }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const maxLocations = entitlements.entitlements.limits.max_locations;
  // What a built feature covers, where the spec's setting names alone would say more than it does.
  const describe = (feature: string): string | undefined => {
    if (feature !== 'multi_location') return undefined;
    return maxLocations >= UNLIMITED
      ? t`Stock transfers between locations. Your plan has unlimited locations.`
      : t`Stock transfers between locations. Your plan has ${plural(maxLocations, { one: 'up to # location', other: 'up to # locations' })}.`;
  };
  return (
    <ul aria-label={t`Plan features`} className="grid gap-3 md:grid-cols-2">
      {RESTRICTED_SETTINGS.map(({ feature, settings }) => {
        const isIncluded = entitlements.entitlements.features[feature] ?? false;
        const isBuilt = isFeatureBuilt(feature);
        const titleMessage = FEATURE_TITLES[feature];
        const title = titleMessage ? i18n._(titleMessage) : feature;
        const description = describe(feature);
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
              {!isBuilt ? (
                <Badge variant="secondary">{t`Coming soon`}</Badge>
              ) : !isIncluded && <Badge variant="accent">{entitlements.upgradeBadge}</Badge>}
            </div>
            <p className="text-sm text-muted-foreground">{description ?? settings.map((setting) => translateMessage(setting)).join(', ')}</p>
            <p className={isBuilt && isIncluded ? 'text-sm text-primary' : 'text-sm'}>
              {!isBuilt
                ? isIncluded
                  ? t`Not built yet. Your plan will include it.`
                  : t`Not built yet.`
                : isIncluded
                  ? t`Included in your plan`
                  : translateMessage(upgradeMessage(feature))}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
