import { Trans, useLingui } from '@lingui/react/macro';
import { ActivityIcon, ContactIcon, ShieldIcon, UserIcon } from 'lucide-react';
import { useState } from 'react';
import { roleBadgeVariant } from '../../core/auth/roles.rules';
import type { ProfileView } from '../../core/profile/profile.schemas';
import { Avatar, AvatarFallback, AvatarImage } from '../components/ui/avatar';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { roleLabel } from '../auth/role-label';
import { isApiError } from '../lib/api-client';
import { useDateFormat } from '../lib/date-format';
import { initialsOf } from '../lib/format';
import { ActivityTab } from './activity-tab';
import { ContactProfileTab } from './contact-profile-tab';
import { PersonalInfoTab } from './personal-info-tab';
import { useProfileQuery } from './profile.api';
import { SecurityTab } from './security-tab';

/** The profile screen (spec §2 "Profile screen"): the /profile page and the Profile Settings dialog. */
export function ProfileScreen() {
  const { t } = useLingui();
  const profile = useProfileQuery();
  const [tab, setTab] = useState('personal');
  // Set by Personal Info's "Change it in Security": the Security tab opens with the form ready.
  const [isEmailChangeRequested, setIsEmailChangeRequested] = useState(false);

  if (profile.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t`Loading profile`} className="size-8" />
      </div>
    );
  }
  if (profile.isError) {
    const isMissing = isApiError(profile.error) && profile.error.status === 404;
    return (
      <div role="alert" className="grid justify-items-center gap-3 py-12 text-center">
        <p className="font-medium">{isMissing ? t`Profile not found` : t`The profile could not be loaded.`}</p>
        {!isMissing && (
          <Button variant="outline" onClick={() => void profile.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className="grid min-w-0 gap-6">
      <ProfileHeader profile={profile.data} />
      <Tabs
        value={tab}
        onValueChange={(value) => {
          setTab(value);
          setIsEmailChangeRequested(false);
        }}
        className="min-w-0"
      >
        <TabsList className="grid h-auto w-full grid-cols-2 sm:grid-cols-4">
          <TabsTrigger value="personal">
            <UserIcon aria-hidden />
            <Trans>Personal Info</Trans>
          </TabsTrigger>
          <TabsTrigger value="contact">
            <ContactIcon aria-hidden />
            <Trans>Contact Profile</Trans>
          </TabsTrigger>
          <TabsTrigger value="security">
            <ShieldIcon aria-hidden />
            <Trans>Security</Trans>
          </TabsTrigger>
          <TabsTrigger value="activity">
            <ActivityIcon aria-hidden />
            <Trans>Activity</Trans>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="personal">
          <PersonalInfoTab
            profile={profile.data}
            onChangeEmail={() => {
              setTab('security');
              setIsEmailChangeRequested(true);
            }}
          />
        </TabsContent>
        <TabsContent value="contact">
          <ContactProfileTab />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab profile={profile.data} isEmailChangeRequested={isEmailChangeRequested} />
        </TabsContent>
        <TabsContent value="activity">
          <ActivityTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function ProfileHeader({ profile }: { profile: ProfileView }) {
  const { t } = useLingui();
  const { formatDate } = useDateFormat();
  const since = formatDate(profile.createdAt);
  return (
    <div className="flex min-w-0 flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
      <Avatar className="size-20 text-2xl">
        {profile.avatarUrl && <AvatarImage src={profile.avatarUrl} alt="" />}
        <AvatarFallback>{initialsOf(profile.fullName, profile.email)}</AvatarFallback>
      </Avatar>
      <div className="grid min-w-0 gap-1.5">
        <p className="text-xl font-semibold break-words" data-testid="profile-name">
          {profile.fullName || t`No Name Set`}
        </p>
        <p className="text-sm break-all text-muted-foreground">{profile.email}</p>
        <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
          <Badge variant={roleBadgeVariant(profile.role)}>{roleLabel(profile.role)}</Badge>
          <span className="text-xs text-muted-foreground">
            <Trans>Member since {since}</Trans>
          </span>
        </div>
      </div>
    </div>
  );
}
