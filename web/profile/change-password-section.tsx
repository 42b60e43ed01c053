import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRoundIcon } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from '../lib/toast';
import { PASSWORD_MIN_LENGTH, SAME_AS_CURRENT_PASSWORD_MESSAGE, checkProfilePasswordForm } from '../../core/auth/password.rules';
import { fieldControlProps, FormField } from '../components/form-field';
import { PasswordInput } from '../components/password-input';
import { PasswordStrengthMeter } from '../components/password-strength-meter';
import { Button } from '../components/ui/button';
import { InlineSpinner } from '../components/ui/spinner';
import { translateMessage } from '../i18n/translate-message';
import { isApiError } from '../lib/api-client';
import { errorMessageOf, shouldReportFailure } from './profile-errors';
import { useChangePasswordMutation } from './profile.api';
import { ProfileSection } from './profile-section';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Spec §4 "Password form": closed → open → closed on Cancel or success, fields cleared. */
export function ChangePasswordSection() {
  const { t } = useLingui();
  const change = useChangePasswordMutation();
  const [isOpen, setIsOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [newPasswordError, setNewPasswordError] = useState<string>();
  const newPasswordRef = useRef<HTMLInputElement>(null);

  const close = () => {
    setIsOpen(false);
    setValues(EMPTY);
    setNewPasswordError(undefined);
  };

  const showNewPasswordError = (message: string) => {
    setNewPasswordError(message);
    newPasswordRef.current?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkProfilePasswordForm(values.currentPassword, values.newPassword, values.confirmPassword);
    if (problem) {
      toast.error(translateMessage(problem));
      return;
    }
    if (values.newPassword === values.currentPassword) {
      showNewPasswordError(SAME_AS_CURRENT_PASSWORD_MESSAGE);
      return;
    }
    change.mutate(values, {
      onSuccess: () => {
        toast.success(t`Password changed successfully`);
        close();
      },
      onError: (error) => {
        if (!shouldReportFailure(error)) return;
        const newPasswordMessage = isApiError(error) ? error.fieldMessage('newPassword') : undefined;
        if (newPasswordMessage) {
          showNewPasswordError(newPasswordMessage);
          return;
        }
        const fieldMessage = isApiError(error) ? error.fieldMessage('currentPassword') : undefined;
        toast.error(t`Failed to change password`, { description: fieldMessage ? translateMessage(fieldMessage) : errorMessageOf(error) });
      },
    });
  };

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (field !== 'confirmPassword') setNewPasswordError(undefined);
  };

  return (
    <ProfileSection
      title={t`Change Password`}
      icon={<KeyRoundIcon aria-hidden className="size-4 text-muted-foreground" />}
      description={t`Use a password you do not use anywhere else. Other devices are signed out when it changes.`}
    >
      {!isOpen && (
        <div>
          <Button variant="outline" onClick={() => setIsOpen(true)}>
            <Trans>Change Password</Trans>
          </Button>
        </div>
      )}
      {isOpen && (
        <form noValidate onSubmit={submit} className="grid gap-4" aria-label={t`Change password`}>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField id="current-password" label={t`Current Password`}>
              <PasswordInput
                id="current-password"
                autoComplete="current-password"
                value={values.currentPassword}
                onChange={set('currentPassword')}
                autoFocus
              />
            </FormField>
            <FormField id="new-password" label={t`New Password`} error={newPasswordError}>
              <PasswordInput
                ref={newPasswordRef}
                {...fieldControlProps('new-password', { error: newPasswordError })}
                autoComplete="new-password"
                placeholder={t`${plural(PASSWORD_MIN_LENGTH, { one: 'min. # character', other: 'min. # characters' })}`}
                value={values.newPassword}
                onChange={set('newPassword')}
              />
              <PasswordStrengthMeter password={values.newPassword} />
            </FormField>
            <FormField id="confirm-password" label={t`Confirm New Password`}>
              <PasswordInput
                id="confirm-password"
                autoComplete="new-password"
                value={values.confirmPassword}
                onChange={set('confirmPassword')}
              />
            </FormField>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={close} disabled={change.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending && <InlineSpinner />}
              {change.isPending ? t`Updating…` : t`Update Password`}
            </Button>
          </div>
        </form>
      )}
    </ProfileSection>
  );
}
