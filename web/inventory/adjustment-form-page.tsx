import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ADJUSTMENT_REASON_LABELS, ADJUSTMENT_REASONS, adjustmentSchema, type AdjustmentReason } from '../../core/inventory/inventory.schemas';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { NativeSelect } from '../components/ui/native-select';
import { InlineSpinner } from '../components/ui/spinner';
import { Textarea } from '../components/ui/textarea';
import { isApiError } from '../lib/api-client';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLocations } from '../products/products.api';
import { createDocumentRequest, useRefreshStock } from './inventory.api';
import { LocationSelect, PageHeader, useStockPermissions } from './inventory-ui';
import { useLineUnits } from './stock-line-list';
import { StockLinesSection, usePreselectedLine, useStockLines } from './stock-lines-section';
import { placeDocumentErrors, readLineQuantity } from './stock-lines';

const NOTE_HINT = 'e.g. “Crate dropped in the store room”';
type Field = 'locationId' | 'reason' | 'note';
const isReason = (value: string): value is AdjustmentReason => (ADJUSTMENT_REASONS as readonly string[]).includes(value);

/** /admin/products/adjustments/new: take stock off (damage, theft, expiry) or correct it, line by line. */
export function AdjustmentFormPage() {
  useDocumentTitle('New adjustment');
  const { canEditStock } = useStockPermissions();
  const navigate = useNavigate();
  const refresh = useRefreshStock();
  const [searchParams] = useSearchParams();
  const locations = useLocations();
  const defaultLocationId = locations.data?.find((location) => location.isDefault)?.id ?? '';
  const [chosenLocationId, setLocationId] = useState<string | null>(searchParams.get('locationId'));
  const locationId = chosenLocationId ?? defaultLocationId;
  const locationName = locations.data?.find((location) => location.id === locationId)?.name;
  const [reason, setReason] = useState<AdjustmentReason | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const lines = useStockLines('remove');
  const unitAllowsDecimals = useLineUnits();
  usePreselectedLine((variant) => lines.pick(variant, 'link'));
  // One key per form until it is saved: a retry after a lost answer cannot adjust twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  const save = useMutation({
    mutationKey: ['inventory', 'adjustments', 'create'],
    mutationFn: (body: unknown) => createDocumentRequest('adjustments', body, adjustmentSchema, idempotencyKey),
    onSuccess: async (adjustment) => {
      await refresh();
      toast.success('Stock adjusted');
      void navigate(`/admin/products/adjustments/${adjustment.id}`);
    },
    onError: (error) => {
      const placed = placeDocumentErrors(isApiError(error) ? error.message : 'The adjustment was not saved. Try again.', isApiError(error) ? error.fields : undefined, lines.lines);
      lines.setLineErrors(placed.lines);
      setErrors(placed.fields);
      setFormError(placed.form ?? undefined);
      // Messages placed on a line or field are enough; a toast would cover the button on a phone.
      if (placed.form) toast.error('Error', { description: placed.form });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nextErrors: Partial<Record<Field, string>> = {};
    if (!locationId) nextErrors.locationId = 'Choose a location';
    if (!reason) nextErrors.reason = 'Choose a reason';
    const lineErrors: Record<string, string> = {};
    const body = lines.lines.map((line) => {
      const quantity = readLineQuantity(line.quantityText, unitAllowsDecimals(line.productId));
      if ('problem' in quantity) {
        lineErrors[line.variantId] = quantity.problem;
        return null;
      }
      return { variantId: line.variantId, quantityChangeMilli: line.direction === 'remove' ? -quantity.milli : quantity.milli };
    });
    setErrors(nextErrors);
    lines.setLineErrors(lineErrors);
    setFormError(lines.lines.length === 0 ? 'Add at least one product' : undefined);
    if (Object.keys(nextErrors).length > 0 || Object.keys(lineErrors).length > 0 || lines.lines.length === 0) return;
    save.mutate({ locationId, reason, note, lines: body });
  };

  if (!canEditStock) {
    return (
      <div className="grid gap-4">
        <PageHeader title="New adjustment" />
        <p className="text-sm text-muted-foreground">Only managers and the owner adjust stock. Ask them if a figure looks wrong.</p>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="adjustment-title" className="grid min-w-0 gap-4">
      <PageHeader titleId="adjustment-title" title="New adjustment" description="Record stock that was damaged, lost, expired or miscounted. Each line becomes a movement in the ledger." />
      <section className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 sm:p-6">
        <FormField id="adjustment-location" label="Location" error={errors.locationId}>
          <LocationSelect
            value={locationId}
            onChange={(value) => {
              setLocationId(value);
              setErrors((current) => ({ ...current, locationId: undefined }));
            }}
            allLabel="Choose a location"
            {...fieldControlProps('adjustment-location', { error: errors.locationId })}
          />
        </FormField>
        <FormField id="adjustment-reason" label="Reason" error={errors.reason}>
          <NativeSelect
            {...fieldControlProps('adjustment-reason', { error: errors.reason })}
            value={reason}
            onChange={(event) => {
              setReason(isReason(event.target.value) ? event.target.value : '');
              setErrors((current) => ({ ...current, reason: undefined }));
            }}
          >
            <option value="">Choose a reason</option>
            {ADJUSTMENT_REASONS.map((option) => (
              <option key={option} value={option}>
                {ADJUSTMENT_REASON_LABELS[option]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <div className="sm:col-span-2">
          <FormField id="adjustment-note" label="Note (optional)" error={errors.note} hint={NOTE_HINT}>
            <Textarea {...fieldControlProps('adjustment-note', { error: errors.note, hint: NOTE_HINT })} rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
          </FormField>
        </div>
      </section>
      <StockLinesSection mode="adjust" state={lines} locationId={locationId} locationName={locationName} error={formError} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" asChild>
          <Link to="/admin/products/adjustments">Cancel</Link>
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <InlineSpinner />}
          Save adjustment
        </Button>
      </div>
    </form>
  );
}
