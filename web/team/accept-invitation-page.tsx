import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../../core/auth/password.rules';
import { acceptInvitationSchema, joinInvitationSchema, type invitationPreviewSchema } from '../../core/team/team.schemas';
import { AuthCard, AuthCardSkeleton } from '../auth/auth-card';
import { fieldControlProps, FormField } from '../components/form-field';
import { PasswordInput } from '../components/password-input';
import { PasswordStrengthMeter } from '../components/password-strength-meter';
import { Button } from '../components/ui/button';
import { failureMessage, firstFieldErrors, type FieldErrors } from '../lib/form-errors';
import { PRODUCT_NAME, useDocumentTitle } from '../lib/use-document-title';
import { useAcceptInvitation, useInvitationPreview, useJoinInvitation } from './team.api';

type Preview = z.infer<typeof invitationPreviewSchema>;

/**
 * /accept-invitation?token=…: the page the invitation e-mail (or SMS) links to; accepting signs the
 * person in. A new person chooses a password; someone with a Dukani account (staff of another
 * shop) accepts with the password they have.
 */
export function AcceptInvitationPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Join the team · ${PRODUCT_NAME}`);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const preview = useInvitationPreview(token);

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
  return preview.data.existingAccount ? <ExistingAccountForm token={token} preview={preview.data} /> : <NewAccountForm token={token} preview={preview.data} />;
}

// A full load once accepted: the app starts signed in, with the person's session in this shop.
const openHome = ({ user }: { user: { homePath: string } }) => window.location.assign(user.homePath);

function NewAccountForm({ token, preview }: { token: string; preview: Preview }) {
  const { t } = useLingui();
  const accept = useAcceptInvitation();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = acceptInvitationSchema.safeParse({ token, newPassword, confirmPassword });
    if (!parsed.success) {
      setFieldErrors(firstFieldErrors(parsed.error));
      return;
    }
    setFieldErrors({});
    accept.mutate(parsed.data, { onSuccess: openHome });
  };
  const passwordError = fieldErrors.newPassword ?? (accept.error ? failureMessage(accept.error, '', 'newPassword') || undefined : undefined);
  return (
    <AuthCard
      title={t`Join ${preview.shopName}`}
      description={t`Hello ${preview.fullName}. Choose a password of at least ${PASSWORD_MIN_LENGTH} characters to sign in as ${preview.email}.`}
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

function ExistingAccountForm({ token, preview }: { token: string; preview: Preview }) {
  const { t } = useLingui();
  const join = useJoinInvitation();
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = joinInvitationSchema.safeParse({ token, password });
    if (!parsed.success) {
      setFieldErrors(firstFieldErrors(parsed.error));
      return;
    }
    setFieldErrors({});
    join.mutate(parsed.data, { onSuccess: openHome });
  };
  const passwordError = fieldErrors.password ?? (join.error ? failureMessage(join.error, '', 'password') || undefined : undefined);
  return (
    <AuthCard
      title={t`Join ${preview.shopName}`}
      description={t`Hello ${preview.fullName}. You have a Dukani account as ${preview.email}: enter its password to join. Your password stays the same.`}
    >
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label={t`Join the team`}>
        {join.isError && !passwordError && (
          <p role="alert" className="text-sm text-destructive">
            {failureMessage(join.error, t`The invitation could not be accepted. Please try again.`)}
          </p>
        )}
        <FormField id="join-password" label={t`Password`} error={passwordError}>
          <PasswordInput
            {...fieldControlProps('join-password', { error: passwordError })}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </FormField>
        <Button type="submit" disabled={join.isPending}>
          <Trans>Accept and sign in</Trans>
        </Button>
        <p className="text-center text-sm">
          <Link to="/forgot-password" className="rounded-sm text-primary underline-offset-4 hover:underline">
            <Trans>Forgot password?</Trans>
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
