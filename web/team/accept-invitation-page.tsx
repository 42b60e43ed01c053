import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../core/auth/password.rules';
import { acceptInvitationSchema } from '../../core/team/team.schemas';
import { AuthCard, AuthCardSkeleton } from '../auth/auth-card';
import { fieldControlProps, FormField } from '../components/form-field';
import { PasswordInput } from '../components/password-input';
import { PasswordStrengthMeter } from '../components/password-strength-meter';
import { Button } from '../components/ui/button';
import { failureMessage, firstFieldErrors, type FieldErrors } from '../lib/form-errors';
import { PRODUCT_NAME, useDocumentTitle } from '../lib/use-document-title';
import { useAcceptInvitation, useInvitationPreview } from './team.api';

/** /accept-invitation?token=…: the page the invitation e-mail links to; accepting signs the person in. */
export function AcceptInvitationPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Join the team · ${PRODUCT_NAME}`);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  if (preview.isPending) return <AuthCardSkeleton />;
  if (preview.isError) {
    return (
      <AuthCard title={t`Join the team`}>
        <p role="alert" className="text-sm text-destructive">
          {failureMessage(preview.error, t`This invitation link is invalid, used or expired. Ask your shop owner for a new one.`)}
        </p>
      </AuthCard>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = acceptInvitationSchema.safeParse({ token, newPassword, confirmPassword });
    if (!parsed.success) {
      setFieldErrors(firstFieldErrors(parsed.error));
      return;
    }
    setFieldErrors({});
    // A full load: the app starts signed in, with the new person's session.
    accept.mutate(parsed.data, { onSuccess: ({ user }) => window.location.assign(user.homePath) });
  };
  const passwordError = fieldErrors.newPassword ?? (accept.error ? failureMessage(accept.error, '', 'newPassword') || undefined : undefined);
  return (
    <AuthCard
      title={t`Join ${preview.data.shopName}`}
      description={t`Hello ${preview.data.fullName}. Choose a password of at least ${PASSWORD_MIN_LENGTH} characters to sign in as ${preview.data.email}.`}
    >
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label={t`Join the team`}>
        {accept.isError && !passwordError && (
          <p role="alert" className="text-sm text-destructive">
            {failureMessage(accept.error, t`The invitation could not be accepted. Please try again.`)}
          </p>
        )}
        <FormField id="accept-new-password" label={t`New password`} error={passwordError}>
          <PasswordInput
            {...fieldControlProps('accept-new-password', { error: passwordError })}
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
          />
        </FormField>
        <PasswordStrengthMeter password={newPassword} />
        <FormField id="accept-confirm-password" label={t`Confirm password`} error={fieldErrors.confirmPassword}>
          <PasswordInput
            {...fieldControlProps('accept-confirm-password', { error: fieldErrors.confirmPassword })}
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
          />
        </FormField>
        <Button type="submit" disabled={accept.isPending}>
          <Trans>Accept and sign in</Trans>
        </Button>
      </form>
    </AuthCard>
  );
}
