import { Trans, useLingui } from '@lingui/react/macro';
import { DownloadIcon, UploadIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { BILLING_PATH, useBulkOperationsAccess } from './bulk-access';
import { EXPORT_PATH } from './bulk.api';

/** "Import" and "Export CSV" for the products list, each shown to those the API lets use it; without bulk_operations Import leads to billing. */
export function ImportExportButtons() {
  const { t } = useLingui();
  const access = useBulkOperationsAccess();
  if (!access.mayManageProducts && !access.mayExport) return null;
  // The export is the shop's own data on any plan; only the import needs bulk operations.
  return (
    <div className="flex flex-wrap gap-2">
      {access.mayManageProducts &&
        (access.isLocked ? (
          <Button variant="outline" size="sm" asChild className="opacity-60" data-locked="">
            <Link to={BILLING_PATH} title={t`CSV import needs a plan with bulk operations`}>
              <UploadIcon aria-hidden />
              <Trans>Import</Trans>
              {access.badge && <Badge variant="accent">{access.badge}</Badge>}
            </Link>
          </Button>
        ) : (
          <Button variant="outline" size="sm" asChild>
            <Link to="/admin/products/import">
              <UploadIcon aria-hidden />
              <Trans>Import</Trans>
            </Link>
          </Button>
        ))}
      {access.mayExport && (
        <Button variant="outline" size="sm" asChild>
          {/* A plain download: the browser saves the server's attachment, however large. */}
          <a href={EXPORT_PATH} download>
            <DownloadIcon aria-hidden />
            <Trans>Export CSV</Trans>
          </a>
        </Button>
      )}
    </div>
  );
}
