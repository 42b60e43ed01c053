import { plural } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BellIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../components/ui/dropdown-menu';
import { useDateFormat } from '../lib/date-format';
import { formatNumber } from '../lib/format';
import { useAlerts, useMarkAlertsSeen } from './platform.api';
import { ALERT_LABELS } from './platform-labels';

/**
 * The header's bell (spec §2): a red dot while a platform alert is newer than this admin last
 * looked; opening the list marks them seen. Each alert leads to the overview.
 */
export function PlatformAlertsMenu() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const navigate = useNavigate();
  const { formatDateTime } = useDateFormat();
  const alerts = useAlerts();
  const markSeen = useMarkAlertsSeen();
  const hasUnread = alerts.data?.hasUnread ?? false;
  const raised = (alerts.data?.alerts ?? []).filter((alert) => alert.count > 0);
  return (
    <DropdownMenu onOpenChange={(open) => open && hasUnread && markSeen.mutate()}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={hasUnread ? t`Platform alerts, new` : t`Platform alerts`}>
          <BellIcon aria-hidden />
          {hasUnread && <span data-testid="unread-dot" aria-hidden className="absolute top-1.5 right-1.5 size-2 rounded-full bg-red-600" />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 max-w-[calc(100vw-1rem)]">
        <DropdownMenuLabel>
          <Trans>Platform alerts</Trans>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {raised.length === 0 ? (
          <p className="px-2 py-3 text-sm text-muted-foreground">{alerts.isError ? t`The alerts are not available right now.` : t`All quiet: nothing needs attention.`}</p>
        ) : (
          raised.map((alert) => {
            const count = formatNumber(alert.count);
            return (
              <DropdownMenuItem key={alert.kind} className="grid items-start gap-0.5" onSelect={() => void navigate('/superadmin')}>
                <span className="text-sm font-medium">
                  {i18n._(ALERT_LABELS[alert.kind])}: {count}
                </span>
                <span className="text-xs text-muted-foreground">{t`In ${plural(alert.shops, { one: '# shop', other: '# shops' })}`}</span>
                {alert.latestAt && <span className="text-xs text-muted-foreground">{t`Latest ${formatDateTime(alert.latestAt)}`}</span>}
              </DropdownMenuItem>
            );
          })
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
