import { Trans, useLingui } from '@lingui/react/macro';
import { InfoIcon } from 'lucide-react';
import type { ProfileView } from '../../core/profile/profile.schemas';
import { useDateFormat } from '../lib/date-format';
import { ApprovalPinSection } from './approval-pin-section';
import { ChangeEmailSection } from './change-email-section';
import { ChangePasswordSection } from './change-password-section';
import { DangerZoneSection } from './danger-zone-section';
import { EmailVerificationSection } from './email-verification-section';
import { ProfileSection } from './profile-section';

export function SecurityTab({ profile, isEmailChangeRequested }: { profile: ProfileView; isEmailChangeRequested: boolean }) {
  const { t } = useLingui();
  const { formatDateTime } = useDateFormat();
  return (
    <div className="grid gap-4">
      <ChangePasswordSection />
      <ApprovalPinSection />
      <EmailVerificationSection profile={profile} />
      <ChangeEmailSection currentEmail={profile.email} startOpen={isEmailChangeRequested} />
      <ProfileSection title={t`Account Information`} icon={<InfoIcon aria-hidden className="size-4 text-muted-foreground" />}>
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div className="grid min-w-0 gap-0.5">
            <dt className="text-muted-foreground">
              <Trans>User ID</Trans>
            </dt>
            <dd className="font-mono text-xs break-all">{profile.userId}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">
              <Trans>Created</Trans>
            </dt>
            <dd>{formatDateTime(profile.createdAt)}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">
              <Trans>Last updated</Trans>
            </dt>
            <dd>{formatDateTime(profile.updatedAt)}</dd>
          </div>
        </dl>
      </ProfileSection>
      <DangerZoneSection />
    </div>
  );
}
