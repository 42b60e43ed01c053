import { Trans, useLingui } from '@lingui/react/macro';
import { ScanBarcodeIcon, XIcon } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { barcodeKind, barcodeProblem } from '../../core/products/barcode.rules';
import { MAX_BARCODES_PER_VARIANT } from '../../core/products/products.schemas';
import { Button } from '../components/ui/button';
import { translateMessage } from '../i18n/translate-message';
import { Label } from '../components/ui/label';
import { IconInput } from './icon-input';

const KIND_LABELS = { ean13: 'EAN-13', ean8: 'EAN-8', upca: 'UPC-A' } as const;

/**
 * A variant's barcodes: each listed with its type and a remove button; new ones are typed or
 * scanned into the box (a scanner ends with Enter, which adds the code instead of saving the form).
 * The check digit is checked as the code is typed.
 */
export function BarcodesField({
  id,
  value,
  onChange,
  errors,
  listError,
  disabled,
}: {
  id: string;
  value: string[];
  onChange: (codes: string[]) => void;
  /** Messages for each listed code (schema or server), by position. */
  errors: ReadonlyArray<string | undefined>;
  listError?: string | undefined;
  disabled?: boolean;
}) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState('');
  const [attempted, setAttempted] = useState(false);
  const code = text.trim();
  const problem = code === '' ? null : value.includes(code) ? t`This barcode is already listed` : barcodeProblem(code);
  // While typing, a digits-only code is only judged once it is long enough to be a real one.
  const isComplete = attempted || !/^\d+$/.test(code) || code.length >= 13;
  const shownProblem = problem && isComplete ? problem : null;
  const isFull = value.length >= MAX_BARCODES_PER_VARIANT;

  const add = () => {
    setAttempted(true);
    if (!code || problem || isFull) return;
    onChange([...value, code]);
    setText('');
    setAttempted(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    add();
  };

  // The standards keep their names in every language; a shop's own code is "Internal".
  const kindLabel = (kind: ReturnType<typeof barcodeKind>) => (kind === 'internal' ? t`Internal` : KIND_LABELS[kind]);

  return (
    <div className="grid min-w-0 content-start gap-2">
      <Label htmlFor={id}>
        <Trans>Barcodes</Trans>
      </Label>
      {value.length > 0 && (
        <ul aria-label={t`Barcodes`} className="grid gap-1.5">
          {value.map((listed, index) => (
            <li key={listed} className="grid gap-1">
              <span className="flex min-w-0 items-center gap-2 rounded-md border bg-muted/40 py-1 pr-1 pl-2.5 text-sm">
                <span className="min-w-0 flex-1 truncate font-mono">{listed}</span>
                <span className="text-xs text-muted-foreground">{kindLabel(barcodeKind(listed))}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-7"
                  aria-label={t`Remove barcode ${listed}`}
                  disabled={disabled}
                  onClick={() => onChange(value.filter((_, position) => position !== index))}
                >
                  <XIcon aria-hidden />
                </Button>
              </span>
              {errors[index] && <span className="text-sm text-destructive">{translateMessage(errors[index], i18n)}</span>}
            </li>
          ))}
        </ul>
      )}
      {!isFull && (
        <div className="flex gap-2">
          <IconInput
            icon={ScanBarcodeIcon}
            wrapperClassName="min-w-0 flex-1"
            id={id}
            className="font-mono"
            placeholder={t`Scan or type a barcode`}
            autoComplete="off"
            enterKeyHint="done"
            value={text}
            disabled={disabled}
            aria-invalid={shownProblem ? true : undefined}
            aria-describedby={shownProblem || listError ? `${id}-error` : undefined}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <Button variant="outline" onClick={add} disabled={disabled || code === ''}>
            <Trans>Add barcode</Trans>
          </Button>
        </div>
      )}
      {(shownProblem || listError) && (
        <p id={`${id}-error`} className="text-sm text-destructive" aria-live="polite">
          {translateMessage(shownProblem ?? listError ?? '', i18n)}
        </p>
      )}
    </div>
  );
}
