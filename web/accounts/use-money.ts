import { formatMoneyAmount } from '../lib/format';
import { useLanguage } from '../i18n/language-provider';
import { useBusinessSettings } from '../settings/settings.api';

/** Money in the shop's currency and the language on screen: money(150000) → "KSh 1,500.00". */
export function useMoney() {
  const settings = useBusinessSettings();
  const { intlLocale } = useLanguage();
  const symbol = settings.data?.currencySymbol ?? '';
  const decimals = settings.data?.currencyDecimals ?? 2;
  return {
    symbol,
    decimals,
    money: (amountMinor: number) => formatMoneyAmount(amountMinor, symbol, decimals, intlLocale).trim(),
  };
}
