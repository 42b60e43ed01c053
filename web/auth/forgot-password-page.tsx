import { Trans, useLingui } from '@lingui/react/macro';
import { CircleAlertIcon, MailCheckIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { forgotPasswordSchema } from '../../core/auth/auth.schemas';
import { fieldControlProps, FormField } from '../components/form-field';
import { Alert, AlertDescription } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { InlineSpinner } from '../components/ui/spinner';
import { translateMessage } from '../i18n/translate-message';
import { isApiError } from '../lib/api-client';
import { firstFieldErrors } from '../lib/form-errors';
import { PRODUCT_NAME, useDocumentTitle } from '../lib/use-document-title';
import { useForgotPasswordMutation } from './auth.api';
import { AuthCard } from './auth-card';
import { BackToSignInLink } from './back-to-sign-in-link';

/** /forgot-password: asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Forgot password · ${PRODUCT_NAME}`);
  const request = useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setEmailError(firstFieldErrors(parsed.error).email);
      return;
    }
    setEmailError(undefined);
    request.mutate(parsed.data);
  };

  if (request.isSuccess) {
    return (
      <AuthCard title={t`Check your e-mail`}>
        <div className="grid gap-4">
          <div role="status" className="flex gap-3 rounded-lg bg-muted px-4 py-3 text-sm">
            <MailCheckIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            <p>{translateMessage(request.data.message)}</p>
          </div>
          <Button asChild variant="outline">
            <Link to="/auth">
              <Trans>Back to sign in</Trans>
            </Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t`Forgot password?`} description={t`Enter your e-mail and we will send you a link to choose a new password.`}>
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label={t`Forgot password`}>
        {request.isError && (
          <Alert variant="destructive">
            <CircleAlertIcon aria-hidden />
            <AlertDescription>
              <p>{isApiError(request.error) ? translateMessage(request.error.message) : t`The request failed. Please try again.`}</p>
            </AlertDescription>
          </Alert>
        )}
        <FormField id="forgot-email" label={t`Email`} error={emailError}>
          <Input
            {...fieldControlProps('forgot-email', { error: emailError })}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </FormField>
        <Button type="submit" className="w-full" disabled={request.isPending}>
          {request.isPending && <InlineSpinner />}
          {request.isPending ? t`Sending…` : t`Send reset link`}
        </Button>
        <BackToSignInLink />
      </form>
    </AuthCard>
  );
}
