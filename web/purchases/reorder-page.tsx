import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { ClipboardCheckIcon, LightbulbIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatQuantity, parseQuantity, QUANTITY_SCALE } from '../../core/products/quantity.rules';
import { DEFAULT_REORDER_COVER_DAYS } from '../../core/purchases/reorder.rules';
import type { ReorderSuggestions } from '../../core/purchases/purchases.schemas';
import { useMoney } from '../accounts/use-money';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Checkbox } from '../components/ui/checkbox';
import { Input } from '../components/ui/input';
import { InlineSpinner } from '../components/ui/spinner';
import { EmptyState, LoadError, LocationSelect, PageHeader, TableSkeleton } from '../inventory/inventory-ui';
import { useStartingLocation } from '../inventory/stock-document-form';
import { productLabel } from '../inventory/stock-format';
import { failureMessage } from '../lib/form-errors';
import { useDocumentTitle } from '../lib/use-document-title';
import { MoneyField } from '../products/amount-fields';
import { ORDERS_PATH } from './order-status-badge';
import { SupplierSelect } from './order-supplier-select';
import { createReorderDraftsRequest, useRefreshPurchases, useReorderSuggestions, type ReorderQuery } from './orders.api';

type Group = ReorderSuggestions['groups'][number];
type Item = Group['items'][number];

interface ItemChoice {
  included: boolean;
  packsText: string;
  unitCostMinor: number;
}

/** The group's key: its supplier, or '' for the items without a preferred supplier. */
const groupKey = (group: Group) => group.supplier?.id ?? '';

/** /admin/purchases/reorder: low stock at a location, grouped by preferred supplier, into draft orders. */
export function ReorderPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Reorder`);
  const location = useStartingLocation('locationId');
  const [coverDaysText, setCoverDaysText] = useState(String(DEFAULT_REORDER_COVER_DAYS));
  const [coverError, setCoverError] = useState<string | undefined>();
  const [query, setQuery] = useState<ReorderQuery | null>(null);
  const suggestions = useReorderSuggestions(query);

  const suggest = (event: FormEvent) => {
    event.preventDefault();
    const coverDays = Number(coverDaysText);
    if (!Number.isInteger(coverDays) || coverDays < 1 || coverDays > 180) {
      setCoverError(t`Enter a number of days from 1 to 180`);
      return;
    }
    if (!location.id) return;
    setQuery({ locationId: location.id, coverDays });
  };

  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={t`Reorder`}
        description={t`Items at or below their reorder level, with enough to cover the days you choose at the pace they sold over the last 30 days.`}
      />
      <form onSubmit={suggest} noValidate className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end sm:p-6">
        <FormField id="reorder-location" label={t`Location`}>
          <LocationSelect id="reorder-location" value={location.id} onChange={location.choose} allLabel={t`Choose a location`} />
        </FormField>
        <FormField id="reorder-cover" label={t`Days to cover`} error={coverError}>
          <Input
            {...fieldControlProps('reorder-cover', { error: coverError })}
            inputMode="numeric"
            value={coverDaysText}
            onChange={(event) => {
              setCoverDaysText(event.target.value);
              setCoverError(undefined);
            }}
          />
        </FormField>
        <Button type="submit" disabled={!location.id || suggestions.isFetching}>
          {suggestions.isFetching && <InlineSpinner />}
          <LightbulbIcon aria-hidden />
          <Trans>Suggest</Trans>
        </Button>
      </form>
      {query === null ? null : suggestions.isPending ? (
        <TableSkeleton columns={4} label={t`Loading suggestions`} />
      ) : suggestions.isError ? (
        <LoadError error={suggestions.error} what={t`the suggestions`} onRetry={() => void suggestions.refetch()} />
      ) : suggestions.data.groups.length === 0 ? (
        <EmptyState icon={ClipboardCheckIcon} title={t`Nothing to reorder`}>
          <Trans>No item at this location is at or below its reorder level.</Trans>
        </EmptyState>
      ) : (
        // A new answer (another location or cover) starts the choices again.
        <ReorderChoices key={JSON.stringify(query)} locationId={query.locationId} groups={suggestions.data.groups} />
      )}
    </div>
  );
}

function ReorderChoices({ locationId, groups }: { locationId: string; groups: Group[] }) {
  const { t } = useLingui();
  const refresh = useRefreshPurchases();
  const [items, setItems] = useState<Record<string, ItemChoice>>(() =>
    Object.fromEntries(groups.flatMap((group) => group.items.map((item) => [item.variantId, { included: true, packsText: String(item.suggestedPacks), unitCostMinor: item.unitCostMinor }]))),
  );
  const [suppliers, setSuppliers] = useState<Record<string, string>>(() => Object.fromEntries(groups.map((group) => [groupKey(group), group.supplier?.id ?? ''])));
  const [formError, setFormError] = useState<string | undefined>();
  // One key per set of drafts being made: a retry after a lost answer cannot make them twice.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const create = useMutation({
    mutationKey: ['purchases', 'reorder-drafts'],
    mutationFn: (body: unknown) => createReorderDraftsRequest(body, idempotencyKey),
    onSuccess: async () => {
      await refresh();
      setIdempotencyKey(crypto.randomUUID());
    },
    onError: (error) => setFormError(failureMessage(error, t`The draft orders were not made. Try again.`)),
  });

  const change = (variantId: string, next: Partial<ItemChoice>) => {
    setItems((current) => ({ ...current, [variantId]: { ...current[variantId]!, ...next } }));
    setFormError(undefined);
  };
  const packsOf = (item: Item) => {
    const milli = parseQuantity(items[item.variantId]!.packsText);
    return milli !== null && milli > 0 && milli % QUANTITY_SCALE === 0 ? milli / QUANTITY_SCALE : null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const orders: Array<{ supplierId: string; lines: unknown[] }> = [];
    for (const group of groups) {
      const chosen = group.items.filter((item) => items[item.variantId]!.included);
      const supplierId = suppliers[groupKey(group)]!;
      if (chosen.length === 0 || !supplierId) continue;
      if (chosen.some((item) => packsOf(item) === null || !Number.isSafeInteger(items[item.variantId]!.unitCostMinor))) {
        setFormError(t`Enter whole packs and a cost on every item chosen`);
        return;
      }
      orders.push({
        supplierId,
        lines: chosen.map((item) => ({
          variantId: item.variantId,
          unitId: item.unitId,
          quantityMilli: packsOf(item)! * QUANTITY_SCALE,
          unitCostMinor: items[item.variantId]!.unitCostMinor,
          taxClass: item.taxClass,
        })),
      });
    }
    if (orders.length === 0) {
      setFormError(t`Choose at least one item with a supplier`);
      return;
    }
    create.mutate({ locationId, orders });
  };

  if (create.data) {
    return (
      <section aria-labelledby="drafts-made" className="grid gap-3 rounded-xl border bg-card p-4 sm:p-6">
        <h3 id="drafts-made" className="font-semibold">
          <Trans>Draft orders made</Trans>
        </h3>
        <ul className="grid gap-2">
          {create.data.orders.map((order) => {
            const { number, supplierName, lineCount } = order;
            return (
              <li key={order.id}>
                <Link to={`${ORDERS_PATH}/${order.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {t`${number} to ${supplierName}`}
                </Link>{' '}
                <span className="text-sm text-muted-foreground">{t`${lineCount} lines`}</span>
              </li>
            );
          })}
        </ul>
        <p className="text-sm text-muted-foreground">
          <Trans>Open a draft to check it, then send it to the supplier.</Trans>
        </p>
      </section>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
      {groups.map((group) => (
        <SupplierGroup
          key={groupKey(group)}
          group={group}
          items={items}
          supplierId={suppliers[groupKey(group)]!}
          onSupplier={(supplierId) => setSuppliers((current) => ({ ...current, [groupKey(group)]: supplierId }))}
          onChange={change}
        />
      ))}
      {formError && (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <InlineSpinner />}
          <Trans>Create draft orders</Trans>
        </Button>
      </div>
    </form>
  );
}

