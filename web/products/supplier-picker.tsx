import { Trans, useLingui } from '@lingui/react/macro';
import { FormField, fieldControlProps } from '../components/form-field';
import { SupplierSelect } from '../purchases/order-supplier-select';

/**
 * The product's preferred supplier (reorder suggestions order it from them), or none: the
 * purchases screens' supplier select, the saved one kept in the list while a search shows others.
 */
export function SupplierPicker({
  value,
  current,
  onChange,
  error,
}: {
  value: string | null;
  current: { id: string; name: string } | null;
  onChange: (supplierId: string | null) => void;
  error?: string | undefined;
}) {
  const { t } = useLingui();
  const hint = t`Reorder suggestions order it from this supplier`;
  return (
    <div className="sm:col-span-2">
      <FormField id="product-supplier" label={<Trans>Preferred supplier</Trans>} error={error} hint={hint}>
        <SupplierSelect
          {...fieldControlProps('product-supplier', { error, hint })}
          value={value ?? ''}
          current={current}
          onChange={(supplierId) => onChange(supplierId || null)}
          emptyLabel={t`No preferred supplier`}
        />
      </FormField>
    </div>
  );
}
