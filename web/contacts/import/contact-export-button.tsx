import { Trans } from '@lingui/react/macro';
import { DownloadIcon } from 'lucide-react';
import { upgradeMessage } from '../../../core/billing/plan-features.rules';
import { Button } from '../../components/ui/button';
import { UpgradeBadge } from '../../products/upgrade-badge';
import { useContactBulkAccess } from './contact-bulk-access';
import { contactExportHref } from './contact-import.api';

/**
 * "Export CSV" of the contacts for the list's filters (q, type, groupId, tag, balance, archived).
 * For those holding data.export; without the plan's data_export the button is locked beside the upgrade badge.
 */
export function ContactExportButton({ filters }: { filters?: Record<string, string | undefined> }) {
  const access = useContactBulkAccess('data_export');
  if (!access.isPermitted) return null;
  if (access.isLocked) {
    return (
      <span className="inline-flex items-center gap-2" data-locked="">
        <Button variant="outline" size="sm" disabled>
          <DownloadIcon aria-hidden />
          <Trans>Export CSV</Trans>
        </Button>
        <UpgradeBadge badge={access.badge} message={upgradeMessage('data_export')} />
      </span>
    );
  }
  return (
    <Button variant="outline" size="sm" asChild>
      {/* A plain download: the browser saves the server's attachment, however large. */}
      <a href={contactExportHref(filters)} download>
        <DownloadIcon aria-hidden />
        <Trans>Export CSV</Trans>
      </a>
    </Button>
  );
}
