import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeftIcon } from 'lucide-react';
import { Link, NavLink, Outlet } from 'react-router';
import { Button } from '../components/ui/button';
import { ThemeToggle } from '../components/theme-toggle';
import { cn } from '../lib/cn';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-sm hover:text-foreground hover:underline', isActive && 'font-medium text-foreground');

export function LegalLayout() {
  const { t } = useLingui();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-10 border-b bg-background/90 backdrop-blur">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-2 px-4 py-2">
          <Button variant="ghost" size="sm" asChild className="-ml-2">
            <Link to="/auth">
              <ArrowLeftIcon aria-hidden />
              <Trans>Back to sign-in</Trans>
            </Link>
          </Button>
          <ThemeToggle />
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:py-12">
        <Outlet />
      </main>
      <footer className="border-t">
        <nav
          aria-label={t`Legal`}
          className="mx-auto flex max-w-3xl flex-wrap gap-x-6 gap-y-2 px-4 py-6 text-sm text-muted-foreground"
        >
          <NavLink to="/privacy" className={navLinkClass}>
            <Trans>Privacy Policy</Trans>
          </NavLink>
          <NavLink to="/terms" className={navLinkClass}>
            <Trans>Terms of Service</Trans>
          </NavLink>
        </nav>
      </footer>
    </div>
  );
}
