import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { THEMES, type Theme } from '../lib/theme';
import { useTheme } from './theme-provider';
import { Button } from './ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from './ui/dropdown-menu';

const THEME_OPTIONS: Record<Theme, { label: MessageDescriptor; Icon: typeof SunIcon }> = {
  light: { label: msg`Light`, Icon: SunIcon },
  dark: { label: msg`Dark`, Icon: MoonIcon },
  system: { label: msg`System`, Icon: MonitorIcon },
};

export function ThemeToggle() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { theme, resolvedTheme, setTheme } = useTheme();
  const themeLabel = i18n._(THEME_OPTIONS[theme].label);
  const TriggerIcon = resolvedTheme === 'dark' ? MoonIcon : SunIcon;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t`Theme: ${themeLabel}`}>
          <TriggerIcon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <Trans>Theme</Trans>
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={theme}
          onValueChange={(value) => setTheme(THEMES.find((option) => option === value) ?? 'system')}
        >
          {THEMES.map((option) => {
            const { label, Icon } = THEME_OPTIONS[option];
            return (
              <DropdownMenuRadioItem key={option} value={option}>
                <Icon aria-hidden />
                {i18n._(label)}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
