import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { SearchIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatQuantity, parseQuantity } from '../../core/products/quantity.rules';
import {
  SUPPLIER_RETURN_REASON_LABELS,
  SUPPLIER_RETURN_REASONS,
  supplierReturnInputSchema,
  type GoodsReceipt,
  type PurchasePaymentMethod,
  type SupplierReturnReason,
} from '../../core/purchases/purchases.schemas';
import { useMoney } from '../accounts/use-money';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { InlineSpinner } from '../components/ui/spinner';
import { Textarea } from '../components/ui/textarea';
import { DetailSkeleton, LoadError, PageHeader, useDebouncedValue } from '../inventory/inventory-ui';
import { productLabel } from '../inventory/stock-format';
import { useDateFormat } from '../lib/date-format';
import { failureMessage, translateMessage, type FieldErrors } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { IconInput } from '../products/icon-input';
import { useRefreshPurchases } from './orders.api';
import { PaymentMethodSelect, placeIssues, serverIssues, withInvoiceNumber, type FormIssue } from './purchase-form-parts';
import { useGoodsReceipt, useGoodsReceipts } from './receipts.api';
import { createSupplierReturnRequest } from './supplier-returns.api';

type Settlement = 'credit' | 'refund';

export const SETTLEMENT_LABELS: Record<Settlement, MessageDescriptor> = {
  credit: msg`Credit (lowers what we owe)`,
  refund: msg`Refund (the supplier paid it back)`,
};

const RETURNS = '/admin/purchases/returns';

/** What of a receipt line can still go back: what came into stock less what was returned already. */
const returnableMilli = (line: GoodsReceipt['lines'][number]) => Math.max(0, line.stockQuantityMilli - line.returnedQuantityMilli);

