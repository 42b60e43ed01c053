import { Trans, useLingui } from '@lingui/react/macro';
import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, AlertDescription } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { translateMessage } from '../i18n/translate-message';
import { isApiError } from '../lib/api-client';
import { PRODUCT_NAME, useDocumentTitle } from '../lib/use-document-title';
import { useConfirmEmailChangeMutation } from './auth.api';
import { AuthCard } from './auth-card';
import { useAuth } from './auth-provider';

/** /auth/callback: where links in our e-mails land. Today: type=email_change&token=… */
export function AuthCallbackPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Confirming · ${PRODUCT_NAME}`);
  const [searchParams] = useSearchParams();
  const type = searchParams.get('type');
  const token = searchParams.get('token');

  if (type === 'email_change' && token) return <EmailChangeConfirmation token={token} />;
  return (
    <AuthCard title={t`Link not recognised`}>
      <Alert variant="destructive">
        <CircleAlertIcon aria-hidden />
        <AlertDescription>
          <p>
            <Trans>
              This link is incomplete, or it is not one Dukani sends. Open the link from your e-mail again, copying all
              of it, or sign in and start over.
            </Trans>
          </p>
        </AlertDescription>
      </Alert>
      <Button asChild variant="outline" className="mt-4 w-full">
        <Link to="/auth">
          <Trans>Go to sign in</Trans>
        </Link>
      </Button>
    </AuthCard>
  );
}

function EmailChangeConfirmation({ token }: { token: string }) {
  const { t } = useLingui();
  const { auth, refreshSession } = useAuth();
  const confirm = useConfirmEmailChangeMutation();
  const { mutate } = confirm;
  const startedFor = useRef<string | null>(null);

  // The token works once: confirm it once per token, also under StrictMode's double effects.
  useEffect(() => {
    if (startedFor.current === token) return;
    startedFor.current = token;
    mutate(token, { onSuccess: () => void refreshSession() });
  }, [token, mutate, refreshSession]);

  const onward =
    auth.status === 'signed-in' ? { to: auth.user.homePath, label: t`Continue to Dukani` } : { to: '/auth', label: t`Go to sign in` };

  if (confirm.isSuccess) {
    const newEmail = confirm.data.email;
    return (
      <AuthCard title={t`E-mail address changed`}>
        <div className="grid gap-4">
          <div role="status" className="flex gap-3 rounded-lg bg-muted px-4 py-3 text-sm">
            <CircleCheckIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            <p>
              <Trans>
                Your e-mail address is now <strong className="break-all">{newEmail}</strong>. Use it the next time you
                sign in.
              </Trans>
            </p>
          </div>
          <Button asChild>
            <Link to={onward.to}>{onward.label}</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }
  if (confirm.isError) {
    return (
      <AuthCard title={t`E-mail address not changed`}>
        <div className="grid gap-4">
          <Alert variant="destructive">
            <CircleAlertIcon aria-hidden />
            <AlertDescription>
              <p>{isApiError(confirm.error) ? translateMessage(confirm.error.message) : t`The change could not be confirmed. Please try again.`}</p>
            </AlertDescription>
          </Alert>
          <Button asChild variant="outline">
            <Link to={onward.to}>{onward.label}</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t`Confirming your new e-mail address`}>
      <div className="flex justify-center py-2">
        <Spinner label={t`Confirming`} />
      </div>
    </AuthCard>
  );
}
