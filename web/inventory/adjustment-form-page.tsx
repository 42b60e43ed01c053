import { useState, type FormEvent } from 'react';
import { ADJUSTMENT_REASON_LABELS, ADJUSTMENT_REASONS, adjustmentSchema, type AdjustmentReason } from '../../core/inventory/inventory.schemas';
import { FormField, fieldControlProps } from '../components/form-field';
import { NativeSelect } from '../components/ui/native-select';
import { Textarea } from '../components/ui/textarea';
import { useDocumentTitle } from '../lib/use-document-title';
import { LocationSelect, PageHeader, useStockPermissions } from './inventory-ui';
import { StockFormActions, StockFormNotAllowed, useStartingLocation, useStockDocumentForm } from './stock-document-form';
import { StockLinesSection } from './stock-lines-section';

const NOTE_HINT = 'e.g. “Crate dropped in the store room”';
type Field = 'locationId' | 'reason' | 'note';
const isReason = (value: string): value is AdjustmentReason => (ADJUSTMENT_REASONS as readonly string[]).includes(value);

/** /admin/products/adjustments/new: take stock off (damage, theft, expiry) or correct it, line by line. */
export function AdjustmentFormPage() {
  useDocumentTitle('New adjustment');
  const { canEditStock } = useStockPermissions();
  const location = useStartingLocation('locationId');
  const [reason, setReason] = useState<AdjustmentReason | ''>('');
  const [note, setNote] = useState('');
  const form = useStockDocumentForm<Field, typeof adjustmentSchema>({ kind: 'adjustments', schema: adjustmentSchema, what: 'adjustment', savedMessage: () => 'Stock adjusted' });
  const { errors } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nextErrors: Partial<Record<Field, string>> = {};
    if (!location.id) nextErrors.locationId = 'Choose a location';
    if (!reason) nextErrors.reason = 'Choose a reason';
    form.submit(nextErrors, (lines) => ({
      locationId: location.id,
      reason,
      note,
      lines: lines.map((line) => ({ variantId: line.variantId, quantityChangeMilli: line.direction === 'remove' ? -line.milli : line.milli })),
    }));
  };

  if (!canEditStock) {
    return <StockFormNotAllowed title="New adjustment">Only managers and the owner adjust stock. Ask them if a figure looks wrong.</StockFormNotAllowed>;
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="adjustment-title" className="grid min-w-0 gap-4">
      <PageHeader titleId="adjustment-title" title="New adjustment" description="Record stock that was damaged, lost, expired or miscounted. Each line becomes a movement in the ledger." />
      <section className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 sm:p-6">
        <FormField id="adjustment-location" label="Location" error={errors.locationId}>
          <LocationSelect
            value={location.id}
            onChange={(value) => {
              location.choose(value);
              form.clearError('locationId');
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
              form.clearError('reason');
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
      <StockLinesSection mode="adjust" state={form.lines} locationId={location.id} locationName={location.name} error={form.formError} />
      <StockFormActions cancelTo="/admin/products/adjustments" isSaving={form.isSaving}>
        Save adjustment
      </StockFormActions>
    </form>
  );
}
