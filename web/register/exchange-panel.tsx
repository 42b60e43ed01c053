import { Trans, useLingui } from '@lingui/react/macro';
import { XIcon } from 'lucide-react';
import { formatQuantity } from '../../core/products/quantity.rules';
import { useMoney } from '../accounts/use-money';
import { Button } from '../components/ui/button';
import { settleExchange, type ExchangeCredit } from './exchange-credit';

// An exchange on the register screen: the credit at the top of the cart (removable: the exchange
// is cancelled, nothing was sent), and under the totals what the credit leaves to pay or to refund.

export function ExchangeCreditPanel({ exchange, paying, onCancel }: { exchange: ExchangeCredit; paying: boolean; onCancel: () => void }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const code = exchange.receiptCode;
  const credit = money(exchange.creditMinor);
  const sent = exchange.attempt !== null;
  return (
    <section aria-label={t`Exchange`} className="grid gap-1 rounded-xl border border-primary/40 bg-primary/5 p-3 text-sm">
      <div className="flex items-center justify-between gap-2">
        <p className="font-semibold" data-testid="exchange-credit">
          <Trans>
            Exchange for receipt {code}: −{credit}
          </Trans>
        </p>
        <Button type="button" size="icon" variant="ghost" aria-label={t`Cancel the exchange for ${code}`} disabled={sent} onClick={onCancel}>
          <XIcon aria-hidden />
        </Button>
      </div>
      <ul className="grid gap-0.5 text-muted-foreground" aria-label={t`Items coming back`}>
        {exchange.lines.map((line) => (
          <li key={line.saleLineId} className="flex justify-between gap-2">
            <span>
              {formatQuantity(line.quantityMilli)} × {line.name}
            </span>
            <span className="tabular-nums">−{money(line.amountMinor)}</span>
          </li>
        ))}
      </ul>
      {sent && !paying && (
        <p role="alert" className="text-destructive">
          <Trans>This exchange was sent but not confirmed. Pay (F9) to send it again: it is never made twice.</Trans>
        </p>
      )}
    </section>
  );
}

/** Under the cart's total: the credit, and what is left to pay or to refund. */
export function ExchangeTotals({ totalMinor, creditMinor }: { totalMinor: number; creditMinor: number }) {
  const { money } = useMoney();
  const { dueMinor, refundMinor } = settleExchange(totalMinor, creditMinor);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-t pt-2 text-sm">
      <dt>
        <Trans>Exchange credit</Trans>
      </dt>
      <dd className="text-right tabular-nums">−{money(creditMinor)}</dd>
      {refundMinor > 0 ? (
        <>
          <dt className="text-lg font-semibold">
            <Trans>To refund</Trans>
          </dt>
          <dd className="text-right text-lg font-semibold tabular-nums" data-testid="exchange-refund">
            {money(refundMinor)}
          </dd>
        </>
      ) : (
        <>
          <dt className="text-lg font-semibold">
            <Trans>Left to pay</Trans>
          </dt>
          <dd className="text-right text-lg font-semibold tabular-nums" data-testid="exchange-due">
            {money(dueMinor)}
          </dd>
        </>
      )}
    </dl>
  );
}
