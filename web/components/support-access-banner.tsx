import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { EyeIcon } from 'lucide-react';
import { supportAccessEndedSchema, supportSessionSchema } from '../../core/platform/support-access.schemas';
import { useSignedInUser } from '../auth/auth-provider';
import { apiRequest } from '../lib/api-client';
import { useDateFormat } from '../lib/date-format';
import { failureMessage } from '../lib/form-errors';
import { Button } from './ui/button';

// Atop the shop's admin area while a platform admin looks through support access (issue 21,
// docs/platform.md "Support access"): read-only, until when, and "End now". Only a support access
// session asks; everyone else's never does.

export function SupportAccessBanner() {
  const { t } = useLingui();
  const { formatDateTime } = useDateFormat();
  const user = useSignedInUser();
  const session = useQuery({
    queryKey: ['support-access-session'],
    queryFn: () => apiRequest('/api/support-access/session', { schema: supportSessionSchema }),
    enabled: user.supportAccess,
    staleTime: Infinity,
    retry: false,
  });
  const end = useMutation({
    mutationFn: () => apiRequest('/api/support-access/end', { method: 'POST', schema: supportAccessEndedSchema }),
    // The session is gone with the grant: back to the shop's page in the console, or this address's sign-in.
    onSuccess: ({ consoleUrl }) => window.location.assign(consoleUrl ?? '/auth'),
  });
  const grant = session.data?.grant;
  if (!grant) return null;
  const until = formatDateTime(grant.expiresAt);
  return (
    <div role="status" data-testid="support-access-banner" className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-sky-300 bg-sky-50 px-4 py-2 text-sm text-sky-950 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-50">
      <EyeIcon aria-hidden className="size-4 shrink-0" />
      <p className="min-w-0 break-words">
        <Trans>Support access (read-only) until {until}</Trans>
      </p>
      <Button variant="outline" size="sm" className="h-7" disabled={end.isPending} onClick={() => end.mutate()}>
        <Trans>End now</Trans>
      </Button>
      {end.isError && (
        <p role="alert" className="w-full text-destructive">
          {failureMessage(end.error, t`Support access was not ended`)}
        </p>
      )}
    </div>
  );
}
