import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../lib/toast';
import type { z } from 'zod';
import { Button } from '../components/ui/button';
import { InlineSpinner } from '../components/ui/spinner';
import { translateMessage } from '../i18n/translate-message';
import { isApiError } from '../lib/api-client';
import { useLocations } from '../products/products.api';
import { createDocumentRequest, useRefreshStock } from './inventory.api';
import { PageHeader } from './inventory-ui';
import { useLineUnits } from './stock-line-list';
import { usePreselectedLine, useStockLines } from './stock-lines-section';
import { placeDocumentErrors, readLineQuantity, type StockDirection } from './stock-lines';

// What the adjustment and transfer forms share: the lines, the check before sending, the save
// with its idempotency key, and where a refusal's messages go.

/** A line whose quantity was read: thousandths, always positive; the direction says which way. */
export interface ReadLine {
  variantId: string;
  milli: number;
  direction: StockDirection;
}

/** The location a form starts from: the one in the address (`param`), else the shop's default. */
export function useStartingLocation(param: string) {
  const [searchParams] = useSearchParams();
  const locations = useLocations();
  const defaultLocationId = locations.data?.find((location) => location.isDefault)?.id ?? '';
  const [chosenId, choose] = useState<string | null>(searchParams.get(param));
  const id = chosenId ?? defaultLocationId;
  return { id, name: locations.data?.find((location) => location.id === id)?.name, choose };
}

/**
 * The lines and errors of a new stock document and its save: on success the stock screens refresh
 * and the document opens; a refusal's messages go on the line or field they name.
 */
export function useStockDocumentForm<Field extends string, Schema extends z.ZodType<{ id: string }>>({
  kind,
  schema,
  failedMessage,
  savedMessage,
}: {
  kind: 'adjustments' | 'transfers';
  schema: Schema;
  /** What the form says when the save fails without a word from the server ("The transfer was not saved. Try again."). */
  failedMessage: string;
  savedMessage: (saved: z.output<Schema>) => string;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const refresh = useRefreshStock();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const stockLines = useStockLines('remove');
  // A line added answers "Add at least one product" (and any refusal of the lines before it).
  const lines = {
    ...stockLines,
    pick: (...args: Parameters<typeof stockLines.pick>) => {
      stockLines.pick(...args);
      setFormError(undefined);
    },
  };
  const unitAllowsDecimals = useLineUnits();
  usePreselectedLine((variant) => lines.pick(variant, 'link'));
  // One key per form until it is saved: a retry after a lost answer cannot record the document twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  const save = useMutation({
    mutationKey: ['inventory', kind, 'create'],
    mutationFn: (body: unknown) => createDocumentRequest(kind, body, schema, idempotencyKey),
    onSuccess: async (saved: z.output<Schema>) => {
      await refresh();
      toast.success(savedMessage(saved));
      void navigate(`/admin/products/${kind}/${saved.id}`);
    },
    onError: (error) => {
      const placed = placeDocumentErrors(isApiError(error) ? error.message : failedMessage, isApiError(error) ? error.fields : undefined, lines.lines);
      // The server's messages are English: the lines' and the form's are shown in the person's
      // language here; the fields' stay English, FormField shows them translated.
      const formError = placed.form === null ? undefined : translateMessage(placed.form);
      lines.setLineErrors(Object.fromEntries(Object.entries(placed.lines).map(([variantId, text]) => [variantId, translateMessage(text)])));
      // The server names the same top-level fields as the form (the shared schema's).
      setErrors(placed.fields as Partial<Record<Field, string>>);
      setFormError(formError);
      // Messages placed on a line or field are enough; a toast would cover the button on a phone.
      if (formError) toast.error(t`Error`, { description: formError });
    },
  });

  return {
    lines,
    errors,
    formError,
    isSaving: save.isPending,
    clearError: (field: Field) => setErrors((current) => ({ ...current, [field]: undefined })),
    /** Shows the fields' and the lines' problems; sends `toBody(lines)` only when there are none. */
    submit: (fieldErrors: Partial<Record<Field, string>>, toBody: (lines: ReadLine[]) => unknown) => {
      const lineErrors: Record<string, string> = {};
      const readLines: ReadLine[] = [];
      for (const line of lines.lines) {
        const quantity = readLineQuantity(line.quantityText, unitAllowsDecimals(line.productId));
        if ('problem' in quantity) lineErrors[line.variantId] = quantity.problem;
        else readLines.push({ variantId: line.variantId, milli: quantity.milli, direction: line.direction });
      }
      setErrors(fieldErrors);
      lines.setLineErrors(lineErrors);
      setFormError(lines.lines.length === 0 ? t`Add at least one product` : undefined);
      if (Object.keys(fieldErrors).length > 0 || Object.keys(lineErrors).length > 0 || lines.lines.length === 0) return;
      save.mutate(toBody(readLines));
    },
  };
}

/** What a cashier sees instead of a stock form: who may do it. */
export function StockFormNotAllowed({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid gap-4">
      <PageHeader title={title} />
      <p className="text-sm text-muted-foreground">{children}</p>
    </div>
  );
}

/** Cancel back to the list, and the submit button that spins while saving. */
export function StockFormActions({ cancelTo, isSaving, children }: { cancelTo: string; isSaving: boolean; children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" asChild>
        <Link to={cancelTo}>
          <Trans>Cancel</Trans>
        </Link>
      </Button>
      <Button type="submit" disabled={isSaving}>
        {isSaving && <InlineSpinner />}
        {children}
      </Button>
    </div>
  );
}
