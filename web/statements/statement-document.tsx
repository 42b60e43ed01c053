import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AgingBuckets } from '../../core/accounts/aging.rules';
import { INTL_LOCALES, isLocale, SOURCE_LOCALE } from '../../core/i18n/locale.rules';
import { formatMinorUnits } from '../../core/settings/money.rules';
import type { Statement, StatementEntry } from '../../core/statements/statement.schemas';
import { cn } from '../lib/cn';
import { AGING_LABELS, ENTRY_KIND_LABELS, PAYMENT_METHOD_LABELS, STATEMENT_TITLES, SUPPLIER_CHARGE_LABEL } from './statement-labels';

// The statement as a document: the same on screen and on paper (A4, through the print copy of
// statement-page.tsx). Figures are whole minor units formatted as "KES 1,500.00"; dates are the
// shop's calendar dates.

const AGING_KEYS: (keyof AgingBuckets)[] = ['currentMinor', 'days1to30Minor', 'days31to60Minor', 'days61to90Minor', 'over90Minor', 'totalMinor'];

export function useStatementFormat(statement: Statement) {
  const { i18n } = useLinguiRuntime();
  const intlLocale = INTL_LOCALES[isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE];
  const dates = new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    money: (minor: number) => formatMinorUnits(minor, statement.shop.currencyCode, statement.shop.currencyDecimals, intlLocale),
    /** A calendar date (YYYY-MM-DD) as the language writes it: "5 Oct 2024". */
    date: (value: string) => dates.format(new Date(`${value}T00:00:00Z`)),
  };
}

function EntryDescription({ entry, statement }: { entry: StatementEntry; statement: Statement }) {
  const { i18n } = useLinguiRuntime();
  const kind = entry.kind === 'charge' && statement.side === 'payable' ? i18n._(SUPPLIER_CHARGE_LABEL) : i18n._(ENTRY_KIND_LABELS[entry.kind]);
  const method = entry.method && Object.hasOwn(PAYMENT_METHOD_LABELS, entry.method) ? i18n._(PAYMENT_METHOD_LABELS[entry.method]!) : null;
  return (
    <>
      <span className="font-medium">{kind}</span>
      {(method || entry.reference) && <span className="text-muted-foreground"> · {[method, entry.reference].filter(Boolean).join(' ')}</span>}
      {entry.note && <span className="block text-xs text-muted-foreground">{entry.note}</span>}
      {entry.number && <span className="block text-xs text-muted-foreground sm:hidden">{entry.number}</span>}
    </>
  );
}

