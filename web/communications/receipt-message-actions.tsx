import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { MessageCircleIcon, MessageSquareIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { ReceiptMessageInput } from '../../core/communications/communications.schemas';
import { formatPhoneNumber } from '../../core/i18n/phone.rules';
import type { Sale } from '../../core/sales/sales.schemas';
import { useSignedInUser } from '../auth/auth-provider';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { InlineSpinner } from '../components/ui/spinner';
import { useFeature } from '../inventory/inventory-ui';
import { isApiError } from '../lib/api-client';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { sendReceiptMessage } from './communications.api';

// A completed sale's receipt by SMS or WhatsApp (issue 20, docs/decisions/0026-communications.md),
// on the sale's page and the register's completed-sale screen: to the sale's customer's phone or
// one typed in, queued through the communications outbox and sent at once. A customer who opted
// out of the channel is refused with the reason, and nothing is queued. Offered to members who
// sell (sales.sell) when the plan has advanced_notifications, as the API allows.

type ReceiptChannel = ReceiptMessageInput['channel'];

export function ReceiptMessageActions({ sale }: { sale: Sale }) {
  const { permissions } = useSignedInUser();
  const feature = useFeature('advanced_notifications');
  const [channel, setChannel] = useState<ReceiptChannel | null>(null);
  if (feature.isEnabled !== true || !permissions.includes('sales.sell')) return null;
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setChannel('sms')}>
        <MessageSquareIcon aria-hidden />
        <Trans>Send by SMS</Trans>
      </Button>
      <Button type="button" variant="outline" onClick={() => setChannel('whatsapp')}>
        <MessageCircleIcon aria-hidden />
        <Trans>Send by WhatsApp</Trans>
      </Button>
      {channel && <ReceiptMessageDialog key={channel} sale={sale} channel={channel} onClose={() => setChannel(null)} />}
    </>
  );
}

function ReceiptMessageDialog({ sale, channel, onClose }: { sale: Sale; channel: ReceiptChannel; onClose: () => void }) {
  const { t } = useLingui();
  const code = sale.receiptCode;
  const name = sale.customer?.name ?? '';
  const customerPhone = sale.customer?.phone ? formatPhoneNumber(sale.customer.phone) : '';
  const [phone, setPhone] = useState(customerPhone);
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = useMutation({
    mutationKey: ['communications', 'receipt-message'],
    mutationFn: () => sendReceiptMessage(sale.id, { channel, phone: phone.trim() || null }),
    onSuccess: (message) => {
      const to = formatPhoneNumber(message.recipient);
      toast.success(channel === 'sms' ? t`Receipt ${code} is on its way to ${to} by SMS` : t`Receipt ${code} is on its way to ${to} by WhatsApp`);
      onClose();
    },
    onError: (failure) => {
      if (isApiError(failure) && failure.fields?.phone) {
        setPhoneError(failureMessage(failure, t`Check the phone number.`, 'phone'));
        return;
      }
      setRefusal(failureMessage(failure, t`The receipt was not sent. Try again.`));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPhoneError(undefined);
    setRefusal(null);
    send.mutate();
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !send.isPending && onClose()}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label={channel === 'sms' ? t`Send receipt by SMS` : t`Send receipt by WhatsApp`}>
          <DialogHeader>
            <DialogTitle>{channel === 'sms' ? <Trans>Send receipt {code} by SMS</Trans> : <Trans>Send receipt {code} by WhatsApp</Trans>}</DialogTitle>
            <DialogDescription>
              {sale.customer ? <Trans>To {name}’s phone, or type another number.</Trans> : <Trans>Type the customer’s phone number.</Trans>}
            </DialogDescription>
          </DialogHeader>
          <FormField id="receipt-message-phone" label={t`Phone`} error={phoneError}>
            <Input
              {...fieldControlProps('receipt-message-phone', { error: phoneError })}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder="0712 345 678"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
          </FormField>
          {refusal && (
            <p role="alert" className="text-sm text-destructive">
              {refusal}
            </p>
          )}
          <DialogFooter>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending && <InlineSpinner />}
              <Trans>Send receipt</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
