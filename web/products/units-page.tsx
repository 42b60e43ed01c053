import { Trans, useLingui } from '@lingui/react/macro';
import { RulerIcon } from 'lucide-react';
import { useState } from 'react';
import type { Unit } from '../../core/products/products.schemas';
import { Badge } from '../components/ui/badge';
import { useDocumentTitle } from '../lib/use-document-title';
import { useCatalogAccess } from './catalog-access';
import { packContents, unitName } from './product-format';
import { isDefaultUnit } from './product-form-values';
import { useUnits } from './products.api';
import { DeleteReferenceDialog, UnitDialog } from './reference-dialogs';
import { ReferenceListPage } from './reference-list';

/** /admin/products/units: the built-in units, and packs and custom units (advanced inventory). */
export function UnitsPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Units`);
  const access = useCatalogAccess();
  const units = useUnits();
  const [editing, setEditing] = useState<Unit | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Unit | null>(null);
  const shortNameOf = (unitId: string | null) => units.data?.find((unit) => unit.id === unitId)?.shortName ?? null;
  return (
    <>
      <ReferenceListPage
        texts={{
          title: t`Units`,
          description: t`How products are counted: pieces, kilograms, litres, or packs such as a box of 12 pieces.`,
          newLabel: t`New unit`,
          firstLabel: t`Add the first unit`,
          emptyTitle: t`No units yet`,
          loadingLabel: t`Loading units`,
          loadWhat: t`units`,
          editLabel: (name) => t`Edit unit ${name}`,
          deleteLabel: (name) => t`Delete unit ${name}`,
        }}
        icon={RulerIcon}
        query={units}
        columns={[
          {
            header: t`Unit`,
            cell: (unit) => (
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{unitName(unit, i18n)}</span>
                {isDefaultUnit(unit) && <Badge variant="secondary">
                    <Trans>Built in</Trans>
                  </Badge>}
              </span>
            ),
          },
          { header: t`Short name`, cell: (unit) => <span className="font-mono">{unit.shortName}</span> },
          { header: t`Fractions`, cell: (unit) => (unit.allowsDecimals ? t`Yes (up to 3 decimals)` : t`Whole numbers`) },
          { header: t`Pack`, cell: (unit) => packContents(unit.baseQuantityMilli, shortNameOf(unit.baseUnitId)) ?? '—' },
        ]}
        canEdit={access.canEdit}
        lock={access.hasAdvancedInventory ? null : { badge: access.upgradeBadge, message: access.upgradeMessage }}
        isItemLocked={isDefaultUnit}
        onCreate={() => setEditing('new')}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      {editing && <UnitDialog unit={editing === 'new' ? null : editing} open onOpenChange={(open) => !open && setEditing(null)} />}
      <DeleteReferenceDialog kind="units" item={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}
