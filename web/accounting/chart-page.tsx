import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { ArchiveIcon, ArchiveRestoreIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ledgerAccountInputSchema, ledgerAccountUpdateSchema, type LedgerAccount } from '../../core/accounting/accounting.schemas';
import { ACCOUNT_TYPE_LABELS, ACCOUNT_TYPES, type AccountType } from '../../core/accounting/chart';
import { DialogActions } from '../components/form-actions';
import { FormField, fieldControlProps } from '../components/form-field';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../components/ui/alert-dialog';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Checkbox } from '../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { InlineSpinner } from '../components/ui/spinner';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { Textarea } from '../components/ui/textarea';
import { translateMessage } from '../i18n/translate-message';
import { LoadError, PageHeader, TableSkeleton, useAddressParams } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { failureMessage, type FieldErrors } from '../lib/form-errors';
import { sendIfValid, serverFieldErrors } from '../lib/form-submit';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { todayIn } from '../purchases/bill-service-form';
import { deleteAccountRequest, saveAccountRequest, useLedgerAccounts, useRefreshAccounting } from './accounting.api';
import { accountLabel, linkClass, Money, reportPath, useCanWriteBooks } from './accounting-ui';
import { accountTree, byCode } from './account-tree';
import { yearToDate } from '../../core/reports/report-periods';

type Editing = { account: LedgerAccount } | { type: AccountType } | null;

/** The chart's sections, one per type. */
const TYPE_HEADINGS: Record<AccountType, MessageDescriptor> = {
  asset: msg`Assets`,
  liability: msg`Liabilities`,
  equity: msg`Equity`,
  income: msg`Income`,
  expense: msg`Expenses`,
};

