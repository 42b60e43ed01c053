import { Trans, useLingui } from '@lingui/react/macro';
import { GiftIcon, PlusIcon, WalletCardsIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { maskedGiftCardCode } from '../../core/gift-cards/gift-card-code.rules';
import { useMoney } from '../accounts/use-money';
import { Button } from '../components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { EmptyState, LoadError, LockedFeature, Pagination, TableSkeleton } from '../inventory/inventory-ui';
import { CheckBalanceDialog, GiftCardStatusBadge, IssueGiftCardDialog, useExpiryText } from './gift-card-dialogs';
import { giftCardPath, useGiftCardAccess, useGiftCards } from './gift-cards.api';

const PAGE_SIZE = 10;

/** The contact page's gift cards: the customer's cards, and a card issued to them (manager). */
export function ContactGiftCardsTab({ contactId, contactName, contactType }: { contactId: string; contactName: string; contactType: 'customer' | 'supplier' | 'both' }) {
  const { t } = useLingui();
  const access = useGiftCardAccess();
  const { money } = useMoney();
  const expiry = useExpiryText();
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<'issue' | 'balance' | null>(null);
  const cards = useGiftCards({ contactId, page, pageSize: PAGE_SIZE, sort: 'createdAt', order: 'desc' }, { enabled: access.isEnabled });
  if (!access.isEnabled) return <LockedFeature feature="gift_cards" title={t`Gift cards`} badge={access.badge ?? ''} />;
  const isCustomer = contactType !== 'supplier';
  const canIssue = access.canIssue && isCustomer;
  return (
    <section aria-label={t`Gift cards of ${contactName}`} className="grid min-w-0 gap-4">
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={() => setDialog('balance')}>
          <WalletCardsIcon aria-hidden />
          <Trans>Check balance</Trans>
        </Button>
        {canIssue && (
          <Button onClick={() => setDialog('issue')}>
            <PlusIcon aria-hidden />
            <Trans>Issue gift card</Trans>
          </Button>
        )}
      </div>
      {cards.isPending ? (
        <TableSkeleton columns={4} rows={2} label={t`Loading gift cards`} />
      ) : cards.isError ? (
        <LoadError error={cards.error} what={t`the gift cards`} onRetry={() => void cards.refetch()} />
      ) : cards.data.total === 0 ? (
        <EmptyState icon={GiftIcon} title={t`No gift cards`}>
          {isCustomer ? <Trans>Cards issued to {contactName} appear here.</Trans> : <Trans>Gift cards are issued to customers, not suppliers.</Trans>}
        </EmptyState>
      ) : (
        <>
          <div className="min-w-0 overflow-x-auto rounded-xl border bg-card">
            <Table aria-label={t`Gift cards of ${contactName}`}>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className="pl-4">
                    <Trans>Card</Trans>
                  </TableHead>
                  <TableHead className="text-right">
                    <Trans>Balance</Trans>
                  </TableHead>
                  <TableHead>
                    <Trans>Expires</Trans>
                  </TableHead>
                  <TableHead className="pr-4">
                    <Trans>Status</Trans>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {cards.data.items.map((card) => (
                  <TableRow key={card.id}>
                    <TableCell className="pl-4">
                      <Link to={giftCardPath(card.id)} className="font-mono font-medium text-primary underline-offset-4 hover:underline">
                        {maskedGiftCardCode(card.last4)}
                      </Link>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{money(card.balanceMinor)}</TableCell>
                    <TableCell>{expiry(card.expiresOn)}</TableCell>
                    <TableCell className="pr-4">
                      <GiftCardStatusBadge status={card.status} isExpired={card.isExpired} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <Pagination page={page} pageSize={PAGE_SIZE} total={cards.data.total} onPageChange={setPage} />
        </>
      )}
      <IssueGiftCardDialog open={dialog === 'issue'} onClose={() => setDialog(null)} contact={{ id: contactId, name: contactName }} />
      <CheckBalanceDialog open={dialog === 'balance'} onClose={() => setDialog(null)} />
    </section>
  );
}
