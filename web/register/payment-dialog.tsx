import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { PrinterIcon, XIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { upgradeMessage, type FeatureKey } from '../../core/billing/plan-features.rules';
import { contactLoyaltySchema } from '../../core/loyalty/loyalty.schemas';
import { parseMoney } from '../../core/settings/money.rules';
import type { PricedCart } from '../../core/sales/pricing.rules';
import { salePaymentInputSchema, TENDER_LABELS, TENDERS, type Approval, type Sale, type SaleReturn, type Tender } from '../../core/sales/sales.schemas';
import { quickCashNotes, remainingMinor, settlePayments } from '../../core/sales/tender.rules';
import { useMoney } from '../accounts/use-money';
import { LazyReceiptMessageActions } from '../communications/lazy-receipt-message-actions';
import { FormField, fieldControlProps } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { InlineSpinner } from '../components/ui/spinner';
import { translateMessage } from '../i18n/translate-message';
import { useFeature } from '../inventory/inventory-ui';
import { apiRequest, isApiError } from '../lib/api-client';
import { cn } from '../lib/cn';
import { failureMessage } from '../lib/form-errors';
import { useBusinessSettings } from '../settings/settings.api';
import { useSalesSettings } from '../shifts/shifts.api';
import { lazyArea } from '../i18n/lazy-area';
import { ApprovalDialog } from './approval-dialog';
import type { CartAction, CartState, CheckoutBody, PaymentInput } from './cart';
import { checkoutBodyFor, exchangeBodyFor, submitExchange, submitSale, useRefreshAfterSale, type SaleContext } from './complete-sale';
import { refundsFor, settleExchange } from './exchange-credit';

// The payment screen (F9): any mix of tenders, the remaining balance after each, change only from
// cash. Completing sends the sale once; an attempt that gets no answer goes to the outbox with the
// same sale id (the sale is kept on this till and sent when the network is back).
//
// With an exchange credit on the cart, the payments cover only what the credit leaves to pay (a
// larger credit is refunded to the earlier sale's tenders), and completing sends the exchange:
// online only, as the outbox holds sales. An attempt that gets no answer keeps the cart frozen
// with the same body (web/register/cart.ts) and is sent again by the cashier; a return past the
// shop's window asks a manager here and goes again with the approval.

/** Tenders that take from the customer's own account: they need a customer on the sale. */
const CUSTOMER_TENDERS: ReadonlySet<Tender> = new Set(['account', 'deposit', 'loyalty']);
const TENDER_FEATURES: Partial<Record<Tender, FeatureKey>> = { gift_card: 'gift_cards', loyalty: 'loyalty_program' };

interface EntryFields {
  amount: string;
  received: string;
  reference: string;
  code: string;
  points: string;
}
const EMPTY_ENTRY: EntryFields = { amount: '', received: '', reference: '', code: '', points: '' };
type EntryErrors = Partial<Record<keyof EntryFields, string>>;

type Outcome = { kind: 'completed'; sale: Sale; saleReturn: SaleReturn | null } | { kind: 'queued' };

// The receipt and its barcode drawing are fetched when the payment opens, not with the till.
const loadReceipt = () => import('../sales/receipt');
const SaleReceipt = lazy(() => loadReceipt().then((module) => ({ default: module.SaleReceipt })));
// The M-Pesa panel and its catalog, fetched with the receipt when the payment opens.
const mpesaPanel = lazyArea(['payments'], () => import('../payments/mpesa-tender'));
const MpesaTender = lazy(() => mpesaPanel.load().then((module) => ({ default: module.MpesaTender })));

export function PaymentDialog({
  open,
  onOpenChange,
  cart,
  priced,
  context,
  dispatch,
  onCompleted,
  onQueued,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cart: CartState;
  priced: PricedCart;
  context: SaleContext;
  /** The cart's reducer: an exchange's attempt freezes the cart, a refusal or an approval changes it. */
  dispatch: (action: CartAction) => void;
  /** The server recorded the sale (the dialog then shows its receipt summary until closed). */
  onCompleted: (sale: Sale) => void;
  /** The attempt got no answer: the sale is in this till's outbox under its id and will be sent; the cart may be cleared. */
  onQueued?: (saleId: string) => void;
}) {
  useEffect(() => {
    if (open) void Promise.all([loadReceipt(), mpesaPanel.load()]).catch(() => undefined);
  }, [open]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <PaymentContent key={cart.saleId} cart={cart} priced={priced} context={context} dispatch={dispatch} onOpenChange={onOpenChange} onCompleted={onCompleted} onQueued={onQueued} />
      )}
    </Dialog>
  );
}