/** /admin/accounting/accounts: the chart grouped by type, each account's balance; admins add, rename, renumber, archive. */
export function ChartOfAccountsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Chart of accounts`);
  const canWrite = useCanWriteBooks();
  const accounts = useLedgerAccounts();
  const [params, change] = useAddressParams();
  const showArchived = params.get('archived') === 'true';
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<LedgerAccount | null>(null);
  const shown = (accounts.data ?? []).filter((account) => showArchived || !account.isArchived);
  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={t`Chart of accounts`}
        description={t`Sales, purchases and payments post to these accounts by their role: rename and renumber them freely.`}
        actions={
          canWrite && (
            <Button onClick={() => setEditing({ type: 'expense' })}>
              <PlusIcon aria-hidden />
              <Trans>Add account</Trans>
            </Button>
          )
        }
      />
      <div className="flex items-center gap-2">
        <Checkbox id="accounts-archived" checked={showArchived} onCheckedChange={(checked) => change({ archived: checked === true ? 'true' : undefined })} />
        <Label htmlFor="accounts-archived">
          <Trans>Show archived accounts</Trans>
        </Label>
      </div>
      {accounts.isPending ? (
        <TableSkeleton columns={3} rows={8} label={t`Loading the chart of accounts`} />
      ) : accounts.isError ? (
        <LoadError error={accounts.error} what={t`the chart of accounts`} onRetry={() => void accounts.refetch()} />
      ) : (
        ACCOUNT_TYPES.map((type) => (
          <AccountTypeSection
            key={type}
            type={type}
            accounts={shown.filter((account) => account.type === type)}
            canWrite={canWrite}
            onAdd={() => setEditing({ type })}
            onEdit={(account) => setEditing({ account })}
            onDelete={setDeleting}
          />
        ))
      )}
      {editing && <AccountDialog editing={editing} accounts={accounts.data ?? []} onClose={() => setEditing(null)} />}
      {deleting && <DeleteAccountDialog account={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}

function AccountTypeSection({
  type,
  accounts,
  canWrite,
  onAdd,
  onEdit,
  onDelete,
}: {
  type: AccountType;
  accounts: LedgerAccount[];
  canWrite: boolean;
  onAdd: () => void;
  onEdit: (account: LedgerAccount) => void;
  onDelete: (account: LedgerAccount) => void;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { timeZone } = useDateFormat();
  const refresh = useRefreshAccounting();
  const archive = useMutation({
    mutationKey: ['accounting', 'account-archive'],
    mutationFn: (account: LedgerAccount) => saveAccountRequest({ accountId: account.id }, { isArchived: !account.isArchived }),
    onSuccess: async (account) => {
      await refresh();
      toast.success(account.isArchived ? t`${account.name} archived` : t`${account.name} is in use again`);
    },
    onError: (failure) => toast.error(t`The account was not changed`, { description: failureMessage(failure, t`Try again.`) }),
  });
  const title = i18n._(TYPE_HEADINGS[type]);
  const headingId = `accounts-${type}`;
  const period = yearToDate(todayIn(timeZone));
  const total = accounts.reduce((sum, account) => sum + account.balanceMinor, 0);
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {title}
        </h3>
        {canWrite && (
          <Button variant="outline" size="sm" onClick={onAdd}>
            <PlusIcon aria-hidden />
            <Trans>Add</Trans>
            <span className="sr-only">{title}</span>
          </Button>
        )}
      </div>
      <div className="rounded-xl border bg-card">
        <Table aria-labelledby={headingId}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-24 pl-4">
                <Trans>Code</Trans>
              </TableHead>
              <TableHead>
                <Trans>Name</Trans>
              </TableHead>
              <TableHead className="text-right">
                <Trans>Balance</Trans>
              </TableHead>
              {canWrite && (
                <TableHead className="pr-4 text-right">
                  <span className="sr-only">
                    <Trans>Actions</Trans>
                  </span>
                </TableHead>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {accountTree(accounts).map(({ account, depth }) => (
              <TableRow key={account.id} className={account.isArchived ? 'text-muted-foreground' : undefined}>
                <TableCell className="pl-4 tabular-nums">{account.code}</TableCell>
                <TableCell>
                  <span className="flex flex-wrap items-center gap-2" style={{ paddingInlineStart: `${depth * 1.25}rem` }}>
                    <Link to={reportPath('general-ledger', { accountId: account.id, ...period })} className={linkClass}>
                      {account.name}
                    </Link>
                    {account.isArchived && <Badge variant="outline">{t`Archived`}</Badge>}
                  </span>
                </TableCell>
                <TableCell className="text-right">
                  <Money minor={account.balanceMinor} />
                </TableCell>
                {canWrite && (
                  <TableCell className="pr-4">
                    <div className="flex justify-end gap-1">
                      <Button variant="ghost" size="icon" onClick={() => onEdit(account)} aria-label={t`Edit ${account.name}`}>
                        <PencilIcon aria-hidden />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        disabled={archive.isPending}
                        onClick={() => archive.mutate(account)}
                        aria-label={account.isArchived ? t`Use ${account.name} again` : t`Archive ${account.name}`}
                      >
                        {account.isArchived ? <ArchiveRestoreIcon aria-hidden /> : <ArchiveIcon aria-hidden />}
                      </Button>
                      {/* An account with postings, or one the postings find by its role, is archived, never deleted. */}
                      {!account.hasPostings && account.systemKey === null && (
                        <Button variant="ghost" size="icon" onClick={() => onDelete(account)} aria-label={t`Delete ${account.name}`}>
                          <Trash2Icon aria-hidden />
                        </Button>
                      )}
                    </div>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell className="pl-4" colSpan={2}>
                <Trans>Total</Trans>
              </TableCell>
              <TableCell className="text-right">
                <Money minor={total} />
              </TableCell>
              {canWrite && <TableCell className="pr-4" />}
            </TableRow>
          </TableFooter>
        </Table>
      </div>
    </section>
  );
}

const FIELDS = ['code', 'name', 'type', 'parentId', 'description'] as const;

/** Add an account (of the section's type) or change one: code, name, parent and description; the type only while new. */
function AccountDialog({ editing, accounts, onClose }: { editing: NonNullable<Editing>; accounts: readonly LedgerAccount[]; onClose: () => void }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const refresh = useRefreshAccounting();
  const existing = 'account' in editing ? editing.account : null;
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [values, setValues] = useState({
    code: existing?.code ?? '',
    name: existing?.name ?? '',
    type: existing?.type ?? ('type' in editing ? editing.type : 'expense'),
    parentId: existing?.parentId ?? '',
    description: existing?.description ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof typeof values>(name: K, value: (typeof values)[K]) => setValues((current) => ({ ...current, [name]: value }));
  // A parent of the same type, neither the account itself nor one of its own children.
  const descendants = new Set<string>(existing ? [existing.id] : []);
  for (const { account } of accountTree(accounts.filter((account) => account.type === values.type))) {
    if (account.parentId && descendants.has(account.parentId)) descendants.add(account.id);
  }
  const parents = accounts.filter((account) => account.type === values.type && !account.isArchived && !descendants.has(account.id)).sort(byCode);
  // The type changes only on an account the shop added, with no postings and no sub-accounts (as the server allows).
  const isTypeFixed = existing !== null && (existing.systemKey !== null || existing.hasPostings || accounts.some((account) => account.parentId === existing.id));

  const save = useMutation({
    mutationKey: ['accounting', 'account'],
    mutationFn: (body: unknown) => saveAccountRequest(existing ? { accountId: existing.id } : { idempotencyKey }, body),
    onSuccess: async (account) => {
      await refresh();
      toast.success(t`${account.name} saved`);
      onClose();
    },
    onError: (failure) => {
      const fromServer = serverFieldErrors(failure, FIELDS);
      if (fromServer) setErrors(fromServer);
      toast.error(t`The account was not saved`, { description: failureMessage(failure, t`Try again.`) });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const common = { code: values.code, name: values.name, parentId: values.parentId || null, description: values.description.trim() || null };
    if (existing) sendIfValid(ledgerAccountUpdateSchema, isTypeFixed ? common : { ...common, type: values.type }, setErrors, save.mutate);
    else sendIfValid(ledgerAccountInputSchema, { ...common, type: values.type }, setErrors, save.mutate);
  };
  const field = (name: (typeof FIELDS)[number]) => fieldControlProps(`account-${name}`, { error: errors[name] });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <DialogHeader>
            <DialogTitle>{existing ? t`Edit ${existing.name}` : t`Add an account`}</DialogTitle>
            <DialogDescription>
              {existing?.hasPostings ? <Trans>It has postings: its type stays, and it can be archived but not deleted.</Trans> : <Trans>Codes sort the chart: assets from 1000, liabilities 2000, equity 3000, income 4000, expenses 5000.</Trans>}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-4 sm:grid-cols-[8rem_minmax(0,1fr)]">
            <FormField id="account-code" label={t`Code`} error={errors.code}>
              <Input {...field('code')} autoFocus maxLength={20} autoComplete="off" value={values.code} onChange={(event) => set('code', event.target.value)} />
            </FormField>
            <FormField id="account-name" label={t`Name`} error={errors.name}>
              <Input {...field('name')} maxLength={120} autoComplete="off" value={values.name} onChange={(event) => set('name', event.target.value)} />
            </FormField>
          </div>
          <FormField id="account-type" label={t`Type`} error={errors.type}>
            <NativeSelect {...field('type')} value={values.type} disabled={isTypeFixed} onChange={(event) => setValues((current) => ({ ...current, type: event.target.value as AccountType, parentId: '' }))}>
              {ACCOUNT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {translateMessage(ACCOUNT_TYPE_LABELS[type], i18n)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="account-parentId" label={t`Under (optional)`} error={errors.parentId}>
            <NativeSelect {...field('parentId')} value={values.parentId} onChange={(event) => set('parentId', event.target.value)}>
              <option value="">{t`No parent`}</option>
              {parents.map((account) => (
                <option key={account.id} value={account.id}>
                  {accountLabel(account)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="account-description" label={t`Description (optional)`} error={errors.description}>
            <Textarea {...field('description')} rows={2} maxLength={500} value={values.description} onChange={(event) => set('description', event.target.value)} />
          </FormField>
          <DialogActions onCancel={onClose} pending={save.isPending}>
            <Trans>Save account</Trans>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteAccountDialog({ account, onClose }: { account: LedgerAccount; onClose: () => void }) {
  const { t } = useLingui();
  const refresh = useRefreshAccounting();
  const remove = useMutation({
    mutationKey: ['accounting', 'account-delete'],
    mutationFn: () => deleteAccountRequest(account.id),
    onSuccess: async () => {
      await refresh();
      toast.success(t`${account.name} deleted`);
      onClose();
    },
    onError: (failure) => toast.error(t`The account was not deleted`, { description: failureMessage(failure, t`Try again.`) }),
  });
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t`Delete ${account.name}?`}</AlertDialogTitle>
          <AlertDialogDescription>
            <Trans>Nothing was ever posted to it. This cannot be undone.</Trans>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>
            <Trans>Go back</Trans>
          </AlertDialogCancel>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending && <InlineSpinner />}
            <Trans>Delete account</Trans>
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
