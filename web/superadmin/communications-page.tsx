import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { AlertTriangleIcon, CheckCircle2Icon, ClockIcon, MailIcon, MegaphoneIcon, XIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  ANNOUNCEMENT_SEVERITIES,
  announcementInputSchema,
  type Announcement,
  type AnnouncementAudience,
  type AnnouncementInput,
} from '../../core/platform/communications.schemas';
import { PLATFORM_TENANT_STATUSES, type PlatformTenantStatus } from '../../core/platform/tenant-status.rules';
import { FormField } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Checkbox } from '../components/ui/checkbox';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { Switch } from '../components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { Textarea } from '../components/ui/textarea';
import { PagedTable } from '../inventory/data-table';
import { DetailSkeleton, EmptyState, LoadError, useAddressParams } from '../inventory/inventory-ui';
import { PAGE_SIZE } from '../inventory/inventory.api';
import { isApiError } from '../lib/api-client';
import { useDateFormat } from '../lib/date-format';
import { failureMessage, firstFieldErrors, type FieldErrors } from '../lib/form-errors';
import { formatNumber } from '../lib/format';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { useAnnouncements, useEmailDeliverability, usePostAnnouncement } from './communications.api';
import { Figure } from './console-parts';
import { usePlans, useTenants } from './platform.api';
import { TENANT_STATUS_LABELS } from './platform-labels';

type AudienceKind = AnnouncementAudience['kind'];

/** A datetime-local value (the browser's zone) as an ISO instant, or null when empty. */
const localToIso = (value: string) => (value ? new Date(value).toISOString() : null);

/**
 * /superadmin/communications (issue 21): post an announcement to all shops or some (by plan, by
 * status, or chosen ones) for their notifications menu and, optionally, their owners' e-mail; the
 * announcements so far; the e-mail outbox's last 7 days.
 */
