import { useLingui } from '@lingui/react/macro';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_TYPE_LABELS, ACCOUNT_TYPES, type AccountType } from '../../core/accounting/chart';
import { useMoney } from '../accounts/use-money';
import { useMayDo } from '../auth/may-do';
import { NativeSelect } from '../components/ui/native-select';
import { translateMessage } from '../i18n/translate-message';
import { cn } from '../lib/cn';
import { purchaseQueryString } from '../purchases/orders.api';
import { useLedgerAccounts, type ReportName } from './accounting.api';
import { byCode } from './account-tree';

// What the accounting screens share: the area's addresses, who may write, money in a column,
// a document's link and the account picker.

export const ACCOUNTING = '/admin/accounting';
export const JOURNAL = `${ACCOUNTING}/journal`;
export const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** accounting.view reads the books; accounting.manage writes them (as the server checks). */
export function useCanWriteBooks(): boolean {
  return useMayDo('accounting.manage');
}

export const entryPath = (entryId: string) => `${JOURNAL}/${entryId}`;

/** The reports shown on the Reports tab (the VAT return has a tab of its own). */
export const SCREEN_REPORTS = ['profit-and-loss', 'balance-sheet', 'trial-balance', 'general-ledger', 'cash-summary', 'reconciliation'] as const satisfies readonly ReportName[];
export type ScreenReport = (typeof SCREEN_REPORTS)[number];

/** The Reports tab showing `report` with its period, date or account (the rest default). */
export function reportPath(report: ScreenReport, params: Partial<Record<'from' | 'to' | 'date' | 'accountId', string>>): string {
  return `${ACCOUNTING}/reports${purchaseQueryString({ report, ...params })}`;
}

/** An amount in a figures column: the shop's currency, digits aligned, blank for zero when `blankZero`. */
export function Money({ minor, blankZero = false, className }: { minor: number; blankZero?: boolean; className?: string }) {
  const { money } = useMoney();
  return <span className={cn('whitespace-nowrap tabular-nums', className)}>{blankZero && minor === 0 ? '' : money(minor)}</span>;
}

/** Where an entry came from: a link to the document's page, or its name when it has none. */
export function SourceLink({ source }: { source: { label: string; href: string | null } }) {
  const label = translateMessage(source.label);
  if (!source.href) return <span>{label}</span>;
  return (
    <Link to={source.href} className={cn(linkClass, 'whitespace-nowrap')}>
      {label}
    </Link>
  );
}

/** "1050 · Bank" */
export const accountLabel = (account: { code: string; name: string }) => `${account.code} · ${account.name}`;

/**
 * The shop's open accounts grouped by type (type-ahead by code or name on the till), optionally
 * of some types only; "" is `emptyLabel`. An archived account already chosen stays listed.
 */
export function AccountSelect({
  emptyLabel,
  types = ACCOUNT_TYPES,
  value,
  ...props
}: Omit<ComponentProps<typeof NativeSelect>, 'children' | 'value'> & { emptyLabel: string; types?: readonly AccountType[]; value: string }) {
  const { t } = useLingui();
  const accounts = useLedgerAccounts();
  const offered = (accounts.data ?? []).filter((account) => types.includes(account.type) && (!account.isArchived || account.id === value));
  return (
    <NativeSelect {...props} value={value} disabled={props.disabled || accounts.isPending}>
      <option value="">{accounts.isPending ? t`Loading accounts…` : emptyLabel}</option>
      {types.map((type) => {
        const ofType = offered.filter((account) => account.type === type).sort(byCode);
        if (ofType.length === 0) return null;
        return (
          <optgroup key={type} label={translateMessage(ACCOUNT_TYPE_LABELS[type])}>
            {ofType.map((account) => (
              <option key={account.id} value={account.id}>
                {accountLabel(account)}
              </option>
            ))}
          </optgroup>
        );
      })}
    </NativeSelect>
  );
}

