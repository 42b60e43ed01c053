import { Trans, useLingui } from '@lingui/react/macro';
import { SmartphoneIcon } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { formatMpesaPhone, normalizeMpesaPhone } from '../../core/payments/mpesa.rules';
import type { MpesaPayment, MpesaStatusQuery, StkRequest } from '../../core/payments/mpesa.schemas';
import { parseMoney } from '../../core/settings/money.rules';
import { useMoney } from '../accounts/use-money';
import { FormField, fieldControlProps } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { InlineSpinner, Spinner } from '../components/ui/spinner';
import { translateMessage } from '../i18n/translate-message';
import { isApiError } from '../lib/api-client';
import { useDateFormat } from '../lib/date-format';
import { failureMessage } from '../lib/form-errors';
import { useCountdown } from '../lib/use-countdown';
import {
  abandonStkPrompt,
  answerSimulatedPrompt,
  lookupMpesaCode,
  readStatusQuery,
  readStkPrompt,
  sendStkPrompt,
  simulateTillPayment,
  useMpesaMode,
  useMpesaPayments,
} from './mpesa.api';

// M-Pesa at the register (issue 19): send a prompt to the customer's phone and wait for it, pick
// the customer's payment from the till's confirmations, or type the code from their SMS. The sale
// takes an M-Pesa payment only with a code Safaricom confirmed (or, in a shop without Daraja
// credentials, a code typed as before). A shop without credentials shows the simulated phone.

export interface MpesaTake {
  amountMinor: number;
  reference: string;
}

type Mode = 'prompt' | 'inbox' | 'code';
const PROMPT_SECONDS = 60;
const INBOX_MINUTES = 30;
const POLL_MS = 2_000;

const isWaiting = (prompt: StkRequest) => prompt.status === 'pending' || (prompt.status === 'paid' && !prompt.receiptNumber);

export function MpesaTender({
  registerId,
  shiftId,
  remainingMinor,
  hasCustomer,
  onTake,
}: {
  registerId: string;
  shiftId: string;
  remainingMinor: number;
  hasCustomer: boolean;
  onTake: (take: MpesaTake) => void;
}) {
  const { t } = useLingui();
  // The typed code first: what a till without Daraja has always done.
  const [mode, setMode] = useState<Mode>('code');
  const modeQuery = useMpesaMode(registerId);
  const simulated = modeQuery.data?.mode === 'simulated';
  // A payment taken clears the panel for the next one (a split between two M-Pesa payments).
  const [takes, setTakes] = useState(0);
  const take = (payment: MpesaTake) => {
    setTakes((count) => count + 1);
    onTake(payment);
  };
  const modes: { value: Mode; label: string }[] = [
    { value: 'code', label: t`Type code` },
    { value: 'prompt', label: t`Send prompt` },
    { value: 'inbox', label: t`Till payments` },
  ];
  return (
    <div className="grid gap-3" data-testid="mpesa-tender">
      <div role="group" aria-label={t`M-Pesa`} className="flex flex-wrap items-center gap-2">
        {modes.map((option) => (
          <Button key={option.value} type="button" size="sm" variant={mode === option.value ? 'default' : 'outline'} aria-pressed={mode === option.value} onClick={() => setMode(option.value)}>
            {option.label}
          </Button>
        ))}
        {simulated && (
          <Badge variant="accent" data-testid="mpesa-sandbox-badge">
            <Trans>Sandbox: no real money</Trans>
          </Badge>
        )}
      </div>
      {mode === 'prompt' && <PromptPanel key={takes} registerId={registerId} shiftId={shiftId} remainingMinor={remainingMinor} onTake={take} />}
      {mode === 'inbox' && <InboxPanel remainingMinor={remainingMinor} hasCustomer={hasCustomer} simulated={simulated} onTake={take} />}
      {mode === 'code' && <CodePanel key={takes} registerId={registerId} remainingMinor={remainingMinor} hasCustomer={hasCustomer} simulated={simulated} onTake={take} />}
    </div>
  );
}

/** What a payment pays of what is left: all of it, or what is left when it is larger. */
function takeOf(payment: MpesaPayment, remainingMinor: number): MpesaTake {
  return { amountMinor: Math.min(payment.amountMinor, remainingMinor), reference: payment.transId };
}