/** /admin/purchases/returns/new?receiptId=: goods back to the supplier from one receipt; without a receipt, pick one first. */
export function SupplierReturnFormPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Return goods`);
  const [params, setParams] = useSearchParams();
  const receiptId = params.get('receiptId') ?? '';
  const receipt = useGoodsReceipt(receiptId);
  const header = (
    <PageHeader
      title={t`Return goods to a supplier`}
      description={
        <Link to={RETURNS} className="underline-offset-4 hover:underline">
          <Trans>← All returns</Trans>
        </Link>
      }
    />
  );
  if (receiptId === '')
    return (
      <div className="grid min-w-0 gap-4">
        {header}
        <ReceiptPicker onPick={(id) => setParams({ receiptId: id })} />
      </div>
    );
  if (receipt.isPending) return <DetailSkeleton label={t`Loading the receipt`} />;
  if (receipt.isError) return <LoadError error={receipt.error} what={t`the receipt`} onRetry={() => void receipt.refetch()} />;
  return (
    <div className="grid min-w-0 gap-4">
      {header}
      <ReturnForm key={receipt.data.id} receipt={receipt.data} onChangeReceipt={() => setParams({})} />
    </div>
  );
}

/** Find the delivery the goods came in by its GRN or the supplier's invoice number. */
function ReceiptPicker({ onPick }: { onPick: (receiptId: string) => void }) {
  const { t } = useLingui();
  const { formatDate } = useDateFormat();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const receipts = useGoodsReceipts({ search: settled || undefined, sort: 'newest', page: 1 });
  const items = receipts.data?.items ?? [];
  return (
    <section aria-labelledby="pick-receipt" className="grid gap-3 rounded-xl border bg-card p-4 sm:p-6">
      <h3 id="pick-receipt" className="font-semibold">
        <Trans>Which delivery did the goods come in?</Trans>
      </h3>
      <div className="grid gap-2 sm:w-80">
        <Label htmlFor="return-receipt-search">
          <Trans>Search receipts</Trans>
        </Label>
        <IconInput
          id="return-receipt-search"
          icon={SearchIcon}
          type="search"
          autoComplete="off"
          placeholder={t`GRN or supplier invoice number`}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {receipts.isError ? (
        <LoadError error={receipts.error} what={t`the receipts`} onRetry={() => void receipts.refetch()} />
      ) : (
        <ul aria-label={t`Receipts`} aria-busy={receipts.isFetching || undefined} className="grid gap-2">
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => onPick(item.id)}
                className="grid w-full gap-0.5 rounded-lg border p-3 text-left outline-none hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/60"
              >
                <span className="font-medium">
                  {item.number} · {item.supplier.name}
                </span>
                <span className="text-xs text-muted-foreground">
                  {[item.supplierInvoiceNumber, item.location.name, formatDate(item.receivedAt)].filter(Boolean).join(' · ')}
                </span>
              </button>
            </li>
          ))}
          {!receipts.isPending && items.length === 0 && (
            <li className="text-sm text-muted-foreground">
              <Trans>No receipt matches.</Trans>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}

function ReturnForm({ receipt, onChangeReceipt }: { receipt: GoodsReceipt; onChangeReceipt: () => void }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { money } = useMoney();
  const navigate = useNavigate();
  const refresh = useRefreshPurchases();
  // One key per return being entered, kept across retries: a lost answer cannot send the goods back twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [reason, setReason] = useState<SupplierReturnReason | ''>('');
  const [note, setNote] = useState('');
  const [settlement, setSettlement] = useState<Settlement>('credit');
  const [refundMethod, setRefundMethod] = useState<PurchasePaymentMethod>('cash');
  const [refundReference, setRefundReference] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const lines = receipt.lines.filter((line) => returnableMilli(line) > 0);
  const receiptTitle = withInvoiceNumber(receipt);
  const supplierName = receipt.supplier.name;

  /** The lines with a quantity typed, in receipt order: the server's `lines.N` names the Nth of these. */
  const entered = lines.filter((line) => (quantities[line.id] ?? '').trim() !== '');

  function showIssues(issues: readonly FormIssue[]) {
    const placed = placeIssues(issues, 'lines', entered);
    setErrors(placed.fields);
    setLineErrors(placed.rows);
  }

  const save = useMutation({
    mutationKey: ['purchases', 'supplier-return'],
    mutationFn: (body: Parameters<typeof createSupplierReturnRequest>[0]) => createSupplierReturnRequest(body, idempotencyKey),
    onSuccess: async (created) => {
      await refresh();
      toast.success(t`Return ${created.number} recorded`);
      void navigate(`${RETURNS}/${created.id}`);
    },
    onError: (failure) => {
      const issues = serverIssues(failure);
      if (issues) showIssues(issues);
      toast.error(t`The return was not recorded`, { description: failureMessage(failure, t`Try again.`) });
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const issues: FormIssue[] = [];
    const bodyLines = entered.map((line, index) => {
      const quantityMilli = parseQuantity(quantities[line.id] ?? '');
      if (quantityMilli === null) issues.push({ path: ['lines', String(index)], message: t`Enter a quantity, e.g. 2 or 0.5` });
      else if (quantityMilli > returnableMilli(line)) {
        const most = formatQuantity(returnableMilli(line));
        issues.push({ path: ['lines', String(index)], message: t`At most ${most} can go back` });
      }
      return { receiptLineId: line.id, quantityMilli: quantityMilli ?? 0 };
    });
    if (issues.length > 0) {
      showIssues(issues);
      return;
    }
    const body = {
      receiptId: receipt.id,
      reason: reason as SupplierReturnReason,
      note,
      settlement,
      refundMethod: settlement === 'refund' ? refundMethod : null,
      refundReference: settlement === 'refund' ? refundReference : null,
      lines: bodyLines,
    };
    const parsed = supplierReturnInputSchema.safeParse(body);
    if (!parsed.success) {
      showIssues(parsed.error.issues);
      return;
    }
    setErrors({});
    setLineErrors({});
    save.mutate(body);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4">
        <p className="text-sm">
          <Trans>
            From <span className="font-medium">{receiptTitle}</span> of {supplierName}
          </Trans>
        </p>
        <Button type="button" variant="outline" size="sm" onClick={onChangeReceipt}>
          <Trans>Another receipt</Trans>
        </Button>
      </div>
      {lines.length === 0 ? (
        <p role="alert" className="rounded-xl border p-4 text-sm">
          <Trans>Everything on this receipt has been returned already.</Trans>
        </p>
      ) : (
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-semibold">
            <Trans>What goes back</Trans>
          </legend>
          {errors.lines && (
            <p role="alert" className="text-sm text-destructive">
              {translateMessage(errors.lines, i18n)}
            </p>
          )}
          <ul aria-label={t`Receipt lines`} className="grid gap-2">
            {lines.map((line) => {
              const label = productLabel(line);
              const most = formatQuantity(returnableMilli(line));
              const costText = money(line.stockUnitCostMinor);
              const lineError = lineErrors[line.id];
              const inputId = `return-line-${line.id}`;
              return (
                <li key={line.id} className="grid gap-2 rounded-lg border bg-card p-3 sm:grid-cols-[1fr_10rem] sm:items-center">
                  <label htmlFor={inputId} className="grid min-w-0 gap-0.5">
                    <span className="font-medium">{label}</span>
                    <span className="text-xs text-muted-foreground">
                      <Trans>
                        Up to {most} · {costText} each
                      </Trans>
                    </span>
                  </label>
                  <Input
                    id={inputId}
                    aria-label={t`Quantity to return of ${label}`}
                    aria-invalid={lineError ? true : undefined}
                    aria-describedby={lineError ? `${inputId}-error` : undefined}
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="0"
                    value={quantities[line.id] ?? ''}
                    onChange={(event) => setQuantities((current) => ({ ...current, [line.id]: event.target.value }))}
                  />
                  {lineError && (
                    <p id={`${inputId}-error`} className="text-sm text-destructive sm:col-span-2">
                      {translateMessage(lineError, i18n)}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      <div className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 sm:p-6">
        <FormField id="return-reason" label={t`Reason`} error={errors.reason}>
          <NativeSelect {...fieldControlProps('return-reason', { error: errors.reason })} value={reason} onChange={(event) => setReason(event.target.value as SupplierReturnReason)}>
            <option value="">{t`Choose a reason`}</option>
            {SUPPLIER_RETURN_REASONS.map((option) => (
              <option key={option} value={option}>
                {translateMessage(SUPPLIER_RETURN_REASON_LABELS[option], i18n)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">
            <Trans>Settled as</Trans>
          </legend>
          {(['credit', 'refund'] as const).map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm">
              <input type="radio" name="return-settlement" checked={settlement === option} onChange={() => setSettlement(option)} className="size-4 accent-primary" />
              {i18n._(SETTLEMENT_LABELS[option])}
            </label>
          ))}
        </fieldset>
        {settlement === 'refund' && (
          <>
            <FormField id="return-refund-method" label={t`Refunded by`} error={errors.refundMethod}>
              <PaymentMethodSelect {...fieldControlProps('return-refund-method', { error: errors.refundMethod })} value={refundMethod} onChange={setRefundMethod} />
            </FormField>
            <FormField id="return-refund-reference" label={t`Reference (optional)`} error={errors.refundReference}>
              <Input {...fieldControlProps('return-refund-reference', { error: errors.refundReference })} maxLength={60} autoComplete="off" value={refundReference} onChange={(event) => setRefundReference(event.target.value)} />
            </FormField>
          </>
        )}
        <div className="sm:col-span-2">
          <FormField id="return-note" label={t`Note (optional)`} error={errors.note}>
            <Textarea {...fieldControlProps('return-note', { error: errors.note })} rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
          </FormField>
        </div>
      </div>
      {errors.receiptId && (
        <p role="alert" className="text-sm text-destructive">
          {translateMessage(errors.receiptId, i18n)}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button asChild variant="outline">
          <Link to={RETURNS}>
            <Trans>Cancel</Trans>
          </Link>
        </Button>
        <Button type="submit" disabled={save.isPending || lines.length === 0}>
          {save.isPending && <InlineSpinner />}
          <Trans>Record return</Trans>
        </Button>
      </div>
    </form>
  );
}
