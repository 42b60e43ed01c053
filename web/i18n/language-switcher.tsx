import { Trans, useLingui } from '@lingui/react/macro';
import { LanguagesIcon } from 'lucide-react';
import { toast } from '../lib/toast';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../core/i18n/locale.rules';
import { Button } from '../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu';
import { useLanguage } from './language-provider';

function useSwitch() {
  const { t } = useLingui();
  const { locale, changeLanguage } = useLanguage();
  const choose = (value: string) => {
    if (!isLocale(value) || value === locale) return;
    changeLanguage(value).catch(() => toast.error(t`Saving your language failed. It applies on this device only.`));
  };
  return { locale, choose };
}

// Each language is named in itself (LOCALE_NAMES), so someone who reads only one can find it.
function LanguageRadioItems({ locale, choose }: { locale: Locale; choose: (value: string) => void }) {
  return (
    <DropdownMenuRadioGroup value={locale} onValueChange={choose}>
      {LOCALES.map((option) => (
        <DropdownMenuRadioItem key={option} value={option} lang={option}>
          {LOCALE_NAMES[option]}
        </DropdownMenuRadioItem>
      ))}
    </DropdownMenuRadioGroup>
  );
}

/** The language menu of the sign-in pages' header: the choice is kept on this device. */
export function LanguageMenu() {
  const { t } = useLingui();
  const { locale, choose } = useSwitch();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-2" aria-label={t`Language: ${LOCALE_NAMES[locale]}`}>
          <LanguagesIcon aria-hidden />
          <span className="hidden sm:inline">{LOCALE_NAMES[locale]}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <Trans>Language</Trans>
        </DropdownMenuLabel>
        <LanguageRadioItems locale={locale} choose={choose} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The user menu's language items: the choice is kept on the person's profile and on this device. */
export function LanguageMenuItems() {
  const { locale, choose } = useSwitch();
  return (
    <>
      <DropdownMenuLabel className="flex items-center gap-2 text-xs font-normal text-muted-foreground">
        <LanguagesIcon aria-hidden className="size-4" />
        <Trans>Language</Trans>
      </DropdownMenuLabel>
      <LanguageRadioItems locale={locale} choose={choose} />
      <DropdownMenuSeparator />
    </>
  );
}
