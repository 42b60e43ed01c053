import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { CheckCircle2Icon, PrinterIcon, ReceiptIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AccountEntry, AccountSide, OpenItem, PostedEntry } from '../../core/accounts/accounts.schemas';
import { useSignedInUser } from '../auth/auth-provider';
import { mayDo, useMayDo } from '../auth/may-do';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { DataTable } from '../inventory/data-table';
import { LoadError, Pagination, RoleRefusal, TableSkeleton } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { cn } from '../lib/cn';
import { AGING_LABELS, ENTRY_KIND_LABELS, PAYMENT_METHOD_LABELS, agingColumns, isPaymentMethod } from './accounts-labels';
import { ENTRY_PAGE_SIZE, useAccountEntries, useContactAccount } from './accounts.api';
import { EntryDialog, type EntryDialogKind } from './entry-dialog';
import { PaymentDialog, dayValue } from './payment-dialog';
import { useMoney } from './use-money';

/** The path of a payment's 80 mm receipt. */
export const receiptPath = (entryId: string) => `/admin/customers/receipts/${encodeURIComponent(entryId)}`;

/**
 * The contact page's account tab: balance, aging, open items and the ledger, with "Record payment",
 * credit notes and adjustments, and write-offs, each for those holding its route's permission
 * (accounts.collect, accounts.adjust, accounts.write_off; the others' buttons are not shown, the
 * server refuses them too). A contact that is both customer and
 * supplier switches between what they owe and what the shop owes them.
 */
export function ContactAccountTab({ contactId, contactName, contactType }: { contactId: string; contactName: string; contactType: 'customer' | 'supplier' | 'both' }) {
  const { t } = useLingui();
  const mayReadAccount = useMayDo('accounts.collect');
  const [chosenSide, setSide] = useState<AccountSide>(contactType === 'supplier' ? 'payable' : 'receivable');
  const side: AccountSide = contactType === 'customer' ? 'receivable' : contactType === 'supplier' ? 'payable' : chosenSide;
  if (!mayReadAccount) return <RoleRefusal what={t`the account`} />;
  return (
    <section className="grid min-w-0 gap-4" aria-label={t`Account`}>
      {contactType === 'both' && (
        <div role="group" aria-label={t`Which account`} className="flex flex-wrap gap-2">
          <Button variant={side === 'receivable' ? 'default' : 'outline'} size="sm" aria-pressed={side === 'receivable'} onClick={() => setSide('receivable')}>
            <Trans>What they owe you</Trans>
          </Button>
          <Button variant={side === 'payable' ? 'default' : 'outline'} size="sm" aria-pressed={side === 'payable'} onClick={() => setSide('payable')}>
            <Trans>What you owe them</Trans>
          </Button>
        </div>
      )}
      <AccountSideView key={side} contactId={contactId} contactName={contactName} side={side} />
    </section>
  );
}