function PaymentContent({
  cart,
  priced,
  context,
  dispatch,
  onOpenChange,
  onCompleted,
  onQueued,
}: {
  cart: CartState;
  priced: PricedCart;
  context: SaleContext;
  dispatch: (action: CartAction) => void;
  onOpenChange: (open: boolean) => void;
  onCompleted: (sale: Sale) => void;
  onQueued: ((saleId: string) => void) | undefined;
}) {
  const { t, i18n } = useLingui();
  const { money } = useMoney();
  const refresh = useRefreshAfterSale();
  const customer = context.customer;
  const exchange = cart.exchange;
  const exchangeSettlement = exchange ? settleExchange(priced.totalMinor, exchange.creditMinor) : null;
  // An attempt already made (the cart frozen by the screen) pays with the same payments.
  const [payments, setPayments] = useState<PaymentInput[]>(() => cart.checkout?.payments ?? exchange?.attempt?.sale.payments ?? []);
  const [tender, setTender] = useState<Tender>('cash');
  const [entry, setEntry] = useState<EntryFields>(EMPTY_ENTRY);
  const [errors, setErrors] = useState<EntryErrors>({});
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [reversalCode, setReversalCode] = useState('');
  const [reversalError, setReversalError] = useState<string | undefined>();
  const [approvalOpen, setApprovalOpen] = useState(false);
  // The body of the attempt made in this dialog: a second press sends exactly the same.
  const [attemptBody, setAttemptBody] = useState<CheckoutBody | null>(cart.checkout);
  const entryRef = useRef<HTMLInputElement>(null);
  const completeRef = useRef<HTMLButtonElement>(null);

  // What the payments cover: the sale's total, or what an exchange credit leaves to pay.
  const total = exchangeSettlement ? exchangeSettlement.dueMinor : priced.totalMinor;
  const refundMinor = exchangeSettlement?.refundMinor ?? 0;
  const remaining = remainingMinor(total, payments);
  const settlement = payments.length > 0 ? settlePayments(total, payments.map(toTenderPayment)) : null;
  const changeMinor = settlement && 'changeMinor' in settlement ? settlement.changeMinor : 0;
  // An exchange whose credit covers the new sale needs no payment at all.
  const settled = exchange !== null && total === 0 ? payments.length === 0 : settlement !== null && 'changeMinor' in settlement;
  const canComplete = settled && !sending && outcome === null;
  const frozen = attemptBody !== null || (exchange?.attempt ?? null) !== null;
  const needsReversalCode = exchange !== null && refundMinor > 0 && exchange.mpesaPaidMinor > 0;

  const loyalty = useQuery({
    queryKey: ['loyalty', 'contact', customer?.id ?? '', 'register'],
    queryFn: () => apiRequest(`/api/contacts/${encodeURIComponent(customer!.id)}/loyalty?page=1&pageSize=1`, { schema: contactLoyaltySchema }),
    enabled: tender === 'loyalty' && customer !== null,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the customer points failed' },
  });
  const pointValueMinor = loyalty.data?.programme.pointValueMinor ?? null;

  useEffect(() => {
    if (remaining === 0 && payments.length > 0) completeRef.current?.focus();
    else entryRef.current?.focus();
  }, [remaining, payments.length, tender]);

  const chooseTender = (next: Tender) => {
    setTender(next);
    setEntry(EMPTY_ENTRY);
    setErrors({});
  };

  const addPayment = (payment: PaymentInput) => {
    const parsed = salePaymentInputSchema.safeParse(payment);
    if (!parsed.success) {
      const found: EntryErrors = {};
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF_PAYMENT[String(issue.path[0] ?? '')] ?? 'amount';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setPayments((current) => [...current, parsed.data]);
    setEntry(EMPTY_ENTRY);
    setErrors({});
    setRefusal(null);
    if (tender !== 'cash') setTender('cash');
  };

  /** Cash handed over: pays what is left (at most), the rest is change. */
  const addCash = (receivedMinor: number) => {
    if (remaining === 0) return;
    addPayment({ tender: 'cash', amountMinor: Math.min(receivedMinor, remaining), tenderedMinor: receivedMinor });
  };

  const amountOrRemaining = (): number | null => {
    if (entry.amount.trim() === '') return remaining;
    const amount = parseMoney(entry.amount);
    if (amount === null || amount <= 0) {
      setErrors({ amount: t`Enter an amount, e.g. 500 or 1,250.50` });
      return null;
    }
    if (amount > remaining) {
      setErrors({ amount: t`At most what is left to pay: change is given only from cash` });
      return null;
    }
    return amount;
  };

  const submitEntry = (event: FormEvent) => {
    event.preventDefault();
    // M-Pesa is taken by its own panel, from a code Safaricom confirmed.
    if (remaining === 0 || tender === 'mpesa') return;
    if (tender === 'cash') {
      const received = entry.received.trim() === '' ? remaining : parseMoney(entry.received);
      if (received === null || received <= 0) {
        setErrors({ received: t`Enter the cash received, e.g. 1000` });
        return;
      }
      addCash(received);
      return;
    }
    if (tender === 'loyalty') {
      const points = Number(entry.points);
      if (!Number.isSafeInteger(points) || points <= 0) {
        setErrors({ points: t`Enter the points to spend` });
        return;
      }
      if (pointValueMinor === null) return;
      const available = customer?.loyaltyPoints ?? 0;
      if (points > available) {
        setErrors({ points: t`The customer has only ${available} points` });
        return;
      }
      const amountMinor = points * pointValueMinor;
      if (amountMinor > remaining) {
        setErrors({ points: t`These points are worth more than is left to pay` });
        return;
      }
      addPayment({ tender: 'loyalty', amountMinor, points });
      return;
    }
    const amountMinor = amountOrRemaining();
    if (amountMinor === null) return;
    switch (tender) {
      case 'card':
      case 'bank_transfer':
        addPayment({ tender, amountMinor, reference: entry.reference });
        return;
      case 'gift_card':
        addPayment({ tender: 'gift_card', amountMinor, code: entry.code });
        return;
      case 'deposit':
        if (customer && amountMinor > customer.depositMinor) {
          const available = money(customer.depositMinor);
          setErrors({ amount: t`The customer’s deposit is ${available}` });
          return;
        }
        addPayment({ tender: 'deposit', amountMinor });
        return;
      case 'account':
        addPayment({ tender: 'account', amountMinor });
        return;
    }
  };

  const complete = async () => {
    if (!canComplete) return;
    if (exchange) {
      await completeExchange(null);
      return;
    }
    setSending(true);
    setRefusal(null);
    try {
      const body = attemptBody ?? checkoutBodyFor(cart, priced, context, payments);
      setAttemptBody(body);
      const result = await submitSale(body);
      void refresh();
      if (result === 'queued') {
        setOutcome({ kind: 'queued' });
        onQueued?.(body.id);
      } else {
        setOutcome({ kind: 'completed', sale: result, saleReturn: null });
        onCompleted(result);
      }
    } catch (error) {
      // Refused: nothing was written; the cashier corrects and completes again under the same id.
      setAttemptBody(null);
      setRefusal(refusalText(error));
      const field = isApiError(error) ? Object.keys(error.fields ?? {}).find((key) => key.startsWith('payments.')) : undefined;
      if (field) setPayments((current) => current.filter((_, index) => index !== Number(field.split('.')[1])));
    } finally {
      setSending(false);
    }
  };

  /** Sends the exchange (the frozen body of an earlier attempt, if any), with a manager's approval once given. */
  const completeExchange = async (approvalId: string | null) => {
    if (!exchange) return;
    if (needsReversalCode && !exchange.attempt && !/^[A-Z0-9]{10}$/.test(reversalCode)) {
      setReversalError(t`Enter the 10-character code of the M-Pesa reversal`);
      return;
    }
    setReversalError(undefined);
    setSending(true);
    setRefusal(null);
    const approvedCart = approvalId === null ? cart : { ...cart, exchange: { ...exchange, approvalId } };
    const body = exchangeBodyFor(approvedCart, priced, context, payments, refundsFor(refundMinor, exchange.mpesaPaidMinor, reversalCode));
    if (approvalId !== null) dispatch({ type: 'exchange_approved', approvalId });
    dispatch({ type: 'exchange_started', body });
    try {
      const result = await submitExchange(body);
      void refresh();
      if (result === 'unconfirmed') {
        setRefusal(t`The network did not answer, so the exchange is not confirmed. Nothing is lost: complete it again when the network is back; it is never made twice.`);
        return;
      }
      setOutcome({ kind: 'completed', sale: result.sale, saleReturn: result.saleReturn });
      onCompleted(result.sale);
    } catch (error) {
      // Refused: nothing was written; corrected (or approved) and sent again under the same ids.
      dispatch({ type: 'exchange_refused' });
      if (isApiError(error) && error.code === 'approval_required') {
        setRefusal(failureMessage(error, t`A manager must approve this return.`));
        setApprovalOpen(true);
        return;
      }
      setRefusal(refusalText(error));
      const field = isApiError(error) ? Object.keys(error.fields ?? {}).find((key) => /^sale\.payments\.\d+/.test(key)) : undefined;
      if (field) setPayments((current) => current.filter((_, index) => index !== Number(field.split('.')[2])));
    } finally {
      setSending(false);
    }
  };

  const refusalText = (error: unknown) => {
    const field = isApiError(error) ? Object.keys(error.fields ?? {})[0] : undefined;
    return failureMessage(error, t`The sale was not completed. Try again.`, field);
  };

  const close = (next: boolean) => {
    if (sending) return;
    onOpenChange(next);
  };

  if (outcome) {
    return <OutcomeView outcome={outcome} changeMinor={changeMinor} totalMinor={total} onClose={() => close(false)} />;
  }


  const totalText = money(total);
  const remainingText = money(remaining);
  const changeText = money(changeMinor);
  const refundText = money(refundMinor);

  return (
    <DialogContent
      className="max-h-[95dvh] overflow-y-auto sm:max-w-2xl"
      onEscapeKeyDown={(event) => sending && event.preventDefault()}
      onInteractOutside={(event) => event.preventDefault()}
    >
      <DialogHeader>
        <DialogTitle>
          <Trans>Payment</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>Add one or more payments until nothing is left to pay. Change is given only from cash.</Trans>
        </DialogDescription>
      </DialogHeader>

      {exchange && exchangeSettlement && (
        <ExchangeSummary
          receiptCode={exchange.receiptCode}
          newItemsMinor={priced.totalMinor}
          creditMinor={exchange.creditMinor}
          refundMinor={refundMinor}
        />
      )}

      <dl className="grid grid-cols-3 gap-2 rounded-lg border p-3 text-center" aria-live="polite">
        <div>
          <dt className="text-xs text-muted-foreground">
            {exchange ? <Trans>Difference</Trans> : <Trans>Total</Trans>}
          </dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="payment-total">
            {totalText}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">
            <Trans>Left to pay</Trans>
          </dt>
          <dd className={cn('text-lg font-semibold tabular-nums', remaining > 0 && 'text-destructive')} data-testid="payment-remaining">
            {remainingText}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">
            <Trans>Change</Trans>
          </dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="payment-change">
            {changeText}
          </dd>
        </div>
      </dl>

      {payments.length > 0 && (
        <ul className="grid gap-1 text-sm" aria-label={t`Payments`}>
          {payments.map((payment, index) => {
            const after = money(remainingMinor(total, payments.slice(0, index + 1)));
            const amount = money(payment.amountMinor);
            const label = translateMessage(TENDER_LABELS[payment.tender], i18n);
            const detail = paymentDetail(payment, money);
            return (
              <li key={index} className="flex items-center gap-2 rounded-md border px-3 py-1.5">
                <span className="min-w-0 flex-1 truncate">
                  <span className="font-medium">{label}</span> {amount}
                  {detail && <span className="text-muted-foreground"> · {detail}</span>}
                </span>
                <span className="text-xs whitespace-nowrap text-muted-foreground">
                  <Trans>{after} left</Trans>
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t`Remove the ${label} payment of ${amount}`}
                  disabled={frozen || sending}
                  onClick={() => setPayments((current) => current.filter((_, position) => position !== index))}
                >
                  <XIcon aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
      )}

      {remaining > 0 && !frozen && (
        <form onSubmit={submitEntry} noValidate className="grid gap-3" aria-label={t`Add a payment`}>
          <TenderPicker tender={tender} onChoose={chooseTender} hasCustomer={customer !== null} />
          {tender === 'mpesa' ? (
            <Suspense fallback={<InlineSpinner />}>
              <MpesaTender
                registerId={context.registerId}
                shiftId={context.shiftId}
                remainingMinor={remaining}
                hasCustomer={customer !== null}
                onTake={({ amountMinor, reference }) => addPayment({ tender: 'mpesa', amountMinor, reference })}
              />
            </Suspense>
          ) : (
            <TenderFields
              tender={tender}
              entry={entry}
              errors={errors}
              remainingMinor={remaining}
              customer={customer}
              pointValueMinor={pointValueMinor}
              entryRef={entryRef}
              onChange={(field, value) => setEntry((current) => ({ ...current, [field]: value }))}
              onQuickCash={addCash}
            />
          )}
          {tender !== 'mpesa' && (!CUSTOMER_TENDERS.has(tender) || customer !== null) && (
            <div className="flex justify-end">
              <Button type="submit" variant="outline" disabled={tender === 'loyalty' && pointValueMinor === null}>
                <Trans>Add payment</Trans>
              </Button>
            </div>
          )}
        </form>
      )}

      {needsReversalCode && (
        <FormField
          id="exchange-reversal-code"
          label={t`M-Pesa reversal code`}
          error={reversalError}
          hint={<Trans>The earlier sale was paid by M-Pesa: the refund goes back by M-Pesa. The code of the reversal, like SGH7K2LQ9P.</Trans>}
        >
          <Input
            {...fieldControlProps('exchange-reversal-code', { error: reversalError, hint: true })}
            autoComplete="off"
            spellCheck={false}
            className="font-mono uppercase"
            disabled={frozen}
            value={exchange?.attempt ? (exchange.attempt.saleReturn.refunds?.find((refund) => refund.tender === 'mpesa')?.reference ?? '') : reversalCode}
            onChange={(event) => setReversalCode(event.target.value.replace(/\s+/g, '').toUpperCase())}
          />
        </FormField>
      )}

      {refusal && (
        <p role="alert" className="text-sm text-destructive">
          {refusal}
        </p>
      )}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => close(false)} disabled={sending}>
          <Trans>Back to the cart</Trans>
        </Button>
        <Button ref={completeRef} type="button" onClick={() => void complete()} disabled={!canComplete}>
          {sending && <InlineSpinner />}
          {!exchange ? (
            <Trans>Complete sale ({totalText})</Trans>
          ) : refundMinor > 0 ? (
            <Trans>Complete exchange and refund {refundText}</Trans>
          ) : (
            <Trans>Complete exchange ({totalText})</Trans>
          )}
        </Button>
      </DialogFooter>
      {exchange && (
        <ApprovalDialog
          open={approvalOpen}
          onOpenChange={setApprovalOpen}
          action="return_window"
          details={{ receipt: exchange.receiptCode, amountMinor: exchange.creditMinor }}
          registerId={context.registerId}
          onApproved={(approval: Approval) => {
            setApprovalOpen(false);
            void completeExchange(approval.id);
          }}
        />
      )}
    </DialogContent>
  );
}

/** An exchange's figures above the payments: the new goods, the credit, and what is left to pay or to refund. */
function ExchangeSummary({ receiptCode, newItemsMinor, creditMinor, refundMinor }: { receiptCode: string; newItemsMinor: number; creditMinor: number; refundMinor: number }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const refund = money(refundMinor);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 rounded-lg bg-muted/60 p-3 text-sm" aria-label={t`Exchange`}>
      <dt>
        <Trans>New items</Trans>
      </dt>
      <dd className="text-right tabular-nums">{money(newItemsMinor)}</dd>
      <dt>
        <Trans>Exchange credit for {receiptCode}</Trans>
      </dt>
      <dd className="text-right tabular-nums">−{money(creditMinor)}</dd>
      {refundMinor > 0 && (
        <p role="note" className="col-span-2 font-semibold" data-testid="payment-exchange-refund">
          <Trans>Refund {refund} to the customer, the way the earlier sale was paid.</Trans>
        </p>
      )}
    </dl>
  );
}

const FIELD_OF_PAYMENT: Record<string, keyof EntryFields> = { amountMinor: 'amount', tenderedMinor: 'received', reference: 'code', code: 'code', points: 'points' };

function toTenderPayment(payment: PaymentInput) {
  return { tender: payment.tender, amountMinor: payment.amountMinor, tenderedMinor: payment.tender === 'cash' ? (payment.tenderedMinor ?? null) : null };
}

function paymentDetail(payment: PaymentInput, money: (amountMinor: number) => string): string | null {
  switch (payment.tender) {
    case 'cash':
      return payment.tenderedMinor && payment.tenderedMinor !== payment.amountMinor ? money(payment.tenderedMinor) : null;
    case 'mpesa':
    case 'card':
    case 'bank_transfer':
      return payment.reference ?? null;
    case 'gift_card':
      return payment.code;
    case 'loyalty':
      return String(payment.points);
    default:
      return null;
  }
}

function TenderPicker({ tender, onChoose, hasCustomer }: { tender: Tender; onChoose: (tender: Tender) => void; hasCustomer: boolean }) {
  const { t, i18n } = useLingui();
  const giftCards = useFeature('gift_cards');
  const loyalty = useFeature('loyalty_program');
  const access: Partial<Record<Tender, ReturnType<typeof useFeature>>> = { gift_card: giftCards, loyalty };
  return (
    <div role="group" aria-label={t`Paid by`} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {TENDERS.map((option) => {
        const feature = TENDER_FEATURES[option];
        const locked = feature !== undefined && access[option]?.isEnabled === false;
        const needsCustomer = CUSTOMER_TENDERS.has(option) && !hasCustomer;
        return (
          <Button
            key={option}
            type="button"
            variant={tender === option ? 'default' : 'outline'}
            aria-pressed={tender === option}
            disabled={locked}
            title={locked && feature ? translateMessage(upgradeMessage(feature), i18n) : needsCustomer ? t`Choose the customer first (F4)` : undefined}
            className="h-auto min-h-9 justify-between gap-1 px-2 py-1.5 text-xs whitespace-normal sm:text-sm"
            onClick={() => onChoose(option)}
          >
            {translateMessage(TENDER_LABELS[option], i18n)}
            {locked && <Badge variant="accent">{access[option]?.badge}</Badge>}
          </Button>
        );
      })}
    </div>
  );
}

function TenderFields({
  tender,
  entry,
  errors,
  remainingMinor: remaining,
  customer,
  pointValueMinor,
  entryRef,
  onChange,
  onQuickCash,
}: {
  tender: Tender;
  entry: EntryFields;
  errors: EntryErrors;
  remainingMinor: number;
  customer: SaleContext['customer'];
  pointValueMinor: number | null;
  entryRef: React.RefObject<HTMLInputElement | null>;
  onChange: (field: keyof EntryFields, value: string) => void;
  onQuickCash: (receivedMinor: number) => void;
}) {
  const { t } = useLingui();
  const { money } = useMoney();
  const remainingText = money(remaining);

  if (CUSTOMER_TENDERS.has(tender) && customer === null) {
    return (
      <p role="note" className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
        <Trans>Choose the customer first (F4): this payment is taken from their account.</Trans>
      </p>
    );
  }

  const amountField = (
    <FormField id="payment-amount" label={t`Amount`} error={errors.amount} hint={<Trans>Empty: what is left ({remainingText})</Trans>}>
      <Input
        {...fieldControlProps('payment-amount', { error: errors.amount, hint: true })}
        ref={tender === 'account' || tender === 'deposit' ? entryRef : undefined}
        inputMode="decimal"
        autoComplete="off"
        placeholder={(remaining / 100).toFixed(2)}
        value={entry.amount}
        onChange={(event) => onChange('amount', event.target.value)}
      />
    </FormField>
  );

  switch (tender) {
    case 'cash':
      return (
        <div className="grid gap-3">
          <FormField id="payment-received" label={t`Cash received`} error={errors.received} hint={<Trans>Empty: exactly what is left ({remainingText})</Trans>}>
            <Input
              {...fieldControlProps('payment-received', { error: errors.received, hint: true })}
              ref={entryRef}
              inputMode="decimal"
              autoComplete="off"
              placeholder={(remaining / 100).toFixed(2)}
              value={entry.received}
              onChange={(event) => onChange('received', event.target.value)}
            />
          </FormField>
          <div role="group" aria-label={t`Quick cash`} className="flex flex-wrap gap-2">
            {quickCashNotes(remaining).map((note) => (
              <Button key={note} type="button" variant="secondary" onClick={() => onQuickCash(note)}>
                {money(note)}
              </Button>
            ))}
          </div>
        </div>
      );
    case 'card':
    case 'bank_transfer':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id="payment-reference" label={t`Reference (optional)`} error={errors.code}>
            <Input
              {...fieldControlProps('payment-reference', { error: errors.code })}
              ref={entryRef}
              autoComplete="off"
              maxLength={60}
              value={entry.reference}
              onChange={(event) => onChange('reference', event.target.value)}
            />
          </FormField>
          {amountField}
        </div>
      );
    case 'gift_card':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id="payment-gift-card" label={t`Gift card code`} error={errors.code}>
            <Input
              {...fieldControlProps('payment-gift-card', { error: errors.code })}
              ref={entryRef}
              autoComplete="off"
              maxLength={64}
              className="font-mono"
              value={entry.code}
              onChange={(event) => onChange('code', event.target.value)}
            />
          </FormField>
          {amountField}
        </div>
      );
    case 'account': {
      const balance = money(customer!.balanceMinor);
      const limit = money(customer!.creditLimitMinor);
      const name = customer!.name;
      return (
        <div className="grid gap-3">
          <p className="text-sm" data-testid="payment-account-summary">
            <Trans>
              {name} owes {balance}; credit limit {limit}.
            </Trans>
          </p>
          {amountField}
        </div>
      );
    }
    case 'deposit': {
      const deposit = money(customer!.depositMinor);
      const name = customer!.name;
      return (
        <div className="grid gap-3">
          <p className="text-sm">
            <Trans>
              {name} has {deposit} on deposit.
            </Trans>
          </p>
          {amountField}
        </div>
      );
    }
    case 'loyalty': {
      const points = customer!.loyaltyPoints;
      const worth = pointValueMinor === null ? null : money(pointValueMinor);
      return (
        <FormField
          id="payment-points"
          label={t`Points to spend`}
          error={errors.points}
          hint={worth === null ? <Trans>Loading what a point is worth…</Trans> : <Trans>{points} points available; a point is worth {worth}</Trans>}
        >
          <Input
            {...fieldControlProps('payment-points', { error: errors.points, hint: true })}
            ref={entryRef}
            inputMode="numeric"
            autoComplete="off"
            value={entry.points}
            onChange={(event) => onChange('points', event.target.value.replace(/\D/g, ''))}
          />
        </FormField>
      );
    }
  }
}

