import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { translateMessage } from '../i18n/translate-message';
import { UpgradeBadge } from '../products/upgrade-badge';

/** What shows instead of loyalty when the plan lacks loyalty_program: the lock, the plan's badge and its message. */
export function LoyaltyLocked({ badge, titleId }: { badge: string; titleId: string }) {
  const { i18n } = useLingui();
  const message = upgradeMessage('loyalty_program');
  return (
    <section aria-labelledby={titleId} data-locked="" className="grid gap-2 rounded-xl border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={titleId} className="font-semibold">
          <Trans>Loyalty points</Trans>
        </h2>
        <UpgradeBadge badge={badge} message={message} />
      </div>
      <p className="text-sm text-muted-foreground">{translateMessage(message, i18n)}</p>
    </section>
  );
}