function PromptPanel({ registerId, shiftId, remainingMinor, onTake }: { registerId: string; shiftId: string; remainingMinor: number; onTake: (take: MpesaTake) => void }) {
  const { t, i18n } = useLingui();
  const { money } = useMoney();
  const [phone, setPhone] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; amount?: string }>({});
  const [prompt, setPrompt] = useState<StkRequest | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const countdown = useCountdown();
  const taken = useRef<string | null>(null);
  const unanswered = useRef<{ id: string; key: string } | null>(null);

  const waiting = prompt !== null && isWaiting(prompt);

  /** A new state of the prompt: a paid one with its receipt is taken once. */
  const settle = (next: StkRequest) => {
    setPrompt(next);
    if (next.status === 'paid' && next.receiptNumber && taken.current !== next.id) {
      taken.current = next.id;
      onTake({ amountMinor: next.amountMinor, reference: next.receiptNumber });
    }
  };
  const onSettled = useEffectEvent(settle);

  // Polls the waiting prompt; the server asks Daraja itself when the callback is late.
  useEffect(() => {
    if (!prompt || !isWaiting(prompt)) return;
    let stopped = false;
    const timer = setTimeout(() => {
      void readStkPrompt(prompt.id).then(
        (next) => !stopped && onSettled(next),
        () => !stopped && setPrompt({ ...prompt }),
      );
    }, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [prompt]);

  const send = async () => {
    const normalized = normalizeMpesaPhone(phone);
    const amountMinor = amount.trim() === '' ? remainingMinor : parseMoney(amount);
    const found: typeof errors = {};
    if (!normalized) found.phone = t`Enter a Safaricom number like 0712 345 678`;
    if (amountMinor === null || amountMinor <= 0 || amountMinor > remainingMinor) found.amount = t`Enter an amount up to what is left`;
    else if (amountMinor % 100 !== 0) found.amount = t`M-Pesa takes whole shillings: pay the cents another way`;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    setFailure(null);
    // A send that got no answer is sent again under the same id, so the customer gets one prompt.
    const body = { registerId, shiftId, phone: normalized!, amountMinor: amountMinor! };
    const key = JSON.stringify(body);
    if (unanswered.current?.key !== key) unanswered.current = { id: crypto.randomUUID(), key };
    try {
      const sent = await sendStkPrompt({ id: unanswered.current.id, ...body });
      unanswered.current = null;
      settle(sent);
      countdown.start(PROMPT_SECONDS);
    } catch (error) {
      if (isApiError(error) && error.status > 0) unanswered.current = null;
      if (isApiError(error) && error.fields) setErrors({ phone: error.fieldMessage('phone'), amount: error.fieldMessage('amountMinor') });
      setFailure(failureMessage(error, t`The prompt was not sent. Try again.`));
    } finally {
      setSending(false);
    }
  };

  const close = async () => {
    if (prompt?.status === 'pending') await abandonStkPrompt(prompt.id).catch(() => undefined);
    setPrompt(null);
  };

  if (prompt) {
    const current = prompt;
    const phoneText = formatMpesaPhone(current.phone);
    const amountText = money(current.amountMinor);
    const ended = !waiting;
    return (
      <div className="grid gap-3 rounded-lg border p-3" data-testid="mpesa-prompt" aria-live="polite">
        <p className="text-sm">
          <Trans>
            Prompt for {amountText} sent to {phoneText}
          </Trans>
          {waiting && countdown.secondsLeft > 0 && <span className="ml-2 text-muted-foreground tabular-nums">{t`${countdown.secondsLeft} s`}</span>}
        </p>
        <p role="status" data-testid="mpesa-prompt-status" className={ended && current.status !== 'paid' ? 'font-medium text-destructive' : 'font-medium'}>
          {waiting && <InlineSpinner />} {translateMessage(current.message, i18n)}
          {current.receiptNumber && <span className="ml-2 font-mono">{current.receiptNumber}</span>}
        </p>
        {current.simulated && current.status === 'pending' && <SimulatedPhone prompt={current} onAnswered={settle} />}
        <div className="flex flex-wrap justify-end gap-2">
          {ended && current.status !== 'paid' && (
            <Button type="button" onClick={() => void send()} disabled={sending}>
              <Trans>Retry</Trans>
            </Button>
          )}
          {current.status !== 'paid' && (
            <Button type="button" variant="outline" onClick={() => void close()}>
              <Trans>Close the prompt</Trans>
            </Button>
          )}
        </div>
      </div>
    );
  }

  const remainingText = money(remainingMinor);
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="mpesa-phone" label={t`Customer’s phone`} error={errors.phone}>
          <Input
            {...fieldControlProps('mpesa-phone', { error: errors.phone })}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="0712 345 678"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void send();
              }
            }}
          />
        </FormField>
        <FormField id="mpesa-amount" label={t`Amount`} error={errors.amount} hint={<Trans>Empty: what is left ({remainingText})</Trans>}>
          <Input
            {...fieldControlProps('mpesa-amount', { error: errors.amount, hint: true })}
            inputMode="decimal"
            autoComplete="off"
            placeholder={(remainingMinor / 100).toFixed(2)}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </FormField>
      </div>
      {failure && (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="button" onClick={() => void send()} disabled={sending}>
          {sending && <InlineSpinner />}
          <Trans>Send M-Pesa prompt</Trans>
        </Button>
      </div>
    </div>
  );
}

