import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeftIcon, PrinterIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { formatGiftCardCode, giftCardCodeProblem, GIFT_CARD_CODE_MESSAGES, stripGiftCardCode } from '../../core/gift-cards/gift-card-code.rules';
import type { GiftCardDetail } from '../../core/gift-cards/gift-cards.schemas';
import { drawBarcode } from '../../core/products/barcode-svg.rules';
import { useMoney } from '../accounts/use-money';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { InlineSpinner } from '../components/ui/spinner';
import { DetailSkeleton, LoadError, LockedFeature } from '../inventory/inventory-ui';
import { translateMessage } from '../i18n/translate-message';
import { isApiError } from '../lib/api-client';
import { useDocumentTitle } from '../lib/use-document-title';
import { GiftCardStatusBadge, useExpiryText, useShopName } from './gift-card-dialogs';
import { checkGiftCardBalance, giftCardPath, useGiftCard, useGiftCardAccess } from './gift-cards.api';

// A gift card to print: ID-1 size (85.6 × 54 mm, a bank card), the shop's name, the value, the
// expiry, the code in text (XXXX-XXXX-XXXX-XXXX) and as a Code 128 barcode of its 16 symbols
// (without dashes: what the till's scanner types is the code itself). Printing hides the rest.
const CARD_WIDTH_MM = 85.6;
const CARD_HEIGHT_MM = 54;
/** 0.25 mm modules: a 16-symbol Code 128 is under 60 mm wide, read by common scanners and phones. */
const MODULE_MM = 0.25;
const PRINT_CSS = `
@page { size: ${CARD_WIDTH_MM}mm ${CARD_HEIGHT_MM}mm; margin: 0; }
@media print {
  body * { visibility: hidden; }
  #gift-card-print, #gift-card-print * { visibility: visible; }
  #gift-card-print { position: absolute; inset: 0 auto auto 0; border: 0; box-shadow: none; border-radius: 0; }
}
`;

/** /admin/customers/gift-cards/:giftCardId/print. The code comes from the issue dialog (it is kept nowhere); here, it can be typed in again. */
export function GiftCardPrintPage() {
  const { t } = useLingui();
  const access = useGiftCardAccess();
  const { giftCardId = '' } = useParams();
  const location = useLocation();
  const passed = (location.state as { code?: unknown } | null)?.code;
  const [code, setCode] = useState<string | null>(typeof passed === 'string' ? passed : null);
  const card = useGiftCard(giftCardId, { enabled: access.isEnabled });
  useDocumentTitle(t`Print gift card`);
  if (!access.isEnabled) return <LockedFeature feature="gift_cards" title={t`Gift cards`} badge={access.badge ?? ''} />;
  if (card.isPending) return <DetailSkeleton label={t`Loading the gift card`} />;
  if (card.isError) return <LoadError error={card.error} what={t`the gift card`} onRetry={() => void card.refetch()} />;
  return (
    <div className="grid justify-items-center gap-4">
      <style>{PRINT_CSS}</style>
      <div className="flex w-full max-w-md flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to={giftCardPath(giftCardId)} className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
          <ArrowLeftIcon aria-hidden className="size-4" />
          <Trans>Back to the card</Trans>
        </Link>
        {code && (
          <Button onClick={() => window.print()}>
            <PrinterIcon aria-hidden />
            <Trans>Print</Trans>
          </Button>
        )}
      </div>
      {code ? <PrintedCard card={card.data} code={code} /> : <CodeEntry card={card.data} onCode={setCode} />}
    </div>
  );
}

function PrintedCard({ card, code }: { card: GiftCardDetail; code: string }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const expiry = useExpiryText();
  const shopName = useShopName();
  const barcode = drawBarcode(code, { barHeightModules: 40, moduleMm: MODULE_MM });
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(barcode.svg)}`;
  const grouped = formatGiftCardCode(code);
  const until = expiry(card.expiresOn);
  return (
    <article
      id="gift-card-print"
      aria-label={t`Gift card ${grouped}`}
      className="grid max-w-full grid-rows-[auto_1fr_auto] overflow-hidden rounded-[3mm] border bg-white p-[3mm] text-black shadow-sm"
      style={{ width: `${CARD_WIDTH_MM}mm`, height: `${CARD_HEIGHT_MM}mm` }}
    >
      <header className="flex items-start justify-between gap-2">
        <div className="grid min-w-0">
          <p className="truncate text-[11px] font-bold">{shopName}</p>
          <p className="text-[9px] tracking-widest uppercase">
            <Trans>Gift card</Trans>
          </p>
        </div>
        <p className="text-right text-base leading-tight font-bold">{money(card.initialMinor)}</p>
      </header>
      <div className="grid content-center justify-items-center">
        <p className="font-mono text-[13px] font-semibold tracking-wider" data-testid="gift-card-printed-code">
          {grouped}
        </p>
      </div>
      <footer className="grid justify-items-center gap-0.5">
        <img
          src={src}
          alt={t`Barcode ${code}`}
          className="max-w-none"
          style={{ width: `${barcode.widthModules * MODULE_MM}mm`, height: `${barcode.heightModules * MODULE_MM}mm` }}
        />
        <p className="text-[8px]">{card.expiresOn ? <Trans>Valid until {until}</Trans> : until}</p>
      </footer>
    </article>
  );
}

/** Without the code (a reload, or printing again later): type it from the card; it must be this card's. */
function CodeEntry({ card, onCode }: { card: GiftCardDetail; onCode: (code: string) => void }) {
  const { t } = useLingui();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const last4 = card.last4;
  const verify = useMutation({
    mutationKey: ['gift-cards', 'verify'],
    mutationFn: (code: string) => checkGiftCardBalance(code),
    onSuccess: (balance, code) => {
      if (balance.id === card.id) onCode(code);
      else setError(t`This is the code of another card`);
    },
    onError: (failure) => setError(isApiError(failure) ? translateMessage(failure.message) : t`The code could not be checked.`),
  });
  const submit = () => {
    const problem = giftCardCodeProblem(typed);
    if (problem) return setError(GIFT_CARD_CODE_MESSAGES[problem]);
    setError(undefined);
    verify.mutate(stripGiftCardCode(typed));
  };
  return (
    <form
      className="grid w-full max-w-md gap-4 rounded-xl border bg-card p-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">
          <Trans>Card ending {last4}</Trans>
        </h2>
        <GiftCardStatusBadge status={card.status} isExpired={card.isExpired} />
      </div>
      <p className="text-sm text-muted-foreground">
        <Trans>The full code is shown only when a card is issued, and it is not kept. To print this card, type its code.</Trans>
      </p>
      <FormField id="gift-card-print-code" label={<Trans>Gift card code</Trans>} error={error}>
        <Input
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          className="font-mono uppercase"
          placeholder="XXXX-XXXX-XXXX-XXXX"
          {...fieldControlProps('gift-card-print-code', { error })}
        />
      </FormField>
      <Button type="submit" className="justify-self-start" disabled={verify.isPending}>
        {verify.isPending && <InlineSpinner />}
        <Trans>Show the card</Trans>
      </Button>
    </form>
  );
}
