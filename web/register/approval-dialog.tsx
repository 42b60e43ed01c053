import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { approvalRequestSchema, approvalSchema, type Approval, type ApprovalAction } from '../../core/sales/sales.schemas';
import type { ApprovalReason } from '../../core/sales/seller-limits.rules';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { InlineSpinner } from '../components/ui/spinner';
import { apiRequest, isApiError } from '../lib/api-client';
import { failureMessage, firstFieldErrors, type FieldErrors } from '../lib/form-errors';

// A manager approves at the cashier's register without signing the cashier out: their e-mail and
// their approval PIN (or their password). The server checks it, records who approved what and why,
// and answers an approval id the register sends with the document that needed it (used once,
// within 10 minutes).

export const APPROVAL_ACTION_LABELS: Record<ApprovalAction, MessageDescriptor> = {
  price_override: msg`A price below the catalog’s`,
  discount: msg`A discount above the shop’s limit`,
  return_window: msg`A return after the return window`,
  return_without_receipt: msg`A return without a receipt`,
  void: msg`Voiding a sale`,
  over_short: msg`A cash difference beyond the tolerance`,
  negative_stock: msg`Selling more than is in stock`,
};

/** Why a sale's line or cart needs a manager, by the seller's limits (issue 20). */
export const APPROVAL_REASON_LABELS: Record<ApprovalReason, MessageDescriptor> = {
  price_below_catalog: msg`A price below the catalog’s`,
  price_change: msg`A change of price`,
  discount_over_shop_limit: msg`A discount above the shop’s limit`,
  discount_over_role_limit: msg`A discount above your limit`,
  discount_not_allowed: msg`A discount`,
};

type Method = 'pin' | 'password';

export function ApprovalDialog({
  open,
  onOpenChange,
  action,
  details,
  registerId,
  onApproved,
  whatLabel = APPROVAL_ACTION_LABELS[action],
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  action: ApprovalAction;
  /** What needs the manager, when more precise than the action's label (APPROVAL_REASON_LABELS). */
  whatLabel?: MessageDescriptor;
  /** What is approved, recorded with the approval (e.g. { product: 'Sugar 1 kg', discountPercent: 15 }). */
  details: Record<string, string | number | boolean | null>;
  registerId: string | null;
  onApproved: (approval: Approval) => void;
}) {
  const { t, i18n } = useLingui();
  const [email, setEmail] = useState('');
  const [method, setMethod] = useState<Method>('pin');
  const [secret, setSecret] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  const reset = () => {
    setEmail('');
    setMethod('pin');
    setSecret('');
    setReason('');
    setErrors({});
    setRefusal(null);
  };

  const approve = useMutation({
    mutationKey: ['approvals', 'request'],
    mutationFn: (body: unknown) => apiRequest('/api/approvals', { method: 'POST', body, schema: approvalSchema }),
    onSuccess: (approval) => {
      reset();
      onApproved(approval);
      onOpenChange(false);
    },
    onError: (error) => {
      // A wrong secret is typed again; the e-mail usually stays right.
      setSecret('');
      if (isApiError(error) && error.fields) {
        setErrors({ email: error.fieldMessage('email'), secret: error.fieldMessage('secret'), reason: error.fieldMessage('reason') });
      }
      setRefusal(failureMessage(error, t`The approval failed. Try again.`));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const body = { action, registerId, email, method, secret, reason, details };
    const parsed = approvalRequestSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(firstFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    approve.mutate(body);
  };

  const close = (next: boolean) => {
    if (approve.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const what = i18n._(whatLabel);
  const secretLabel = method === 'pin' ? t`Manager’s PIN` : t`Manager’s password`;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-md">
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t`Manager approval`}>
          <DialogHeader>
            <DialogTitle>
              <Trans>Manager approval</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>{what} needs a manager. The manager types their e-mail and PIN or password here; you stay signed in.</Trans>
            </DialogDescription>
          </DialogHeader>
          <FormField id="approval-email" label={t`Manager’s e-mail`} error={errors.email}>
            <Input
              {...fieldControlProps('approval-email', { error: errors.email })}
              type="email"
              autoComplete="off"
              autoFocus
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </FormField>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">
              <Trans>Approve with</Trans>
            </legend>
            <div className="flex flex-wrap gap-4">
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="approval-method" className="size-4 accent-primary" checked={method === 'pin'} onChange={() => setMethod('pin')} />
                <Trans>PIN</Trans>
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="approval-method"
                  className="size-4 accent-primary"
                  checked={method === 'password'}
                  onChange={() => setMethod('password')}
                />
                <Trans>Password</Trans>
              </label>
            </div>
          </fieldset>
          <FormField id="approval-secret" label={secretLabel} error={errors.secret}>
            <Input
              {...fieldControlProps('approval-secret', { error: errors.secret })}
              type="password"
              autoComplete="off"
              inputMode={method === 'pin' ? 'numeric' : undefined}
              maxLength={method === 'pin' ? 6 : 200}
              value={secret}
              onChange={(event) => setSecret(event.target.value)}
            />
          </FormField>
          <FormField id="approval-reason" label={t`Why (optional)`} error={errors.reason}>
            <Input
              {...fieldControlProps('approval-reason', { error: errors.reason })}
              autoComplete="off"
              maxLength={200}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </FormField>
          {refusal && (
            <p role="alert" className="text-sm text-destructive">
              {refusal}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={approve.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={approve.isPending}>
              {approve.isPending && <InlineSpinner />}
              <Trans>Approve</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