export function StatementDocument({ statement, className }: { statement: Statement; className?: string }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { money, date } = useStatementFormat(statement);
  const { shop, contact } = statement;
  const title = i18n._(STATEMENT_TITLES[statement.side]);
  const from = date(statement.from);
  const to = date(statement.to);
  const shopPin = shop.kraPin;
  const contactPin = contact.kraPin;
  const unapplied = money(statement.unappliedCreditsMinor);
  const amount = 'px-2 py-1.5 text-right tabular-nums whitespace-nowrap';
  return (
    <article className={cn('statement-document grid gap-5 text-sm', className)} aria-label={title}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-0.5">
          <p className="text-lg font-semibold text-primary">{shop.name}</p>
          {shopPin && (
            <p className="text-xs text-muted-foreground">
              <Trans>KRA PIN: {shopPin}</Trans>
            </p>
          )}
        </div>
        <div className="grid gap-0.5 text-right">
          <h3 className="text-lg font-semibold">{title}</h3>
          <p className="text-xs text-muted-foreground">
            <Trans>
              Period: {from} to {to}
            </Trans>
          </p>
        </div>
      </header>

      <section className="grid gap-0.5" aria-label={t`Statement for`}>
        <p className="text-xs text-muted-foreground">
          <Trans>Statement for</Trans>
        </p>
        <p className="font-semibold">{contact.name}</p>
        {contact.company && <p>{contact.company}</p>}
        {contact.address && <p className="whitespace-pre-line">{contact.address}</p>}
        {(contact.phone || contact.email) && <p>{[contact.phone, contact.email].filter(Boolean).join(' · ')}</p>}
        {contactPin && (
          <p>
            <Trans>KRA PIN: {contactPin}</Trans>
          </p>
        )}
      </section>

      <div className="overflow-x-auto rounded-lg border print:overflow-visible print:rounded-none print:border-0">
        <table className="w-full min-w-[36rem] border-collapse text-sm print:min-w-0 print:text-xs">
          <caption className="sr-only">{t`Entries of the period with the balance after each`}</caption>
          <thead className="bg-muted/60 print:table-header-group">
            <tr className="text-left">
              <th scope="col" className="px-2 py-1.5 font-medium">
                <Trans>Date</Trans>
              </th>
              <th scope="col" className="px-2 py-1.5 font-medium">
                <Trans>Description</Trans>
              </th>
              <th scope="col" className="hidden px-2 py-1.5 font-medium sm:table-cell">
                <Trans>Reference</Trans>
              </th>
              <th scope="col" className={amount}>
                <Trans>Debit</Trans>
              </th>
              <th scope="col" className={amount}>
                <Trans>Credit</Trans>
              </th>
              <th scope="col" className={amount}>
                <Trans>Balance</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-t font-medium">
              <td className="px-2 py-1.5" />
              <td className="px-2 py-1.5" colSpan={4}>
                <Trans>Opening balance</Trans>
              </td>
              <td className={amount} data-testid="statement-opening">
                {money(statement.openingBalanceMinor)}
              </td>
            </tr>
            {statement.entries.map((entry) => (
              <tr key={entry.id} className="border-t break-inside-avoid">
                <td className="px-2 py-1.5 whitespace-nowrap">{date(entry.date)}</td>
                <td className="px-2 py-1.5">
                  <EntryDescription entry={entry} statement={statement} />
                </td>
                <td className="hidden px-2 py-1.5 whitespace-nowrap sm:table-cell">{entry.number}</td>
                <td className={amount}>{entry.amountMinor > 0 ? money(entry.amountMinor) : ''}</td>
                <td className={amount}>{entry.amountMinor < 0 ? money(-entry.amountMinor) : ''}</td>
                <td className={amount}>{money(entry.balanceMinor)}</td>
              </tr>
            ))}
            {statement.entries.length === 0 && (
              <tr className="border-t">
                <td className="px-2 py-3 text-center text-muted-foreground" colSpan={6}>
                  <Trans>No entries in this period.</Trans>
                </td>
              </tr>
            )}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-foreground/70 font-medium">
              <td className="px-2 py-1.5" />
              <td className="px-2 py-1.5" colSpan={2}>
                <Trans>Totals for the period</Trans>
              </td>
              <td className={amount}>{money(statement.totalDebitsMinor)}</td>
              <td className={amount}>{money(-statement.totalCreditsMinor)}</td>
              <td className="px-2 py-1.5" />
            </tr>
            <tr className="border-t font-semibold">
              <td className="px-2 py-1.5" />
              <td className="px-2 py-1.5" colSpan={4}>
                <Trans>Closing balance</Trans>
              </td>
              <td className={amount} data-testid="statement-closing">
                {money(statement.closingBalanceMinor)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>

      <section className="grid gap-2 break-inside-avoid" aria-labelledby="statement-aging-title">
        <h4 id="statement-aging-title" className="font-semibold">
          <Trans>Amount due by age on {to}</Trans>
        </h4>
        <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-lg border bg-border sm:grid-cols-6 print:grid-cols-6">
          {AGING_KEYS.map((key) => (
            <div key={key} className={cn('grid gap-0.5 bg-card px-3 py-2', key === 'totalMinor' && 'font-semibold')}>
              <dt className="text-xs text-muted-foreground">{i18n._(AGING_LABELS[key])}</dt>
              <dd className="tabular-nums">{money(statement.aging[key])}</dd>
            </div>
          ))}
        </dl>
        {statement.unappliedCreditsMinor > 0 && (
          <p className="text-muted-foreground">
            <Trans>Payments not yet applied to a charge (deposit): {unapplied}</Trans>
          </p>
        )}
      </section>
    </article>
  );
}
