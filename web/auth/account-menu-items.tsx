import { Trans } from '@lingui/react/macro';
import { LogOutIcon, UserRoundIcon } from 'lucide-react';
import { Link } from 'react-router';
import { DropdownMenuItem, DropdownMenuSeparator } from '../components/ui/dropdown-menu';
import { LanguageMenuItems } from '../i18n/language-switcher';
import { useAuth } from './auth-provider';

/** The user menu's My Profile item (spec §2), for the layouts whose profile is a page of its own. */
export function MyProfileMenuItem() {
  return (
    <DropdownMenuItem asChild>
      <Link to="/profile">
        <UserRoundIcon aria-hidden />
        <Trans>My Profile</Trans>
      </Link>
    </DropdownMenuItem>
  );
}

/**
 * The user menu's end: the language choice, then, after a separator, Sign Out (every layout ends
 * its menu so). The area's own items come first, so the keyboard lands on them when the menu opens.
 */
export function SignOutMenuItem() {
  const { signOut } = useAuth();
  return (
    <>
      <DropdownMenuSeparator />
      <LanguageMenuItems />
      <DropdownMenuItem onSelect={() => void signOut()}>
        <LogOutIcon aria-hidden />
        <Trans>Sign Out</Trans>
      </DropdownMenuItem>
    </>
  );
}
