import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LaptopIcon, LogOutIcon, MonitorSmartphoneIcon } from 'lucide-react';
import { deviceLabel } from '../../core/auth/device.rules';
import { LOGIN_HISTORY_LIMIT } from '../../core/profile/profile.schemas';
import { useAuth } from '../auth/auth-provider';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { translateMessage } from '../i18n/translate-message';
import { useDateFormat } from '../lib/date-format';
import { useBusinessSettings } from '../settings/settings.api';
import { useActivityQuery } from './profile.api';
import { ProfileSection } from './profile-section';

/** Spec §2 "Activity": the last 10 sign-ins in this shop and the current session. */
export function ActivityTab() {
  const { t } = useLingui();
  const { auth, signOut } = useAuth();
  const activity = useActivityQuery();
  const hasShop = auth.status === 'signed-in' && auth.user.tenantId !== null;
  const settings = useBusinessSettings({ enabled: hasShop });
  // Times in the shop's zone once its settings are in (the platform's for a platform admin).
  const { timeZone, formatDateTime } = useDateFormat();

  if (activity.isPending || (hasShop && settings.isPending)) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t`Loading activity`} />
      </div>
    );
  }
  if (activity.isError) {
    return (
      <div role="alert" className="grid justify-items-center gap-3 py-10 text-center">
        <p className="text-sm">
          <Trans>The login activity could not be loaded.</Trans>
        </p>
        <Button variant="outline" onClick={() => void activity.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }

  const { logins, currentSession } = activity.data;
  return (
    <div className="grid gap-4">
      <ProfileSection
        title={t`Recent Logins`}
        icon={<MonitorSmartphoneIcon aria-hidden className="size-4 text-muted-foreground" />}
        description={t`Your last ${plural(LOGIN_HISTORY_LIMIT, { one: '# sign-in', other: '# sign-ins' })}, times in ${timeZone}.`}
      >
        {logins.length === 0 ? (
          <p className="rounded-lg bg-muted px-4 py-6 text-center text-sm text-muted-foreground">
            <Trans>No recent login activity found</Trans>
          </p>
        ) : (
          <ul className="grid divide-y rounded-lg border" aria-label={t`Recent logins`}>
            {logins.map((login) => (
              <li key={login.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2.5 text-sm">
                <span className="flex min-w-0 flex-1 basis-40 items-center gap-2 font-medium">
                  <LaptopIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                  {translateMessage(deviceLabel(login.userAgent))}
                </span>
                <span className="font-mono text-xs text-muted-foreground">{login.ipAddress ?? t`Unknown`}</span>
                <time dateTime={login.createdAt} className="text-muted-foreground">
                  {formatDateTime(login.createdAt)}
                </time>
                <Badge variant="success">
                  <Trans>Successful</Trans>
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </ProfileSection>

      <ProfileSection
        title={t`Current Session`}
        icon={<LaptopIcon aria-hidden className="size-4 text-muted-foreground" />}
        action={
          <Badge variant="success">
            <Trans>Active</Trans>
          </Badge>
        }
      >
        <dl className="grid gap-3 text-sm sm:grid-cols-4">
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">
              <Trans>Device</Trans>
            </dt>
            <dd>{translateMessage(deviceLabel(currentSession.userAgent))}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">
              <Trans>IP address</Trans>
            </dt>
            <dd className="font-mono text-xs">{currentSession.ipAddress ?? t`Unknown`}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">
              <Trans>Signed in</Trans>
            </dt>
            <dd>{formatDateTime(currentSession.createdAt)}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">
              <Trans>Expires</Trans>
            </dt>
            <dd>{formatDateTime(currentSession.expiresAt)}</dd>
          </div>
        </dl>
        <div>
          <Button variant="outline" onClick={() => void signOut()}>
            <LogOutIcon aria-hidden />
            <Trans>Sign Out</Trans>
          </Button>
        </div>
      </ProfileSection>
    </div>
  );
}
