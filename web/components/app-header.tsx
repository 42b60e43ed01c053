import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The top bar of the signed-in areas: logo and name linking home, actions on the right. */
export function AppHeader({
  homeTo,
  logo,
  title,
  subtitle,
  children,
}: {
  homeTo: string;
  logo: ReactNode;
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-3 sm:px-4">
        <Link
          to={homeTo}
          className="flex min-w-0 items-center gap-2.5 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          {logo}
          <span className="flex min-w-0 flex-col">
            <span className="truncate leading-tight font-semibold">{title}</span>
            {subtitle && <span className="truncate text-xs text-muted-foreground">{subtitle}</span>}
          </span>
        </Link>
        <div className="ml-auto flex shrink-0 items-center gap-1">{children}</div>
      </div>
    </header>
  );
}
