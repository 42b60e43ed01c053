import { useLingui } from '@lingui/react/macro';
import type { LucideIcon } from 'lucide-react';
import { PanelLeftIcon, XIcon } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Button } from '../components/ui/button';
import { cn } from '../lib/cn';
import { isSidebarShortcut, SIDEBAR_WIDTH, SIDEBAR_WIDTH_ICON, SIDEBAR_WIDTH_MOBILE, sidebarCookie } from './sidebar-state';

// The signed-in areas' sidebar (spec §2, §9), shared by the shop's admin shell and the platform
// console: the desktop rail that collapses to icons, the phone's sheet, the header block, the
// grouped links, and the toggle (button and Ctrl/Cmd+B).

/** Desktop: 16rem open, 3rem of icons collapsed (spec §9). */
export function SidebarFrame({ isOpen, children }: { isOpen: boolean; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <aside
      aria-label={t`Sidebar`}
      data-state={isOpen ? 'expanded' : 'collapsed'}
      style={{ width: isOpen ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_ICON }}
      className="sticky top-0 hidden h-dvh shrink-0 flex-col overflow-x-hidden overflow-y-auto border-r bg-sidebar transition-[width] duration-200 md:flex"
    >
      {children}
    </aside>
  );
}

/** Mobile: an 18rem sheet over the page (spec §9). */
export function SidebarSheet({ isOpen, onClose, children }: { isOpen: boolean; onClose: () => void; children: ReactNode }) {
  const { t } = useLingui();
  if (!isOpen) return null;
  return (
    <div className="fixed inset-0 z-40 md:hidden">
      <div aria-hidden className="absolute inset-0 bg-black/50" onClick={onClose} />
      <aside
        aria-label={t`Sidebar`}
        data-state="expanded"
        style={{ width: SIDEBAR_WIDTH_MOBILE, maxWidth: '85vw' }}
        className="relative flex h-full flex-col overflow-y-auto border-r bg-background shadow-lg"
      >
        <Button variant="ghost" size="icon" className="absolute top-2 right-2" aria-label={t`Close sidebar`} onClick={onClose}>
          <XIcon aria-hidden />
        </Button>
        {children}
      </aside>
    </div>
  );
}

/** The sidebar's top: a logo, and beside it (when open) a name and the signed-in person. */
export function SidebarHeader({ logo, title, userName, isCollapsed }: { logo: ReactNode; title: string; userName: string; isCollapsed: boolean }) {
  return (
    <div className={cn('flex items-center gap-2.5 border-b p-3', isCollapsed && 'justify-center px-1.5')}>
      {logo}
      {!isCollapsed && (
        <span className="grid min-w-0">
          <span className="truncate text-sm font-semibold">{title}</span>
          <span data-testid="sidebar-user" className="truncate text-xs text-muted-foreground">
            {userName}
          </span>
        </span>
      )}
    </div>
  );
}

/** Labelled groups of links; a collapsed sidebar shows the icons only. */
export function SidebarNav({
  label,
  groups,
  isCollapsed,
}: {
  /** The navigation's accessible name ("Admin", "Platform"). */
  label: string;
  groups: ReadonlyArray<{ label: string; links: ReadonlyArray<{ key: string; link: ReactNode }> }>;
  isCollapsed: boolean;
}) {
  return (
    <nav aria-label={label} className="grid gap-4 p-2">
      {groups.map((group) => (
        <div key={group.label} className="grid gap-1">
          {!isCollapsed && <p className="px-2 text-xs font-medium text-muted-foreground">{group.label}</p>}
          <ul className="grid gap-0.5">
            {group.links.map(({ key, link }) => (
              <li key={key}>{link}</li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/**
 * One link of the sidebar: its icon, and its title while open (the title becomes its name when
 * collapsed). A locked link looks dimmed and never shows as the current page.
 */
export function SidebarNavLink({
  to,
  title,
  icon: Icon,
  end = false,
  isCollapsed,
  onNavigate,
  isLocked = false,
  badge,
}: {
  to: string;
  title: string;
  icon: LucideIcon;
  end?: boolean;
  isCollapsed: boolean;
  onNavigate: (() => void) | undefined;
  isLocked?: boolean;
  badge?: ReactNode;
}) {
  return (
    <NavLink
      to={to}
      end={end}
      onClick={onNavigate}
      title={isCollapsed ? title : undefined}
      aria-label={isCollapsed ? title : undefined}
      data-locked={isLocked ? '' : undefined}
      className={({ isActive }) =>
        cn(
          'flex h-9 items-center gap-2 rounded-md px-2 text-sm outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/60',
          isActive && !isLocked && 'bg-muted font-medium',
          isLocked && 'opacity-50',
          isCollapsed && 'justify-center px-0',
        )
      }
    >
      <Icon aria-hidden className="size-4 shrink-0" />
      {!isCollapsed && <span className="min-w-0 flex-1 truncate">{title}</span>}
      {!isCollapsed && badge}
    </NavLink>
  );
}

/**
 * The sidebar's open state and its toggle (spec §2): Ctrl/Cmd+B or the header's button opens and
 * closes the rail on a desktop and the sheet on a phone. `persist` keeps the rail's state in the
 * sidebar cookie for 7 days (the shop's admin area does; the platform console starts collapsed).
 */
export function useSidebarToggle(initialOpen: () => boolean, { persist }: { persist: boolean }) {
  const [isSidebarOpen, setIsSidebarOpen] = useState(initialOpen);
  const [isSheetOpen, setIsSheetOpen] = useState(false);
  const toggleSidebar = useCallback(() => {
    if (window.matchMedia('(max-width: 767px)').matches) {
      setIsSheetOpen((open) => !open);
      return;
    }
    setIsSidebarOpen((open) => {
      if (persist) document.cookie = sidebarCookie(!open);
      return !open;
    });
  }, [persist]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggleSidebar();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);
  return { isSidebarOpen, isSheetOpen, closeSheet: () => setIsSheetOpen(false), toggleSidebar };
}

/** The header's button that opens and closes the sidebar. */
export function SidebarToggleButton({ isOpen, onToggle }: { isOpen: boolean; onToggle: () => void }) {
  const { t } = useLingui();
  return (
    <Button variant="ghost" size="icon" aria-label={t`Toggle Sidebar`} aria-expanded={isOpen} onClick={onToggle}>
      <PanelLeftIcon aria-hidden />
    </Button>
  );
}
