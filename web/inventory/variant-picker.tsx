import { Trans, useLingui } from '@lingui/react/macro';
import { ScanBarcodeIcon, SearchIcon } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { formatQuantity } from '../../core/products/quantity.rules';
import { FormField, fieldControlProps } from '../components/form-field';
import { Input } from '../components/ui/input';
import { InlineSpinner } from '../components/ui/spinner';
import { isApiError } from '../lib/api-client';
import { lookupProductCode } from '../products/products.api';
import { useProductSearch } from './inventory.api';
import { useDebouncedValue } from './inventory-ui';
import { productLabel } from './stock-format';
import type { PickedVariant } from './stock-lines';

/** The location whose stock the matches show (the document's), or null to show no stock figures. */
export type PickerStock = { locationId: string; locationName: string | undefined } | null;

/**
 * How products join a stock form: a scan box (a scanner types the code and presses Enter) and a
 * search by name, SKU or barcode. A USB scanner is a keyboard, so the scan box works on every plan
 * (docs/decisions/0009); Enter on an exact SKU or barcode in the search adds the product as a scan does.
 */
export function VariantPicker({
  idPrefix,
  onPick,
  pickLabel,
  stockAt,
}: {
  idPrefix: string;
  onPick: (variant: PickedVariant, via: 'scan' | 'search') => void;
  /** A match's button, named after the product: "Add Soda", "Count Soda". */
  pickLabel: (product: string) => string;
  stockAt: PickerStock;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ScanBox id={`${idPrefix}-scan`} onPick={(variant) => onPick(variant, 'scan')} />
      <ProductSearch id={`${idPrefix}-search`} onPick={onPick} pickLabel={pickLabel} stockAt={stockAt} />
    </div>
  );
}

function ScanBox({ id, onPick }: { id: string; onPick: (variant: PickedVariant) => void }) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | undefined>();
  const [isLooking, setIsLooking] = useState(false);
  const hint = t`Scan a barcode, or type a barcode or SKU and press Enter`;

  const look = async () => {
    const text = code.trim();
    if (!text || isLooking) return;
    setIsLooking(true);
    try {
      const found = await lookupProductCode(text);
      if (!found) {
        setMessage(t`No product has the code ${text}`);
        return;
      }
      onPick(found);
      setMessage(undefined);
      setCode('');
    } catch (error) {
      // The server's message stays English: FormField shows it in the person's language.
      setMessage(isApiError(error) ? error.message : t`The code could not be looked up. Try again.`);
    } finally {
      setIsLooking(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // A scanner's Enter must not submit the form around the box.
    event.preventDefault();
    void look();
  };

  return (
    <FormField
      id={id}
      label={t`Scan barcode`}
      error={message}
      hint={hint}
    >
      <div className="relative">
        <ScanBarcodeIcon aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          {...fieldControlProps(id, { error: message, hint })}
          className="pl-8"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t`Barcode or SKU`}
          autoComplete="off"
          inputMode="text"
        />
        {isLooking && <InlineSpinner className="absolute top-1/2 right-2.5 size-4 -translate-y-1/2" />}
      </div>
    </FormField>
  );
}

function ProductSearch({
  id,
  onPick,
  pickLabel,
  stockAt,
}: {
  id: string;
  onPick: (variant: PickedVariant, via: 'scan' | 'search') => void;
  pickLabel: (product: string) => string;
  stockAt: PickerStock;
}) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | undefined>();
  const [isLooking, setIsLooking] = useState(false);
  const search = useDebouncedValue(text);
  const results = useProductSearch(search, stockAt?.locationId || undefined);
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const options: Array<PickedVariant & { onHandMilli: number }> = (results.data?.items ?? []).flatMap((product) =>
    product.variants.map((variant) => ({
      productId: product.id,
      productName: product.name,
      variantId: variant.id,
      variantName: variant.name,
      sku: variant.sku,
      onHandMilli: variant.onHandMilli,
    })),
  );
  const showResults = text.trim().length > 0;

  const pick = (option: PickedVariant, via: 'scan' | 'search') => {
    onPick(option, via);
    setText('');
    setMessage(undefined);
  };
  // An exact SKU or barcode is that product, whatever else the words match (and before the
  // search has caught up with fast typing); otherwise Enter takes the only match.
  const pickTyped = async () => {
    const code = text.trim();
    if (!code || isLooking) return;
    setIsLooking(true);
    try {
      const exact = await lookupProductCode(code);
      if (exact) return pick(exact, 'scan');
      if (options.length === 1 && search === text) return pick(options[0]!, 'search');
      setMessage(options.length > 1 ? t`No product has the code ${code}: choose one of the matches` : undefined);
    } catch (error) {
      setMessage(isApiError(error) ? error.message : t`The product could not be looked up. Try again.`);
    } finally {
      setIsLooking(false);
    }
  };
  const optionButtons = () => Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      optionButtons()[0]?.focus();
    } else if (event.key === 'Enter') {
      // Never submits the form around the box.
      event.preventDefault();
      void pickTyped();
    } else if (event.key === 'Escape' && text) {
      event.preventDefault();
      setText('');
    }
  };
  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const buttons = optionButtons();
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      buttons[Math.min(buttons.length - 1, index + 1)]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (index <= 0) inputRef.current?.focus();
      else buttons[index - 1]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      inputRef.current?.focus();
    }
  };

  const hint = t`Name, SKU or barcode, Enter to add; ↓ to move through the matches`;
  const typed = text.trim();
  const locationName = stockAt?.locationName ?? t`this location`;
  return (
    <div className="relative grid content-start gap-2">
      <FormField id={id} label={t`Search products`} hint={hint} error={message}>
        <div className="relative">
          <SearchIcon aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            {...fieldControlProps(id, { hint, error: message })}
            ref={inputRef}
            type="search"
            className="pl-8"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setMessage(undefined);
            }}
            onKeyDown={onInputKeyDown}
            autoComplete="off"
            aria-controls={`${id}-results`}
            aria-expanded={showResults}
          />
          {(results.isFetching || isLooking) && <InlineSpinner className="absolute top-1/2 right-8 size-4 -translate-y-1/2" />}
        </div>
      </FormField>
      {showResults && (
        <div id={`${id}-results`} className="max-h-72 overflow-y-auto rounded-lg border bg-popover text-sm shadow-sm">
          {results.isError ? (
            <p role="alert" className="p-3 text-destructive">
              <Trans>Searching failed. Type again to retry.</Trans>
            </p>
          ) : options.length === 0 ? (
            <p className="p-3 text-muted-foreground">{results.isFetching || search !== text ? t`Searching…` : t`No product matches “${typed}”.`}</p>
          ) : (
            <ul ref={listRef} aria-label={t`Matching products`} onKeyDown={onListKeyDown} className="grid p-1">
              {options.map((option) => (
                <li key={option.variantId}>
                  <button
                    type="button"
                    onClick={() => pick(option, 'search')}
                    aria-label={pickLabel(productLabel(option))}
                    className="flex w-full items-center justify-between gap-3 rounded-md px-2 py-2 text-left outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <span className="grid min-w-0">
                      <span className="truncate font-medium">{productLabel(option)}</span>
                      <span className="truncate text-xs text-muted-foreground">{option.sku}</span>
                    </span>
                    {stockAt && <StockAt milli={option.onHandMilli} locationName={locationName} />}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** "10 at Main shop": a match's stock at the form's location. */
function StockAt({ milli, locationName }: { milli: number; locationName: string }) {
  const quantity = formatQuantity(milli);
  return (
    <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
      <Trans>
        {quantity} at {locationName}
      </Trans>
    </span>
  );
}
