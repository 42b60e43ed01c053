import { DownloadIcon, UploadIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { BILLING_PATH, useBulkOperationsAccess } from './bulk-access';
import { EXPORT_PATH } from './bulk.api';

/** "Import" and "Export CSV" for the products list; without bulk_operations they lead to billing. */
export function ImportExportButtons() {
  const access = useBulkOperationsAccess();
  if (!access.isAllowedRole) return null;
  if (access.isLocked) {
    return (
      <Button variant="outline" size="sm" asChild className="opacity-60" data-locked="">
        <Link to={BILLING_PATH} title="CSV import and export need a plan with bulk operations">
          <UploadIcon aria-hidden />
          Import / export
          {access.badge && <Badge variant="accent">{access.badge}</Badge>}
        </Link>
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" asChild>
        <Link to="/admin/products/import">
          <UploadIcon aria-hidden />
          Import
        </Link>
      </Button>
      <Button variant="outline" size="sm" asChild>
        {/* A plain download: the browser saves the server's attachment, however large. */}
        <a href={EXPORT_PATH} download>
          <DownloadIcon aria-hidden />
          Export CSV
        </a>
      </Button>
    </div>
  );
}
