import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { ArchiveIcon, ArchiveRestoreIcon, FileTextIcon, MergeIcon, PencilIcon } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { contactSchema, type Contact } from '../../core/contacts/contacts.schemas';
import { formatPhoneNumber } from '../../core/i18n/phone.rules';
import { ContactAccountTab } from '../accounts/contact-account-tab';
import { useSignedInUser } from '../auth/auth-provider';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { ContactGiftCardsTab } from '../gift-cards/contact-gift-cards-tab';
import { lazyArea } from '../i18n/lazy-area';
import { translateMessage } from '../i18n/translate-message';
import { DetailSkeleton, LoadError, TableSkeleton } from '../inventory/inventory-ui';
import { apiRequest, isApiError } from '../lib/api-client';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { ContactLoyaltyTab } from '../loyalty/contact-loyalty-tab';
import { formatMoney } from '../products/product-format';
import { useCurrencySymbol } from '../products/products.api';
import { CONTACT_TYPE_LABELS } from './contact-labels';
import { ContactMergeDialog } from './contact-merge-dialog';
import { useContact, useContactsAccess, useRefreshContacts } from './contacts.api';

// The messages tab (consent and the message log) with the communications catalog, fetched when opened.
const messagesTab = lazyArea(['communications'], () => import('../communications/contact-messages-tab'));
const ContactMessagesTab = lazy(() => messagesTab.load().then((module) => ({ default: module.ContactMessagesTab })));

/** /admin/customers/:contactId: overview, balances, and the account, loyalty, gift-card and messages tabs. */
export function ContactPage() {
  const { contactId = '' } = useParams();
  const { t } = useLingui();
  const contact = useContact(contactId);
  if (contact.isPending) return <DetailSkeleton label={t`Loading the contact`} />;
  if (contact.isError) return <LoadError error={contact.error} what={t`the contact`} onRetry={() => void contact.refetch()} />;
  return <ContactView contact={contact.data} />;
}

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words whitespace-pre-line">{children}</dd>
    </div>
  );
}

