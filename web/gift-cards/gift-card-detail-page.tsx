import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeftIcon, BanIcon, PrinterIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { maskedGiftCardCode } from '../../core/gift-cards/gift-card-code.rules';
import { GIFT_CARD_ENTRY_KIND_LABELS, giftCardVoidSchema, type GiftCardDetail } from '../../core/gift-cards/gift-cards.schemas';
import { useMoney } from '../accounts/use-money';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { InlineSpinner } from '../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { DetailSkeleton, LoadError, LockedFeature } from '../inventory/inventory-ui';
import { useLanguage } from '../i18n/language-provider';
import { translateMessage } from '../i18n/translate-message';
import { isApiError } from '../lib/api-client';
import { formatDateTime } from '../lib/format';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { useBusinessSettings } from '../settings/settings.api';
import { GiftCardStatusBadge, useExpiryText } from './gift-card-dialogs';
import { GIFT_CARDS_PATH, giftCardPrintPath, useGiftCard, useGiftCardAccess, useVoidGiftCard } from './gift-cards.api';

/** /admin/customers/gift-cards/:giftCardId: the card, its ledger, print and void (manager). */
export function GiftCardDetailPage() {
  const { t } = useLingui();
  const access = useGiftCardAccess();
  const { giftCardId = '' } = useParams();
  const card = useGiftCard(giftCardId, { enabled: access.isEnabled });
  const last4 = card.data?.last4 ?? '';
  useDocumentTitle(last4 ? t`Gift card ending ${last4}` : t`Gift card`);
  if (!access.isEnabled) return <LockedFeature feature="gift_cards" title={t`Gift cards`} badge={access.badge ?? ''} />;
  if (card.isPending) return <DetailSkeleton label={t`Loading the gift card`} />;
  if (card.isError) return <LoadError error={card.error} what={t`the gift card`} onRetry={() => void card.refetch()} />;
  return <GiftCardView card={card.data} canVoid={access.canIssue} />;
}

function GiftCardView({ card, canVoid }: { card: GiftCardDetail; canVoid: boolean }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { intlLocale } = useLanguage();
  const { money } = useMoney();
  const expiry = useExpiryText();
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a time zone name, until the settings arrive
  const timeZone = useBusinessSettings().data?.timeZone ?? 'Africa/Nairobi';
  const [voiding, setVoiding] = useState(false);
  const last4 = card.last4;
  const balance = money(card.balanceMinor);
  return (
    <div className="grid min-w-0 gap-4">
      <Link to={GIFT_CARDS_PATH} className="inline-flex w-fit items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
        <ArrowLeftIcon aria-hidden className="size-4" />
        <Trans>Gift cards</Trans>
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="flex flex-wrap items-center gap-2 text-xl font-semibold">
            <span className="font-mono">{maskedGiftCardCode(last4)}</span>
            <GiftCardStatusBadge status={card.status} isExpired={card.isExpired} />
          </h2>
          <p className="text-sm text-muted-foreground">
            {card.contactId && card.contactName ? (
              <Link to={`/admin/customers/${encodeURIComponent(card.contactId)}?tab=gift-cards`} className="text-primary underline-offset-4 hover:underline">
                {card.contactName}
              </Link>
            ) : (
              <Trans>No customer: anyone holding the code may use it</Trans>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={giftCardPrintPath(card.id)}>
              <PrinterIcon aria-hidden />
              <Trans>Print card</Trans>
            </Link>
          </Button>
          {canVoid && card.status === 'active' && (
            <Button variant="outline" onClick={() => setVoiding(true)}>
              <BanIcon aria-hidden />
              <Trans>Void card</Trans>
            </Button>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3 rounded-xl border bg-card p-4 sm:grid-cols-4">
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">
            <Trans>Balance</Trans>
          </dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="gift-card-detail-balance">
            {balance}
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">
            <Trans>Issued value</Trans>
          </dt>
          <dd className="tabular-nums">{money(card.initialMinor)}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">
            <Trans>Expires</Trans>
          </dt>
          <dd>{expiry(card.expiresOn)}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">
            <Trans>Issued</Trans>
          </dt>
          <dd>
            {formatDateTime(card.createdAt, timeZone, intlLocale)}
            {card.issuedByName && <span className="block text-xs text-muted-foreground">{card.issuedByName}</span>}
          </dd>
        </div>
      </dl>
      <section aria-labelledby="gift-card-entries" className="grid min-w-0 gap-2">
        <h3 id="gift-card-entries" className="font-semibold">
          <Trans>History</Trans>
        </h3>
        <div className="min-w-0 overflow-x-auto rounded-xl border bg-card">
          <Table aria-label={t`History of card ending ${last4}`}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="pl-4">
                  <Trans>Date</Trans>
                </TableHead>
                <TableHead>
                  <Trans>Entry</Trans>
                </TableHead>
                <TableHead className="text-right">
                  <Trans>Amount</Trans>
                </TableHead>
                <TableHead className="pr-4 text-right">
                  <Trans>Balance after</Trans>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {card.entries.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell className="pl-4 whitespace-nowrap">{formatDateTime(entry.occurredAt, timeZone, intlLocale)}</TableCell>
                  <TableCell>
                    <span className="font-medium">{i18n._(GIFT_CARD_ENTRY_KIND_LABELS[entry.kind])}</span>
                    {entry.reason && <span className="block text-xs text-muted-foreground">{entry.reason}</span>}
                    {entry.userName && <span className="block text-xs text-muted-foreground">{entry.userName}</span>}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{money(entry.amountMinor)}</TableCell>
                  <TableCell className="pr-4 text-right tabular-nums">{money(entry.balanceAfterMinor)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </section>
      <VoidDialog open={voiding} onClose={() => setVoiding(false)} cardId={card.id} last4={last4} balance={balance} />
    </div>
  );
}

function VoidDialog({ open, onClose, cardId, last4, balance }: { open: boolean; onClose: () => void; cardId: string; last4: string; balance: string }) {
  const { t } = useLingui();
  const voidCard = useVoidGiftCard(cardId);
  const form = useForm<{ reason: string }, unknown, { reason: string }>({ resolver: zodResolver(giftCardVoidSchema), defaultValues: { reason: '' } });
  const submit = form.handleSubmit(({ reason }) =>
    voidCard.mutate(reason, {
      onSuccess: () => {
        toast.success(t`Card ending ${last4} voided`);
        onClose();
      },
      onError: (error) => {
        const field = isApiError(error) ? error.fieldMessage('reason') : undefined;
        if (field) form.setError('reason', { message: field });
        toast.error(t`The card was not voided`, { description: isApiError(error) ? translateMessage(error.message) : undefined });
      },
    }),
  );
  const reasonError = form.formState.errors.reason?.message;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>
              <Trans>Void card ending {last4}?</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>Its balance of {balance} goes to zero and the card can no longer be used. This cannot be undone.</Trans>
            </DialogDescription>
          </DialogHeader>
          <FormField id="gift-card-void-reason" label={<Trans>Reason</Trans>} error={reasonError}>
            <Input autoComplete="off" autoFocus {...form.register('reason')} {...fieldControlProps('gift-card-void-reason', { error: reasonError })} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              <Trans>Keep it</Trans>
            </Button>
            <Button type="submit" variant="destructive" disabled={voidCard.isPending}>
              {voidCard.isPending && <InlineSpinner />}
              <Trans>Void card</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
