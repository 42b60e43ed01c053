import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { CheckIcon, CopyIcon, PrinterIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { formatGiftCardCode } from '../../core/gift-cards/gift-card-code.rules';
import {
  giftCardBalanceQuerySchema,
  giftCardIssueFormSchema,
  type GiftCardBalance,
  type GiftCardIssued,
  type GiftCardIssueFormValues,
} from '../../core/gift-cards/gift-cards.schemas';
import { FormField, fieldControlProps } from '../components/form-field';
import { Alert, AlertDescription } from '../components/ui/alert';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { InlineSpinner } from '../components/ui/spinner';
import { useContactList } from '../contacts/contacts.api';
import { useDebouncedValue } from '../inventory/inventory-ui';
import { translateMessage } from '../i18n/translate-message';
import { useMoney } from '../accounts/use-money';
import { isApiError } from '../lib/api-client';
import { formatDate } from '../lib/format';
import { toast } from '../lib/toast';
import { useLanguage } from '../i18n/language-provider';
import { useBusinessSettings } from '../settings/settings.api';
import { checkGiftCardBalance, giftCardPath, giftCardPrintPath, useIssueGiftCard } from './gift-cards.api';

/** A card's last day of use in the language on screen ("No expiry" when it has none). */
export function useExpiryText() {
  const { t } = useLingui();
  const { intlLocale } = useLanguage();
  // A calendar day: shown as that day wherever the screen is (UTC noon never crosses a date line).
  return (expiresOn: string | null) => (expiresOn ? formatDate(`${expiresOn}T12:00:00Z`, 'UTC', intlLocale) : t`No expiry`);
}

/** The customer of a new card: search the shop's customers and pick one (or none). */
function CustomerPicker({ value, onChange, error }: { value: string; onChange: (id: string) => void; error?: string | undefined }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const customers = useContactList({ q: settled || undefined, type: 'customer', pageSize: 10 });
  const options = customers.data?.items ?? [];
  return (
    <div className="grid gap-2">
      <FormField id="gift-card-customer-search" label={<Trans>Find a customer (optional)</Trans>}>
        <Input
          id="gift-card-customer-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t`Name or phone`}
          autoComplete="off"
        />
      </FormField>
      <FormField id="gift-card-customer" label={<Trans>Customer</Trans>} error={error}>
        <NativeSelect value={value} onChange={(event) => onChange(event.target.value)} {...fieldControlProps('gift-card-customer', { error })}>
          <option value="">{customers.isPending ? t`Loading customers…` : t`No customer (anyone holding the code)`}</option>
          {options.map((customer) => (
            <option key={customer.id} value={customer.id}>
              {customer.phone ? `${customer.name} · ${customer.phone}` : customer.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
    </div>
  );
}

/**
 * Issue a gift card (manager). The full code is shown once, when the card is made, with a copy
 * button and a link to print it; only its last 4 can be seen afterwards.
 */
export function IssueGiftCardDialog({
  open,
  onClose,
  contact,
}: {
  open: boolean;
  onClose: () => void;
  /** Prefilled (the contact's page): the card is for this customer. */
  contact?: { id: string; name: string } | undefined;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-md">{open && <IssueGiftCardContent onClose={onClose} contact={contact} />}</DialogContent>
    </Dialog>
  );
}

function IssueGiftCardContent({ onClose, contact }: { onClose: () => void; contact?: { id: string; name: string } | undefined }) {
  const { t } = useLingui();
  const { symbol } = useMoney();
  // One key per dialog: a retried or double-clicked submit issues one card.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const issue = useIssueGiftCard(idempotencyKey);
  const form = useForm<GiftCardIssueFormValues, unknown, { amountMinor: number; contactId: string | null; expiresOn: string | null }>({
    resolver: zodResolver(giftCardIssueFormSchema),
    defaultValues: { amount: '', contactId: contact?.id ?? '', expiresOn: '' },
  });
  const contactId = useWatch({ control: form.control, name: 'contactId' });
  const submit = form.handleSubmit((body) =>
    issue.mutate(body, {
      onError: (error) => {
        if (isApiError(error) && error.fields) {
          const amount = error.fieldMessage('amountMinor');
          if (amount) form.setError('amount', { message: amount });
          const contactProblem = error.fieldMessage('contactId');
          if (contactProblem) form.setError('contactId', { message: contactProblem });
          const expiresOn = error.fieldMessage('expiresOn');
          if (expiresOn) form.setError('expiresOn', { message: expiresOn });
        }
        toast.error(t`The gift card was not issued`, { description: isApiError(error) ? translateMessage(error.message) : undefined });
      },
    }),
  );
  if (issue.data) return <IssuedCard issued={issue.data} onClose={onClose} />;
  const errors = form.formState.errors;
  const [amountError, contactError, expiresError] = [errors.amount?.message, errors.contactId?.message, errors.expiresOn?.message];
  const contactName = contact?.name ?? '';
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>
          <Trans>Issue gift card</Trans>
        </DialogTitle>
        <DialogDescription>
          {contact ? (
            <Trans>A card for {contactName}. Its code is shown once: give it to the customer or print the card.</Trans>
          ) : (
            <Trans>Its code is shown once: give it to the customer or print the card.</Trans>
          )}
        </DialogDescription>
      </DialogHeader>
      <FormField id="gift-card-amount" label={<Trans>Value ({symbol})</Trans>} error={amountError}>
        <Input inputMode="decimal" autoComplete="off" autoFocus {...form.register('amount')} {...fieldControlProps('gift-card-amount', { error: amountError })} />
      </FormField>
      {!contact && (
        <CustomerPicker value={contactId} onChange={(id) => form.setValue('contactId', id)} error={contactError} />
      )}
      {contact && contactError && <p className="text-sm text-destructive">{translateMessage(contactError)}</p>}
      <FormField id="gift-card-expires" label={<Trans>Last day of use (optional)</Trans>} error={expiresError} hint={<Trans>Leave empty for a card that never expires.</Trans>}>
        <Input type="date" {...form.register('expiresOn')} {...fieldControlProps('gift-card-expires', { error: expiresError, hint: true })} />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={issue.isPending}>
          {issue.isPending && <InlineSpinner />}
          <Trans>Issue gift card</Trans>
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The new card: its code in full this once, copy and print. */
function IssuedCard({ issued, onClose }: { issued: GiftCardIssued; onClose: () => void }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const [copied, setCopied] = useState(false);
  const { card, code } = issued;
  const value = money(card.initialMinor);
  const grouped = code ? formatGiftCardCode(code) : '';
  const copy = async () => {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(grouped);
      setCopied(true);
    } catch {
      toast.error(t`Copying is not allowed here: select the code and copy it`);
    }
  };
  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>
          <Trans>Gift card issued</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>A card worth {value}.</Trans>
        </DialogDescription>
      </DialogHeader>
      {code ? (
        <>
          <div className="grid gap-2 rounded-lg border bg-muted/40 p-4 text-center">
            <p className="text-xs text-muted-foreground">
              <Trans>Gift card code</Trans>
            </p>
            <output aria-label={t`Gift card code`} className="font-mono text-xl font-semibold tracking-wider break-all select-all sm:text-2xl">
              {grouped}
            </output>
          </div>
          <Alert>
            <p className="col-start-2 font-medium">
              <Trans>This code is shown only now</Trans>
            </p>
            <AlertDescription>
              <Trans>Only the last 4 characters are kept on screen. Copy it or print the card before closing.</Trans>
            </AlertDescription>
          </Alert>
        </>
      ) : (
        <Alert>
          <p className="col-start-2 font-medium">
            <Trans>This card was already issued</Trans>
          </p>
          <AlertDescription>
            <Trans>Its code was shown when it was issued and cannot be shown again. If nobody saw it, void the card and issue a new one.</Trans>
          </AlertDescription>
        </Alert>
      )}
      <DialogFooter className="flex-wrap">
        {code && (
          <Button type="button" variant="outline" onClick={() => void copy()}>
            {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
            {copied ? <Trans>Copied</Trans> : <Trans>Copy code</Trans>}
          </Button>
        )}
        {code && (
          <Button asChild variant="outline">
            <Link to={giftCardPrintPath(card.id)} state={{ code }}>
              <PrinterIcon aria-hidden />
              <Trans>Print card</Trans>
            </Link>
          </Button>
        )}
        {!code && (
          <Button asChild variant="outline">
            <Link to={giftCardPath(card.id)}>
              <Trans>Open the card</Trans>
            </Link>
          </Button>
        )}
        <Button type="button" onClick={onClose}>
          <Trans>Done</Trans>
        </Button>
      </DialogFooter>
    </div>
  );
}

/** Check a card's balance from its code: anyone signed in to the shop, cashiers too. */
export function CheckBalanceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-md">{open && <CheckBalanceContent onClose={onClose} />}</DialogContent>
    </Dialog>
  );
}

function CheckBalanceContent({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const form = useForm<{ code: string }, unknown, { code: string }>({ resolver: zodResolver(giftCardBalanceQuerySchema), defaultValues: { code: '' } });
  const [problem, setProblem] = useState<string | null>(null);
  const check = useMutation({
    mutationKey: ['gift-cards', 'balance'],
    mutationFn: (code: string) => checkGiftCardBalance(code),
    onMutate: () => setProblem(null),
    onError: (error) => {
      const fieldMessage = isApiError(error) ? error.fieldMessage('code') : undefined;
      if (fieldMessage) form.setError('code', { message: fieldMessage });
      else setProblem(isApiError(error) ? translateMessage(error.message) : t`The balance could not be checked.`);
    },
  });
  const submit = form.handleSubmit(({ code }) => check.mutate(code));
  const codeError = form.formState.errors.code?.message;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>
          <Trans>Check balance</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>Type or scan the code on the card. Spaces, dashes and small letters are fine.</Trans>
        </DialogDescription>
      </DialogHeader>
      <FormField id="gift-card-code" label={<Trans>Gift card code</Trans>} error={codeError}>
        <Input
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          className="font-mono uppercase"
          placeholder="XXXX-XXXX-XXXX-XXXX"
          {...form.register('code')}
          {...fieldControlProps('gift-card-code', { error: codeError })}
        />
      </FormField>
      {problem && (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      )}
      {check.data && <BalanceResult balance={check.data} />}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
        <Button type="submit" disabled={check.isPending}>
          {check.isPending && <InlineSpinner />}
          <Trans>Check balance</Trans>
        </Button>
      </DialogFooter>
    </form>
  );
}

function BalanceResult({ balance }: { balance: GiftCardBalance }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const expiry = useExpiryText();
  const amount = money(balance.balanceMinor);
  const last4 = balance.last4;
  const until = expiry(balance.expiresOn);
  return (
    <section aria-label={t`Balance of card ending ${last4}`} aria-live="polite" className="grid gap-2 rounded-lg border p-4">
      <p className="text-sm text-muted-foreground">
        <Trans>Card ending {last4}</Trans>
      </p>
      <p className="text-2xl font-semibold tabular-nums" data-testid="gift-card-balance">
        {amount}
      </p>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <GiftCardStatusBadge status={balance.status} isExpired={balance.isExpired} />
        <span className="text-muted-foreground">{balance.expiresOn ? <Trans>Valid until {until}</Trans> : until}</span>
      </div>
    </section>
  );
}

export function GiftCardStatusBadge({ status, isExpired }: { status: 'active' | 'void'; isExpired: boolean }) {
  if (status === 'void')
    return (
      <Badge variant="outline">
        <Trans>Void</Trans>
      </Badge>
    );
  if (isExpired)
    return (
      <Badge variant="outline">
        <Trans>Expired</Trans>
      </Badge>
    );
  return (
    <Badge variant="success">
      <Trans>Active</Trans>
    </Badge>
  );
}

/** A placeholder-free hint for the shop name on the printed card until the settings arrive. */
export function useShopName(): string {
  return useBusinessSettings().data?.businessName ?? '';
}