function OutcomeView({ outcome, changeMinor, totalMinor, onClose }: { outcome: Outcome; changeMinor: number; totalMinor: number; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { money } = useMoney();
  const changeText = money(outcome.kind === 'completed' ? outcome.sale.changeMinor : changeMinor);
  const totalText = money(outcome.kind === 'completed' ? outcome.sale.totalMinor : totalMinor);
  const receiptCode = outcome.kind === 'completed' ? outcome.sale.receiptCode : null;
  const saleReturn = outcome.kind === 'completed' ? outcome.saleReturn : null;
  // An exchange's credit note: what went to the new sale is its 'exchange' refund; the rest goes back to the customer.
  const refunds = saleReturn?.refunds.filter((refund) => refund.tender !== 'exchange') ?? [];
  const refundText = money(refunds.reduce((sum, refund) => sum + refund.amountMinor, 0));
  const returnCode = saleReturn?.returnCode ?? null;
  return (
    <DialogContent className="sm:max-w-md">
      <DialogHeader>
        <DialogTitle>
          {outcome.kind === 'queued' ? <Trans>Sale saved on this till</Trans> : saleReturn ? <Trans>Exchange complete</Trans> : <Trans>Sale complete</Trans>}
        </DialogTitle>
        <DialogDescription>
          {returnCode !== null && receiptCode !== null ? (
            <Trans>
              Receipt {receiptCode} · credit note {returnCode}
            </Trans>
          ) : receiptCode !== null ? (
            <Trans>Receipt {receiptCode}</Trans>
          ) : (
            <Trans>The network did not answer. The sale is kept on this till and sent as soon as the network is back; nothing is lost or charged twice.</Trans>
          )}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-1 rounded-lg border p-4 text-center">
        {refunds.length > 0 ? (
          <>
            <p className="text-sm text-muted-foreground">
              <Trans>Refund due</Trans>
            </p>
            <p className="text-3xl font-bold tabular-nums" data-testid="payment-refund-due">
              {refundText}
            </p>
          </>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              <Trans>Change due</Trans>
            </p>
            <p className="text-3xl font-bold tabular-nums" data-testid="payment-change-due">
              {changeText}
            </p>
          </>
        )}
        <p className="text-sm text-muted-foreground">
          <Trans>Total {totalText}</Trans>
        </p>
      </div>
      {outcome.kind === 'completed' && (
        <ul className="grid gap-1 text-sm" aria-label={t`Payments`}>
          {outcome.sale.payments.map((payment, index) => (
            <li key={index} className="flex justify-between gap-2">
              <span>
                {translateMessage(TENDER_LABELS[payment.tender], i18n)}
                {payment.reference && <span className="text-muted-foreground"> · {payment.reference}</span>}
              </span>
              <span className="tabular-nums">{money(payment.tenderedMinor ?? payment.amountMinor)}</span>
            </li>
          ))}
        </ul>
      )}
      {refunds.length > 0 && (
        <div className="grid gap-1 border-t pt-2 text-sm">
          <h3 className="text-xs font-medium text-muted-foreground">
            <Trans>Refunds</Trans>
          </h3>
          <ul className="grid gap-1" aria-label={t`Refunds`}>
            {refunds.map((refund, index) => (
              <li key={index} className="flex justify-between gap-2">
                <span>
                  {translateMessage(TENDER_LABELS[refund.tender], i18n)}
                  {refund.reference && <span className="text-muted-foreground"> · {refund.reference}</span>}
                </span>
                <span className="tabular-nums">{money(refund.amountMinor)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {outcome.kind === 'completed' && (
        <div role="group" aria-label={t`Send the receipt`} className="flex flex-wrap gap-2 empty:hidden">
          <LazyReceiptMessageActions sale={outcome.sale} />
        </div>
      )}
      <DialogFooter>
        {outcome.kind === 'completed' && (
          <Button type="button" variant="outline" onClick={() => window.print()}>
            <PrinterIcon aria-hidden />
            <Trans>Print receipt</Trans>
          </Button>
        )}
        <Button type="button" autoFocus onClick={onClose}>
          <Trans>New sale</Trans>
        </Button>
      </DialogFooter>
      {outcome.kind === 'completed' && <PrintableReceipt sale={outcome.sale} />}
    </DialogContent>
  );
}

const RECEIPT_PRINT_ROOT = 'register-receipt-print-root';
const SCREEN_HIDDEN_CSS = `@media screen { .${RECEIPT_PRINT_ROOT} { display: none; } }`;

/**
 * The sale's receipt as it prints (80 or 58 mm per the shop's sales settings): a direct child of
 * <body>, shown only on paper, so the dialog and the register around it are not printed.
 */
function PrintableReceipt({ sale }: { sale: Sale }) {
  const shop = useBusinessSettings();
  const salesSettings = useSalesSettings();
  if (!shop.data) return null;
  return createPortal(
    <div className={RECEIPT_PRINT_ROOT}>
      <style>{SCREEN_HIDDEN_CSS}</style>
      <Suspense fallback={null}>
        <SaleReceipt sale={sale} shop={shop.data} widthMm={salesSettings.data?.receiptWidthMm ?? 80} copy={false} />
      </Suspense>
    </div>,
    document.body,
  );
}
