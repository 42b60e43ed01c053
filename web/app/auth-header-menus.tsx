import { lazy, Suspense } from 'react';
import { Button } from '../components/ui/button';

// The menus' dropdown machinery (Radix menu, floating-ui, about 20 KB) is not needed to sign in:
// it arrives just after the page, while the buttons already hold their place (issue 12's budget).
const LanguageMenu = lazy(() => import('../i18n/language-switcher').then((module) => ({ default: module.LanguageMenu })));
const ThemeToggle = lazy(() => import('../components/theme-toggle').then((module) => ({ default: module.ThemeToggle })));

/** The sign-in pages' language and theme menus. */
export function AuthHeaderMenus() {
  return (
    <>
      <Suspense fallback={<HeldPlace wide />}>
        <LanguageMenu />
      </Suspense>
      <Suspense fallback={<HeldPlace />}>
        <ThemeToggle />
      </Suspense>
    </>
  );
}

/** A menu's place before the menu has arrived: the same size, empty, so nothing moves when it comes. */
function HeldPlace({ wide = false }: { wide?: boolean }) {
  return <Button variant="ghost" size={wide ? 'default' : 'icon'} disabled aria-hidden tabIndex={-1} className={wide ? 'w-10 sm:w-28' : undefined} />;
}
