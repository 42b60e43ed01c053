import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { MailCheckIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../lib/toast';
import {
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_SECONDS,
  sanitizeVerificationCodeInput,
  verificationCodeSchema,
} from '../../core/auth/auth.schemas';
import type { ProfileView } from '../../core/profile/profile.schemas';
import { useAuth } from '../auth/auth-provider';
import { FormField } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { InlineSpinner } from '../components/ui/spinner';
import { isApiError } from '../lib/api-client';
import { useDateFormat } from '../lib/date-format';
import { useCountdown } from '../lib/use-countdown';
import { errorMessageOf, shouldReportFailure } from './profile-errors';
import { profileQueryKeys, useSendVerificationCodeMutation, useVerifyEmailMutation } from './profile.api';
import { ProfileSection } from './profile-section';

const CODE_TTL_MINUTES = VERIFICATION_CODE_TTL_SECONDS / 60;

/** Spec §4 "E-mail verification": send a code, enter it, resend after the 60 s cooldown. */
export function EmailVerificationSection({ profile }: { profile: ProfileView }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { refreshSession } = useAuth();
  const { formatDate } = useDateFormat();
  const send = useSendVerificationCodeMutation();
  const verify = useVerifyEmailMutation();
  const resend = useCountdown();
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  const [code, setCode] = useState('');

  const sendCode = () => {
    send.mutate(undefined, {
      onSuccess: ({ resendAfterSeconds }) => {
        toast.success(t`Verification code sent to your email`);
        setIsPanelOpen(true);
        resend.start(resendAfterSeconds);
      },
      onError: (error) => {
        if (!shouldReportFailure(error)) return;
        // Sent too recently: the last code still works, so the entry panel opens with the wait.
        if (isApiError(error) && error.retryAfterSeconds) {
          setIsPanelOpen(true);
          resend.start(error.retryAfterSeconds);
        }
        toast.error(t`Failed to send verification code`, { description: errorMessageOf(error) });
      },
    });
  };

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!verificationCodeSchema.safeParse(code).success) {
      toast.error(t`Please enter a valid 6-digit code`);
      return;
    }
    verify.mutate(code, {
      onSuccess: async () => {
        toast.success(t`Email verified successfully!`);
        setIsPanelOpen(false);
        setCode('');
        await Promise.all([queryClient.invalidateQueries({ queryKey: profileQueryKeys.profile, exact: true }), refreshSession()]);
      },
      onError: (error) => {
        if (!shouldReportFailure(error)) return;
        const isWrongCode = isApiError(error) && error.status === 400;
        toast.error(isWrongCode ? t`Invalid or expired verification code` : t`Failed to verify email`);
      },
    });
  };

  const email = profile.email;
  const verifiedOn = profile.emailVerifiedAt ? formatDate(profile.emailVerifiedAt) : null;
  const secondsLeft = resend.secondsLeft;
  const status = profile.emailVerified ? (
    <Badge variant="success">
      <Trans>Verified</Trans>
    </Badge>
  ) : (
    <Badge variant="outline">
      <Trans>Not verified</Trans>
    </Badge>
  );

  return (
    <ProfileSection
      title={t`Email Verification`}
      icon={<MailCheckIcon aria-hidden className="size-4 text-muted-foreground" />}
      action={status}
      description={
        profile.emailVerified ? (
          <p>
            {verifiedOn ? (
              <Trans>
                Email verified on {verifiedOn}. <span className="break-all">{email}</span> is confirmed as yours.
              </Trans>
            ) : (
              <Trans>
                Email verified. <span className="break-all">{email}</span> is confirmed as yours.
              </Trans>
            )}
          </p>
        ) : (
          <p>
            <Trans>
              Confirm that <span className="break-all">{email}</span> is yours, so password resets and notices reach
              you.
            </Trans>
          </p>
        )
      }
    >
      {!profile.emailVerified && !isPanelOpen && (
        <div>
          <Button variant="outline" onClick={sendCode} disabled={send.isPending}>
            {send.isPending && <InlineSpinner />}
            <Trans>Verify Email</Trans>
          </Button>
        </div>
      )}
      {!profile.emailVerified && isPanelOpen && (
        <form noValidate onSubmit={submitCode} className="grid gap-3" aria-label={t`Enter verification code`}>
          <FormField
            id="verification-code"
            label={t`Verification code`}
            hint={t`Enter the 6-digit code we sent to your e-mail. The code expires in ${plural(CODE_TTL_MINUTES, { one: '# minute', other: '# minutes' })}.`}
          >
            <Input
              id="verification-code"
              aria-describedby="verification-code-hint"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={VERIFICATION_CODE_LENGTH}
              placeholder="000000"
              value={code}
              onChange={(event) => setCode(sanitizeVerificationCodeInput(event.target.value))}
              className="max-w-40 font-mono text-lg tracking-[0.4em] md:text-lg"
              autoFocus
            />
          </FormField>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit" disabled={verify.isPending}>
              {verify.isPending && <InlineSpinner />}
              {verify.isPending ? t`Verifying…` : t`Verify`}
            </Button>
            <Button variant="outline" onClick={sendCode} disabled={resend.secondsLeft > 0 || send.isPending}>
              {secondsLeft > 0 ? t`Resend in ${secondsLeft}s` : t`Resend code`}
            </Button>
          </div>
        </form>
      )}
    </ProfileSection>
  );
}
