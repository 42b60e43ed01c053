import { LanguagesIcon, SunIcon } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Button } from '../components/ui/button';

// The menus' dropdown machinery (Radix menu, floating-ui, about 20 KB) is not needed to sign in:
// it arrives just after the page, while the buttons already hold their place (issue 12's budget).
const LanguageMenu = lazy(() => import('../i18n/language-switcher').then((module) => ({ default: module.LanguageMenu })));
const ThemeToggle = lazy(() => import('../components/theme-toggle').then((module) => ({ default: module.ThemeToggle })));

/** The sign-in pages' language and theme menus. */
export function AuthHeaderMenus() {
  return (
    <>
      <Suspense fallback={<HeldPlace wide icon={<LanguagesIcon aria-hidden />} />}>
        <LanguageMenu />
      </Suspense>
      <Suspense fallback={<HeldPlace icon={<SunIcon aria-hidden />} />}>
        <ThemeToggle />
      </Suspense>
    </>
  );
}

/** A menu's button before the menu has arrived: same size and icon, not yet usable. */
function HeldPlace({ icon, wide = false }: { icon: ReactNode; wide?: boolean }) {
  return (
    <Button variant="ghost" size={wide ? 'default' : 'icon'} disabled aria-hidden tabIndex={-1} className={wide ? 'gap-2' : undefined}>
      {icon}
      {wide && <span className="hidden w-16 sm:inline" />}
    </Button>
  );
}
