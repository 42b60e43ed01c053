import { Trans, useLingui } from '@lingui/react/macro';
import { useMayDo } from '../auth/may-do';
import { RoleRefusal } from '../inventory/inventory-ui';
import { useDocumentTitle } from '../lib/use-document-title';
import { AuditLog } from './audit-log';

// The audit log as a page of its own, for a route of its own until the Team area's page gives it
// a tab (`/admin/team?tab=audit` renders <AuditLog /> there). Reached by its address without
// audit.view, it says why and asks the server nothing.
export function AuditLogPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Audit log`);
  const mayRead = useMayDo('audit.view');
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          <Trans>Audit log</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Sensitive actions in the shop: who, when, from where, and what changed. Nobody can change or remove an entry.</Trans>
        </p>
      </div>
      {mayRead ? <AuditLog /> : <RoleRefusal what={t`the audit log`} />}
    </div>
  );
}
