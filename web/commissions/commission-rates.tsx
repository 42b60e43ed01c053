import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PercentIcon, Trash2Icon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { bpsToPercent, percentToBps, type CommissionBasis } from '../../core/commissions/commission.rules';
import type { CommissionRateView } from '../../core/commissions/commissions.schemas';
import { parseMoney } from '../../core/settings/money.rules';
import { useMoney } from '../accounts/use-money';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { EmptyState, LoadError, TableSkeleton } from '../inventory/inventory-ui';
import { VariantPicker } from '../inventory/variant-picker';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { useCategories } from '../products/products.api';
import { commissionKeys, removeCommissionRate, saveCommissionRate, useCommissionRates, useCommissionStaff } from './commissions.api';

// The rates editor (issue 20): a rate for one person or everyone, on a product, a category or
// everything; the most specific applies (product, category, default; a person's before everyone's).

type Target = 'all' | 'category' | 'product';
const EVERYONE = '';

export function CommissionRates() {
  const { t } = useLingui();
  const { money } = useMoney();
  const queryClient = useQueryClient();
  const rates = useCommissionRates();
  const remove = useMutation({
    mutationFn: (rate: CommissionRateView) => removeCommissionRate(rate.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: commissionKeys.all });
      toast.success(t`Rate removed`);
    },
    onError: (failure) => toast.error(t`The rate was not removed`, { description: failureMessage(failure, t`Try again.`) }),
  });

  const rateText = (rate: CommissionRateView) =>
    rate.basis === 'net_sales_bps' ? t`${bpsToPercent(rate.rateBps ?? 0)}% of net sales` : t`${money(rate.amountMinor ?? 0)} a unit`;
  const targetText = (rate: CommissionRateView) => rate.productName ?? rate.categoryName ?? t`All products`;

  return (
    <div className="grid min-w-0 gap-6">
      <RateForm />
      {rates.isPending ? (
        <TableSkeleton columns={4} label={t`Loading the commission rates`} />
      ) : rates.isError ? (
        <LoadError error={rates.error} what={t`the commission rates`} onRetry={() => void rates.refetch()} />
      ) : rates.data.items.length === 0 ? (
        <EmptyState icon={PercentIcon} title={t`No commission rates yet`}>
          <Trans>Set a default rate for everyone or for one person, then rates for categories or products that earn more or less.</Trans>
        </EmptyState>
      ) : (
        <Table aria-label={t`Commission rates`}>
          <TableHeader>
            <TableRow>
              <TableHead>{t`Who`}</TableHead>
              <TableHead>{t`On`}</TableHead>
              <TableHead>{t`Rate`}</TableHead>
              <TableHead>
                <span className="sr-only">{t`Actions`}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rates.data.items.map((rate) => (
              <TableRow key={rate.id}>
                <TableCell>{rate.userName ?? t`Everyone`}</TableCell>
                <TableCell>{targetText(rate)}</TableCell>
                <TableCell className="tabular-nums">{rateText(rate)}</TableCell>
                <TableCell className="text-right">
                  <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={() => remove.mutate(rate)} aria-label={t`Remove the rate of ${rate.userName ?? t`Everyone`} on ${targetText(rate)}`}>
                    <Trash2Icon aria-hidden />
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}

function RateForm() {
  const { t } = useLingui();
  const { symbol } = useMoney();
  const queryClient = useQueryClient();
  const staff = useCommissionStaff();
  const categories = useCategories();
  const [userId, setUserId] = useState(EVERYONE);
  const [target, setTarget] = useState<Target>('all');
  const [categoryId, setCategoryId] = useState('');
  const [product, setProduct] = useState<{ id: string; name: string } | null>(null);
  const [basis, setBasis] = useState<CommissionBasis>('net_sales_bps');
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<{ value?: string; target?: string }>({});

  const save = useMutation({
    mutationFn: saveCommissionRate,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: commissionKeys.all });
      setValue('');
      toast.success(t`Rate saved`);
    },
    onError: (failure) => toast.error(t`The rate was not saved`, { description: failureMessage(failure, t`Try again.`) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rateBps = basis === 'net_sales_bps' ? percentToBps(value) : null;
    const amountMinor = basis === 'per_unit' ? parseMoney(value) : null;
    const next: typeof errors = {};
    if (basis === 'net_sales_bps' && rateBps === null) next.value = t`Enter a percentage between 0 and 100, e.g. 2.5`;
    if (basis === 'per_unit' && amountMinor === null) next.value = t`Enter an amount, e.g. 5.00`;
    if (target === 'category' && !categoryId) next.target = t`Choose a category`;
    if (target === 'product' && !product) next.target = t`Choose a product`;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    save.mutate({
      userId: userId || null,
      categoryId: target === 'category' ? categoryId : null,
      productId: target === 'product' ? (product?.id ?? null) : null,
      basis,
      rateBps,
      amountMinor,
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Set a rate</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>A percentage of net sales (excluding VAT) or a fixed amount per unit sold. Returns take the commission back in the period of the return.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <FormField id="rate-person" label={t`Who`}>
              <NativeSelect id="rate-person" value={userId} onChange={(event) => setUserId(event.target.value)}>
                <option value={EVERYONE}>{t`Everyone`}</option>
                {staff.data?.items.map((member) => (
                  <option key={member.userId} value={member.userId}>
                    {member.name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id="rate-target" label={t`On`} error={target === 'category' ? errors.target : undefined}>
              <NativeSelect {...fieldControlProps('rate-target', {})} value={target} onChange={(event) => setTarget(event.target.value as Target)}>
                <option value="all">{t`All products (the default)`}</option>
                <option value="category">{t`A category`}</option>
                <option value="product">{t`A product`}</option>
              </NativeSelect>
            </FormField>
            <FormField id="rate-basis" label={t`Kind`}>
              <NativeSelect id="rate-basis" value={basis} onChange={(event) => setBasis(event.target.value as CommissionBasis)}>
                <option value="net_sales_bps">{t`Percentage of net sales`}</option>
                <option value="per_unit">{t`Fixed amount per unit`}</option>
              </NativeSelect>
            </FormField>
            <FormField id="rate-value" label={basis === 'net_sales_bps' ? t`Rate (%)` : t`Amount (${symbol})`} error={errors.value}>
              <Input {...fieldControlProps('rate-value', { error: errors.value })} inputMode="decimal" autoComplete="off" value={value} onChange={(event) => setValue(event.target.value)} />
            </FormField>
          </div>
          {target === 'category' && (
            <FormField id="rate-category" label={t`Category`} error={errors.target}>
              <NativeSelect {...fieldControlProps('rate-category', { error: errors.target })} value={categoryId} onChange={(event) => setCategoryId(event.target.value)}>
                <option value="">{t`Choose a category`}</option>
                {categories.data?.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.path}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          )}
          {target === 'product' && (
            <div className="grid gap-2">
              <p className="text-sm font-medium">{product ? t`Product: ${product.name}` : t`Choose a product`}</p>
              {errors.target && !product && (
                <p role="alert" className="text-sm text-destructive">
                  {errors.target}
                </p>
              )}
              <VariantPicker idPrefix="rate-product" stockAt={null} pickLabel={(name) => t`Choose ${name}`} onPick={(variant) => setProduct({ id: variant.productId, name: variant.productName })} />
            </div>
          )}
          <div>
            <Button type="submit" disabled={save.isPending}>
              <Trans>Save rate</Trans>
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
