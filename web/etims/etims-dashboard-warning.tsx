import { Plural, Trans } from '@lingui/react/macro';
import { TriangleAlertIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useEtimsStatus } from './etims.api';

/**
 * The dashboard's warning (issue 19): sales or returns waiting more than an hour for KRA's
 * signature (KRA or the network down, or KRA refusing them). Managers are led to the list.
 */
export function EtimsDashboardWarning({ canOpenList }: { canOpenList: boolean }) {
  const status = useEtimsStatus();
  const waiting = status.data?.pendingOverAnHour ?? 0;
  if (waiting === 0) return null;
  return (
    <div role="alert" data-testid="etims-warning" className="flex flex-wrap items-center gap-2 rounded-xl border border-destructive/40 bg-card p-4 text-sm">
      <TriangleAlertIcon aria-hidden className="size-4 text-destructive" />
      <span className="font-medium">
        <Plural value={waiting} one="# eTIMS document has waited more than an hour for KRA." other="# eTIMS documents have waited more than an hour for KRA." />
      </span>
      {canOpenList && (
        <Link to="/admin/etims?status=pending" className="text-primary underline underline-offset-4">
          <Trans>See the documents</Trans>
        </Link>
      )}
    </div>
  );
}