function SupplierGroup({
  group,
  items,
  supplierId,
  onSupplier,
  onChange,
}: {
  group: Group;
  items: Record<string, ItemChoice>;
  supplierId: string;
  onSupplier: (supplierId: string) => void;
  onChange: (variantId: string, next: Partial<ItemChoice>) => void;
}) {
  const { t } = useLingui();
  const { money } = useMoney();
  const key = groupKey(group) || 'none';
  const title = group.supplier?.name ?? t`No preferred supplier`;
  return (
    <section aria-label={title} className="grid min-w-0 gap-3 rounded-xl border bg-card p-4 sm:p-6">
      <h3 className="font-semibold">{title}</h3>
      {group.supplier === null && (
        <FormField id={`reorder-supplier-${key}`} label={t`Order these from`}>
          <SupplierSelect id={`reorder-supplier-${key}`} value={supplierId} onChange={onSupplier} emptyLabel={t`Choose a supplier`} />
        </FormField>
      )}
      <ul className="grid gap-2">
        {group.items.map((item) => {
          const choice = items[item.variantId]!;
          const label = productLabel(item);
          const [onHand, onOrder, level, sold] = [item.onHandMilli, item.onOrderMilli, item.reorderLevelMilli, item.soldLast30DaysMilli].map(formatQuantity);
          const unit = item.unitName ?? t`units`;
          const lastCost = money(item.unitCostMinor);
          const id = `reorder-${item.variantId}`;
          return (
            <li key={item.variantId} aria-label={label} className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[auto_minmax(0,1fr)_8rem_10rem] sm:items-end">
              <Checkbox
                aria-label={t`Order ${label}`}
                checked={choice.included}
                onCheckedChange={(checked) => onChange(item.variantId, { included: checked === true })}
                className="sm:mb-3"
              />
              <span className="grid min-w-0">
                <span className="font-medium break-words">{label}</span>
                <span className="text-xs text-muted-foreground">
                  {t`On hand ${onHand} · on order ${onOrder} · reorder level ${level} · sold ${sold} in 30 days`}
                </span>
                <span className="text-xs text-muted-foreground">{t`Last cost ${lastCost}`}</span>
              </span>
              <FormField id={`${id}-packs`} label={t`Quantity (${unit})`}>
                <Input
                  id={`${id}-packs`}
                  aria-label={t`Quantity of ${label}`}
                  className="text-right tabular-nums"
                  inputMode="numeric"
                  autoComplete="off"
                  disabled={!choice.included}
                  value={choice.packsText}
                  onChange={(event) => onChange(item.variantId, { packsText: event.target.value })}
                />
              </FormField>
              <MoneyField
                id={`${id}-cost`}
                label={t`Unit cost`}
                value={choice.unitCostMinor}
                disabled={!choice.included}
                onChange={(value) => onChange(item.variantId, { unitCostMinor: value ?? Number.NaN })}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
