import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CloudOffIcon, TriangleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { useMoney } from '../accounts/use-money';
import { translateMessage } from '../i18n/translate-message';
import { useDateFormat } from '../lib/date-format';
import { useSaleOutbox } from './use-sale-outbox';

/**
 * How many completed sales this till still has to send (the network dropped) and how many the
 * server refused, which a person must deal with: retry (e.g. after signing in again) or dismiss.
 */
export function OutboxIndicator() {
  const { t } = useLingui();
  const { counts } = useSaleOutbox();
  const [open, setOpen] = useState(false);
  if (counts.waiting === 0 && counts.needsAttention === 0) return null;
  const waiting = counts.waiting;
  const needsAttention = counts.needsAttention;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2" role="status" aria-label={t`Sales waiting to be sent`}>
        {waiting > 0 && (
          <span className="inline-flex items-center gap-1.5 rounded-md bg-muted px-2.5 py-1.5 text-sm">
            <CloudOffIcon aria-hidden className="size-4" />
            <Plural value={waiting} one="# sale waiting to be sent" other="# sales waiting to be sent" />
          </span>
        )}
        {needsAttention > 0 && (
          <Button type="button" size="sm" variant="destructive" onClick={() => setOpen(true)}>
            <TriangleAlertIcon aria-hidden />
            <Plural value={needsAttention} one="# sale needs attention" other="# sales need attention" />
          </Button>
        )}
      </div>
      <OutboxDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

function OutboxDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { i18n } = useLinguiRuntime();
  const { money } = useMoney();
  const { formatDateTime } = useDateFormat();
  const { outbox, counts } = useSaleOutbox();
  const queryClient = useQueryClient();
  const entries = useQuery({
    enabled: open,
    queryKey: ['registers', 'outbox', counts.waiting, counts.needsAttention],
    queryFn: () => outbox.entries(),
    select: (all) => all.filter((entry) => entry.state === 'needs_attention'),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['registers', 'outbox'] });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>Sales the server refused</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>These sales were completed at this till but not recorded. Retry once the problem is fixed, or dismiss a sale you have dealt with.</Trans>
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2">
          {(entries.data ?? []).map((entry) => {
            const total = money(entry.body.expectedTotalMinor);
            const queuedAt = formatDateTime(new Date(entry.queuedAt));
            return (
              <li key={entry.saleId} className="grid gap-2 rounded-md border p-3 text-sm">
                <p>
                  <Trans>
                    {total}, rung up {queuedAt}
                  </Trans>
                </p>
                {entry.refusal && <p className="text-destructive">{translateMessage(entry.refusal.message, i18n)}</p>}
                <div className="flex gap-2">
                  <Button type="button" size="sm" onClick={() => void outbox.retry(entry.saleId).then(refresh)}>
                    <Trans>Retry</Trans>
                  </Button>
                  <Button type="button" size="sm" variant="outline" onClick={() => void outbox.dismiss(entry.saleId).then(refresh)}>
                    <Trans>Dismiss</Trans>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
