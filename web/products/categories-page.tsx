import { useLingui as useLinguiContext } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { FolderTreeIcon } from 'lucide-react';
import { useState } from 'react';
import type { Category } from '../../core/products/products.schemas';
import { useDocumentTitle } from '../lib/use-document-title';
import { useCatalogAccess } from './catalog-access';
import { TAX_CLASS_LABELS } from './product-format';
import { useCategories } from './products.api';
import { CategoryDialog, DeleteReferenceDialog } from './reference-dialogs';
import { ReferenceListPage } from './reference-list';

/** /admin/products/categories: nested categories with their product counts. */
export function CategoriesPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Categories`);
  const access = useCatalogAccess();
  const categories = useCategories();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  return (
    <>
      <ReferenceListPage
        texts={{
          title: t`Categories`,
          description: t`Group products, e.g. Drinks › Soft drinks. A category can sit inside another.`,
          newLabel: t`New category`,
          firstLabel: t`Add the first category`,
          emptyTitle: t`No categories yet`,
          loadingLabel: t`Loading categories`,
          loadWhat: t`categories`,
          editLabel: (name) => t`Edit category ${name}`,
          deleteLabel: (name) => t`Delete category ${name}`,
        }}
        icon={FolderTreeIcon}
        query={categories}
        columns={[
          { header: t`Category`, cell: (category) => <span className="font-medium">{category.path}</span> },
          { header: t`VAT for new products`, cell: (category) => <CategoryTaxClass category={category} /> },
          { header: t`Products`, cell: (category) => category.productCount, className: 'text-right tabular-nums' },
        ]}
        canEdit={access.canEdit}
        lock={null}
        onCreate={() => setEditing('new')}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      {editing && <CategoryDialog category={editing === 'new' ? null : editing} open onOpenChange={(open) => !open && setEditing(null)} />}
      <DeleteReferenceDialog kind="categories" item={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}

/** Its own default VAT class, or the inherited one in muted text. */
function CategoryTaxClass({ category }: { category: Category }) {
  const { i18n } = useLinguiContext();
  if (category.defaultTaxClass) return i18n._(TAX_CLASS_LABELS[category.defaultTaxClass]);
  return <span className="text-muted-foreground">{i18n._(TAX_CLASS_LABELS[category.newProductTaxClass])}</span>;
}
