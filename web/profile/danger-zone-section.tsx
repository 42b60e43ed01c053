import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { TriangleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../lib/toast';
import { useAuth } from '../auth/auth-provider';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../components/ui/alert-dialog';
import { Button } from '../components/ui/button';
import { InlineSpinner } from '../components/ui/spinner';
import { errorMessageOf, shouldReportFailure } from './profile-errors';
import { useDeactivateAccountMutation } from './profile.api';
import { ProfileSection } from './profile-section';

export const DEACTIVATION_CONFIRMATION = msg`Are you sure you want to deactivate your account? This action cannot be undone and you will be signed out immediately.`;

/** Deactivate Account (spec §4, decision 0008): confirm, deactivate, sign out here too. */
export function DangerZoneSection() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { auth, clearAuthState } = useAuth();
  const deactivate = useDeactivateAccountMutation();
  const [isConfirming, setIsConfirming] = useState(false);
  const isPlatformAdmin = auth.status === 'signed-in' && auth.user.isPlatformAdmin;

  const confirm = () => {
    deactivate.mutate(undefined, {
      onSuccess: () => {
        toast.success(t`Account deactivated successfully`);
        setIsConfirming(false);
        clearAuthState('deactivated');
      },
      onError: (error) => {
        setIsConfirming(false);
        if (shouldReportFailure(error)) toast.error(t`Failed to deactivate account`, { description: errorMessageOf(error) });
      },
    });
  };

  return (
    <ProfileSection
      title={t`Danger Zone`}
      isDanger
      icon={<TriangleAlertIcon aria-hidden className="size-4" />}
      description={
        isPlatformAdmin
          ? t`Platform administrator accounts are deactivated by another administrator.`
          : t`Deactivating your account signs you out on every device, and you will no longer be able to sign in.`
      }
    >
      {!isPlatformAdmin && (
        <AlertDialog open={isConfirming} onOpenChange={(open) => !deactivate.isPending && setIsConfirming(open)}>
          <AlertDialogTrigger asChild>
            <Button variant="destructive" className="w-full sm:w-fit">
              <Trans>Deactivate Account</Trans>
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>
                <Trans>Deactivate Account</Trans>
              </AlertDialogTitle>
              <AlertDialogDescription>{i18n._(DEACTIVATION_CONFIRMATION)}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={deactivate.isPending}>
                <Trans>Cancel</Trans>
              </AlertDialogCancel>
              <Button variant="destructive" onClick={confirm} disabled={deactivate.isPending}>
                {deactivate.isPending && <InlineSpinner />}
                {deactivate.isPending ? t`Deactivating…` : t`Deactivate`}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      )}
    </ProfileSection>
  );
}
