import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { loadAreaCatalog } from '../i18n/catalogs';
import { logger } from '../lib/logger';
import { ProfileScreen } from './profile-screen';

/**
 * The dialog opens inside the admin area, whose route loads the admin catalog only: the profile's
 * texts (web/locales/{locale}/profile.po) are fetched the first time it is asked to open, and it
 * opens once they are in. Later changes of language load them again with the others.
 */
function useProfileCatalog(isWanted: boolean): boolean {
  const [isLoaded, setIsLoaded] = useState(false);
  useEffect(() => {
    if (!isWanted || isLoaded) return;
    let isCurrent = true;
    loadAreaCatalog('profile').then(
      () => {
        if (isCurrent) setIsLoaded(true);
      },
      (error: unknown) => {
        logger.error('Loading the profile texts failed', error);
        // Opens all the same rather than not at all.
        if (isCurrent) setIsLoaded(true);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [isWanted, isLoaded]);
  return isLoaded;
}

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
  const isCatalogLoaded = useProfileCatalog(open);
  return (
    <Dialog open={open && isCatalogLoaded} onOpenChange={onOpenChange}>
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
