import { useDocumentTitle } from '../lib/use-document-title';
import { ProfileScreen } from './profile-screen';

/** /profile: the profile screen as a page (the super-admin menu's My Profile). */
export function ProfilePage() {
  useDocumentTitle('Profile · Dukani');
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">Profile Settings</h1>
        <p className="text-sm text-muted-foreground">Your details, contact profile, security and recent sign-ins.</p>
      </div>
      <ProfileScreen />
    </div>
  );
}
