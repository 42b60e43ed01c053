import { Trans, useLingui } from '@lingui/react/macro';
import { ConstructionIcon } from 'lucide-react';
import { useSignedInUser } from '../auth/auth-provider';
import { roleLabel } from '../auth/role-label';
import { useDocumentTitle } from '../lib/use-document-title';

/** /superadmin until the platform pages arrive: who is signed in and what comes next. */
export function SuperAdminHomePage() {
  const { t } = useLingui();
  const user = useSignedInUser();
  useDocumentTitle(t`Platform overview · Dukani`);
  const displayName = user.fullName?.trim() || t`User`;
  const role = roleLabel(user.role);
  return (
    <div className="grid gap-6">
      <section className="grid gap-1">
        <h1 className="text-2xl font-semibold break-words sm:text-3xl">
          <Trans>Welcome, {displayName}</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>You are signed in to Dukani's platform administration as {role}.</Trans>
        </p>
      </section>
      <section
        aria-labelledby="coming-next"
        className="flex gap-3 rounded-xl border border-dashed bg-muted/40 p-4 text-sm sm:p-6"
      >
        <ConstructionIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid gap-1">
          <h2 id="coming-next" className="font-semibold">
            <Trans>More of the platform area is on its way</Trans>
          </h2>
          <p className="text-muted-foreground">
            <Trans>
              Tenant and user management, analytics, revenue, plans, system health, database, security, communications
              and settings arrive with the super-admin release. Until then you can manage your own account from My
              Profile in the menu at the top right.
            </Trans>
          </p>
        </div>
      </section>
    </div>
  );
}
