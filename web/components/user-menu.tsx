import { useLingui } from '@lingui/react/macro';
import { ChevronDownIcon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { initialsOf } from '../lib/format';
import { Avatar, AvatarFallback } from './ui/avatar';
import { Button } from './ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from './ui/dropdown-menu';

/** The header's user menu (spec §2): full name (fallback 'User') and e-mail, then the area's items. */
export function UserMenu({
  fullName,
  email,
  children,
  triggerRef,
  onCloseAutoFocus,
}: {
  fullName: string | null;
  email: string;
  children: ReactNode;
  triggerRef?: Ref<HTMLButtonElement>;
  /** Lets an item that opens a dialog keep the focus there (preventDefault) instead of on the trigger. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useLingui();
  const name = fullName?.trim() || t`User`;
  return (
    // Not modal: an item may open a dialog, which then takes the focus over (see onCloseAutoFocus).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button ref={triggerRef} variant="ghost" className="gap-2 px-1.5 sm:px-2" aria-label={t`${name}, account menu`}>
          <Avatar className="size-7">
            <AvatarFallback className="text-xs">{initialsOf(fullName, email)}</AvatarFallback>
          </Avatar>
          <span className="hidden max-w-40 truncate sm:inline">{name}</span>
          <ChevronDownIcon aria-hidden className="text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64 max-w-[calc(100vw-1rem)]" onCloseAutoFocus={onCloseAutoFocus}>
        <DropdownMenuLabel className="grid gap-0.5 font-normal">
          <span className="truncate text-sm font-medium text-foreground">{name}</span>
          <span className="truncate text-xs text-muted-foreground">{email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {children}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
