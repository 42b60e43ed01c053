import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRoundIcon } from 'lucide-react';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from '../lib/toast';
import { PASSWORD_MIN_LENGTH, checkPasswordDialog } from '../../core/auth/password.rules';
import { fieldControlProps, FormField } from '../components/form-field';
import { PasswordInput } from '../components/password-input';
import { PasswordStrengthMeter } from '../components/password-strength-meter';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { InlineSpinner } from '../components/ui/spinner';
import { translateMessage } from '../i18n/translate-message';
import { isApiError } from '../lib/api-client';
import { useRequiredPasswordChangeMutation } from './auth.api';
import { useAuth } from './auth-provider';

/**
 * The mandatory change-password dialog (spec §2, §4, §5): shown while the account still has its
 * temporary password. No Cancel, no dismissal by Escape or an outside click — trying says why.
 */
export function PasswordRequiredDialog() {
  const { t } = useLingui();
  const { refreshSession, signOut } = useAuth();
  const change = useRequiredPasswordChangeMutation();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  // The server's word on the new password itself (e.g. it is still the temporary one).
  const [newPasswordError, setNewPasswordError] = useState<string>();
  const [isUpdating, setIsUpdating] = useState(false);
  const [isSigningOut, setIsSigningOut] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const newPasswordRef = useRef<HTMLInputElement>(null);

  const warnRequired = () =>
    toast.error(t`Password Change Required`, { description: t`You must change your password to continue` });

  const refuseEscape = (event: globalThis.KeyboardEvent) => {
    event.preventDefault();
    warnRequired();
  };
  const refuseOutsideClick = (event: CustomEvent<{ originalEvent: PointerEvent }>) => {
    event.preventDefault();
    const target = event.detail.originalEvent.target;
    // Closing one of the toasts is not an attempt to leave.
    if (target instanceof Element && target.closest('[data-sonner-toaster]')) return;
    warnRequired();
  };

  // Enter always runs the checks, even while the button is disabled for an empty field, so the
  // keyboard gets the same explanation a click on a disabled button cannot give.
  const submitOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    formRef.current?.requestSubmit();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isUpdating) return;
    const problem = checkPasswordDialog(newPassword, confirmPassword);
    if (problem) {
      toast.error(translateMessage(problem.title), { description: translateMessage(problem.description) });
      return;
    }
    setIsUpdating(true);
    try {
      await change.mutateAsync({ newPassword, confirmPassword });
    } catch (error) {
      const fieldMessage = isApiError(error) ? error.fieldMessage('newPassword') : undefined;
      if (fieldMessage) {
        setNewPasswordError(fieldMessage);
        newPasswordRef.current?.focus();
      } else {
        toast.error(t`Update Failed`, {
          description: isApiError(error) && error.message ? translateMessage(error.message) : t`Failed to update password. Please try again.`,
        });
      }
      setIsUpdating(false);
      return;
    }
    toast.success(t`Password Updated!`, { description: t`Your password has been successfully changed.` });
    // The dialog closes when the refreshed session no longer asks for a change.
    await refreshSession();
    setIsUpdating(false);
  };

  const isEmpty = !newPassword || !confirmPassword;
  return (
    <Dialog open>
      <DialogContent
        showCloseButton={false}
        onEscapeKeyDown={refuseEscape}
        onPointerDownOutside={refuseOutsideClick}
        onInteractOutside={(event) => event.preventDefault()}
        className="sm:max-w-md"
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <KeyRoundIcon aria-hidden className="size-5 text-primary" />
            <Trans>Password Change Required</Trans>
          </DialogTitle>
          <DialogDescription className="rounded-lg border border-accent-foreground/15 bg-accent px-3 py-2 text-accent-foreground">
            <Trans>
              Your account was created with a temporary password. Please create a secure password to protect your
              business data.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4" aria-label={t`Change password`}>
          <FormField id="required-new-password" label={t`New Password`} error={newPasswordError}>
            <PasswordInput
              ref={newPasswordRef}
              {...fieldControlProps('required-new-password', { error: newPasswordError })}
              autoComplete="new-password"
              placeholder={t`At least ${PASSWORD_MIN_LENGTH} characters`}
              value={newPassword}
              onChange={(event) => {
                setNewPassword(event.target.value);
                setNewPasswordError(undefined);
              }}
              onKeyDown={submitOnEnter}
            />
            <PasswordStrengthMeter password={newPassword} />
          </FormField>
          <FormField id="required-confirm-password" label={t`Confirm Password`}>
            <PasswordInput
              id="required-confirm-password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(event) => setConfirmPassword(event.target.value)}
              onKeyDown={submitOnEnter}
            />
          </FormField>
          <DialogFooter>
            {/* Not now, or not me: the way out that is not past the dialog. */}
            <Button
              type="button"
              variant="outline"
              disabled={isUpdating || isSigningOut}
              onClick={() => {
                setIsSigningOut(true);
                void signOut();
              }}
            >
              {isSigningOut && <InlineSpinner />}
              <Trans>Sign Out</Trans>
            </Button>
            <Button type="submit" disabled={isEmpty || isUpdating || isSigningOut}>
              {isUpdating && <InlineSpinner />}
              {isUpdating ? t`Updating…` : t`Update Password`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