/** The sandbox's stand-in for the customer's phone: its answer goes through the real callback code. */
function SimulatedPhone({ prompt, onAnswered }: { prompt: StkRequest; onAnswered: (prompt: StkRequest) => void }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const [busy, setBusy] = useState(false);
  const answer = async (outcome: 'approve' | 'cancel' | 'timeout') => {
    setBusy(true);
    try {
      onAnswered(await answerSimulatedPrompt(prompt.id, outcome));
    } finally {
      setBusy(false);
    }
  };
  const amountText = money(prompt.amountMinor);
  return (
    <section aria-label={t`Simulated phone`} data-testid="simulated-phone" className="mx-auto grid w-full max-w-xs gap-2 rounded-2xl border-4 border-dashed border-amber-400 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
      <p className="flex items-center gap-2 text-xs font-semibold tracking-wide uppercase">
        <SmartphoneIcon aria-hidden className="size-4" />
        <Trans>Simulated phone: no real money moves</Trans>
      </p>
      <p className="text-sm">
        <Trans>Pay {amountText} to this shop? Enter M-Pesa PIN.</Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" disabled={busy} onClick={() => void answer('approve')}>
          <Trans>Approve</Trans>
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => void answer('cancel')}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => void answer('timeout')}>
          <Trans>Time out</Trans>
        </Button>
      </div>
    </section>
  );
}

function PaymentChoice({ payment, remainingMinor, hasCustomer, onTake }: { payment: MpesaPayment; remainingMinor: number; hasCustomer: boolean; onTake: (take: MpesaTake) => void }) {
  const { money } = useMoney();
  const { formatDateTime } = useDateFormat();
  const extra = payment.amountMinor - remainingMinor;
  const extraText = money(Math.max(0, extra));
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm" data-testid="mpesa-payment">
      <div className="grid">
        <span>
          <span className="font-mono">{payment.transId}</span> · <span className="font-semibold tabular-nums">{money(payment.amountMinor)}</span>
        </span>
        <span className="text-xs text-muted-foreground">
          {[payment.payerName, payment.msisdn, formatDateTime(payment.transTime)].filter(Boolean).join(' · ')}
        </span>
        {extra > 0 && (
          <span className="text-xs">{hasCustomer ? <Trans>{extraText} more than is left: it goes to the customer’s deposit.</Trans> : <Trans>{extraText} more than is left: choose the customer (F4) to keep it as their deposit.</Trans>}</span>
        )}
      </div>
      <Button type="button" size="sm" disabled={extra > 0 && !hasCustomer} onClick={() => onTake(takeOf(payment, remainingMinor))}>
        <Trans>Take this payment</Trans>
      </Button>
    </li>
  );
}

