import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isEditable } from '../../core/purchases/purchase-order.rules';
import type { PurchaseOrder, PurchaseOrderInput } from '../../core/purchases/purchases.schemas';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { InlineSpinner } from '../components/ui/spinner';
import { Textarea } from '../components/ui/textarea';
import { DetailSkeleton, LoadError, PageHeader } from '../inventory/inventory-ui';
import { useStartingLocation } from '../inventory/stock-document-form';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLocations } from '../products/products.api';
import { OrderNotice, OrderTotals } from './order-page';
import { draftLineOf, placePurchaseErrors, PurchaseLinesSection, purchaseTotals, usePurchaseLines, useReadPurchaseLines, useVatRates } from './order-lines';
import { ORDERS_PATH } from './order-status-badge';
import { SupplierAndLocationFields } from './purchase-form-parts';
import { orderActionRequest, saveOrderRequest, usePurchaseOrder, useRefreshPurchases } from './orders.api';

type OrderField = 'supplierId' | 'locationId' | 'expectedDate' | 'supplierReference' | 'note';

/** /admin/purchases/orders/new and /orders/:orderId/edit (a draft's contents). */
export function OrderFormPage() {
  const { t } = useLingui();
  const { orderId = '' } = useParams();
  const order = usePurchaseOrder(orderId, { enabled: orderId !== '' });
  useDocumentTitle(orderId ? t`Edit order` : t`New purchase order`);
  if (!orderId) return <OrderForm order={null} />;
  if (order.isPending) return <DetailSkeleton label={t`Loading the order`} />;
  if (order.isError) return <LoadError error={order.error} what={t`the order`} onRetry={() => void order.refetch()} />;
  if (!isEditable(order.data.status)) {
    const number = order.data.number;
    return (
      <OrderNotice orderId={orderId}>
        <Trans>Order {number} was sent: it can no longer be changed.</Trans>
      </OrderNotice>
    );
  }
  return <OrderForm order={order.data} />;
}

