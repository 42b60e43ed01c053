import { Trans, useLingui } from '@lingui/react/macro';
import { CircleAlertIcon } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { signInSchema } from '../../core/auth/auth.schemas';
import { fieldControlProps, FormField } from '../components/form-field';
import { PasswordInput } from '../components/password-input';
import { Alert, AlertDescription } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { InlineSpinner } from '../components/ui/spinner';
import { translateMessage } from '../i18n/translate-message';
import { isApiError } from '../lib/api-client';
import { firstFieldErrors, firstInvalidField, type FieldErrors } from '../lib/form-errors';
import { formatWait } from '../lib/format';
import { useCountdown } from '../lib/use-countdown';
import { useSignInMutation } from './auth.api';
import { useAuth } from './auth-provider';

const FIELD_ORDER = ['email', 'password'] as const;

export function SignInForm() {
  const { t } = useLingui();
  const { completeSignIn } = useAuth();
  const signIn = useSignInMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const wait = useCountdown();
  const formRef = useRef<HTMLFormElement>(null);

  const focusField = (field: string | undefined) => {
    if (field) formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending || wait.secondsLeft > 0) return;
    const parsed = signInSchema.safeParse({ email, password });
    if (!parsed.success) {
      const errors = firstFieldErrors(parsed.error);
      setFieldErrors(errors);
      setFormError(null);
      focusField(firstInvalidField(errors, FIELD_ORDER));
      return;
    }
    setFieldErrors({});
    setFormError(null);
    signIn.mutate(parsed.data, {
      onSuccess: ({ user }) => completeSignIn(user),
      onError: (error) => {
        if (isApiError(error) && error.fields) {
          const errors = Object.fromEntries(Object.entries(error.fields).map(([field, [message]]) => [field, message]));
          setFieldErrors(errors);
        }
        if (isApiError(error) && error.retryAfterSeconds) wait.start(error.retryAfterSeconds);
        setFormError(isApiError(error) ? error.message : t`Sign-in failed. Please try again.`);
        if (isApiError(error) && error.status === 401) setPassword('');
      },
    });
  };

  const isWaiting = wait.secondsLeft > 0;
  const waitText = formatWait(wait.secondsLeft);
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4" aria-label={t`Sign in`}>
      {formError && (
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden />
          <AlertDescription>
            {/* The API's English words, in the language on screen. */}
            <p>{translateMessage(formError)}</p>
          </AlertDescription>
        </Alert>
      )}
      <FormField id="sign-in-email" label={t`Email`} error={fieldErrors.email}>
        <Input
          {...fieldControlProps('sign-in-email', { error: fieldErrors.email })}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </FormField>
      <FormField id="sign-in-password" label={t`Password`} error={fieldErrors.password}>
        <PasswordInput
          {...fieldControlProps('sign-in-password', { error: fieldErrors.password })}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={signIn.isPending || isWaiting}>
        {signIn.isPending ? (
          <>
            <InlineSpinner />
            <Trans>Signing in…</Trans>
          </>
        ) : isWaiting ? (
          t`Try again in ${waitText}`
        ) : (
          <Trans>Sign In</Trans>
        )}
      </Button>
      <p className="text-center text-sm">
        <Link to="/forgot-password" className="rounded-sm text-primary underline-offset-4 hover:underline">
          <Trans>Forgot password?</Trans>
        </Link>
      </p>
    </form>
  );
}
