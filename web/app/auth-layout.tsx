import { Trans } from '@lingui/react/macro';
import { Link, Outlet } from 'react-router';
import { AuthHeaderMenus } from './auth-header-menus';

export function AuthLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-secondary/60 to-background">
      <header className="flex justify-end gap-1 p-3">
        <AuthHeaderMenus />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 py-6">
        <Outlet />
      </main>
      <footer className="flex flex-wrap justify-center gap-x-6 gap-y-2 px-4 py-6 text-sm text-muted-foreground">
        <Link to="/privacy" className="rounded-sm hover:text-foreground hover:underline">
          <Trans>Privacy Policy</Trans>
        </Link>
        <Link to="/terms" className="rounded-sm hover:text-foreground hover:underline">
          <Trans>Terms of Service</Trans>
        </Link>
      </footer>
    </div>
  );
}
