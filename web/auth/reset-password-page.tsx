import { Trans, useLingui } from '@lingui/react/macro';
import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { resetPasswordSchema } from '../../core/auth/auth.schemas';
import { PASSWORD_MIN_LENGTH } from '../../core/auth/password.rules';
import { fieldControlProps, FormField } from '../components/form-field';
import { PasswordInput } from '../components/password-input';
import { PasswordStrengthMeter } from '../components/password-strength-meter';
import { Alert, AlertDescription } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { InlineSpinner } from '../components/ui/spinner';
import { translateMessage } from '../i18n/translate-message';
import { isApiError } from '../lib/api-client';
import { firstFieldErrors, type FieldErrors } from '../lib/form-errors';
import { PRODUCT_NAME, useDocumentTitle } from '../lib/use-document-title';
import { useResetPasswordMutation } from './auth.api';
import { AuthCard } from './auth-card';
import { BackToSignInLink } from './back-to-sign-in-link';

/** /reset-password?token=…: the page the reset e-mail links to. */
export function ResetPasswordPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Choose a new password · ${PRODUCT_NAME}`);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPasswordMutation();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  if (!token) {
    return (
      <AuthCard title={t`Choose a new password`}>
        {/* The server's words for a bad or used link, also shown when the link has no token at all. */}
        <InvalidLink message={t`This link is invalid or has expired. Ask for a new one.`} />
      </AuthCard>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthCard title={t`Password changed`}>
        <div className="grid gap-4">
          <div role="status" className="flex gap-3 rounded-lg bg-muted px-4 py-3 text-sm">
            <CircleCheckIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            <p>{translateMessage(reset.data.message)}</p>
          </div>
          <Button asChild>
            <Link to="/auth">
              <Trans>Go to sign in</Trans>
            </Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ token, newPassword, confirmPassword });
    if (!parsed.success) {
      setFieldErrors(firstFieldErrors(parsed.error));
      return;
    }
    setFieldErrors({});
    reset.mutate(parsed.data);
  };

  // A refusal of the password itself (e.g. it is the current one) belongs on its field; any other
  // refusal is about the link.
  const newPasswordRefusal = isApiError(reset.error) ? reset.error.fieldMessage('newPassword') : undefined;
  const newPasswordError = fieldErrors.newPassword ?? newPasswordRefusal;
  const serverMessage =
    reset.isError && !newPasswordRefusal
      ? isApiError(reset.error)
        ? translateMessage(reset.error.message)
        : t`The password could not be changed. Please try again.`
      : null;
  return (
    <AuthCard
      title={t`Choose a new password`}
      description={t`Use at least ${PASSWORD_MIN_LENGTH} characters. Longer, with a mix of letters, digits and symbols, is stronger.`}
    >
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label={t`Choose a new password`}>
        {serverMessage && <InvalidLink message={serverMessage} />}
        <FormField id="reset-new-password" label={t`New password`} error={newPasswordError}>
          <PasswordInput
            {...fieldControlProps('reset-new-password', { error: newPasswordError })}
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => {
              setNewPassword(event.target.value);
              if (newPasswordRefusal) reset.reset();
            }}
          />
          <PasswordStrengthMeter password={newPassword} />
        </FormField>
        <FormField id="reset-confirm-password" label={t`Confirm new password`} error={fieldErrors.confirmPassword}>
          <PasswordInput
            {...fieldControlProps('reset-confirm-password', { error: fieldErrors.confirmPassword })}
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
          />
        </FormField>
        <Button type="submit" className="w-full" disabled={reset.isPending}>
          {reset.isPending && <InlineSpinner />}
          {reset.isPending ? t`Saving…` : t`Set new password`}
        </Button>
        <BackToSignInLink />
      </form>
    </AuthCard>
  );
}

function InvalidLink({ message }: { message: string }) {
  return (
    <Alert variant="destructive">
      <CircleAlertIcon aria-hidden />
      <AlertDescription>
        <p>{message}</p>
        <Link to="/forgot-password" className="font-medium text-primary underline underline-offset-4">
          <Trans>Ask for a new link</Trans>
        </Link>
      </AlertDescription>
    </Alert>
  );
}
