import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatQuantity, parseQuantity } from '../../core/products/quantity.rules';
import { RETURN_DISPOSITIONS, RETURN_REASONS, TENDER_LABELS, type Approval, type ReturnDisposition, type ReturnReason, type Sale, type SaleReturn } from '../../core/sales/sales.schemas';
import { useMoney } from '../accounts/use-money';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { InlineSpinner } from '../components/ui/spinner';
import { Textarea } from '../components/ui/textarea';
import { translateMessage } from '../i18n/translate-message';
import { DetailSkeleton, LoadError } from '../inventory/inventory-ui';
import { isApiError } from '../lib/api-client';
import { failureMessage } from '../lib/form-errors';
import { ApprovalDialog } from '../register/approval-dialog';
import { exchangeCreditOf, mpesaPaidMinor as mpesaPaidOn, refundsFor, saleLineName, type ExchangeCredit } from '../register/exchange-credit';
import { returnAmountMinor } from './return-amount';
import { DISPOSITION_LABELS, RETURN_REASON_LABELS } from './sales-labels';
import { createReturn, useRefreshSales, useSale } from './sales.api';

// A return against a sale (issue 15): the lines and quantities still returnable, a reason, each line
// back on the shelf or written off as damaged, the money back the way it came (the server's default:
// the sale's tenders in order; an M-Pesa payment needs the reversal's code). Past the shop's return
// window the server asks for a manager (409 approval_required): the approval dialog opens and the
// same return is sent again with the approval. The return's id is made once per dialog, so a retry
// after a lost answer makes no second return. At the register the chosen lines may instead become
// an exchange: they go to the cart as a credit against new goods (web/register/exchange-credit.ts).

interface LineChoice {
  quantity: string;
  disposition: ReturnDisposition;
}

