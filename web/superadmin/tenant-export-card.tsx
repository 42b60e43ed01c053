import { Trans, useLingui } from '@lingui/react/macro';
import { ArchiveIcon } from 'lucide-react';
import { tenantExportFileName } from '../../core/platform/tenant-export.schemas';
import type { PlatformTenant } from '../../core/platform/platform.schemas';
import { Button } from '../components/ui/button';
import { InlineSpinner } from '../components/ui/spinner';
import { ArchiveDownloadStatus, useArchiveDownload } from '../components/archive-download';

/**
 * The shop's page in the console: all of its data as a .tar.gz (docs/platform.md "Per-shop
 * export"), recorded in the platform audit log and the shop's own.
 */
export function TenantExportCard({ shop }: { shop: Pick<PlatformTenant, 'id' | 'subdomain'> }) {
  const { t } = useLingui();
  const archive = useArchiveDownload(`/api/platform/tenants/${shop.id}/export`, tenantExportFileName(shop.subdomain, new Date()));
  return (
    <section aria-label={t`Export`} className="grid content-start justify-items-start gap-3 rounded-xl border bg-card p-4">
      <h2 className="font-semibold">
        <Trans>Export</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans>
          All of the shop's data: one JSON Lines file per table and a manifest with each table's row count, in a .tar.gz archive. Recorded in the platform history and in the shop's own audit log.
        </Trans>
      </p>
      <Button variant="outline" disabled={archive.isRunning} onClick={() => void archive.start()} data-testid="tenant-export-download">
        {archive.isRunning ? <InlineSpinner /> : <ArchiveIcon aria-hidden />}
        {archive.isRunning ? <Trans>Preparing…</Trans> : <Trans>Download all data</Trans>}
      </Button>
      <ArchiveDownloadStatus archive={archive} />
    </section>
  );
}
