import { ScanBarcodeIcon, XIcon } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { barcodeKind, barcodeProblem } from '../../core/products/barcode.rules';
import { MAX_BARCODES_PER_VARIANT } from '../../core/products/products.schemas';
import { Button } from '../components/ui/button';
import { Label } from '../components/ui/label';
import { IconInput } from './icon-input';

const KIND_LABELS = { ean13: 'EAN-13', ean8: 'EAN-8', upca: 'UPC-A', internal: 'Internal' } as const;

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
  const [text, setText] = useState('');
  const [attempted, setAttempted] = useState(false);
  const code = text.trim();
  const problem = code === '' ? null : value.includes(code) ? 'This barcode is already listed' : barcodeProblem(code);
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

  return (
    <div className="grid min-w-0 content-start gap-2">
      <Label htmlFor={id}>Barcodes</Label>
      {value.length > 0 && (
        <ul aria-label="Barcodes" className="grid gap-1.5">
          {value.map((listed, index) => (
            <li key={listed} className="grid gap-1">
              <span className="flex min-w-0 items-center gap-2 rounded-md border bg-muted/40 py-1 pr-1 pl-2.5 text-sm">
                <span className="min-w-0 flex-1 truncate font-mono">{listed}</span>
                <span className="text-xs text-muted-foreground">{KIND_LABELS[barcodeKind(listed)]}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-7"
                  aria-label={`Remove barcode ${listed}`}
                  disabled={disabled}
                  onClick={() => onChange(value.filter((_, position) => position !== index))}
                >
                  <XIcon aria-hidden />
                </Button>
              </span>
              {errors[index] && <span className="text-sm text-destructive">{errors[index]}</span>}
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
            placeholder="Scan or type a barcode"
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
            Add barcode
          </Button>
        </div>
      )}
      {(shownProblem || listError) && (
        <p id={`${id}-error`} className="text-sm text-destructive" aria-live="polite">
          {shownProblem ?? listError}
        </p>
      )}
    </div>
  );
}
