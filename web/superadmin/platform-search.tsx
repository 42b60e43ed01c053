import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { SearchIcon, StoreIcon, UserRoundIcon } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Input } from '../components/ui/input';
import { useDebouncedValue } from '../inventory/inventory-ui';
import { cn } from '../lib/cn';
import { usePlatformSearch } from './platform.api';
import { TENANT_STATUS_LABELS } from './platform-labels';

interface Result {
  key: string;
  to: string;
  title: string;
  detail: string;
  group: 'tenants' | 'users';
}

/**
 * The header's search (spec §2, issue 21): shops by name, subdomain or owner's e-mail and people by
 * name or e-mail, asked of the server once typing pauses. A combobox: the arrow keys move through
 * the results, Enter opens one (a shop's page, or the people list narrowed to that person), Escape
 * closes them.
 */
export function PlatformSearch() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const settled = useDebouncedValue(text.trim());
  const search = usePlatformSearch(settled);
  const results: Result[] = settled.length < 2 || !search.data
    ? []
    : [
        ...search.data.tenants.map((tenant) => ({
          key: `tenant-${tenant.id}`,
          to: `/superadmin/tenants/${tenant.id}`,
          title: tenant.name,
          detail: `${tenant.subdomain} · ${i18n._(TENANT_STATUS_LABELS[tenant.status])}`,
          group: 'tenants' as const,
        })),
        ...search.data.users.map((user) => ({
          key: `user-${user.id}`,
          to: `/superadmin/users?q=${encodeURIComponent(user.email)}`,
          title: user.fullName ?? user.email,
          detail: user.email,
          group: 'users' as const,
        })),
      ];
  const isShown = isOpen && settled.length >= 2;
  const open = (result: Result) => {
    setIsOpen(false);
    setText('');
    setActiveIndex(-1);
    void navigate(result.to);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      const chosen = results[activeIndex] ?? (results.length === 1 ? results[0] : undefined);
      if (chosen) {
        event.preventDefault();
        open(chosen);
      }
    } else if (event.key === 'Escape') {
      setIsOpen(false);
      setActiveIndex(-1);
    }
  };
  const active = isShown ? results[activeIndex] : undefined;
  const groups = [
    { group: 'tenants' as const, label: t`Tenants`, Icon: StoreIcon },
    { group: 'users' as const, label: t`Users`, Icon: UserRoundIcon },
  ];
  return (
    <div className="relative min-w-0 flex-1 sm:max-w-md">
      <SearchIcon aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        type="search"
        role="combobox"
        aria-label={t`Search tenants and users`}
        aria-expanded={isShown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active ? `${listId}-${active.key}` : undefined}
        placeholder={t`Search tenants and users…`}
        className="pl-8"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setIsOpen(true);
          setActiveIndex(-1);
        }}
        onFocus={() => setIsOpen(true)}
        onBlur={() => setIsOpen(false)}
        onKeyDown={onKeyDown}
      />
      {isShown && (
        <div
          id={listId}
          role="listbox"
          aria-label={t`Search results`}
          className="absolute top-full right-0 left-0 z-40 mt-1 max-h-96 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {results.length === 0 ? (
            <p className="px-2 py-3 text-sm text-muted-foreground">
              {search.isFetching || settled !== text.trim() ? t`Searching…` : search.isError ? t`The search is not available right now.` : t`No tenants or users match.`}
            </p>
          ) : (
            groups.map(({ group, label, Icon }) => {
              const inGroup = results.filter((result) => result.group === group);
              if (inGroup.length === 0) return null;
              return (
                <div key={group} role="group" aria-label={label}>
                  <p className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground">{label}</p>
                  {inGroup.map((result) => (
                    <div
                      key={result.key}
                      id={`${listId}-${result.key}`}
                      role="option"
                      aria-selected={result === active}
                      // The input keeps the focus: a pointer press must not blur it before the click lands.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => open(result)}
                      className={cn('flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm', result === active ? 'bg-accent text-accent-foreground' : 'hover:bg-muted')}
                    >
                      <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                      <span className="grid min-w-0">
                        <span className="truncate font-medium">{result.title}</span>
                        <span className="truncate text-xs text-muted-foreground">{result.detail}</span>
                      </span>
                    </div>
                  ))}
                </div>
              );
            })
          )}
        </div>
      )}
    </div>
  );
}