export function ReturnDialog({
  open,
  onOpenChange,
  saleId,
  registerId,
  shiftId,
  onReturned,
  onExchange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  saleId: string;
  /** The register and its open shift the refund is paid from. */
  registerId: string;
  shiftId: string;
  onReturned: (saleReturn: SaleReturn) => void;
  /** At the register: the chosen lines go to the cart as an exchange credit instead of a refund. */
  onExchange?: (credit: ExchangeCredit) => void;
}) {
  const { t } = useLingui();
  const sale = useSale(open ? saleId : '');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        {sale.isPending ? (
          <>
            <DialogHeader>
              <DialogTitle>
                <Trans>Return</Trans>
              </DialogTitle>
            </DialogHeader>
            <DetailSkeleton label={t`Loading the sale`} />
          </>
        ) : sale.isError ? (
          <>
            <DialogHeader>
              <DialogTitle>
                <Trans>Return</Trans>
              </DialogTitle>
            </DialogHeader>
            <LoadError error={sale.error} what={t`the sale`} onRetry={() => void sale.refetch()} />
          </>
        ) : (
          <ReturnForm
            key={sale.data.id}
            sale={sale.data}
            registerId={registerId}
            shiftId={shiftId}
            onDone={(saleReturn) => {
              onReturned(saleReturn);
              onOpenChange(false);
            }}
            onExchange={onExchange}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ReturnForm({
  sale,
  registerId,
  shiftId,
  onDone,
  onExchange,
}: {
  sale: Sale;
  registerId: string;
  shiftId: string;
  onDone: (saleReturn: SaleReturn) => void;
  onExchange: ((credit: ExchangeCredit) => void) | undefined;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { money } = useMoney();
  const refresh = useRefreshSales();
  const [returnId] = useState(() => crypto.randomUUID());
  const [choices, setChoices] = useState<Record<string, LineChoice>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [note, setNote] = useState('');
  const [mpesaCode, setMpesaCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [approvalOpen, setApprovalOpen] = useState(false);

  const returnable = sale.lines.filter((line) => line.quantityMilli > line.returnedQuantityMilli);
  const choiceOf = (lineId: string): LineChoice => choices[lineId] ?? { quantity: '', disposition: 'restock' };
  const setChoice = (lineId: string, change: Partial<LineChoice>) => setChoices((current) => ({ ...current, [lineId]: { ...choiceOf(lineId), ...change } }));
  const chosen = returnable.flatMap((line) => {
    const quantityMilli = parseQuantity(choiceOf(line.id).quantity);
    return quantityMilli && quantityMilli > 0 ? [{ line, quantityMilli, disposition: choiceOf(line.id).disposition }] : [];
  });
  const totalMinor = chosen.reduce((sum, { line, quantityMilli }) => sum + returnAmountMinor(line, Math.min(quantityMilli, line.quantityMilli - line.returnedQuantityMilli)), 0);
  const mpesaPaidMinor = mpesaPaidOn(sale);
  const needsMpesaCode = mpesaPaidMinor > 0;
  const refundTenders = [...new Set(sale.payments.map((payment) => payment.tender))].map((tender) => translateMessage(TENDER_LABELS[tender], i18n)).join(', ');

  const submit = useMutation({
    mutationKey: ['sales', 'return'],
    mutationFn: (approvalId: string | null) => {
      const refunds = refundsFor(totalMinor, mpesaPaidMinor, mpesaCode);
      return createReturn({
        id: returnId,
        registerId,
        shiftId,
        saleId: sale.id,
        customerId: null,
        lines: chosen.map(({ line, quantityMilli, disposition }) => ({ saleLineId: line.id, quantityMilli, disposition })),
        reason,
        note: note.trim() || null,
        refunds,
        approvalId,
      });
    },
    onSuccess: async (result) => {
      await refresh();
      onDone(result.saleReturn);
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'approval_required') {
        setApprovalOpen(true);
        return;
      }
      if (isApiError(error) && error.fields) {
        const fieldErrors: Record<string, string | undefined> = {};
        for (const [field, messages] of Object.entries(error.fields)) {
          const lineMatch = /^lines\.(\d+)\./.exec(field);
          const key = lineMatch ? chosen[Number(lineMatch[1])]?.line.id : field.startsWith('refunds') ? 'mpesaCode' : field;
          if (key) fieldErrors[key] = messages[0];
        }
        setErrors(fieldErrors);
      }
      setRefusal(failureMessage(error, t`The return failed. Try again.`));
    },
  });

  /** The typed choices' problems, shown; true when there are none. The M-Pesa code is a refund's only. */
  const validate = (refunding: boolean): boolean => {
    setRefusal(null);
    const found: Record<string, string | undefined> = {};
    for (const line of returnable) {
      const typed = choiceOf(line.id).quantity.trim();
      if (!typed) continue;
      const quantityMilli = parseQuantity(typed);
      const left = line.quantityMilli - line.returnedQuantityMilli;
      if (quantityMilli === null) found[line.id] = t`Enter a quantity such as 1 or 0.5`;
      else if (quantityMilli > left) found[line.id] = t`At most ${formatQuantity(left)} can be returned`;
    }
    if (chosen.length === 0 && Object.keys(found).length === 0) found.lines = t`Enter the quantity of at least one item to return`;
    if (!reason) found.reason = t`Choose a reason`;
    if (refunding && needsMpesaCode && !/^[A-Z0-9]{10}$/.test(mpesaCode)) found.mpesaCode = t`Enter the 10-character code of the M-Pesa reversal`;
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (validate(true)) submit.mutate(null);
  };

  const exchange = () => {
    if (!onExchange || !validate(false) || !reason) return;
    onExchange(exchangeCreditOf(sale, chosen, reason, note.trim() || null));
  };

  const code = sale.receiptCode;
  const total = money(totalMinor);
  // The approval dialog stays outside the form: its own form's submit would bubble through the portal.
  return (
    <>
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t`Return from ${code}`}>
      <DialogHeader>
        <DialogTitle>
          <Trans>Return from {code}</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>Choose what comes back and how many. The money goes back the way it was paid.</Trans>
        </DialogDescription>
      </DialogHeader>
      {sale.status === 'voided' ? (
        <p role="alert" className="text-sm text-destructive">
          <Trans>This sale was voided: there is nothing to return.</Trans>
        </p>
      ) : returnable.length === 0 ? (
        <p role="alert" className="text-sm text-muted-foreground">
          <Trans>Everything on this sale has already been returned.</Trans>
        </p>
      ) : (
        <>
          <ul className="grid gap-3" aria-label={t`Items on the sale`}>
            {returnable.map((line) => {
              const left = formatQuantity(line.quantityMilli - line.returnedQuantityMilli);
              const sold = formatQuantity(line.quantityMilli);
              const name = saleLineName(line);
              const id = `return-quantity-${line.id}`;
              return (
                <li key={line.id} className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_8rem_12rem] sm:items-start">
                  <div className="grid gap-0.5 text-sm">
                    <span className="font-medium">{name}</span>
                    <span className="text-muted-foreground">
                      <Trans>
                        Sold {sold}, {left} returnable, {money(line.totalMinor)}
                      </Trans>
                    </span>
                  </div>
                  <FormField id={id} label={t`Quantity of ${name}`} error={errors[line.id]}>
                    <Input
                      {...fieldControlProps(id, { error: errors[line.id] })}
                      inputMode="decimal"
                      placeholder="0"
                      value={choiceOf(line.id).quantity}
                      onChange={(event) => setChoice(line.id, { quantity: event.target.value })}
                    />
                  </FormField>
                  <FormField id={`return-disposition-${line.id}`} label={t`Condition of ${name}`}>
                    <NativeSelect
                      id={`return-disposition-${line.id}`}
                      value={choiceOf(line.id).disposition}
                      onChange={(event) => setChoice(line.id, { disposition: event.target.value as ReturnDisposition })}
                    >
                      {RETURN_DISPOSITIONS.map((disposition) => (
                        <option key={disposition} value={disposition}>
                          {i18n._(DISPOSITION_LABELS[disposition])}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormField>
                </li>
              );
            })}
          </ul>
          {errors.lines && (
            <p role="alert" className="text-sm text-destructive">
              {errors.lines}
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="return-reason" label={t`Reason`} error={errors.reason}>
              <NativeSelect {...fieldControlProps('return-reason', { error: errors.reason })} value={reason} onChange={(event) => setReason(event.target.value as ReturnReason)}>
                <option value="">{t`Choose a reason`}</option>
                {RETURN_REASONS.map((value) => (
                  <option key={value} value={value}>
                    {i18n._(RETURN_REASON_LABELS[value])}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            {needsMpesaCode && (
              <FormField
                id="return-mpesa-code"
                label={t`M-Pesa reversal code`}
                error={errors.mpesaCode}
                hint={<Trans>The code of the reversal sent to the customer, like SGH7K2LQ9P.</Trans>}
              >
                <Input
                  {...fieldControlProps('return-mpesa-code', { error: errors.mpesaCode, hint: true })}
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono uppercase"
                  value={mpesaCode}
                  onChange={(event) => setMpesaCode(event.target.value.replace(/\s+/g, '').toUpperCase())}
                />
              </FormField>
            )}
          </div>
          <FormField id="return-note" label={t`Note (optional)`}>
            <Textarea id="return-note" rows={2} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
          </FormField>
          <p className="rounded-lg bg-muted/60 p-3 text-sm" aria-live="polite">
            <Trans>
              Refund {total} to: {refundTenders}
            </Trans>
          </p>
        </>
      )}
      {refusal && (
        <p role="alert" className="text-sm text-destructive">
          {refusal}
        </p>
      )}
      <DialogFooter>
        {returnable.length > 0 && sale.status !== 'voided' && (
          <>
            {onExchange && (
              <Button type="button" variant="outline" onClick={exchange} disabled={submit.isPending}>
                <Trans>Exchange: {total} credit to the cart</Trans>
              </Button>
            )}
            <Button type="submit" disabled={submit.isPending}>
              {submit.isPending && <InlineSpinner />}
              <Trans>Return and refund {total}</Trans>
            </Button>
          </>
        )}
      </DialogFooter>
    </form>
      <ApprovalDialog
        open={approvalOpen}
        onOpenChange={setApprovalOpen}
        action="return_window"
        details={{ receipt: sale.receiptCode, amountMinor: totalMinor }}
        registerId={registerId}
        onApproved={(approval: Approval) => submit.mutate(approval.id)}
      />
    </>
  );
}
