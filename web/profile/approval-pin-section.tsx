import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheckIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { approvalPinInputSchema, approvalPinStatusSchema } from '../../core/sales/sales.schemas';
import { useSignedInUser } from '../auth/auth-provider';
import { mayDo } from '../auth/may-do';
import { fieldControlProps, FormField } from '../components/form-field';
import { PasswordInput } from '../components/password-input';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { InlineSpinner } from '../components/ui/spinner';
import { apiRequest, isApiError } from '../lib/api-client';
import { failureMessage, firstFieldErrors } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { ProfileSection } from './profile-section';

const pinQueryKey = ['approval-pin'] as const;
const EMPTY = { pin: '', currentPassword: '' };
type Field = keyof typeof EMPTY;

/**
 * A manager's approval PIN in this shop (4 to 6 digits): typed with their e-mail at a cashier's
 * register to approve a discount, a return or a shortfall without signing the cashier out. Set or
 * replaced with the account password; shown in a shop only, to those holding sales.approve.
 */
export function ApprovalPinSection() {
  const user = useSignedInUser();
  if (user.tenantId === null || !mayDo(user, 'sales.approve')) return null;
  return <ApprovalPinForm />;
}

function ApprovalPinForm() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: pinQueryKey,
    queryFn: () => apiRequest('/api/approval-pin', { schema: approvalPinStatusSchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the approval PIN status failed' },
  });
  const [isOpen, setIsOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const close = () => {
    setIsOpen(false);
    setValues(EMPTY);
    setErrors({});
  };

  const save = useMutation({
    mutationKey: ['approval-pin', 'set'],
    mutationFn: (body: typeof EMPTY) => apiRequest('/api/approval-pin', { method: 'PUT', body, schema: approvalPinStatusSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(pinQueryKey, saved);
      toast.success(t`Approval PIN saved`);
      close();
    },
    onError: (failure) => {
      if (isApiError(failure) && failure.fields) setErrors({ pin: failure.fieldMessage('pin'), currentPassword: failure.fieldMessage('currentPassword') });
      toast.error(t`The PIN was not saved`, { description: failureMessage(failure, t`Try again.`) });
    },
  });

  const remove = useMutation({
    mutationKey: ['approval-pin', 'remove'],
    mutationFn: () => apiRequest('/api/approval-pin', { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.setQueryData(pinQueryKey, { hasPin: false });
      toast.success(t`Approval PIN removed`);
    },
    onError: (failure) => toast.error(t`The PIN was not removed`, { description: failureMessage(failure, t`Try again.`) }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = approvalPinInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(values);
  };

  const hasPin = status.data?.hasPin ?? false;
  return (
    <ProfileSection
      title={t`Approval PIN`}
      icon={<ShieldCheckIcon aria-hidden className="size-4 text-muted-foreground" />}
      description={<Trans>With your e-mail, it approves a discount, a return or a cash shortfall at a cashier’s register without signing them out.</Trans>}
      action={status.data && (hasPin ? <Badge variant="success"><Trans>PIN set</Trans></Badge> : <Badge variant="outline"><Trans>No PIN</Trans></Badge>)}
    >
      {status.isPending ? (
        <Skeleton className="h-9 w-40" />
      ) : status.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {failureMessage(status.error, t`The PIN status could not be loaded.`)}
        </p>
      ) : isOpen ? (
        <form onSubmit={submit} noValidate className="grid gap-4 sm:max-w-sm">
          <FormField id="approval-pin" label={t`New PIN (4 to 6 digits)`} error={errors.pin}>
            <PasswordInput
              {...fieldControlProps('approval-pin', { error: errors.pin })}
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              autoFocus
              value={values.pin}
              onChange={(event) => setValues((current) => ({ ...current, pin: event.target.value }))}
            />
          </FormField>
          <FormField id="approval-pin-password" label={t`Your password`} error={errors.currentPassword}>
            <PasswordInput
              {...fieldControlProps('approval-pin-password', { error: errors.currentPassword })}
              autoComplete="current-password"
              value={values.currentPassword}
              onChange={(event) => setValues((current) => ({ ...current, currentPassword: event.target.value }))}
            />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <InlineSpinner />}
              <Trans>Save PIN</Trans>
            </Button>
            <Button type="button" variant="outline" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setIsOpen(true)}>
            {hasPin ? <Trans>Change PIN</Trans> : <Trans>Set a PIN</Trans>}
          </Button>
          {hasPin && (
            <Button variant="ghost" onClick={() => remove.mutate()} disabled={remove.isPending}>
              {remove.isPending && <InlineSpinner />}
              <Trans>Remove PIN</Trans>
            </Button>
          )}
        </div>
      )}
    </ProfileSection>
  );
}
