import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { KeyRoundIcon, LogOutIcon, MailIcon, UsersIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { roleDisplayName } from '../../core/auth/roles.rules';
import { platformRoleSchema, type PlatformRole, type PlatformUser } from '../../core/platform/platform.schemas';
import { useSignedInUser } from '../auth/auth-provider';
import { FormField } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { PagedTable } from '../inventory/data-table';
import { EmptyState, useAddressParams, useSearchInAddress } from '../inventory/inventory-ui';
import { PAGE_SIZE } from '../inventory/inventory.api';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { usePasswordReset, useRevokeSessions, useSetPlatformRole, useTenant, useUserActive, useUsers } from './platform.api';
import { PLATFORM_ROLE_LABELS } from './platform-labels';

const PLATFORM_ROLES = platformRoleSchema.options;
const ROLE_FILTERS = ['any', 'none', ...PLATFORM_ROLES] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/**
 * /superadmin/users (issue 21): every person on the platform, a page at a time from the server,
 * searched by name or e-mail and filtered by platform role, shop and status (kept in the address);
 * each opens to change their platform role, force a password reset, sign them out everywhere, or
 * deactivate them.
 */
export function UsersPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  useDocumentTitle(t`User Management`);
  const [params, change] = useAddressParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const platformRole = ROLE_FILTERS.find((role) => role === params.get('role'));
  const status = (['active', 'deactivated'] as const).find((candidate) => candidate === params.get('status'));
  const tenantId = UUID.test(params.get('tenant') ?? '') ? (params.get('tenant') ?? undefined) : undefined;
  const [search, setSearch] = useSearchInAddress(params.get('q') ?? undefined, (q) => change({ q }));
  const users = useUsers({ search: params.get('q') ?? undefined, platformRole, status, tenantId, page, pageSize: PAGE_SIZE });
  const [openedId, setOpenedId] = useState<string | null>(null);
  const opened = users.data?.items.find((user) => user.id === openedId) ?? null;
  const roleFilterLabels: Record<(typeof ROLE_FILTERS)[number], string> = {
    any: t`Any platform role`,
    none: t`Shop people only`,
    ...(Object.fromEntries(PLATFORM_ROLES.map((role) => [role, i18n._(PLATFORM_ROLE_LABELS[role])])) as Record<PlatformRole, string>),
  };
  const columns: Array<ColumnDef<PlatformUser>> = [
    {
      id: 'person',
      header: () => t`Person`,
      cell: ({ row }) => (
        <span className="grid">
          <span className="font-medium">{row.original.fullName ?? row.original.email}</span>
          <span className="text-xs break-all text-muted-foreground">{row.original.email}</span>
        </span>
      ),
    },
    {
      id: 'platform-role',
      header: () => t`Platform role`,
      cell: ({ row }) => (row.original.platformRole ? <Badge variant="destructive">{i18n._(PLATFORM_ROLE_LABELS[row.original.platformRole])}</Badge> : '—'),
    },
    {
      id: 'shops',
      header: () => t`Shops`,
      cell: ({ row }) =>
        row.original.memberships.length === 0 ? (
          '—'
        ) : (
          <ul className="grid gap-0.5">
            {row.original.memberships.map((membership) => (
              <li key={membership.tenantId}>
                <Link to={`/superadmin/tenants/${membership.tenantId}`} className={linkClass}>
                  {membership.tenantName}
                </Link>{' '}
                <span className="text-xs text-muted-foreground">
                  {i18n._(roleDisplayName(membership.role))}
                  {membership.isActive ? '' : ` · ${t`deactivated there`}`}
                </span>
              </li>
            ))}
          </ul>
        ),
    },
    {
      id: 'status',
      header: () => t`Status`,
      cell: ({ row }) => (row.original.isDeactivated ? <Badge variant="outline">{t`Deactivated`}</Badge> : <Badge variant="secondary">{t`Active`}</Badge>),
    },
    {
      id: 'manage',
      header: () => <span className="sr-only">{t`Manage`}</span>,
      cell: ({ row }) => (
        <Button variant="outline" size="sm" onClick={() => setOpenedId(row.original.id)}>
          <Trans>Manage</Trans>
        </Button>
      ),
    },
  ];
  const anyFilter = Boolean(params.get('q') ?? platformRole ?? status ?? tenantId);
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          <Trans>User Management</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Everyone with a Dukani account, across all shops: platform roles, sign-in and sessions.</Trans>
        </p>
      </div>
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div className="grid gap-2 sm:w-72">
          <Label htmlFor="user-search">
            <Trans>Search</Trans>
          </Label>
          <Input id="user-search" type="search" value={search} placeholder={t`Name or e-mail`} onChange={(event) => setSearch(event.target.value)} />
        </div>
        <div className="grid gap-2 sm:w-56">
          <Label htmlFor="user-role">
            <Trans>Platform role</Trans>
          </Label>
          <NativeSelect id="user-role" value={platformRole ?? ''} onChange={(event) => change({ role: event.target.value || undefined })}>
            <option value="">{t`Everyone`}</option>
            {ROLE_FILTERS.map((role) => (
              <option key={role} value={role}>
                {roleFilterLabels[role]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2 sm:w-44">
          <Label htmlFor="user-status">
            <Trans>Status</Trans>
          </Label>
          <NativeSelect id="user-status" value={status ?? ''} onChange={(event) => change({ status: event.target.value || undefined })}>
            <option value="">{t`Any status`}</option>
            <option value="active">{t`Active`}</option>
            <option value="deactivated">{t`Deactivated`}</option>
          </NativeSelect>
        </div>
        {tenantId && <ShopFilter tenantId={tenantId} onClear={() => change({ tenant: undefined })} />}
      </div>
      <PagedTable
        query={users}
        columns={columns}
        label={t`People`}
        loadingLabel={t`Loading the people`}
        what={t`the people`}
        skeletonColumns={5}
        getRowId={(row) => row.id}
        page={page}
        onPageChange={(next) => change({ page: next > 1 ? String(next) : undefined })}
        empty={<EmptyState icon={UsersIcon} title={anyFilter ? t`Nobody matches` : t`Nobody yet`}>{anyFilter ? <Trans>Try other filters.</Trans> : null}</EmptyState>}
      />
      {opened && <UserDialog user={opened} onClose={() => setOpenedId(null)} />}
    </div>
  );
}

/** The shop the list is narrowed to (from a shop's page), by name, with a way to clear it. */
function ShopFilter({ tenantId, onClear }: { tenantId: string; onClear: () => void }) {
  const { t } = useLingui();
  const tenant = useTenant(tenantId);
  const name = tenant.data?.name ?? '…';
  return (
    <p className="flex items-center gap-1 text-sm">
      <Badge variant="outline" className="gap-1 py-1">
        <Trans>Shop: {name}</Trans>
        <button type="button" onClick={onClear} aria-label={t`Show people of every shop`} className="rounded-sm hover:bg-muted">
          <XIcon aria-hidden />
        </button>
      </Badge>
    </p>
  );
}

function UserDialog({ user, onClose }: { user: PlatformUser; onClose: () => void }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const me = useSignedInUser();
  const isMe = me.id === user.id;
  const setRole = useSetPlatformRole();
  const active = useUserActive();
  const reset = usePasswordReset();
  const revoke = useRevokeSessions();
  const [role, setRoleChoice] = useState<string>(user.platformRole ?? '');
  const [password, setPassword] = useState<string | null>(null);
  const failed = (error: unknown) => toast.error(failureMessage(error, t`The change was not saved`));
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{user.fullName ?? user.email}</DialogTitle>
          <DialogDescription>{user.email}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="grid gap-2 sm:flex sm:items-end">
            <FormField id="user-platform-role" label={<Trans>Platform role</Trans>} hint={isMe ? t`You cannot remove your own platform role.` : undefined}>
              <NativeSelect id="user-platform-role" value={role} onChange={(event) => setRoleChoice(event.target.value)}>
                <option value="" disabled={isMe}>
                  {t`None (the role their shop gave them)`}
                </option>
                {PLATFORM_ROLES.map((choice) => (
                  <option key={choice} value={choice}>
                    {i18n._(PLATFORM_ROLE_LABELS[choice])}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <Button
              onClick={() =>
                setRole.mutate(
                  { id: user.id, platformRole: role === '' ? null : (role as PlatformRole) },
                  { onSuccess: () => toast.success(t`Platform role saved`), onError: failed },
                )
              }
              disabled={setRole.isPending || role === (user.platformRole ?? '')}
            >
              <Trans>Save role</Trans>
            </Button>
          </div>
          {password && (
            <div className="grid gap-1" role="status">
              <p className="text-sm">
                <Trans>The temporary password, shown this once. They must change it when they sign in:</Trans>
              </p>
              <p className="rounded-md border bg-muted p-3 text-center font-mono text-lg tracking-wider" data-testid="temporary-password">
                {password}
              </p>
            </div>
          )}
          <div className="flex flex-wrap gap-2 border-t pt-4">
            <Button
              variant="outline"
              onClick={() => reset.mutate({ id: user.id, input: { method: 'temporary_password' } }, { onSuccess: (answer) => setPassword(answer.temporaryPassword), onError: failed })}
              disabled={reset.isPending}
            >
              <KeyRoundIcon aria-hidden /> <Trans>Temporary password</Trans>
            </Button>
            <Button
              variant="outline"
              onClick={() => reset.mutate({ id: user.id, input: { method: 'email' } }, { onSuccess: () => toast.success(t`A reset link is on its way to ${user.email}`), onError: failed })}
              disabled={reset.isPending}
            >
              <MailIcon aria-hidden /> <Trans>E-mail a reset link</Trans>
            </Button>
            <Button variant="outline" onClick={() => revoke.mutate(user.id, { onSuccess: () => toast.success(t`Signed out everywhere`), onError: failed })} disabled={revoke.isPending}>
              <LogOutIcon aria-hidden /> <Trans>Sign out everywhere</Trans>
            </Button>
            {!isMe && (
              <Button
                variant={user.isDeactivated ? 'outline' : 'destructive'}
                onClick={() => active.mutate({ id: user.id, active: user.isDeactivated }, { onSuccess: () => toast.success(user.isDeactivated ? t`Account reactivated` : t`Account deactivated`), onError: failed })}
                disabled={active.isPending}
              >
                {user.isDeactivated ? <Trans>Reactivate account</Trans> : <Trans>Deactivate account</Trans>}
              </Button>
            )}
          </div>
          <p className="text-xs text-muted-foreground">
            <Trans>A password reset signs the person out everywhere and their old password stops working. A deactivated account signs in nowhere until it is reactivated.</Trans>
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
