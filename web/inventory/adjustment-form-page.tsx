import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { ADJUSTMENT_REASONS, adjustmentSchema, type AdjustmentReason } from '../../core/inventory/inventory.schemas';
import { FormField, fieldControlProps } from '../components/form-field';
import { NativeSelect } from '../components/ui/native-select';
import { Textarea } from '../components/ui/textarea';
import { useDocumentTitle } from '../lib/use-document-title';
import { ADJUSTMENT_REASON_LABELS } from './inventory-labels';
import { LocationSelect, PageHeader, useStockPermissions } from './inventory-ui';
import { StockFormActions, StockFormNotAllowed, useStartingLocation, useStockDocumentForm } from './stock-document-form';
import { StockLinesSection } from './stock-lines-section';

type Field = 'locationId' | 'reason' | 'note';
const isReason = (value: string): value is AdjustmentReason => (ADJUSTMENT_REASONS as readonly string[]).includes(value);

/** /admin/products/adjustments/new: take stock off (damage, theft, expiry) or correct it, line by line. */
export function AdjustmentFormPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const title = t`New adjustment`;
  const noteHint = t`e.g. “Crate dropped in the store room”`;
  useDocumentTitle(title);
  const { canEditStock } = useStockPermissions();
  const location = useStartingLocation('locationId');
  const [reason, setReason] = useState<AdjustmentReason | ''>('');
  const [note, setNote] = useState('');
  const form = useStockDocumentForm<Field, typeof adjustmentSchema>({ kind: 'adjustments', schema: adjustmentSchema, failedMessage: t`The adjustment was not saved. Try again.`, savedMessage: () => t`Stock adjusted` });
  const { errors } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nextErrors: Partial<Record<Field, string>> = {};
    if (!location.id) nextErrors.locationId = t`Choose a location`;
    if (!reason) nextErrors.reason = t`Choose a reason`;
    form.submit(nextErrors, (lines) => ({
      locationId: location.id,
      reason,
      note,
      lines: lines.map((line) => ({ variantId: line.variantId, quantityChangeMilli: line.direction === 'remove' ? -line.milli : line.milli })),
    }));
  };

  if (!canEditStock) {
    return (
      <StockFormNotAllowed title={title}>
        <Trans>Only managers and the owner adjust stock. Ask them if a figure looks wrong.</Trans>
      </StockFormNotAllowed>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="adjustment-title" className="grid min-w-0 gap-4">
      <PageHeader
        titleId="adjustment-title"
        title={title}
        description={t`Record stock that was damaged, lost, expired or miscounted. Each line becomes a movement in the ledger.`}
      />
      <section className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 sm:p-6">
        <FormField id="adjustment-location" label={t`Location`} error={errors.locationId}>
          <LocationSelect
            value={location.id}
            onChange={(value) => {
              location.choose(value);
              form.clearError('locationId');
            }}
            allLabel={t`Choose a location`}
            {...fieldControlProps('adjustment-location', { error: errors.locationId })}
          />
        </FormField>
        <FormField id="adjustment-reason" label={t`Reason`} error={errors.reason}>
          <NativeSelect
            {...fieldControlProps('adjustment-reason', { error: errors.reason })}
            value={reason}
            onChange={(event) => {
              setReason(isReason(event.target.value) ? event.target.value : '');
              form.clearError('reason');
            }}
          >
            <option value="">{t`Choose a reason`}</option>
            {ADJUSTMENT_REASONS.map((option) => (
              <option key={option} value={option}>
                {i18n._(ADJUSTMENT_REASON_LABELS[option])}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <div className="sm:col-span-2">
          <FormField id="adjustment-note" label={t`Note (optional)`} error={errors.note} hint={noteHint}>
            <Textarea {...fieldControlProps('adjustment-note', { error: errors.note, hint: noteHint })} rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
          </FormField>
        </div>
      </section>
      <StockLinesSection mode="adjust" state={form.lines} locationId={location.id} locationName={location.name} error={form.formError} />
      <StockFormActions cancelTo="/admin/products/adjustments" isSaving={form.isSaving}>
        <Trans>Save adjustment</Trans>
      </StockFormActions>
    </form>
  );
}
