import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeftIcon, BanIcon, CalendarPlusIcon, PackageIcon, RotateCcwIcon } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { roleDisplayName } from '../../core/auth/roles.rules';
import { diffFields } from '../../core/audit/audit-diff.rules';
import { PLATFORM_AUDIT_ACTIONS, type PlatformAuditAction, type PlatformTenant } from '../../core/platform/platform.schemas';
import { mayExtendTrial, TRIAL_EXTENSION_MAX_DAYS } from '../../core/platform/tenant-status.rules';
import { pricePerPeriod } from '../billing/subscription-required-page';
import { Detail } from '../components/detail';
import { DialogActions } from '../components/form-actions';
import { FormField, fieldControlProps } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { Textarea } from '../components/ui/textarea';
import { DetailSkeleton, LoadError } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { failureMessage } from '../lib/form-errors';
import { formatNumber } from '../lib/format';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { usePlans, useTenant, useTenantAction, type TenantAction } from './platform.api';
import { LIMIT_LABELS, PLATFORM_ACTION_LABELS, PLAN_PERIOD_LABELS } from './platform-labels';
import { TenantStatusBadge } from './tenants-page';
import { TenantExportCard } from './tenant-export-card';
import { CustomPricingCard } from './custom-pricing-card';
import { SupportAccessCard } from './support-access-card';
import { TenantDomainsCard } from './tenant-domains-card';

type Dialogs = 'extend-trial' | 'plan' | 'suspend' | null;

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/**
 * /superadmin/tenants/:id (issue 21): a shop's status, subscription, usage against its plan's
 * limits, addresses, staff, last activity and platform history, with the platform's actions on it:
 * extend the trial, change the plan, suspend (with a reason) and reactivate.
 */
export function TenantPage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const tenant = useTenant(id);
  useDocumentTitle(tenant.data ? t`${tenant.data.name} · Tenant Management` : t`Tenant Management`);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const action = useTenantAction(id);
  const openDialog = (next: Dialogs) => {
    action.reset();
    setDialog(next);
  };
  const run = (next: TenantAction, done: string) =>
    action.mutate(next, {
      onSuccess: () => {
        toast.success(done);
        setDialog(null);
      },
    });
  if (tenant.isPending) return <DetailSkeleton label={t`Loading the shop`} />;
  if (tenant.isError) return <LoadError error={tenant.error} what={t`the shop`} onRetry={() => void tenant.refetch()} />;
  const shop = tenant.data;
  const dateOf = (value: string | null) => (value ? new Date(value) : null);
  const canExtendTrial = mayExtendTrial(shop.subscription && { ...shop.subscription, trialEnd: dateOf(shop.subscription.trialEnd), currentPeriodEnd: dateOf(shop.subscription.currentPeriodEnd) });
  return (
    <div className="grid min-w-0 gap-6">
      <Link to="/superadmin/tenants" className={`${linkClass} flex w-fit items-center gap-1 text-sm`}>
        <ArrowLeftIcon aria-hidden className="size-4" />
        <Trans>All shops</Trans>
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold break-words sm:text-3xl">
            {shop.name} <TenantStatusBadge status={shop.status} />
          </h1>
          <p className="text-sm text-muted-foreground">{shop.addresses[0] ?? shop.subdomain}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canExtendTrial && shop.status !== 'suspended' && (
            <Button variant="outline" onClick={() => openDialog('extend-trial')}>
              <CalendarPlusIcon aria-hidden /> <Trans>Extend trial</Trans>
            </Button>
          )}
          <Button variant="outline" onClick={() => openDialog('plan')}>
            <PackageIcon aria-hidden /> <Trans>Change plan</Trans>
          </Button>
          {shop.status === 'suspended' ? (
            <Button
              onClick={() => {
                openDialog(null);
                run({ kind: 'reactivate' }, t`The shop is active again`);
              }}
              disabled={action.isPending}
            >
              <RotateCcwIcon aria-hidden /> <Trans>Reactivate</Trans>
            </Button>
          ) : (
            <Button variant="destructive" onClick={() => openDialog('suspend')}>
              <BanIcon aria-hidden /> <Trans>Suspend</Trans>
            </Button>
          )}
        </div>
      </div>
      {shop.suspension && (
        <section role="status" aria-label={t`Suspension`} className="grid gap-1 rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm">
          <p className="font-medium">
            <Trans>
              Suspended since <DateText value={shop.suspension.suspendedAt} />
            </Trans>
          </p>
          <p className="break-words whitespace-pre-line" data-testid="suspension-reason">
            {shop.suspension.reason}
          </p>
          <p className="text-muted-foreground">
            <Trans>Its people are told to contact {shop.suspension.contactEmail}.</Trans>
          </p>
        </section>
      )}
      {action.isError && dialog === null && (
        <p role="alert" className="text-sm text-destructive">
          {failureMessage(action.error, t`The change was not saved`)}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <SubscriptionSection shop={shop} />
        <UsageSection shop={shop} />
        <TenantDomainsCard shop={shop} />
        <ActivitySection shop={shop} />
      </div>
      <CustomPricingCard tenantId={shop.id} />
      <SupportAccessCard tenantId={shop.id} />
      <StaffSection shop={shop} />
      <HistorySection shop={shop} />
      <TenantExportCard shop={shop} />
      <ExtendTrialDialog open={dialog === 'extend-trial'} onClose={() => setDialog(null)} pending={action.isPending} error={action.error} onSubmit={(days) => run({ kind: 'extend-trial', days }, t`Trial extended`)} />
      <ChangePlanDialog shop={shop} open={dialog === 'plan'} onClose={() => setDialog(null)} pending={action.isPending} error={action.error} onSubmit={(planId) => run({ kind: 'plan', input: { planId } }, t`Plan changed`)} />
      <SuspendDialog shop={shop} open={dialog === 'suspend'} onClose={() => setDialog(null)} pending={action.isPending} error={action.error} onSubmit={(input) => run({ kind: 'suspend', input }, t`The shop is suspended`)} />
    </div>
  );
}