function InboxPanel({ remainingMinor, hasCustomer, simulated, onTake }: { remainingMinor: number; hasCustomer: boolean; simulated: boolean; onTake: (take: MpesaTake) => void }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const [thisAmount, setThisAmount] = useState(true);
  const [simulating, setSimulating] = useState(false);
  const inbox = useMpesaPayments({ status: 'unallocated', sinceMinutes: INBOX_MINUTES, amountMinor: thisAmount ? remainingMinor : undefined, pageSize: 20 }, { refetchInterval: 5_000 });
  const items = inbox.data?.items ?? [];
  // Two payments of one amount in the window: never guessed, the customer's code decides.
  const ambiguous = items.some((item, index) => items.findIndex((other) => other.amountMinor === item.amountMinor) !== index);
  const remainingText = money(remainingMinor);
  return (
    <div className="grid gap-2" data-testid="mpesa-inbox">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={thisAmount} onChange={(event) => setThisAmount(event.target.checked)} />
          <Trans>Only {remainingText}, last {INBOX_MINUTES} minutes</Trans>
        </label>
        {simulated && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={simulating || remainingMinor % 100 !== 0}
            onClick={() => {
              setSimulating(true);
              void simulateTillPayment(remainingMinor)
                .then(() => inbox.refetch())
                .finally(() => setSimulating(false));
            }}
          >
            <Trans>Simulate a till payment of {remainingText}</Trans>
          </Button>
        )}
      </div>
      {ambiguous && (
        <p role="note" className="text-sm font-medium text-amber-700 dark:text-amber-300">
          <Trans>Several payments of the same amount: ask the customer for their M-Pesa code.</Trans>
        </p>
      )}
      {inbox.isPending ? (
        <Spinner label={t`Loading`} />
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No payment waiting. New ones appear here as Safaricom confirms them.</Trans>
        </p>
      ) : (
        <ul className="grid max-h-64 gap-2 overflow-y-auto">
          {items.map((payment) => (
            <PaymentChoice key={payment.id} payment={payment} remainingMinor={remainingMinor} hasCustomer={hasCustomer} onTake={onTake} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CodePanel({ registerId, remainingMinor, hasCustomer, simulated, onTake }: { registerId: string; remainingMinor: number; hasCustomer: boolean; simulated: boolean; onTake: (take: MpesaTake) => void }) {
  const { t, i18n } = useLingui();
  const { money } = useMoney();
  const [code, setCode] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ code?: string; amount?: string }>({});
  const [found, setFound] = useState<MpesaPayment | null>(null);
  const [query, setQuery] = useState<MpesaStatusQuery | null>(null);
  const [checking, setChecking] = useState(false);
  const normalized = code.replace(/\s+/g, '').toUpperCase();
  const typedAmount = amount.trim() === '' ? null : parseMoney(amount);

  /** A confirmed payment: taken at once unless it is larger than what is left (the cashier decides). */
  const takeConfirmed = (payment: MpesaPayment) => {
    if (payment.amountMinor > remainingMinor && typedAmount === null) {
      setFound(payment);
      return;
    }
    onTake({ amountMinor: typedAmount ?? payment.amountMinor, reference: payment.transId });
  };

  const onConfirmed = useEffectEvent(takeConfirmed);

  // Polls a code being checked with Safaricom until it is answered.
  useEffect(() => {
    if (query?.status !== 'pending') return;
    let stopped = false;
    const timer = setTimeout(() => {
      void readStatusQuery(query.id).then(
        (next) => {
          if (stopped) return;
          setQuery(next);
          if (next.status === 'found' && next.payment) onConfirmed(next.payment);
        },
        () => !stopped && setQuery({ ...query }),
      );
    }, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [query]);

  const check = async () => {
    setFound(null);
    setQuery(null);
    const found: typeof errors = {};
    if (!/^[A-Z0-9]{10}$/.test(normalized)) found.code = t`An M-Pesa code is 10 letters and digits, like SGH7K2LQ9P`;
    if (typedAmount !== null && (typedAmount <= 0 || typedAmount > remainingMinor)) found.amount = t`Enter an amount up to what is left`;
    if (amount.trim() !== '' && typedAmount === null) found.amount = t`Enter an amount up to what is left`;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setChecking(true);
    try {
      const result = await lookupMpesaCode(normalized, registerId);
      if (result.state === 'found') takeConfirmed(result.payment);
      // Without Daraja credentials nothing can be asked: the code is taken as typed, as before.
      else if (simulated) onTake({ amountMinor: typedAmount ?? remainingMinor, reference: normalized });
      else setQuery(result.query);
    } catch (failure) {
      setErrors({ code: isApiError(failure) ? translateMessage(failure.message, i18n) : failureMessage(failure, t`The code was not checked. Try again.`) });
    } finally {
      setChecking(false);
    }
  };

  const remainingText = money(remainingMinor);
  const submitOnEnter = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void check();
    }
  };
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="payment-code" label={t`M-Pesa code`} error={errors.code} hint={t`10 letters and digits from the M-Pesa message, e.g. SGH7K2LQ9P`}>
          <Input
            {...fieldControlProps('payment-code', { error: errors.code, hint: true })}
            autoComplete="off"
            maxLength={12}
            className="font-mono uppercase"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            onKeyDown={submitOnEnter}
          />
        </FormField>
        <FormField id="payment-amount" label={t`Amount`} error={errors.amount} hint={<Trans>Empty: what is left ({remainingText})</Trans>}>
          <Input
            {...fieldControlProps('payment-amount', { error: errors.amount, hint: true })}
            inputMode="decimal"
            autoComplete="off"
            placeholder={(remainingMinor / 100).toFixed(2)}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            onKeyDown={submitOnEnter}
          />
        </FormField>
      </div>
      <div className="flex justify-end">
        <Button type="button" variant="outline" onClick={() => void check()} disabled={checking}>
          {checking && <InlineSpinner />}
          <Trans>Check code</Trans>
        </Button>
      </div>
      {query && (
        <p role="status" data-testid="mpesa-code-status" className="text-sm">
          {query.status === 'pending' && <InlineSpinner />} {translateMessage(query.message, i18n)}
        </p>
      )}
      {found && (
        <ul>
          <PaymentChoice payment={found} remainingMinor={remainingMinor} hasCustomer={hasCustomer} onTake={onTake} />
        </ul>
      )}
      {query?.status === 'failed' && (
        <div className="flex justify-end">
          <Button type="button" variant="outline" onClick={() => onTake({ amountMinor: typedAmount ?? remainingMinor, reference: normalized })}>
            <Trans>Take the code as typed (not confirmed by Safaricom)</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}
