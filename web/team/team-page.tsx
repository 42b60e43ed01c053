import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { MailIcon, ShieldIcon, UsersIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { roleDisplayName } from '../../core/auth/roles.rules';
import { builtInPermissions, PERMISSION_LABELS, PERMISSIONS, permissionLevel, type Permission } from '../../core/team/permissions.rules';
import { BUILT_IN_ROLES, type BuiltInRole, type CustomRole, type Invitation, type Member } from '../../core/team/team.schemas';
import { useSignedInUser } from '../auth/auth-provider';
import { mayDo } from '../auth/may-do';
import { FormField } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Checkbox } from '../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { PagedTable } from '../inventory/data-table';
import { EmptyState, RoleRefusal, useAddressParams, useFeature } from '../inventory/inventory-ui';
import { PAGE_SIZE } from '../inventory/inventory.api';
import { useDateFormat } from '../lib/date-format';
import { failureMessage, fieldFailure } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLocations } from '../products/products.api';
import { useDeleteRole, useInvitationAction, useInvitations, useInvite, useMemberActive, useMembers, useResetPassword, useRoles, useSaveRole, useUpdateMember } from './team.api';

// The team (issue 20, docs/decisions/0024-permissions-and-team.md): members, invitations and roles.

const TABS = ['members', 'invitations', 'roles'] as const;
type Tab = (typeof TABS)[number];

const STATE_LABELS = { pending: msg`Pending`, accepted: msg`Accepted`, expired: msg`Expired`, revoked: msg`Revoked` } as const;

