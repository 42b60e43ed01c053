import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { EyeIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  SUPPORT_ACCESS_MINUTES,
  supportAccessGrantSchema,
  supportAccessInputSchema,
  supportAccessListSchema,
  supportAccessStartedSchema,
  type SupportAccessGrant,
  type SupportAccessInput,
} from '../../core/platform/support-access.schemas';
import { DialogActions } from '../components/form-actions';
import { FormField, fieldControlProps } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { NativeSelect } from '../components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { Textarea } from '../components/ui/textarea';
import { useDateFormat } from '../lib/date-format';
import { failureMessage, fieldFailure, translateMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { apiRequest } from '../lib/api-client';
import { RecordsCard } from './console-parts';
import { PLATFORM, usePlatformMutation } from './platform.api';

const FIELDS = ['reason', 'minutes'] as const;
type Field = (typeof FIELDS)[number];

const grantsPath = (tenantId: string) => `/api/platform/tenants/${tenantId}/support-access`;

/**
 * "View as" on a shop's console page (issue 21, docs/platform.md "Support access"): open read-only
 * access for 15, 30 or 60 minutes with a reason (the browser then goes to the shop, signed in), the
 * shop's recent support access, and "Revoke" for one still running.
 */
export function SupportAccessCard({ tenantId }: { tenantId: string }) {
  const { t } = useLingui();
  const { formatDateTime } = useDateFormat();
  const grants = useQuery({ queryKey: [...PLATFORM, 'tenant', tenantId, 'support-access'], queryFn: () => apiRequest(grantsPath(tenantId), { schema: supportAccessListSchema }) });
  const revoke = usePlatformMutation((grantId: string) => apiRequest(`${grantsPath(tenantId)}/${grantId}/revoke`, { method: 'POST', schema: supportAccessGrantSchema }));
  const [isOpen, setIsOpen] = useState(false);
  const stateOf = (grant: SupportAccessGrant) => (grant.isActive ? t`Running` : grant.endedAt ? t`Ended by ${grant.endedByEmail ?? '—'}` : t`Expired`);
  const items = grants.data?.items ?? [];
  return (
    <>
      <RecordsCard
        title={t`Support access`}
        action={
          <Button variant="outline" size="sm" onClick={() => setIsOpen(true)}>
            <EyeIcon aria-hidden /> <Trans>View as (support access)</Trans>
          </Button>
        }
        description={<Trans>Opens the shop's admin area, read-only, for a limited time. The shop's owner sees it in their audit log.</Trans>}
        failures={[grants.isError ? failureMessage(grants.error, t`The support access could not be loaded`) : null, revoke.isError ? failureMessage(revoke.error, t`The change was not saved`) : null]}
        isPending={grants.isPending}
        loadingText={<Trans>Loading the support access…</Trans>}
        isEmpty={items.length === 0}
        emptyText={<Trans>Nobody from the platform has viewed this shop.</Trans>}
      >
        <Table aria-label={t`Support access`}>
          <TableHeader>
            <TableRow>
              <TableHead>
                <Trans>By</Trans>
              </TableHead>
              <TableHead>
                <Trans>Reason</Trans>
              </TableHead>
              <TableHead>
                <Trans>From</Trans>
              </TableHead>
              <TableHead>
                <Trans>Until</Trans>
              </TableHead>
              <TableHead>
                <Trans>State</Trans>
              </TableHead>
              <TableHead>
                <span className="sr-only">
                  <Trans>Actions</Trans>
                </span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((grant) => (
              <TableRow key={grant.id}>
                <TableCell>{grant.adminEmail ?? '—'}</TableCell>
                <TableCell className="max-w-xs break-words whitespace-pre-line">{grant.reason}</TableCell>
                <TableCell>{formatDateTime(grant.startedAt)}</TableCell>
                <TableCell>{formatDateTime(grant.endedAt ?? grant.expiresAt)}</TableCell>
                <TableCell>
                  <Badge variant={grant.isActive ? 'default' : 'outline'}>{stateOf(grant)}</Badge>
                </TableCell>
                <TableCell>
                  {grant.isActive && (
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate(grant.id, { onSuccess: () => toast.success(t`Support access revoked`) })}
                      aria-label={t`Revoke the support access of ${grant.adminEmail ?? '—'}`}
                    >
                      <Trans>Revoke</Trans>
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </RecordsCard>
      <StartSupportAccessDialog tenantId={tenantId} open={isOpen} onClose={() => setIsOpen(false)} />
    </>
  );
}

function StartSupportAccessDialog({ tenantId, open, onClose }: { tenantId: string; open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const start = usePlatformMutation((input: SupportAccessInput) => apiRequest(grantsPath(tenantId), { method: 'POST', body: input, schema: supportAccessStartedSchema }));
  const [reason, setReason] = useState('');
  const [minutes, setMinutes] = useState<number>(SUPPORT_ACCESS_MINUTES[0]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const close = () => {
    start.reset();
    setErrors({});
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: SupportAccessInput = { reason, minutes };
    const parsed = supportAccessInputSchema.safeParse(input);
    const found: Partial<Record<Field, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= translateMessage(issue.message);
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // The one-time address signs this browser in at the shop's own address (cookies are per host).
    start.mutate(input, { onSuccess: ({ url }) => window.location.assign(url) });
  };
  const errorOf = (field: Field) => errors[field] ?? (start.error ? fieldFailure(start.error, field) : undefined);
  const hasFieldError = FIELDS.some((field) => errorOf(field));
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && close()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>View as (support access)</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>You will see the shop's admin area as its owner does, without changing anything. The reason is shown to the shop's owner in their audit log.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField id="support-access-reason" label={<Trans>Reason</Trans>} error={errorOf('reason')}>
            <Textarea value={reason} onChange={(event) => setReason(event.target.value)} {...fieldControlProps('support-access-reason', { error: errorOf('reason') })} />
          </FormField>
          <FormField id="support-access-minutes" label={<Trans>For</Trans>} error={errorOf('minutes')}>
            <NativeSelect value={String(minutes)} onChange={(event) => setMinutes(Number(event.target.value))} {...fieldControlProps('support-access-minutes', { error: errorOf('minutes') })}>
              {SUPPORT_ACCESS_MINUTES.map((option) => (
                <option key={option} value={option}>
                  {t`${option} minutes`}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {start.isError && !hasFieldError && (
            <p role="alert" className="text-sm text-destructive">
              {failureMessage(start.error, t`Support access was not opened`)}
            </p>
          )}
          <DialogActions onCancel={close} pending={start.isPending}>
            <Trans>Open the shop</Trans>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
