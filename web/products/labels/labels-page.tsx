import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/ui/spinner';

// The barcode encoder (bwip-js, about 160 KB) loads with this page, not with every visit's first download.
const LabelsScreen = lazy(() => import('./labels-screen').then((module) => ({ default: module.LabelsScreen })));

/** /admin/products/labels */
export function LabelsPage() {
  const { t } = useLingui();
  return (
    <Suspense fallback={<Spinner label={t`Loading`} />}>
      <LabelsScreen />
    </Suspense>
  );
}
