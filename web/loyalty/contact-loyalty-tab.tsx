import { useLingui as useLinguiRuntime } from '@lingui/react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { InfoIcon } from 'lucide-react';
import { useState } from 'react';
import type { LoyaltyEntry } from '../../core/loyalty/loyalty.schemas';
import { useSignedInUser } from '../auth/auth-provider';
import { mayDo } from '../auth/may-do';
import { Button } from '../components/ui/button';
import { DataTable } from '../inventory/data-table';
import { LoadError, Pagination, TableSkeleton, useFeature } from '../inventory/inventory-ui';
import { cn } from '../lib/cn';
import { useDateFormat } from '../lib/date-format';
import { AdjustPointsDialog } from './adjust-points-dialog';
import { LOYALTY_PAGE_SIZE, useContactLoyalty, useLoyaltyMoney } from './loyalty.api';
import { LOYALTY_KIND_LABELS } from './loyalty-labels';
import { LoyaltyLocked } from './loyalty-lock';

/**
 * The contact page's loyalty tab: the customer's points, what they are worth, the points history,
 * and "Adjust points" for managers. Locked with the upgrade badge when the plan lacks
 * loyalty_program (the API answers 402 too); a note says when the programme is off.
 */
export function ContactLoyaltyTab({ contactId, contactName, contactType }: { contactId: string; contactName: string; contactType: 'customer' | 'supplier' | 'both' }) {
  const feature = useFeature('loyalty_program');
  if (feature.isEnabled === false) return <LoyaltyLocked badge={feature.badge} titleId="contact-loyalty-title" />;
  if (contactType === 'supplier') {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>Loyalty points are for customers. Make this contact a customer too to give them points.</Trans>
      </p>
    );
  }
  if (feature.isEnabled === undefined) return <LoyaltySkeleton />;
  return <LoyaltyView contactId={contactId} contactName={contactName} />;
}

function LoyaltySkeleton() {
  const { t } = useLingui();
  return <TableSkeleton columns={3} rows={3} label={t`Loading the points`} />;
}

function LoyaltyView({ contactId, contactName }: { contactId: string; contactName: string }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const user = useSignedInUser();
  const mayAdjust = mayDo(user, 'loyalty.manage');
  const mayTurnOn = mayDo(user, 'settings.manage');
  const { money } = useLoyaltyMoney();
  const { formatDate, formatDateTime } = useDateFormat();
  const [page, setPage] = useState(1);
  const [adjusting, setAdjusting] = useState(false);
  const loyalty = useContactLoyalty(contactId, page);

  if (loyalty.isPending) return <LoyaltySkeleton />;
  if (loyalty.isError) return <LoadError error={loyalty.error} what={t`the points`} onRetry={() => void loyalty.refetch()} />;
  const data = loyalty.data;
  const programme = data.programme;

  const columns: Array<ColumnDef<LoyaltyEntry>> = [
    { id: 'date', header: t`Date`, cell: ({ row }) => formatDateTime(row.original.occurredAt) },
    {
      id: 'entry',
      header: t`Entry`,
      cell: ({ row }) => {
        const entry = row.original;
        const expires = entry.kind === 'earn' && entry.expiresAt ? formatDate(entry.expiresAt) : null;
        const details = [entry.sourceType === 'request' ? null : entry.sourceRef, entry.reason, entry.userName, expires ? t`expires ${expires}` : null].filter(Boolean);
        return (
          <div className="grid gap-0.5">
            <span>{i18n._(LOYALTY_KIND_LABELS[entry.kind])}</span>
            {details.length > 0 && <span className="text-xs text-muted-foreground">{details.join(' · ')}</span>}
          </div>
        );
      },
    },
    {
      id: 'points',
      header: t`Points`,
      meta: { className: 'text-right tabular-nums' },
      cell: ({ row }) => {
        const points = row.original.points;
        return <span className={cn(points > 0 ? 'text-emerald-700 dark:text-emerald-400' : 'text-muted-foreground')}>{points > 0 ? `+${points.toLocaleString()}` : points.toLocaleString()}</span>;
      },
    },
  ];

  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="contact-loyalty-title">
      <h2 id="contact-loyalty-title" className="sr-only">
        <Trans>Loyalty points</Trans>
      </h2>
      {!programme.isEnabled && (
        <p role="note" className="flex items-start gap-2 rounded-xl border border-amber-500/40 bg-amber-50 p-3 text-sm dark:bg-amber-950/30">
          <InfoIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
          {mayTurnOn ? (
            <Trans>The loyalty programme is off: sales earn no points and none can be redeemed. Turn it on in Settings.</Trans>
          ) : (
            <Trans>The loyalty programme is off: sales earn no points and none can be redeemed. The shop owner can turn it on.</Trans>
          )}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <div className="rounded-xl border bg-card p-3">
          <dt className="text-xs text-muted-foreground">
            <Trans>Points balance</Trans>
          </dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="loyalty-balance">
            {data.points.toLocaleString()}
          </dd>
        </div>
        <div className="rounded-xl border bg-card p-3">
          <dt className="text-xs text-muted-foreground">
            <Trans>Worth when redeemed</Trans>
          </dt>
          <dd className="text-lg tabular-nums">{money(data.valueMinor)}</dd>
        </div>
        {programme.minRedeemPoints > 0 && (
          <div className="col-span-2 rounded-xl border bg-card p-3 lg:col-span-1">
            <dt className="text-xs text-muted-foreground">
              <Trans>Minimum to redeem</Trans>
            </dt>
            <dd className="text-lg tabular-nums">{t`${plural(programme.minRedeemPoints, { one: '# point', other: '# points' })}`}</dd>
          </div>
        )}
      </dl>
      {mayAdjust && (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setAdjusting(true)}>
            <Trans>Adjust points</Trans>
          </Button>
        </div>
      )}
      <section className="grid gap-2" aria-labelledby="loyalty-history-title">
        <h3 id="loyalty-history-title" className="font-medium">
          <Trans>Points history</Trans>
        </h3>
        {data.entries.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No points yet.</Trans>
          </p>
        ) : (
          <>
            <DataTable columns={columns} data={data.entries.items} label={t`Points history`} getRowId={(entry) => entry.id} isFetching={loyalty.isFetching} />
            <Pagination page={page} pageSize={LOYALTY_PAGE_SIZE} total={data.entries.total} onPageChange={setPage} />
          </>
        )}
      </section>
      {adjusting && <AdjustPointsDialog contactId={contactId} contactName={contactName} balance={data.points} onClose={() => setAdjusting(false)} />}
    </section>
  );
}
