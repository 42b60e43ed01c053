import { Trans } from '@lingui/react/macro';
import { ArchiveIcon } from 'lucide-react';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { ArchiveDownloadStatus, useArchiveDownload } from '../components/archive-download';
import { Button } from '../components/ui/button';
import { InlineSpinner } from '../components/ui/spinner';
import { useFeature } from '../inventory/inventory-ui';
import { UpgradeBadge } from '../products/upgrade-badge';

// The shop's export archive (docs/platform.md "Per-shop export"): all of its data as a .tar.gz.

/** Settings → Business, for the owner: the download, or the upgrade badge without backup_restore. */
export function ShopExportCard() {
  const feature = useFeature('backup_restore');
  const archive = useArchiveDownload('/api/shop-export', 'shop-export.tar.gz');
  const locked = feature.isEnabled === false;
  return (
    <section aria-labelledby="shop-export" className="grid justify-items-start gap-3 rounded-xl border bg-card p-4 sm:p-6">
      <h2 id="shop-export" className="font-semibold">
        <Trans>Export all of the shop's data</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans>
          Every product, sale, customer, stock movement and setting of the shop, one file per table, in a .tar.gz archive. The download is recorded in the audit log.
        </Trans>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" disabled={locked || archive.isRunning} onClick={() => void archive.start()} data-testid="shop-export-download">
          {archive.isRunning ? <InlineSpinner /> : <ArchiveIcon aria-hidden />}
          {archive.isRunning ? <Trans>Preparing…</Trans> : <Trans>Download the archive</Trans>}
        </Button>
        {locked && <UpgradeBadge badge={feature.badge} message={upgradeMessage('backup_restore')} />}
      </div>
      <ArchiveDownloadStatus archive={archive} />
    </section>
  );
}
