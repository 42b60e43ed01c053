import { Trans, useLingui } from '@lingui/react/macro';
import { useDocumentTitle } from '../lib/use-document-title';
import { ProfileScreen } from './profile-screen';

/** /profile: the profile screen as a page (the super-admin menu's My Profile). */
export function ProfilePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Profile · Dukani`);
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">
          <Trans>Profile Settings</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Your details, contact profile, security and recent sign-ins.</Trans>
        </p>
      </div>
      <ProfileScreen />
    </div>
  );
}