function AccountSideView({ contactId, contactName, side }: { contactId: string; contactName: string; side: AccountSide }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const user = useSignedInUser();
  const mayAdjust = mayDo(user, 'accounts.adjust');
  const mayWriteOff = mayDo(user, 'accounts.write_off');
  const { money } = useMoney();
  const { formatDate, formatDateTime } = useDateFormat();
  const account = useContactAccount(contactId, side);
  const [page, setPage] = useState(1);
  const entries = useAccountEntries(contactId, side, page);
  const [paying, setPaying] = useState(false);
  const [dialog, setDialog] = useState<EntryDialogKind | null>(null);
  const [dialogRound, setDialogRound] = useState(0);
  const [result, setResult] = useState<PostedEntry | null>(null);

  if (account.isPending) return <TableSkeleton columns={4} rows={3} label={t`Loading the account`} />;
  if (account.isError) return <LoadError error={account.error} what={t`the account`} onRetry={() => void account.refetch()} />;
  const data = account.data;
  const owes = side === 'receivable';

  const openColumns: Array<ColumnDef<OpenItem>> = [
    { id: 'date', header: t`Date`, cell: ({ row }) => formatDate(row.original.occurredAt) },
    {
      id: 'item',
      header: t`Item`,
      cell: ({ row }) => (
        <span>
          {i18n._(ENTRY_KIND_LABELS[row.original.kind])}
          {row.original.number && <span className="ml-1 font-mono text-xs text-muted-foreground">{row.original.number}</span>}
          {row.original.direction === 'credit' && (
            <Badge variant="secondary" className="ml-2">
              <Trans>Deposit</Trans>
            </Badge>
          )}
        </span>
      ),
    },
    { id: 'due', header: t`Due`, cell: ({ row }) => (row.original.dueDate ? formatDate(dayValue(row.original.dueDate)) : '—') },
    {
      id: 'overdue',
      header: t`Overdue`,
      meta: { className: 'text-right' },
      cell: ({ row }) => {
        const days = row.original.daysOverdue;
        return days > 0 ? <span className="text-destructive">{t`${days} days`}</span> : <span className="text-muted-foreground">—</span>;
      },
    },
    { id: 'amount', header: t`Amount`, meta: { className: 'text-right tabular-nums' }, cell: ({ row }) => money(row.original.amountMinor) },
    { id: 'open', header: t`Open`, meta: { className: 'text-right tabular-nums font-medium' }, cell: ({ row }) => money(row.original.openMinor) },
  ];

  const entryColumns: Array<ColumnDef<AccountEntry>> = [
    { id: 'date', header: t`Date`, cell: ({ row }) => formatDateTime(row.original.occurredAt) },
    {
      id: 'kind',
      header: t`Entry`,
      cell: ({ row }) => {
        const entry = row.original;
        const method = isPaymentMethod(entry.method) ? i18n._(PAYMENT_METHOD_LABELS[entry.method]) : null;
        return (
          <div className="grid gap-0.5">
            <span>
              {i18n._(ENTRY_KIND_LABELS[entry.kind])}
              {entry.number && <span className="ml-1 font-mono text-xs text-muted-foreground">{entry.number}</span>}
            </span>
            <span className="text-xs text-muted-foreground">{[method, entry.reference, entry.reason, entry.userName].filter(Boolean).join(' · ')}</span>
          </div>
        );
      },
    },
    {
      id: 'amount',
      header: t`Amount`,
      meta: { className: 'text-right tabular-nums' },
      cell: ({ row }) => <span className={cn(row.original.amountMinor < 0 && 'text-emerald-700 dark:text-emerald-400')}>{money(row.original.amountMinor)}</span>,
    },
    {
      id: 'receipt',
      header: () => (
        <span className="sr-only">
          <Trans>Receipt</Trans>
        </span>
      ),
      meta: { className: 'text-right' },
      cell: ({ row }) => {
        const number = row.original.number ?? '';
        return row.original.kind === 'payment' ? (
          <Link to={receiptPath(row.original.id)} className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline" aria-label={t`Receipt ${number}`}>
            <ReceiptIcon aria-hidden className="size-4" />
            <Trans>Receipt</Trans>
          </Link>
        ) : null;
      },
    },
  ];

  const balanceText = money(data.balanceMinor);
  const termsDays = data.paymentTermsDays;
  const limitText = data.creditLimitMinor === 0 ? t`cash only` : money(data.creditLimitMinor);
  const openDialog = (kind: EntryDialogKind) => {
    setDialogRound((round) => round + 1);
    setDialog(kind);
  };
  const resultNumber = result?.entry.number ?? '';
  const resultAmount = result ? money(Math.abs(result.entry.amountMinor)) : '';
  const resultBalance = result ? money(result.balanceAfterMinor) : '';
  const resultDeposit = result ? money(result.unallocatedMinor) : '';

  return (
    <div className="grid min-w-0 gap-4">
      <p className="text-sm text-muted-foreground">
        {owes ? <Trans>Balance {balanceText} · terms {termsDays} days · credit limit {limitText}</Trans> : <Trans>Balance {balanceText} · terms {termsDays} days</Trans>}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setPaying(true)}>
          <Trans>Record payment</Trans>
        </Button>
        {mayAdjust && (
          <Button variant="outline" onClick={() => openDialog('credit-notes')}>
            <Trans>Credit note</Trans>
          </Button>
        )}
        {mayAdjust && (
          <Button variant="outline" onClick={() => openDialog('adjustments')}>
            <Trans>Adjust</Trans>
          </Button>
        )}
        {mayWriteOff && data.balanceMinor > 0 && (
          <Button variant="outline" onClick={() => openDialog('write-offs')}>
            <Trans>Write off</Trans>
          </Button>
        )}
      </div>
      {result && (
        <div role="status" aria-label={t`What was recorded`} className="grid gap-2 rounded-xl border border-emerald-600/40 bg-emerald-50 p-3 text-sm dark:bg-emerald-950/30">
          <p className="flex items-center gap-2 font-medium">
            <CheckCircle2Icon aria-hidden className="size-4 text-emerald-700" />
            {result.entry.kind === 'payment' ? <Trans>Payment {resultNumber} of {resultAmount} recorded.</Trans> : <Trans>Recorded: {resultAmount}.</Trans>}
          </p>
          {result.allocations.length > 0 && (
            <ul className="grid gap-0.5 text-muted-foreground">
              {result.allocations.map((allocation) => {
                const what = `${i18n._(ENTRY_KIND_LABELS[allocation.kind])} ${formatDate(allocation.occurredAt)}`;
                const amount = money(allocation.amountMinor);
                const left = money(allocation.openMinor);
                return <li key={allocation.entryId}>{allocation.openMinor === 0 ? t`${what}: ${amount} — paid in full` : t`${what}: ${amount} — ${left} still open`}</li>;
              })}
            </ul>
          )}
          <p>
            {result.unallocatedMinor > 0 ? <Trans>Balance now {resultBalance}; {resultDeposit} kept as a deposit.</Trans> : <Trans>Balance now {resultBalance}.</Trans>}
          </p>
          {result.entry.kind === 'payment' && (
            <Link to={receiptPath(result.entry.id)} className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
              <PrinterIcon aria-hidden className="size-4" />
              <Trans>Print receipt</Trans>
            </Link>
          )}
        </div>
      )}
      {data.aging.totalMinor > 0 && (
        <section aria-label={t`Aging`} className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {agingColumns(data.aging).map(({ bucket, amountMinor }) => (
            <div key={bucket} className="rounded-lg border p-2 text-sm">
              <p className="text-xs text-muted-foreground">{i18n._(AGING_LABELS[bucket])}</p>
              <p className={cn('tabular-nums', bucket !== 'current' && amountMinor > 0 && 'text-destructive')}>{money(amountMinor)}</p>
            </div>
          ))}
        </section>
      )}
      <section className="grid gap-2" aria-labelledby="open-items-title">
        <h3 id="open-items-title" className="font-medium">
          <Trans>Open items</Trans>
        </h3>
        {data.openItems.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>Nothing open: the account is settled.</Trans>
          </p>
        ) : (
          <DataTable columns={openColumns} data={data.openItems} label={t`Open items`} getRowId={(item) => item.entryId} />
        )}
      </section>
      <section className="grid gap-2" aria-labelledby="entries-title">
        <h3 id="entries-title" className="font-medium">
          <Trans>Entries</Trans>
        </h3>
        {entries.isPending ? (
          <TableSkeleton columns={3} rows={3} label={t`Loading entries`} />
        ) : entries.isError ? (
          <LoadError error={entries.error} what={t`the entries`} onRetry={() => void entries.refetch()} />
        ) : entries.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No entries yet.</Trans>
          </p>
        ) : (
          <>
            <DataTable columns={entryColumns} data={entries.data.items} label={t`Entries`} getRowId={(entry) => entry.id} isFetching={entries.isPlaceholderData} />
            <Pagination page={page} pageSize={ENTRY_PAGE_SIZE} total={entries.data.total} onPageChange={setPage} />
          </>
        )}
      </section>
      {paying && (
        <PaymentDialog
          open
          onClose={() => setPaying(false)}
          contactId={contactId}
          contactName={contactName}
          side={side}
          openItems={data.openItems}
          onRecorded={(posted) => {
            setPaying(false);
            setPage(1);
            setResult(posted);
          }}
        />
      )}
      <EntryDialog
        key={dialogRound}
        kind={dialog}
        onClose={() => setDialog(null)}
        contactId={contactId}
        contactName={contactName}
        side={side}
        balanceMinor={data.balanceMinor}
        onPosted={(posted) => {
          setDialog(null);
          setPage(1);
          setResult(posted);
        }}
      />
    </div>
  );
}
