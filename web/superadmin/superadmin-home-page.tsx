import { ConstructionIcon } from 'lucide-react';
import { useSignedInUser } from '../auth/auth-provider';
import { roleLabel } from '../auth/role-label';
import { useDocumentTitle } from '../lib/use-document-title';

/** /superadmin until the platform pages arrive: who is signed in and what comes next. */
export function SuperAdminHomePage() {
  const user = useSignedInUser();
  useDocumentTitle('Platform overview · Dukani');
  return (
    <div className="grid gap-6">
      <section className="grid gap-1">
        <h1 className="text-2xl font-semibold break-words sm:text-3xl">Welcome, {user.fullName?.trim() || 'User'}</h1>
        <p className="text-muted-foreground">
          You are signed in to Dukani's platform administration as {roleLabel(user.role)}.
        </p>
      </section>
      <section
        aria-labelledby="coming-next"
        className="flex gap-3 rounded-xl border border-dashed bg-muted/40 p-4 text-sm sm:p-6"
      >
        <ConstructionIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid gap-1">
          <h2 id="coming-next" className="font-semibold">
            More of the platform area is on its way
          </h2>
          <p className="text-muted-foreground">
            Tenant and user management, analytics, revenue, plans, system health, database, security, communications
            and settings arrive with the super-admin release. Until then you can manage your own account from My
            Profile in the menu at the top right.
          </p>
        </div>
      </section>
    </div>
  );
}