function ContactView({ contact }: { contact: Contact }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const access = useContactsAccess();
  const { permissions } = useSignedInUser();
  const currency = useCurrencySymbol();
  const refresh = useRefreshContacts();
  const [merging, setMerging] = useState(false);
  const name = contact.name;
  useDocumentTitle(name);
  const isCustomer = contact.type !== 'supplier';
  const isSupplier = contact.type !== 'customer';
  const tabProps = { contactId: contact.id, contactName: contact.name, contactType: contact.type };
  // Consent and messages are part of editing the customer (contacts.edit), as the API has it.
  const hasMessages = isCustomer && permissions.includes('contacts.edit');
  // ?tab= opens a tab (a gift card's page links to the customer's gift cards); a supplier has only the account.
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const customerTabs = hasMessages ? ['loyalty', 'gift-cards', 'messages'] : ['loyalty', 'gift-cards'];
  const tab = isCustomer && requested !== null && customerTabs.includes(requested) ? requested : 'account';
  const selectTab = (value: string) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  const money = (amount: number) => formatMoney(amount, currency);

  const archive = useMutation({
    mutationKey: ['contacts', 'archive'],
    mutationFn: (archived: boolean) =>
      apiRequest(`/api/contacts/${encodeURIComponent(contact.id)}/archive`, { method: 'POST', body: { archived }, schema: contactSchema }),
    onSuccess: async (saved) => {
      await refresh();
      toast.success(saved.isArchived ? t`${name} archived` : t`${name} is active again`);
    },
    onError: (error) => toast.error(t`Error`, { description: isApiError(error) ? translateMessage(error.message) : t`The contact was not changed.` }),
  });

  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 className="text-xl font-semibold break-words">{name}</h2>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span>{i18n._(CONTACT_TYPE_LABELS[contact.type])}</span>
            {contact.customerGroupName && <Badge variant="secondary">{contact.customerGroupName}</Badge>}
            {contact.isArchived && (
              <Badge variant="outline">
                <Trans>Archived</Trans>
              </Badge>
            )}
            {contact.tags.map((tag) => (
              <Badge key={tag} variant="outline">
                {tag}
              </Badge>
            ))}
          </div>
        </div>
        {!contact.mergedIntoId && (
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to={`/admin/customers/${contact.id}/edit`}>
                <PencilIcon aria-hidden />
                <Trans>Edit</Trans>
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to={`/admin/customers/${contact.id}/statement`}>
                <FileTextIcon aria-hidden />
                <Trans>Statement</Trans>
              </Link>
            </Button>
            {access.isManager && (
              <Button variant="outline" size="sm" onClick={() => setMerging(true)}>
                <MergeIcon aria-hidden />
                <Trans>Merge</Trans>
              </Button>
            )}
            {access.isManager && (
              <Button variant="outline" size="sm" disabled={archive.isPending} onClick={() => archive.mutate(!contact.isArchived)}>
                {contact.isArchived ? <ArchiveRestoreIcon aria-hidden /> : <ArchiveIcon aria-hidden />}
                {contact.isArchived ? t`Bring back` : t`Archive`}
              </Button>
            )}
          </div>
        )}
      </div>

      {contact.mergedIntoId && (
        <p role="note" className="rounded-lg border p-3 text-sm">
          <Trans>This contact was merged into another one; its records are there.</Trans>{' '}
          <Link to={`/admin/customers/${contact.mergedIntoId}`} className="font-medium text-primary underline-offset-4 hover:underline">
            <Trans>Open the merged contact</Trans>
          </Link>
        </p>
      )}

      <section aria-label={t`Balances`} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {isCustomer && <BalanceCard label={t`Owes us`} value={money(contact.balances.receivableMinor)} />}
        {isCustomer && <BalanceCard label={t`Overdue`} value={money(contact.balances.overdueMinor)} tone={contact.balances.overdueMinor > 0 ? 'bad' : undefined} />}
        {isCustomer && <BalanceCard label={t`Deposit`} value={money(contact.balances.depositMinor)} />}
        {isSupplier && <BalanceCard label={t`We owe`} value={money(contact.balances.payableMinor)} />}
        {isCustomer && contact.loyaltyPoints !== null && <BalanceCard label={t`Loyalty points`} value={contact.loyaltyPoints.toLocaleString()} />}
      </section>

      <section aria-labelledby="contact-overview" className="grid gap-3 rounded-xl border bg-card p-4 sm:p-6">
        <h3 id="contact-overview" className="font-semibold">
          <Trans>Overview</Trans>
        </h3>
        <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <Fact label={t`Phone`}>{contact.phone && <a href={`tel:${contact.phone}`}>{formatPhoneNumber(contact.phone)}</a>}</Fact>
          <Fact label={t`E-mail`}>{contact.email && <a href={`mailto:${contact.email}`}>{contact.email}</a>}</Fact>
          <Fact label={t`Company`}>{contact.company}</Fact>
          <Fact label={t`KRA PIN`}>{contact.kraPin}</Fact>
          <Fact label={t`Physical address`}>{contact.address}</Fact>
          {isCustomer && <Fact label={t`Credit limit`}>{contact.creditLimitMinor > 0 ? money(contact.creditLimitMinor) : t`Cash only`}</Fact>}
          {isCustomer && <Fact label={t`Customer payment terms`}>{t`${contact.customerPaymentTermsDays} days`}</Fact>}
          {isSupplier && <Fact label={t`Supplier payment terms`}>{t`${contact.supplierPaymentTermsDays} days`}</Fact>}
          <Fact label={t`Notes`}>{contact.notes}</Fact>
        </dl>
      </section>

      <Tabs value={tab} onValueChange={selectTab} className="grid min-w-0 gap-4">
        <TabsList aria-label={t`Contact sections`} className="w-full justify-start overflow-x-auto sm:w-auto">
          <TabsTrigger value="account">
            <Trans>Account</Trans>
          </TabsTrigger>
          {isCustomer && (
            <TabsTrigger value="loyalty">
              <Trans>Loyalty</Trans>
            </TabsTrigger>
          )}
          {isCustomer && (
            <TabsTrigger value="gift-cards">
              <Trans>Gift cards</Trans>
            </TabsTrigger>
          )}
          {hasMessages && (
            <TabsTrigger value="messages">
              <Trans>Messages</Trans>
            </TabsTrigger>
          )}
        </TabsList>
        <TabsContent value="account">
          <ContactAccountTab {...tabProps} />
        </TabsContent>
        {isCustomer && (
          <TabsContent value="loyalty">
            <ContactLoyaltyTab {...tabProps} />
          </TabsContent>
        )}
        {isCustomer && (
          <TabsContent value="gift-cards">
            <ContactGiftCardsTab {...tabProps} />
          </TabsContent>
        )}
        {hasMessages && (
          <TabsContent value="messages">
            <Suspense fallback={<TableSkeleton columns={3} rows={3} label={t`Loading the messages`} />}>
              <ContactMessagesTab contactId={contact.id} contactName={contact.name} />
            </Suspense>
          </TabsContent>
        )}
      </Tabs>
      {access.isManager && <ContactMergeDialog key={String(merging)} contact={contact} open={merging} onClose={() => setMerging(false)} />}
    </div>
  );
}

function BalanceCard({ label, value, tone }: { label: string; value: string; tone?: 'bad' | undefined }) {
  return (
    <div className="grid gap-1 rounded-xl border bg-card p-3 sm:p-4">
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className={tone === 'bad' ? 'text-lg font-semibold text-destructive tabular-nums' : 'text-lg font-semibold tabular-nums'}>{value}</span>
    </div>
  );
}
