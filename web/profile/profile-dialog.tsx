import { Trans } from '@lingui/react/macro';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { ProfileScreen } from './profile-screen';

/** Profile Settings from the admin user menu (spec §2): the profile screen in a dialog, max width 4xl. */
export function ProfileDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes when the dialog closes (it has no trigger of its own). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="top-[4dvh] max-h-[92dvh] max-w-4xl translate-y-0 content-start gap-5"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogHeader className="pr-8">
          <DialogTitle>
            <Trans>Profile Settings</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Your details, contact profile, security and recent sign-ins.</Trans>
          </DialogDescription>
        </DialogHeader>
        <ProfileScreen />
      </DialogContent>
    </Dialog>
  );
}
