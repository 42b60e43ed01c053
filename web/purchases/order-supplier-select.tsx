import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { useDebouncedValue } from '../inventory/inventory-ui';
import { useSuppliers } from './orders.api';

/**
 * A select of the shop's suppliers by name; "" is `emptyLabel` (every supplier, or none chosen).
 * A shop with more than a hundred gets a box to narrow them by name first; `current` (the one
 * saved) stays in the list while a search shows others.
 */
export function SupplierSelect({
  id,
  value,
  onChange,
  emptyLabel,
  current,
  ...aria
}: {
  id: string;
  value: string;
  onChange: (supplierId: string, supplier: { name: string; email: string | null } | undefined) => void;
  emptyLabel: string;
  current?: { id: string; name: string } | null | undefined;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
  'aria-label'?: string | undefined;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const suppliers = useSuppliers(useDebouncedValue(search));
  const found = suppliers.data?.items ?? [];
  const isLong = search !== '' || (suppliers.data?.total ?? 0) > found.length;
  const options = current && !found.some((supplier) => supplier.id === current.id) ? [{ ...current, email: null }, ...found] : found;
  return (
    <div className="grid gap-2">
      {isLong && <Input type="search" aria-label={t`Find a supplier by name`} placeholder={t`Find a supplier by name`} value={search} onChange={(event) => setSearch(event.target.value)} />}
      <NativeSelect
        id={id}
        value={value}
        disabled={suppliers.isPending}
        onChange={(event) => {
          const supplier = options.find((option) => option.id === event.target.value);
          onChange(event.target.value, supplier && { name: supplier.name, email: supplier.email });
        }}
        {...aria}
      >
        <option value="">{suppliers.isPending ? t`Loading suppliers…` : emptyLabel}</option>
        {options.map((supplier) => (
          <option key={supplier.id} value={supplier.id}>
            {supplier.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