export function CommunicationsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Communications`);
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          <Trans>Communications</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Announcements to shops, shown in their notifications menu and optionally e-mailed to their owners; e-mail deliverability.</Trans>
        </p>
      </div>
      <AnnouncementForm />
      <AnnouncementsSection />
      <DeliverabilitySection />
    </div>
  );
}

function AnnouncementForm() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const post = usePostAnnouncement();
  const plans = usePlans();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [severity, setSeverity] = useState<(typeof ANNOUNCEMENT_SEVERITIES)[number]>('info');
  const [link, setLink] = useState('');
  const [kind, setKind] = useState<AudienceKind>('all');
  const [planIds, setPlanIds] = useState<string[]>([]);
  const [statuses, setStatuses] = useState<PlatformTenantStatus[]>([]);
  const [shops, setShops] = useState<{ id: string; name: string }[]>([]);
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [emailOwners, setEmailOwners] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const audience = (): AnnouncementAudience =>
    kind === 'plan' ? { kind, planIds } : kind === 'status' ? { kind, statuses } : kind === 'tenants' ? { kind, tenantIds: shops.map((shop) => shop.id) } : { kind: 'all' };
  const toggle = <T,>(list: T[], value: T, on: boolean) => (on ? [...list, value] : list.filter((item) => item !== value));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const input: AnnouncementInput = {
      title,
      body,
      severity,
      link: link.trim() || null,
      audience: audience(),
      startsAt: localToIso(startsAt),
      endsAt: localToIso(endsAt),
      emailOwners,
    };
    const parsed = announcementInputSchema.safeParse(input);
    if (!parsed.success) {
      const found = firstFieldErrors(parsed.error);
      const audienceError = Object.entries(found).find(([field]) => field.startsWith('audience'))?.[1];
      setErrors({ ...found, audience: audienceError });
      const first = ['title', 'body', 'link', 'audience', 'startsAt', 'endsAt'].find((field) => (field === 'audience' ? audienceError : found[field]));
      if (first) document.getElementById(`announcement-${first}`)?.focus();
      return;
    }
    setErrors({});
    post.mutate(input, {
      onSuccess: () => {
        toast.success(startsAt && new Date(startsAt).getTime() > Date.now() ? t`Announcement scheduled` : t`Announcement posted: it reaches the shops in a moment`);
        setTitle('');
        setBody('');
        setLink('');
        setStartsAt('');
        setEndsAt('');
        setEmailOwners(false);
      },
      onError: (error) => {
        if (isApiError(error) && error.fields) {
          setErrors(Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [field.startsWith('audience') ? 'audience' : field, messages[0]])));
        }
        setFormError(failureMessage(error, t`The announcement was not posted`));
      },
    });
  };

  return (
    <section aria-labelledby="new-announcement" className="grid gap-4 rounded-xl border bg-card p-4">
      <h2 id="new-announcement" className="flex items-center gap-2 font-semibold">
        <MegaphoneIcon aria-hidden className="size-4" />
        <Trans>New announcement</Trans>
      </h2>
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label={t`New announcement`}>
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <FormField id="announcement-title" label={<Trans>Title</Trans>} error={errors.title}>
            <Input id="announcement-title" value={title} onChange={(event) => setTitle(event.target.value)} aria-invalid={Boolean(errors.title)} autoComplete="off" />
          </FormField>
          <FormField id="announcement-severity" label={<Trans>Severity</Trans>}>
            <NativeSelect id="announcement-severity" value={severity} onChange={(event) => setSeverity(event.target.value as typeof severity)}>
              <option value="info">{t`Information`}</option>
              <option value="warning">{t`Warning`}</option>
            </NativeSelect>
          </FormField>
        </div>
        <FormField id="announcement-body" label={<Trans>Message</Trans>} error={errors.body}>
          <Textarea id="announcement-body" rows={3} value={body} onChange={(event) => setBody(event.target.value)} aria-invalid={Boolean(errors.body)} />
        </FormField>
        <FormField id="announcement-link" label={<Trans>Link (optional)</Trans>} error={errors.link} hint={t`A page of the shop's admin area, e.g. /admin/settings, or an https address.`}>
          <Input id="announcement-link" value={link} onChange={(event) => setLink(event.target.value)} aria-invalid={Boolean(errors.link)} autoComplete="off" />
        </FormField>
        <fieldset className="grid gap-3">
          <legend className="mb-2 font-medium">
            <Trans>Which shops</Trans>
          </legend>
          <NativeSelect id="announcement-audience" aria-label={t`Which shops`} value={kind} onChange={(event) => setKind(event.target.value as AudienceKind)} aria-invalid={Boolean(errors.audience)}>
            <option value="all">{t`All shops`}</option>
            <option value="plan">{t`Shops on some plans`}</option>
            <option value="status">{t`Shops in some statuses`}</option>
            <option value="tenants">{t`Chosen shops`}</option>
          </NativeSelect>
          {kind === 'plan' && (
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {(plans.data ?? []).map((plan) => (
                <div key={plan.id} className="flex items-center gap-2">
                  <Checkbox id={`audience-plan-${plan.id}`} checked={planIds.includes(plan.id)} onCheckedChange={(on) => setPlanIds((list) => toggle(list, plan.id, on === true))} />
                  <Label htmlFor={`audience-plan-${plan.id}`}>
                    {plan.name} ({plan.period})
                  </Label>
                </div>
              ))}
            </div>
          )}
          {kind === 'status' && (
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {PLATFORM_TENANT_STATUSES.map((status) => (
                <div key={status} className="flex items-center gap-2">
                  <Checkbox id={`audience-status-${status}`} checked={statuses.includes(status)} onCheckedChange={(on) => setStatuses((list) => toggle(list, status, on === true))} />
                  <Label htmlFor={`audience-status-${status}`}>{i18n._(TENANT_STATUS_LABELS[status])}</Label>
                </div>
              ))}
            </div>
          )}
          {kind === 'tenants' && <ShopPicker chosen={shops} onChange={setShops} />}
          {errors.audience && (
            <p id="announcement-audience-error" className="text-sm text-destructive">
              {errors.audience}
            </p>
          )}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="announcement-startsAt" label={<Trans>Starts (optional)</Trans>} error={errors.startsAt} hint={t`Empty: at once.`}>
            <Input id="announcement-startsAt" type="datetime-local" value={startsAt} onChange={(event) => setStartsAt(event.target.value)} />
          </FormField>
          <FormField id="announcement-endsAt" label={<Trans>Ends (optional)</Trans>} error={errors.endsAt} hint={t`At the end it leaves the shops' menus.`}>
            <Input id="announcement-endsAt" type="datetime-local" value={endsAt} onChange={(event) => setEndsAt(event.target.value)} aria-invalid={Boolean(errors.endsAt)} />
          </FormField>
        </div>
        <div className="flex items-center gap-3">
          <Switch id="announcement-emailOwners" checked={emailOwners} onCheckedChange={setEmailOwners} />
          <Label htmlFor="announcement-emailOwners">
            <Trans>Also e-mail each shop's owners</Trans>
          </Label>
        </div>
        {formError && (
          <p role="alert" className="text-sm text-destructive">
            {formError}
          </p>
        )}
        <div>
          <Button type="submit" disabled={post.isPending}>
            <MegaphoneIcon aria-hidden />
            <Trans>Post announcement</Trans>
          </Button>
        </div>
      </form>
    </section>
  );
}

