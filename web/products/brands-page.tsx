import { useLingui } from '@lingui/react/macro';
import { TagsIcon } from 'lucide-react';
import { useState } from 'react';
import type { Brand } from '../../core/products/products.schemas';
import { useDocumentTitle } from '../lib/use-document-title';
import { useCatalogAccess } from './catalog-access';
import { useBrands } from './products.api';
import { BrandDialog, DeleteReferenceDialog } from './reference-dialogs';
import { ReferenceListPage } from './reference-list';

/** /admin/products/brands: brands are advanced inventory; without it the list is read-only with the badge. */
export function BrandsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Brands`);
  const access = useCatalogAccess();
  const brands = useBrands();
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Brand | null>(null);
  return (
    <>
      <ReferenceListPage
        texts={{
          title: t`Brands`,
          description: t`The makers and labels you stock, to filter the catalog and report by brand.`,
          newLabel: t`New brand`,
          firstLabel: t`Add the first brand`,
          emptyTitle: t`No brands yet`,
          loadingLabel: t`Loading brands`,
          loadWhat: t`brands`,
          editLabel: (name) => t`Edit brand ${name}`,
          deleteLabel: (name) => t`Delete brand ${name}`,
        }}
        icon={TagsIcon}
        query={brands}
        columns={[
          { header: t`Brand`, cell: (brand) => <span className="font-medium">{brand.name}</span> },
          { header: t`Products`, cell: (brand) => brand.productCount, className: 'text-right tabular-nums' },
        ]}
        canEdit={access.canEdit}
        lock={access.hasAdvancedInventory ? null : { badge: access.upgradeBadge, message: access.upgradeMessage }}
        onCreate={() => setEditing('new')}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      {editing && <BrandDialog brand={editing === 'new' ? null : editing} open onOpenChange={(open) => !open && setEditing(null)} />}
      <DeleteReferenceDialog kind="brands" item={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}