export function TeamPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Team`);
  const user = useSignedInUser();
  const [params, change] = useAddressParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'members';
  const [inviting, setInviting] = useState(false);
  if (!mayDo(user, 'team.manage')) return <RoleRefusal what={t`the team`} />;
  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-semibold sm:text-3xl">
            <Trans>Team</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            <Trans>Who works in the shop, what each person may do and where.</Trans>
          </p>
        </div>
        <Button onClick={() => setInviting(true)}>
          <MailIcon aria-hidden /> <Trans>Invite</Trans>
        </Button>
      </div>
      <Tabs value={tab} onValueChange={(value) => change({ tab: value === 'members' ? undefined : value, page: undefined })}>
        <TabsList>
          <TabsTrigger value="members">
            <Trans>Members</Trans>
          </TabsTrigger>
          <TabsTrigger value="invitations">
            <Trans>Invitations</Trans>
          </TabsTrigger>
          <TabsTrigger value="roles">
            <Trans>Roles</Trans>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="members">
          <MembersTab />
        </TabsContent>
        <TabsContent value="invitations">
          <InvitationsTab />
        </TabsContent>
        <TabsContent value="roles">
          <RolesTab />
        </TabsContent>
      </Tabs>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
    </div>
  );
}

function useRoleName() {
  const { i18n } = useLinguiRuntime();
  return (member: Pick<Member, 'role' | 'customRoleName'>) => member.customRoleName ?? i18n._(roleDisplayName(member.role));
}

function MembersTab() {
  const { t } = useLingui();
  const [params, change] = useAddressParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const sort = (['name', 'email', 'role', 'created'] as const).find((s) => s === params.get('sort')) ?? 'name';
  const search = params.get('q') ?? '';
  const members = useMembers({ search: search || undefined, sort, page, pageSize: PAGE_SIZE });
  const roleName = useRoleName();
  const [opened, setOpened] = useState<Member | null>(null);
  const columns: Array<ColumnDef<Member>> = [
    {
      id: 'name',
      header: () => t`Name`,
      cell: ({ row }) => (
        <span className="grid">
          <span className="font-medium">{row.original.fullName ?? row.original.email}</span>
          <span className="text-xs text-muted-foreground">{row.original.email}</span>
        </span>
      ),
    },
    { id: 'role', header: () => t`Role`, cell: ({ row }) => roleName(row.original) },
    {
      id: 'status',
      header: () => t`Status`,
      cell: ({ row }) => (row.original.isActive ? <Badge variant="secondary">{t`Active`}</Badge> : <Badge variant="outline">{t`Deactivated`}</Badge>),
    },
    {
      id: 'open',
      header: () => <span className="sr-only">{t`Manage`}</span>,
      cell: ({ row }) => (
        <Button variant="outline" size="sm" onClick={() => setOpened(row.original)}>
          <Trans>Manage</Trans>
        </Button>
      ),
    },
  ];
  return (
    <div className="grid min-w-0 gap-4 pt-4">
      <div className="grid gap-3 sm:flex sm:items-end">
        <div className="grid gap-2 sm:w-72">
          <Label htmlFor="team-search">
            <Trans>Search</Trans>
          </Label>
          <Input id="team-search" type="search" value={search} placeholder={t`Name or e-mail`} onChange={(event) => change({ q: event.target.value || undefined, page: undefined })} />
        </div>
        <div className="grid gap-2 sm:w-48">
          <Label htmlFor="team-sort">
            <Trans>Sort by</Trans>
          </Label>
          <NativeSelect id="team-sort" value={sort} onChange={(event) => change({ sort: event.target.value === 'name' ? undefined : event.target.value, page: undefined })}>
            <option value="name">{t`Name`}</option>
            <option value="email">{t`E-mail`}</option>
            <option value="role">{t`Role`}</option>
            <option value="created">{t`Newest first`}</option>
          </NativeSelect>
        </div>
      </div>
      <PagedTable
        query={members}
        columns={columns}
        label={t`Team members`}
        loadingLabel={t`Loading the team`}
        what={t`the team`}
        skeletonColumns={4}
        getRowId={(row) => row.id}
        page={page}
        onPageChange={(next) => change({ page: next > 1 ? String(next) : undefined })}
        empty={<EmptyState icon={UsersIcon} title={search ? t`Nobody matches` : t`Nobody yet`} />}
      />
      {opened && <MemberDialog member={opened} onClose={() => setOpened(null)} />}
    </div>
  );
}

/** Role and locations: a built-in role, or a custom role (on a cashier's membership). */
function AssignmentFields({
  value,
  onChange,
  idPrefix,
}: {
  value: { role: BuiltInRole; customRoleId: string | null; locationIds: string[] };
  onChange: (value: { role: BuiltInRole; customRoleId: string | null; locationIds: string[] }) => void;
  idPrefix: string;
}) {
  const { t, i18n } = useLingui();
  const roles = useRoles();
  const locations = useLocations();
  const customRoles = useFeature('user_roles');
  const selected = value.customRoleId ? `custom:${value.customRoleId}` : value.role;
  return (
    <>
      <FormField id={`${idPrefix}-role`} label={<Trans>Role</Trans>}>
        <NativeSelect
          id={`${idPrefix}-role`}
          value={selected}
          onChange={(event) => {
            const chosen = event.target.value;
            if (chosen.startsWith('custom:')) onChange({ ...value, role: 'cashier', customRoleId: chosen.slice('custom:'.length) });
            else onChange({ ...value, role: chosen as BuiltInRole, customRoleId: null });
          }}
        >
          {BUILT_IN_ROLES.map((role) => (
            <option key={role} value={role}>
              {i18n._(roleDisplayName(role))}
            </option>
          ))}
          {customRoles.isEnabled &&
            roles.data?.map((role) => (
              <option key={role.id} value={`custom:${role.id}`}>
                {role.name}
              </option>
            ))}
        </NativeSelect>
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">
          <Trans>Locations</Trans>
        </legend>
        <p className="text-xs text-muted-foreground">
          <Trans>None ticked: every location.</Trans>
        </p>
        {locations.data?.map((location) => (
          <label key={location.id} className="flex items-center gap-2 text-sm">
            <Checkbox
              checked={value.locationIds.includes(location.id)}
              onCheckedChange={(checked) =>
                onChange({ ...value, locationIds: checked === true ? [...value.locationIds, location.id] : value.locationIds.filter((id) => id !== location.id) })
              }
            />
            {location.name}
          </label>
        ))}
        {locations.isError && <span className="text-sm text-destructive">{t`The locations did not load`}</span>}
      </fieldset>
    </>
  );
}

function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const invite = useInvite();
  const [form, setForm] = useState({ fullName: '', email: '', phone: '', method: 'temporary_password' as 'link' | 'temporary_password' });
  const [assignment, setAssignment] = useState({ role: 'cashier' as BuiltInRole, customRoleId: null as string | null, locationIds: [] as string[] });
  const [password, setPassword] = useState<string | null>(null);
  const error = (field: string) => fieldFailure(invite.error, field);
  const close = () => {
    setPassword(null);
    invite.reset();
    setForm({ fullName: '', email: '', phone: '', method: 'temporary_password' });
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { ...form, phone: form.phone || null, ...assignment },
      {
        onSuccess: (created) => {
          if (created.temporaryPassword) setPassword(created.temporaryPassword);
          else {
            toast.success(t`Invitation sent`);
            close();
          }
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && close()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>Invite a team member</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Send an invitation link by e-mail, or hand over a temporary password they must change at first sign-in.</Trans>
          </DialogDescription>
        </DialogHeader>
        {password ? (
          <div className="grid gap-3" role="status">
            <p className="text-sm">
              <Trans>The temporary password, shown this once. Hand it over in person:</Trans>
            </p>
            <p className="rounded-md border bg-muted p-3 text-center font-mono text-xl tracking-wider" data-testid="temporary-password">
              {password}
            </p>
            <DialogFooter>
              <Button onClick={close}>
                <Trans>Done</Trans>
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <FormField id="invite-name" label={<Trans>Full name</Trans>} error={error('fullName')}>
              <Input id="invite-name" value={form.fullName} onChange={(e) => setForm({ ...form, fullName: e.target.value })} />
            </FormField>
            <FormField id="invite-email" label={<Trans>E-mail</Trans>} error={error('email')}>
              <Input id="invite-email" type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
            </FormField>
            <FormField id="invite-phone" label={<Trans>Phone (optional)</Trans>} error={error('phone')}>
              <Input id="invite-phone" type="tel" value={form.phone} onChange={(e) => setForm({ ...form, phone: e.target.value })} />
            </FormField>
            <AssignmentFields idPrefix="invite" value={assignment} onChange={setAssignment} />
            <FormField id="invite-method" label={<Trans>How they join</Trans>} error={error('method')}>
              <NativeSelect id="invite-method" value={form.method} onChange={(e) => setForm({ ...form, method: e.target.value as 'link' | 'temporary_password' })}>
                <option value="temporary_password">{t`A temporary password I hand over`}</option>
                <option value="link">{t`An invitation link by e-mail`}</option>
              </NativeSelect>
            </FormField>
            {invite.isError && !error('fullName') && !error('email') && !error('phone') && !error('method') && (
              <p role="alert" className="text-sm text-destructive">
                {failureMessage(invite.error, t`The invitation was not sent`)}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={close}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" disabled={invite.isPending}>
                <Trans>Invite</Trans>
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function MemberDialog({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useLingui();
  const update = useUpdateMember();
  const active = useMemberActive();
  const reset = useResetPassword();
  const [assignment, setAssignment] = useState({ role: (BUILT_IN_ROLES as readonly string[]).includes(member.role) ? (member.role as BuiltInRole) : 'cashier', customRoleId: member.customRoleId, locationIds: member.locationIds });
  const [password, setPassword] = useState<string | null>(null);
  const failed = (error: unknown) => toast.error(failureMessage(error, t`The change was not saved`));
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{member.fullName ?? member.email}</DialogTitle>
          <DialogDescription>{member.email}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <AssignmentFields idPrefix="member" value={assignment} onChange={setAssignment} />
          <Button onClick={() => update.mutate({ id: member.id, input: assignment }, { onSuccess: () => (toast.success(t`Saved`), onClose()), onError: failed })} disabled={update.isPending}>
            <Trans>Save role and locations</Trans>
          </Button>
          {password && (
            <p className="rounded-md border bg-muted p-3 text-center font-mono text-lg" role="status" data-testid="temporary-password">
              {password}
            </p>
          )}
          <div className="flex flex-wrap gap-2 border-t pt-4">
            <Button variant="outline" onClick={() => reset.mutate(member.id, { onSuccess: (answer) => setPassword(answer.temporaryPassword), onError: failed })} disabled={reset.isPending}>
              <Trans>Reset password</Trans>
            </Button>
            <Button
              variant={member.isActive ? 'destructive' : 'outline'}
              onClick={() => active.mutate({ id: member.id, active: !member.isActive }, { onSuccess: onClose, onError: failed })}
              disabled={active.isPending}
            >
              {member.isActive ? <Trans>Deactivate</Trans> : <Trans>Reactivate</Trans>}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function InvitationsTab() {
  const { t, i18n } = useLingui();
  const invitations = useInvitations();
  const action = useInvitationAction();
  const { formatDateTime } = useDateFormat();
  const columns: Array<ColumnDef<Invitation>> = [
    {
      id: 'who',
      header: () => t`Invited`,
      cell: ({ row }) => (
        <span className="grid">
          <span className="font-medium">{row.original.fullName}</span>
          <span className="text-xs text-muted-foreground">{row.original.email}</span>
        </span>
      ),
    },
    { id: 'state', header: () => t`State`, cell: ({ row }) => <Badge variant={row.original.state === 'pending' ? 'default' : 'outline'}>{i18n._(STATE_LABELS[row.original.state])}</Badge> },
    { id: 'expires', header: () => t`Expires`, cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.expiresAt)}</span> },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t`Actions`}</span>,
      cell: ({ row }) =>
        row.original.method === 'link' && (row.original.state === 'pending' || row.original.state === 'expired') ? (
          <span className="flex gap-2">
            <Button size="sm" variant="outline" onClick={() => action.mutate({ id: row.original.id, action: 'resend' }, { onSuccess: () => toast.success(t`Invitation sent`) })}>
              <Trans>Resend</Trans>
            </Button>
            <Button size="sm" variant="outline" onClick={() => action.mutate({ id: row.original.id, action: 'revoke' })}>
              <Trans>Revoke</Trans>
            </Button>
          </span>
        ) : null,
    },
  ];
  const list = { ...invitations, data: invitations.data ? { items: invitations.data, total: invitations.data.length } : undefined } as Parameters<typeof PagedTable<Invitation>>[0]['query'];
  return (
    <div className="grid min-w-0 gap-4 pt-4">
      <PagedTable
        query={list}
        columns={columns}
        label={t`Invitations`}
        loadingLabel={t`Loading the invitations`}
        what={t`the invitations`}
        skeletonColumns={4}
        getRowId={(row) => row.id}
        page={1}
        onPageChange={() => undefined}
        empty={<EmptyState icon={MailIcon} title={t`No invitations yet`} />}
      />
    </div>
  );
}

function RolesTab() {
  const { t } = useLingui();
  const roles = useRoles();
  const feature = useFeature('user_roles');
  const [editing, setEditing] = useState<CustomRole | 'new' | null>(null);
  const remove = useDeleteRole();
  return (
    <div className="grid min-w-0 gap-4 pt-4">
      <PermissionMatrix roles={roles.data ?? []} />
      {feature.isEnabled === false ? (
        <p className="text-sm text-muted-foreground">
          <Trans>Custom roles come with a plan that includes user roles.</Trans> <Badge variant="outline">{feature.badge}</Badge>
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setEditing('new')}>
            <ShieldIcon aria-hidden /> <Trans>New role</Trans>
          </Button>
          {roles.data?.map((role) => (
            <span key={role.id} className="flex items-center gap-1">
              <Button variant="outline" onClick={() => setEditing(role)}>
                {role.name}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t`Delete ${role.name}`}
                onClick={() => remove.mutate(role.id, { onError: (error) => toast.error(failureMessage(error, t`The role was not deleted`)) })}
              >
                ×
              </Button>
            </span>
          ))}
        </div>
      )}
      {editing && <RoleDialog role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

/** Built-in roles read-only, custom roles as they are: one row per permission. */
function PermissionMatrix({ roles }: { roles: CustomRole[] }) {
  const { t, i18n } = useLingui();
  const columns = [
    ...BUILT_IN_ROLES.map((role) => ({ key: role, name: i18n._(roleDisplayName(role)), has: (p: Permission) => builtInPermissions(role).includes(p) })),
    ...roles.map((role) => ({ key: role.id, name: role.name, has: (p: Permission) => role.permissions.includes(p) })),
  ];
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <caption className="sr-only">{t`Permissions by role`}</caption>
        <thead>
          <tr className="border-b bg-muted/50">
            <th className="p-2 text-left">{t`Permission`}</th>
            {columns.map((column) => (
              <th key={column.key} className="p-2 text-center whitespace-nowrap">
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PERMISSIONS.map((permission) => (
            <tr key={permission} className="border-b last:border-0">
              <th scope="row" className="p-2 text-left font-normal">
                {i18n._(PERMISSION_LABELS[permission])}
              </th>
              {columns.map((column) => (
                <td key={column.key} className="p-2 text-center">
                  {column.has(permission) ? <span aria-label={t`Yes`}>✓</span> : <span aria-label={t`No`} className="text-muted-foreground">—</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RoleDialog({ role, onClose }: { role: CustomRole | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const save = useSaveRole();
  const [name, setName] = useState(role?.name ?? '');
  const [permissions, setPermissions] = useState<Permission[]>(role?.permissions ?? builtInPermissions('cashier'));
  const [discount, setDiscount] = useState(String(role?.maxDiscountPercent ?? 0));
  const error = (field: string) => fieldFailure(save.error, field);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: role?.id ?? null, input: { name, permissions, maxDiscountPercent: Number(discount) } }, { onSuccess: onClose });
  };
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{role ? role.name : <Trans>New role</Trans>}</DialogTitle>
          <DialogDescription>
            <Trans>Tick what people with this role may do. Their next request uses the change.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField id="role-name" label={<Trans>Name</Trans>} error={error('name')}>
            <Input id="role-name" value={name} onChange={(e) => setName(e.target.value)} />
          </FormField>
          <FormField id="role-discount" label={<Trans>Largest discount (%)</Trans>} error={error('maxDiscountPercent')}>
            <Input id="role-discount" inputMode="numeric" value={discount} onChange={(e) => setDiscount(e.target.value)} />
          </FormField>
          <fieldset className="grid gap-2 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-medium">{t`Permissions`}</legend>
            {PERMISSIONS.map((permission) => (
              <label key={permission} className="flex items-center gap-2 text-sm" title={i18n._(roleDisplayName(permissionLevel(permission)))}>
                <Checkbox
                  checked={permissions.includes(permission)}
                  onCheckedChange={(checked) => setPermissions(checked === true ? [...permissions, permission] : permissions.filter((p) => p !== permission))}
                />
                {i18n._(PERMISSION_LABELS[permission])}
              </label>
            ))}
          </fieldset>
          {save.isError && !error('name') && !error('maxDiscountPercent') && (
            <p role="alert" className="text-sm text-destructive">
              {failureMessage(save.error, t`The role was not saved`)}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={save.isPending}>
              <Trans>Save</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