/** Finds shops by name, subdomain or owner's e-mail and keeps the chosen ones. */
function ShopPicker({ chosen, onChange }: { chosen: { id: string; name: string }[]; onChange: (shops: { id: string; name: string }[]) => void }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const found = useTenants({ search: search.trim() || undefined, pageSize: 5 });
  const choices = (found.data?.items ?? []).filter((shop) => !chosen.some((picked) => picked.id === shop.id));
  return (
    <div className="grid gap-2">
      <Input id="announcement-shop-search" type="search" aria-label={t`Find a shop`} placeholder={t`Find a shop by name, subdomain or owner's e-mail`} value={search} onChange={(event) => setSearch(event.target.value)} />
      {choices.length > 0 && (
        <ul className="grid gap-1" aria-label={t`Shops found`} data-testid="shop-choices">
          {choices.map((shop) => (
            <li key={shop.id}>
              <Button type="button" variant="ghost" size="sm" onClick={() => onChange([...chosen, { id: shop.id, name: shop.name }])}>
                <Trans>
                  Add {shop.name} ({shop.subdomain})
                </Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {chosen.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t`Chosen shops`}>
          {chosen.map((shop) => (
            <li key={shop.id}>
              <Badge variant="secondary" className="gap-1">
                {shop.name}
                <button type="button" aria-label={t`Remove ${shop.name}`} onClick={() => onChange(chosen.filter((picked) => picked.id !== shop.id))}>
                  <XIcon aria-hidden className="size-3" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AnnouncementsSection() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { formatDateTime } = useDateFormat();
  const [params, change] = useAddressParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const list = useAnnouncements(page, PAGE_SIZE);
  const audienceText = (audience: AnnouncementAudience) =>
    audience.kind === 'all'
      ? t`All shops`
      : audience.kind === 'plan'
        ? t`By plan (${formatNumber(audience.planIds.length)})`
        : audience.kind === 'status'
          ? audience.statuses.map((status) => i18n._(TENANT_STATUS_LABELS[status])).join(', ')
          : t`Chosen shops (${formatNumber(audience.tenantIds.length)})`;
  const columns: Array<ColumnDef<Announcement>> = [
    {
      id: 'title',
      header: t`Announcement`,
      cell: ({ row }) => (
        <span className="grid max-w-md">
          <span className="flex items-center gap-2 font-medium">
            {row.original.severity === 'warning' && <AlertTriangleIcon aria-label={t`Warning`} className="size-4 text-amber-600" />}
            {row.original.title}
          </span>
          <span className="line-clamp-2 text-xs text-muted-foreground">{row.original.body}</span>
        </span>
      ),
    },
    { id: 'audience', header: t`To`, cell: ({ row }) => audienceText(row.original.audience) },
    {
      id: 'status',
      header: t`Status`,
      cell: ({ row }) =>
        row.original.status === 'delivered' ? (
          <Badge variant="success">{t`Delivered`}</Badge>
        ) : row.original.status === 'withdrawn' ? (
          <Badge variant="outline">{t`Ended`}</Badge>
        ) : (
          <Badge variant="secondary">{row.original.startsAt ? t`Starts ${formatDateTime(row.original.startsAt)}` : t`Queued`}</Badge>
        ),
    },
    { id: 'shops', header: t`Shops`, cell: ({ row }) => formatNumber(row.original.shopCount), meta: { className: 'text-right tabular-nums' } },
    { id: 'emails', header: t`E-mails`, cell: ({ row }) => (row.original.emailOwners ? formatNumber(row.original.emailCount) : '—'), meta: { className: 'text-right tabular-nums' } },
    {
      id: 'createdAt',
      header: t`Posted`,
      cell: ({ row }) => (
        <span className="grid text-xs">
          <span>{formatDateTime(row.original.createdAt)}</span>
          <span className="text-muted-foreground">{row.original.createdByEmail}</span>
        </span>
      ),
    },
  ];
  return (
    <section aria-labelledby="announcements" className="grid gap-3" data-testid="announcements">
      <h2 id="announcements" className="flex items-center gap-2 font-semibold">
        <ClockIcon aria-hidden className="size-4" />
        <Trans>Announcements</Trans>
      </h2>
      <PagedTable
        query={list}
        columns={columns}
        label={t`Announcements`}
        loadingLabel={t`Loading the announcements`}
        what={t`the announcements`}
        skeletonColumns={6}
        getRowId={(row) => row.id}
        page={page}
        onPageChange={(next) => change({ page: next > 1 ? String(next) : undefined })}
        empty={<EmptyState icon={MegaphoneIcon} title={t`No announcements yet`} />}
      />
    </section>
  );
}

function DeliverabilitySection() {
  const { t } = useLingui();
  const { formatDateTime } = useDateFormat();
  const email = useEmailDeliverability();
  return (
    <section aria-labelledby="deliverability" className="grid gap-3" data-testid="deliverability">
      <h2 id="deliverability" className="flex items-center gap-2 font-semibold">
        <MailIcon aria-hidden className="size-4" />
        <Trans>E-mail deliverability (last 7 days)</Trans>
      </h2>
      {email.isPending ? (
        <DetailSkeleton label={t`Loading the e-mail deliverability`} />
      ) : email.isError ? (
        <LoadError error={email.error} what={t`the e-mail deliverability`} onRetry={() => void email.refetch()} />
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-3">
            <Figure icon={ClockIcon} title={t`Queued`} testId="email-queued" note={t`Not sent yet, no error`}>
              {formatNumber(email.data.queued)}
            </Figure>
            <Figure icon={CheckCircle2Icon} title={t`Sent`} testId="email-sent" note={email.data.transport === 'outbox' ? t`No SMTP server: kept in the local outbox` : undefined}>
              {formatNumber(email.data.sent)}
            </Figure>
            <Figure icon={AlertTriangleIcon} title={t`Failed`} testId="email-failed">
              {formatNumber(email.data.failed)}
            </Figure>
          </div>
          {email.data.latestFailures.length > 0 && (
            <div className="overflow-x-auto rounded-xl border bg-card">
              <Table aria-label={t`Latest failures`}>
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead className="pl-4">{t`When`}</TableHead>
                    <TableHead>{t`To`}</TableHead>
                    <TableHead>{t`Subject`}</TableHead>
                    <TableHead className="pr-4">{t`Error`}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {email.data.latestFailures.map((failure) => (
                    <TableRow key={failure.id}>
                      <TableCell className="pl-4 text-xs whitespace-nowrap">{formatDateTime(failure.createdAt)}</TableCell>
                      <TableCell className="text-xs">{failure.to}</TableCell>
                      <TableCell className="text-xs">{failure.subject}</TableCell>
                      <TableCell className="pr-4 text-xs break-all text-destructive">{failure.error}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
