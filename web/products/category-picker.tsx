import { Trans, useLingui } from '@lingui/react/macro';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { NativeSelect } from '../components/ui/native-select';
import { useCategories } from './products.api';
import { CategoryDialog } from './reference-dialogs';

/** The product's category, listed with its full path ("Drinks › Soft drinks"), with "New category" beside it. */
export function CategoryPicker({ value, onChange, error }: { value: string | null; onChange: (categoryId: string | null) => void; error?: string | undefined }) {
  const { t } = useLingui();
  const categories = useCategories();
  const [isCreating, setIsCreating] = useState(false);
  return (
    <FormField
      id="product-category"
      label={t`Category`}
      error={error}
      labelAside={
        <Button variant="link" size="sm" className="h-auto p-0 text-xs" onClick={() => setIsCreating(true)}>
          <PlusIcon aria-hidden className="size-3.5" />
          <Trans>New category</Trans>
        </Button>
      }
    >
      <NativeSelect
        {...fieldControlProps('product-category', { error })}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
        disabled={categories.isPending}
      >
        <option value="">{categories.isPending ? t`Loading categories…` : t`No category`}</option>
        {categories.data?.map((category) => (
          <option key={category.id} value={category.id}>
            {category.path}
          </option>
        ))}
      </NativeSelect>
      {isCreating && <CategoryDialog category={null} open onOpenChange={setIsCreating} onSaved={onChange} />}
    </FormField>
  );
}