function OrderForm({ order }: { order: PurchaseOrder | null }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const refresh = useRefreshPurchases();
  const rates = useVatRates();
  const location = useStartingLocation('locationId');
  const locations = useLocations();
  const [locationId, setLocationId] = useState(order?.location.id ?? null);
  const [supplierId, setSupplierId] = useState(order?.supplier.id ?? '');
  const [expectedDate, setExpectedDate] = useState(order?.expectedDate ?? '');
  const [supplierReference, setSupplierReference] = useState(order?.supplierReference ?? '');
  const [note, setNote] = useState(order?.note ?? '');
  const [errors, setErrors] = useState<Partial<Record<OrderField, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const lines = usePurchaseLines(order ? order.lines.map((line) => draftLineOf(line, line.quantityMilli, false)) : []);
  const readLines = useReadPurchaseLines();
  // One key per new order until it is saved: a retry after a lost answer cannot make two.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const chosenLocationId = locationId ?? location.id;

  const save = useMutation({
    mutationKey: ['purchases', 'orders', 'save'],
    mutationFn: async ({ body, thenOrder }: { body: PurchaseOrderInput; thenOrder: boolean }) => {
      const saved = await saveOrderRequest(body, order ? { orderId: order.id } : { idempotencyKey });
      return thenOrder ? orderActionRequest(saved.id, 'order') : saved;
    },
    onSuccess: async (saved) => {
      await refresh();
      const number = saved.number;
      toast.success(saved.status === 'draft' ? t`Order ${number} saved as a draft` : t`Order ${number} marked as ordered`);
      void navigate(`${ORDERS_PATH}/${saved.id}`);
    },
    onError: (error) => {
      const placed = placePurchaseErrors<OrderField>(error, t`The order was not saved. Try again.`, lines.lines);
      lines.setLineErrors(placed.lines);
      setErrors(placed.fields);
      setFormError(placed.form);
    },
  });

  const { read, errors: lineErrors } = readLines(lines.lines);
  const totals = rates ? purchaseTotals(read, rates) : null;

  const submit = (thenOrder: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    const fieldErrors: Partial<Record<OrderField, string>> = {};
    if (!supplierId) fieldErrors.supplierId = t`Choose a supplier`;
    if (!chosenLocationId) fieldErrors.locationId = t`Choose where the goods are delivered`;
    setErrors(fieldErrors);
    lines.setLineErrors(lineErrors);
    setFormError(lines.lines.length === 0 ? t`Add at least one product` : undefined);
    if (Object.keys(fieldErrors).length > 0 || Object.keys(lineErrors).length > 0 || lines.lines.length === 0) return;
    save.mutate({
      thenOrder,
      body: {
        supplierId,
        locationId: chosenLocationId,
        expectedDate: expectedDate || null,
        supplierReference,
        note,
        lines: read.map(({ line, quantityMilli, unitCostMinor }) => ({ variantId: line.variantId, unitId: line.unitId, quantityMilli, unitCostMinor, taxClass: line.taxClass })),
      },
    });
  };
  const clear = (field: OrderField) => setErrors((current) => ({ ...current, [field]: undefined }));
  const number = order?.number ?? '';

  return (
    <form onSubmit={submit(false)} noValidate aria-labelledby="order-form-title" className="grid min-w-0 gap-4">
      <PageHeader
        titleId="order-form-title"
        title={order ? t`Edit order ${number}` : t`New purchase order`}
        description={t`A draft stays with you until it is sent; then the supplier has it as it was.`}
      />
      <section className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 sm:p-6">
        <SupplierAndLocationFields
          idPrefix="order"
          locationLabel={t`Deliver to`}
          supplierId={supplierId}
          locationId={chosenLocationId}
          errors={errors}
          onSupplier={(value) => {
            setSupplierId(value);
            clear('supplierId');
          }}
          onLocation={(value) => {
            setLocationId(value);
            clear('locationId');
          }}
        />
        <FormField id="order-expected" label={t`Expected on (optional)`} error={errors.expectedDate}>
          <Input
            {...fieldControlProps('order-expected', { error: errors.expectedDate })}
            type="date"
            value={expectedDate}
            onChange={(event) => {
              setExpectedDate(event.target.value);
              clear('expectedDate');
            }}
          />
        </FormField>
        <FormField id="order-reference" label={t`Supplier reference (optional)`} error={errors.supplierReference}>
          <Input
            {...fieldControlProps('order-reference', { error: errors.supplierReference })}
            maxLength={60}
            autoComplete="off"
            value={supplierReference}
            onChange={(event) => {
              setSupplierReference(event.target.value);
              clear('supplierReference');
            }}
          />
        </FormField>
        <div className="sm:col-span-2">
          <FormField id="order-note" label={t`Note (optional)`} error={errors.note}>
            <Textarea {...fieldControlProps('order-note', { error: errors.note })} rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
          </FormField>
        </div>
      </section>
      <PurchaseLinesSection
        idPrefix="order-lines"
        title={t`Products`}
        mode="order"
        state={lines}
        stockAt={chosenLocationId ? { locationId: chosenLocationId, locationName: locations.data?.find((place) => place.id === chosenLocationId)?.name } : null}
        error={formError}
      />
      {totals && <OrderTotals {...totals} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" asChild>
          <Link to={order ? `${ORDERS_PATH}/${order.id}` : ORDERS_PATH}>
            <Trans>Cancel</Trans>
          </Link>
        </Button>
        <Button type="submit" variant="outline" disabled={save.isPending}>
          {save.isPending && !save.variables.thenOrder && <InlineSpinner />}
          <Trans>Save draft</Trans>
        </Button>
        <Button type="button" disabled={save.isPending} onClick={() => submit(true)()}>
          {save.isPending && save.variables.thenOrder && <InlineSpinner />}
          <Trans>Save and mark as ordered</Trans>
        </Button>
      </div>
    </form>
  );
}