function DateText({ value, withTime = false }: { value: string | null; withTime?: boolean }) {
  const { formatDate, formatDateTime } = useDateFormat();
  if (!value) return <>—</>;
  return <>{withTime ? formatDateTime(value) : formatDate(value)}</>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid content-start gap-3 rounded-xl border bg-card p-4">
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function SubscriptionSection({ shop }: { shop: PlatformTenant }) {
  const { t } = useLingui();
  const subscription = shop.subscription;
  return (
    <Section title={t`Subscription`}>
      {subscription ? (
        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail label={t`Plan`}>{subscription.plan ? `${subscription.plan.name} · ${pricePerPeriod(subscription.plan)}` : t`No plan chosen`}</Detail>
          <Detail label={t`Subscription status`}>{subscription.status}</Detail>
          <Detail label={t`Trial ends`}>
            <span data-testid="trial-end">
              <DateText value={subscription.trialEnd} withTime />
            </span>
          </Detail>
          <Detail label={t`Paid until`}>
            <DateText value={subscription.currentPeriodEnd} withTime />
          </Detail>
          <Detail label={t`Signed up`}>
            <DateText value={shop.createdAt} />
          </Detail>
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>No subscription: the shop is let in as on an open-ended trial.</Trans>
        </p>
      )}
    </Section>
  );
}

function UsageSection({ shop }: { shop: PlatformTenant }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  return (
    <Section title={t`Usage against the plan's limits`}>
      <dl className="grid gap-3 sm:grid-cols-3">
        {shop.usage.map((line) => (
          <Detail key={line.limit} label={i18n._(LIMIT_LABELS[line.limit])}>
            {line.maximum === null ? t`${formatNumber(line.used)} (no limit)` : t`${formatNumber(line.used)} of ${formatNumber(line.maximum)}`}
          </Detail>
        ))}
      </dl>
    </Section>
  );
}

function ActivitySection({ shop }: { shop: PlatformTenant }) {
  const { t } = useLingui();
  return (
    <Section title={t`Last activity`}>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Detail label={t`Any activity`}>
          <DateText value={shop.lastActivityAt} withTime />
        </Detail>
        <Detail label={t`Last sign-in`}>
          <DateText value={shop.lastSignInAt} withTime />
        </Detail>
        <Detail label={t`Last sale`}>
          <DateText value={shop.lastSaleAt} withTime />
        </Detail>
      </dl>
    </Section>
  );
}

function StaffSection({ shop }: { shop: PlatformTenant }) {
  const { t, i18n } = useLingui();
  return (
    <Section title={t`Staff`}>
      <Table aria-label={t`Staff`}>
        <TableHeader>
          <TableRow>
            <TableHead>{t`Name`}</TableHead>
            <TableHead>{t`E-mail`}</TableHead>
            <TableHead>{t`Role`}</TableHead>
            <TableHead>{t`Status`}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shop.staff.map((member) => (
            <TableRow key={member.userId}>
              <TableCell>{member.name ?? '—'}</TableCell>
              <TableCell className="break-all">{member.email}</TableCell>
              <TableCell>{i18n._(roleDisplayName(member.role))}</TableCell>
              <TableCell>{member.isActive ? <Badge variant="secondary">{t`Active`}</Badge> : <Badge variant="outline">{t`Deactivated`}</Badge>}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Link to={`/superadmin/users?tenant=${shop.id}`} className={`${linkClass} text-sm`}>
        <Trans>Manage these people in User Management</Trans>
      </Link>
    </Section>
  );
}

function isPlatformAction(action: string): action is PlatformAuditAction {
  return (PLATFORM_AUDIT_ACTIONS as readonly string[]).includes(action);
}

const shown = (value: unknown) => (value === null || value === undefined ? '—' : String(value));

function HistorySection({ shop }: { shop: PlatformTenant }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  return (
    <Section title={t`Platform history`}>
      {shop.history.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No platform admin has changed this shop yet.</Trans>
        </p>
      ) : (
        <ol className="grid gap-2 text-sm" aria-label={t`Platform history`}>
          {shop.history.map((event) => (
            <li key={event.id} className="grid gap-0.5 border-b pb-2 last:border-0">
              <span className="font-medium">{isPlatformAction(event.action) ? i18n._(PLATFORM_ACTION_LABELS[event.action]) : event.action}</span>
              <span className="text-muted-foreground">
                <DateText value={event.createdAt} withTime /> · {event.actorEmail ?? event.actorUserId}
                {event.ipAddress ? ` · ${event.ipAddress}` : ''}
              </span>
              {diffFields(event.before, event.after).map((change) => (
                <span key={change.field} className="break-all">
                  <span className="font-mono text-xs">{change.field}</span>: {shown(change.before)} → {shown(change.after)}
                </span>
              ))}
              {typeof event.details.reason === 'string' && <span className="break-words">{t`Reason: ${event.details.reason}`}</span>}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

interface DialogProps<Value> {
  open: boolean;
  onClose: () => void;
  pending: boolean;
  error: unknown;
  onSubmit: (value: Value) => void;
}

function ExtendTrialDialog({ open, onClose, pending, error, onSubmit }: DialogProps<number>) {
  const { t } = useLingui();
  const [days, setDays] = useState('7');
  const fieldError = error ? failureMessage(error, '', 'days') || undefined : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(Number(days));
  };
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>
            <Trans>Extend the trial</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>The days are added to the end of a running trial, or from today once it has ended.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField id="extend-days" label={<Trans>Days</Trans>} error={fieldError} hint={t`From 1 to ${TRIAL_EXTENSION_MAX_DAYS}`}>
            <Input type="number" min={1} max={TRIAL_EXTENSION_MAX_DAYS} inputMode="numeric" value={days} onChange={(event) => setDays(event.target.value)} {...fieldControlProps('extend-days', { error: fieldError, hint: true })} />
          </FormField>
          {error !== null && !fieldError && <FailureLine error={error} />}
          <DialogActions onCancel={onClose} pending={pending}>
            <Trans>Extend trial</Trans>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ChangePlanDialog({ shop, open, onClose, pending, error, onSubmit }: DialogProps<string> & { shop: PlatformTenant }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const plans = usePlans();
  const offered = (plans.data ?? []).filter((plan) => plan.isActive);
  const [chosen, setChosen] = useState('');
  const fieldError = error ? failureMessage(error, '', 'planId') || undefined : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(chosen);
  };
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>
            <Trans>Change the plan</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>The plan's features and limits apply at once; the trial and any paid period stay as they are.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField id="change-plan" label={<Trans>Plan</Trans>} error={fieldError}>
            <NativeSelect value={chosen} onChange={(event) => setChosen(event.target.value)} {...fieldControlProps('change-plan', { error: fieldError })}>
              <option value="" disabled>
                {plans.isPending ? t`Loading the plans…` : t`Choose a plan`}
              </option>
              {offered.map((plan) => (
                <option key={plan.id} value={plan.id} disabled={plan.id === shop.subscription?.plan?.id}>
                  {plan.name} ({i18n._(PLAN_PERIOD_LABELS[plan.period])}) · {pricePerPeriod(plan)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {error !== null && !fieldError && <FailureLine error={error} />}
          <DialogActions onCancel={onClose} pending={pending}>
            <Trans>Change plan</Trans>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function SuspendDialog({ shop, open, onClose, pending, error, onSubmit }: DialogProps<{ reason: string; contactEmail?: string }> & { shop: PlatformTenant }) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const [contactEmail, setContactEmail] = useState('');
  const reasonError = error ? failureMessage(error, '', 'reason') || undefined : undefined;
  const contactError = error ? failureMessage(error, '', 'contactEmail') || undefined : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ reason, ...(contactEmail.trim() ? { contactEmail: contactEmail.trim() } : {}) });
  };
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>Suspend {shop.name}</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Its people see a page saying the shop is suspended, with your reason and whom to contact, until you reactivate it. Nothing of the shop is deleted.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField id="suspend-reason" label={<Trans>Reason</Trans>} error={reasonError} hint={t`The shop's people read this.`}>
            <Textarea value={reason} rows={3} onChange={(event) => setReason(event.target.value)} {...fieldControlProps('suspend-reason', { error: reasonError, hint: true })} />
          </FormField>
          <FormField id="suspend-contact" label={<Trans>Contact e-mail (optional)</Trans>} error={contactError} hint={t`Your own address when left empty.`}>
            <Input type="email" value={contactEmail} onChange={(event) => setContactEmail(event.target.value)} {...fieldControlProps('suspend-contact', { error: contactError, hint: true })} />
          </FormField>
          {error !== null && !reasonError && !contactError && <FailureLine error={error} />}
          <DialogActions onCancel={onClose} pending={pending} destructive>
            <Trans>Suspend shop</Trans>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function FailureLine({ error }: { error: unknown }) {
  const { t } = useLingui();
  return (
    <p role="alert" className="text-sm text-destructive">
      {failureMessage(error, t`The change was not saved`)}
    </p>
  );
}
