import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import type { Channel } from '../../core/communications/communications.rules';
import type { ConsentView } from '../../core/communications/communications.schemas';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { translateMessage } from '../i18n/translate-message';
import { LoadError, TableSkeleton, useFeature } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { UpgradeBadge } from '../products/upgrade-badge';
import { communicationsKey, recordConsent, useContactConsents, useContactMessages } from './communications.api';
import { CHANNEL_NAMES, CONSENT_SOURCE_NAMES } from './communications-labels';
import { MessageTable } from './message-table';

// The contact page's messages tab (issue 20, docs/decisions/0026-communications.md): the
// customer's consent per channel (given, withdrawn or never recorded; when, how and by whom), with
// buttons to record it as the customer says it at the counter, and every message sent to them or
// skipped. An opt-out stops every message on its channel, receipts included. Behind the plan's
// advanced_notifications (the API answers 402 too).

export function ContactMessagesTab({ contactId, contactName }: { contactId: string; contactName: string }) {
  const { t } = useLingui();
  const feature = useFeature('advanced_notifications');
  if (feature.isEnabled === false) return <MessagesLocked badge={feature.badge} />;
  if (feature.isEnabled === undefined) return <TableSkeleton columns={3} rows={3} label={t`Loading the messages`} />;
  return (
    <section className="grid min-w-0 gap-6" aria-labelledby="contact-messages-title">
      <h2 id="contact-messages-title" className="sr-only">
        <Trans>Messages</Trans>
      </h2>
      <ConsentPanel contactId={contactId} />
      <ContactMessages contactId={contactId} contactName={contactName} />
    </section>
  );
}

function MessagesLocked({ badge }: { badge: string }) {
  const { i18n } = useLingui();
  const message = upgradeMessage('advanced_notifications');
  return (
    <section aria-labelledby="contact-messages-title" data-locked="" className="grid gap-2 rounded-xl border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="contact-messages-title" className="font-semibold">
          <Trans>Messages</Trans>
        </h2>
        <UpgradeBadge badge={badge} message={message} />
      </div>
      <p className="text-sm text-muted-foreground">{translateMessage(message, i18n)}</p>
    </section>
  );
}

function ConsentPanel({ contactId }: { contactId: string }) {
  const { t } = useLingui();
  const consents = useContactConsents(contactId);
  const queryClient = useQueryClient();
  const [source, setSource] = useState<'form' | 'verbal'>('verbal');
  const record = useMutation({
    mutationFn: (change: { channel: Channel; status: 'granted' | 'opted_out' }) => recordConsent(contactId, { ...change, source }),
    onSuccess: (saved, change) => {
      queryClient.setQueryData([...communicationsKey, 'consents', contactId], saved);
      toast.success(change.status === 'granted' ? t`Consent recorded` : t`Opt-out recorded`);
    },
    onError: (failure) => toast.error(t`The consent was not recorded`, { description: failureMessage(failure, t`Try again.`) }),
  });
  return (
    <section aria-labelledby="contact-consent-title" className="grid gap-3 rounded-xl border bg-card p-4 sm:p-6">
      <div className="grid gap-1">
        <h3 id="contact-consent-title" className="font-semibold">
          <Trans>Consent to messages</Trans>
        </h3>
        <p className="text-sm text-muted-foreground">
          <Trans>An opt-out stops every message on its channel, receipts included. A STOP reply to an SMS records one by itself.</Trans>
        </p>
      </div>
      <div className="grid w-fit gap-1">
        <Label htmlFor="consent-source">
          <Trans>How the customer told you</Trans>
        </Label>
        <NativeSelect id="consent-source" value={source} onChange={(event) => setSource(event.target.value as 'form' | 'verbal')}>
          <option value="verbal">{t`Verbally`}</option>
          <option value="form">{t`On a form`}</option>
        </NativeSelect>
      </div>
      {consents.isPending ? (
        <TableSkeleton columns={3} rows={3} label={t`Loading the consent`} />
      ) : consents.isError ? (
        <LoadError error={consents.error} what={t`the consent`} onRetry={() => void consents.refetch()} />
      ) : (
        <ul className="grid gap-2 sm:grid-cols-3">
          {consents.data.map((consent) => (
            <ConsentCard key={consent.channel} consent={consent} busy={record.isPending} onRecord={(status) => record.mutate({ channel: consent.channel, status })} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ConsentCard({ consent, busy, onRecord }: { consent: ConsentView; busy: boolean; onRecord: (status: 'granted' | 'opted_out') => void }) {
  const { t, i18n } = useLingui();
  const { formatDateTime } = useDateFormat();
  const channel = i18n._(CHANNEL_NAMES[consent.channel]);
  const when = consent.recordedAt ? formatDateTime(consent.recordedAt) : null;
  const how = consent.source ? i18n._(CONSENT_SOURCE_NAMES[consent.source]) : '';
  const who = consent.recordedByName;
  return (
    <li role="group" aria-label={channel} className="grid content-start gap-2 rounded-lg border p-3" data-testid="consent-card">
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium">{channel}</span>
        <Badge variant={consent.status === 'opted_out' ? 'destructive' : consent.status === 'granted' ? 'default' : 'outline'}>
          {consent.status === 'granted' ? t`Given` : consent.status === 'opted_out' ? t`Withdrawn` : t`Not recorded`}
        </Badge>
      </div>
      {when ? (
        <p className="text-xs text-muted-foreground">
          {who ? (
            <Trans>
              Recorded {when} {how} by {who}
            </Trans>
          ) : (
            <Trans>
              Recorded {when} {how}
            </Trans>
          )}
        </p>
      ) : (
        <p className="text-xs text-muted-foreground">
          <Trans>Messages go until the customer opts out.</Trans>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" disabled={busy || consent.status === 'granted'} onClick={() => onRecord('granted')}>
          <Trans>Record consent</Trans>
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={busy || consent.status === 'opted_out'} onClick={() => onRecord('opted_out')}>
          <Trans>Record opt-out</Trans>
        </Button>
      </div>
    </li>
  );
}

function ContactMessages({ contactId, contactName }: { contactId: string; contactName: string }) {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const messages = useContactMessages(contactId, page);
  if (messages.isPending) return <TableSkeleton columns={5} rows={3} label={t`Loading the messages`} />;
  if (messages.isError) return <LoadError error={messages.error} what={t`the messages`} onRetry={() => void messages.refetch()} />;
  return (
    <section aria-labelledby="contact-message-log-title" className="grid min-w-0 gap-3">
      <h3 id="contact-message-log-title" className="font-semibold">
        <Trans>Messages to {contactName}</Trans>
      </h3>
      {messages.data.items.length === 0 && page === 1 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No messages to this customer yet.</Trans>
        </p>
      ) : (
        <>
          <MessageTable messages={messages.data.items} label={t`Messages to ${contactName}`} />
          <div className="flex gap-2">
            <Button variant="outline" disabled={page === 1} onClick={() => setPage(page - 1)}>
              <Trans>Previous</Trans>
            </Button>
            <Button variant="outline" disabled={!messages.data.hasMore} onClick={() => setPage(page + 1)}>
              <Trans>Next</Trans>
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
