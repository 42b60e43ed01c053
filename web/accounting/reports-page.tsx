import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BookOpenIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import {
  atDateQuerySchema,
  balanceSheetSchema,
  cashSummarySchema,
  generalLedgerQuerySchema,
  generalLedgerSchema,
  periodQuerySchema,
  profitAndLossQuerySchema,
  profitAndLossSchema,
  reconciliationSchema,
  trialBalanceSchema,
} from '../../core/accounting/accounting.schemas';
import { dayValue } from '../accounts/payment-dialog';
import { FormField, fieldControlProps } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { translateMessage } from '../i18n/translate-message';
import { EmptyState, PageHeader, Pagination, useAddressParams } from '../inventory/inventory-ui';
import { cn } from '../lib/cn';
import { useDateFormat } from '../lib/date-format';
import { firstFieldErrors, type FieldErrors } from '../lib/form-errors';
import { useDocumentTitle } from '../lib/use-document-title';
import { todayIn } from '../purchases/bill-service-form';
import { reportHref, useReport, type ReportParams } from './accounting.api';
import { AccountSelect, entryPath, linkClass, Money, reportPath, SCREEN_REPORTS, SourceLink, type ScreenReport } from './accounting-ui';
import { monthOf, yearToDate } from '../../core/reports/report-periods';
import { ReportActions, ReportDocument } from './report-frame';

const REPORT_TITLES: Record<ScreenReport, MessageDescriptor> = {
  'profit-and-loss': msg`Profit and loss`,
  'balance-sheet': msg`Balance sheet`,
  'trial-balance': msg`Trial balance`,
  'general-ledger': msg`General ledger`,
  'cash-summary': msg`Cash summary`,
  reconciliation: msg`Reconciliation`,
};

/** The P&L's columns: this period alone, beside the one before, or one per location. */
const PNL_COLUMNS = ['previous', 'none', 'locations'] as const;
type PnlColumns = (typeof PNL_COLUMNS)[number];
const PNL_COLUMN_LABELS: Record<PnlColumns, MessageDescriptor> = {
  previous: msg`With the period before`,
  none: msg`This period only`,
  locations: msg`By location`,
};

const RECONCILIATION_LABELS: Record<z.infer<typeof reconciliationSchema>['rows'][number]['side'], MessageDescriptor> = {
  receivable: msg`Accounts receivable and the customers' balances`,
  payable: msg`Accounts payable and the suppliers' balances`,
  gift_cards: msg`Gift cards outstanding and the cards' balances`,
  inventory: msg`Inventory and the stock valuation`,
};

const LEDGER_PAGE_SIZE = 100;

const QUERY_SCHEMAS: Record<ScreenReport, z.ZodType> = {
  'profit-and-loss': profitAndLossQuerySchema,
  'balance-sheet': atDateQuerySchema,
  'trial-balance': atDateQuerySchema,
  'general-ledger': generalLedgerQuerySchema,
  'cash-summary': periodQuerySchema,
  reconciliation: atDateQuerySchema,
};

/** Which report, and its period, date or account, from the address (a shared link shows the same report). */
function useReportChoices() {
  const [params, change] = useAddressParams();
  const { timeZone } = useDateFormat();
  const today = todayIn(timeZone);
  const month = monthOf(today);
  const inAddress = (name: string) => params.get(name) || undefined;
  const report = (SCREEN_REPORTS as readonly string[]).includes(params.get('report') ?? '') ? (params.get('report') as ScreenReport) : 'profit-and-loss';
  const columns = (PNL_COLUMNS as readonly string[]).includes(params.get('columns') ?? '') ? (params.get('columns') as PnlColumns) : 'previous';
  const choices = {
    report,
    from: inAddress('from') ?? month.from,
    to: inAddress('to') ?? month.to,
    date: inAddress('date') ?? today,
    accountId: inAddress('accountId') ?? '',
    columns,
    page: Math.max(1, Math.trunc(Number(params.get('page'))) || 1),
  };
  return { ...choices, change };
}
type ReportChoices = ReturnType<typeof useReportChoices>;

/** What the API is asked for the chosen report (its JSON; the downloads add ?format=). */
function apiParams(choices: ReportChoices): ReportParams {
  const { report, from, to, date, accountId, columns, page } = choices;
  if (report === 'profit-and-loss') return { from, to, compare: columns === 'previous' ? 'previous_period' : 'none', byLocation: columns === 'locations' ? 'true' : undefined };
  if (report === 'general-ledger') return { accountId, from, to, page, pageSize: LEDGER_PAGE_SIZE };
  if (report === 'cash-summary') return { from, to };
  return { date };
}

/** /admin/accounting/reports: pick a report and its period or date; read it here, print it, or download its CSV or PDF. */
export function ReportsPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const choices = useReportChoices();
  const { report, change } = choices;
  const title = i18n._(REPORT_TITLES[report]);
  useDocumentTitle(t`Reports`);
  const params = apiParams(choices);
  const checked = QUERY_SCHEMAS[report].safeParse(params);
  const errors: FieldErrors = checked.success ? {} : firstFieldErrors(checked.error);
  // A download holds the whole period, not the page on screen.
  const wholeReport = { ...params, page: undefined, pageSize: undefined };
  const downloads = checked.success ? { csv: reportHref(report, wholeReport, 'csv'), pdf: reportHref(report, wholeReport, 'pdf') } : null;
  const isPeriod = report === 'profit-and-loss' || report === 'general-ledger' || report === 'cash-summary';
  const field = (name: string) => fieldControlProps(`report-${name}`, { error: errors[name] });
  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader title={t`Reports`} description={t`Figures from the books, for any period: on screen, printed, or as CSV and PDF.`} actions={<ReportActions downloads={downloads} />} />
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-start print:hidden">
        <div className="sm:w-56">
          <FormField id="report-report" label={t`Report`}>
            <NativeSelect id="report-report" value={report} onChange={(event) => change({ report: event.target.value })}>
              {SCREEN_REPORTS.map((name) => (
                <option key={name} value={name}>
                  {i18n._(REPORT_TITLES[name])}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
        {report === 'general-ledger' && (
          <div className="sm:w-72">
            <FormField id="report-accountId" label={t`Account`}>
              <AccountSelect {...field('accountId')} value={choices.accountId} onChange={(event) => change({ accountId: event.target.value })} emptyLabel={t`Choose an account`} />
            </FormField>
          </div>
        )}
        {isPeriod ? (
          <div className="grid grid-cols-2 gap-3 sm:contents">
            <div className="sm:w-40">
              <FormField id="report-from" label={t`From`} error={errors.from}>
                <Input {...field('from')} type="date" value={choices.from} max={choices.to} onChange={(event) => change({ from: event.target.value })} />
              </FormField>
            </div>
            <div className="sm:w-40">
              <FormField id="report-to" label={t`To`} error={errors.to}>
                <Input {...field('to')} type="date" value={choices.to} min={choices.from} onChange={(event) => change({ to: event.target.value })} />
              </FormField>
            </div>
          </div>
        ) : (
          <div className="sm:w-40">
            <FormField id="report-date" label={t`As at`} error={errors.date}>
              <Input {...field('date')} type="date" value={choices.date} onChange={(event) => change({ date: event.target.value })} />
            </FormField>
          </div>
        )}
        {report === 'profit-and-loss' && (
          <div className="sm:w-64">
            <FormField id="report-columns" label={t`Columns`}>
              <NativeSelect id="report-columns" value={choices.columns} onChange={(event) => change({ columns: event.target.value })}>
                {PNL_COLUMNS.map((columns) => (
                  <option key={columns} value={columns}>
                    {i18n._(PNL_COLUMN_LABELS[columns])}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
        )}
      </div>
      {report === 'general-ledger' && !choices.accountId ? (
        <EmptyState icon={BookOpenIcon} title={t`Choose an account`}>
          <Trans>The general ledger lists one account's entries with its running balance.</Trans>
        </EmptyState>
      ) : (
        <ReportView choices={choices} params={params} title={title} enabled={checked.success} />
      )}
    </div>
  );
}

function ReportView({ choices, params, title, enabled }: { choices: ReportChoices; params: ReportParams; title: string; enabled: boolean }) {
  const props = { params, title, enabled };
  switch (choices.report) {
    case 'profit-and-loss':
      return <ProfitAndLossReport {...props} />;
    case 'balance-sheet':
      return <BalanceSheetReport {...props} />;
    case 'trial-balance':
      return <TrialBalanceReport {...props} />;
    case 'general-ledger':
      return <GeneralLedgerReport {...props} onPageChange={(page) => choices.change({ page: page > 1 ? String(page) : undefined })} />;
    case 'cash-summary':
      return <CashSummaryReport {...props} />;
    case 'reconciliation':
      return <ReconciliationReport {...props} />;
  }
}

interface ReportProps {
  params: ReportParams;
  title: string;
  enabled: boolean;
}

/** "1 Nov 2026 to 30 Nov 2026" or "As at 30 Nov 2026", in the shop's calendar. */
function usePeriodText() {
  const { t } = useLingui();
  const { formatDate } = useDateFormat();
  return {
    period: (from: string, to: string) => {
      const [start, end] = [formatDate(dayValue(from)), formatDate(dayValue(to))];
      return t`${start} to ${end}`;
    },
    asAt: (date: string) => {
      const day = formatDate(dayValue(date));
      return t`As at ${day}`;
    },
  };
}

const figure = 'text-right';
const totalRow = 'font-semibold hover:bg-transparent';

/** An account's name, opening its general ledger for the period. */
function AccountLink({ account, from, to }: { account: { accountId: string; code: string; name: string }; from: string; to: string }) {
  return (
    <Link to={reportPath('general-ledger', { accountId: account.accountId, from, to })} className={linkClass}>
      <span className="tabular-nums">{account.code}</span> {account.name}
    </Link>
  );
}

function SectionHeading({ title, span }: { title: string; span: number }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableHead scope="colgroup" colSpan={span} className="pt-4 pl-4 text-foreground">
        {translateMessage(title)}
      </TableHead>
    </TableRow>
  );
}

function FigureRow({ label, amounts, className }: { label: ReactNode; amounts: readonly number[]; className?: string }) {
  return (
    <TableRow className={cn(totalRow, className)}>
      <TableCell className="pl-4">{label}</TableCell>
      {amounts.map((amount, index) => (
        <TableCell key={index} className={cn(figure, 'last:pr-4')}>
          <Money minor={amount} />
        </TableCell>
      ))}
    </TableRow>
  );
}

function ProfitAndLossReport({ params, title, enabled }: ReportProps) {
  const { t } = useLingui();
  const texts = usePeriodText();
  const query = useReport('profit-and-loss', params, profitAndLossSchema, { enabled });
  return (
    <ReportDocument query={query} what={t`the profit and loss`} title={title} subtitle={(data) => texts.period(data.from, data.to)}>
      {(data) => {
        const span = data.columns.length + 1;
        return (
          <Table aria-label={title}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="pl-4">
                  <Trans>Account</Trans>
                </TableHead>
                {data.columns.map((column, index) => (
                  <TableHead key={index} className={cn(figure, 'last:pr-4')}>
                    {translateMessage(column.label)}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            {data.sections.map((section) => {
              const sectionTitle = translateMessage(section.title);
              return (
                <TableBody key={section.key}>
                  <SectionHeading title={section.title} span={span} />
                  {section.rows.map((row) => (
                    <TableRow key={row.accountId}>
                      <TableCell className="pl-6">
                        <AccountLink account={row} from={data.from} to={data.to} />
                      </TableCell>
                      {row.columns.map((amount, index) => (
                        <TableCell key={index} className={cn(figure, 'last:pr-4')}>
                          <Money minor={amount} />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                  <FigureRow label={t`Total ${sectionTitle}`} amounts={section.totals} />
                  {section.key === 'cost_of_sales' && <FigureRow label={t`Gross profit`} amounts={data.grossProfit} className="border-t-2" />}
                </TableBody>
              );
            })}
            <TableFooter>
              <FigureRow label={t`Net profit`} amounts={data.netProfit} />
            </TableFooter>
          </Table>
        );
      }}
    </ReportDocument>
  );
}

function BalanceSheetReport({ params, title, enabled }: ReportProps) {
  const { t } = useLingui();
  const texts = usePeriodText();
  const query = useReport('balance-sheet', params, balanceSheetSchema, { enabled });
  return (
    <ReportDocument query={query} what={t`the balance sheet`} title={title} subtitle={(data) => texts.asAt(data.date)}>
      {(data) => {
        const { from } = yearToDate(data.date);
        return (
          <Table aria-label={title}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="pl-4">
                  <Trans>Account</Trans>
                </TableHead>
                <TableHead className={cn(figure, 'pr-4')}>
                  <Trans>Balance</Trans>
                </TableHead>
              </TableRow>
            </TableHeader>
            {data.sections.map((section) => {
              const sectionTitle = translateMessage(section.title);
              const isEquity = section.key === 'equity';
              return (
                <TableBody key={section.key}>
                  <SectionHeading title={section.title} span={2} />
                  {section.rows.map((row) => (
                    <TableRow key={row.accountId}>
                      <TableCell className="pl-6">
                        <AccountLink account={row} from={from} to={data.date} />
                      </TableCell>
                      <TableCell className={cn(figure, 'pr-4')}>
                        <Money minor={row.amountMinor} />
                      </TableCell>
                    </TableRow>
                  ))}
                  {isEquity && (
                    <TableRow>
                      <TableCell className="pl-6">
                        <Trans>Current earnings (profit not yet closed)</Trans>
                      </TableCell>
                      <TableCell className={cn(figure, 'pr-4')}>
                        <Money minor={data.currentEarningsMinor} />
                      </TableCell>
                    </TableRow>
                  )}
                  <FigureRow label={t`Total ${sectionTitle}`} amounts={[section.key === 'assets' ? data.totalAssetsMinor : isEquity ? data.totalEquityMinor : (section.totals[0] ?? 0)]} />
                </TableBody>
              );
            })}
            <TableFooter>
              <FigureRow label={t`Total liabilities and equity`} amounts={[data.totalLiabilitiesAndEquityMinor]} />
            </TableFooter>
          </Table>
        );
      }}
    </ReportDocument>
  );
}

function TrialBalanceReport({ params, title, enabled }: ReportProps) {
  const { t } = useLingui();
  const texts = usePeriodText();
  const query = useReport('trial-balance', params, trialBalanceSchema, { enabled });
  return (
    <ReportDocument query={query} what={t`the trial balance`} title={title} subtitle={(data) => texts.asAt(data.date)}>
      {(data) => {
        const { from } = yearToDate(data.date);
        return (
          <Table aria-label={title}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="pl-4">
                  <Trans>Account</Trans>
                </TableHead>
                <TableHead className={figure}>
                  <Trans>Debit</Trans>
                </TableHead>
                <TableHead className={cn(figure, 'pr-4')}>
                  <Trans>Credit</Trans>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.rows.map((row) => (
                <TableRow key={row.accountId}>
                  <TableCell className="pl-4">
                    <AccountLink account={row} from={from} to={data.date} />
                  </TableCell>
                  <TableCell className={figure}>
                    <Money minor={row.debitMinor} blankZero />
                  </TableCell>
                  <TableCell className={cn(figure, 'pr-4')}>
                    <Money minor={row.creditMinor} blankZero />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <FigureRow label={t`Total`} amounts={[data.totalDebitMinor, data.totalCreditMinor]} />
            </TableFooter>
          </Table>
        );
      }}
    </ReportDocument>
  );
}

function GeneralLedgerReport({ params, title, enabled, onPageChange }: ReportProps & { onPageChange: (page: number) => void }) {
  const { t } = useLingui();
  const texts = usePeriodText();
  const { formatDate } = useDateFormat();
  const query = useReport('general-ledger', params, generalLedgerSchema, { enabled });
  return (
    <ReportDocument query={query} what={t`the general ledger`} title={title} subtitle={(data) => `${data.account.code} · ${data.account.name} · ${texts.period(data.from, data.to)}`}>
      {(data) => (
        <>
          <Table aria-label={title}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="pl-4">
                  <Trans>Date</Trans>
                </TableHead>
                <TableHead>
                  <Trans>Entry</Trans>
                </TableHead>
                <TableHead>
                  <Trans>Source</Trans>
                </TableHead>
                <TableHead>
                  <Trans>Memo</Trans>
                </TableHead>
                <TableHead className={figure}>
                  <Trans>Debit</Trans>
                </TableHead>
                <TableHead className={figure}>
                  <Trans>Credit</Trans>
                </TableHead>
                <TableHead className={cn(figure, 'pr-4')}>
                  <Trans>Balance</Trans>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              <BalanceRow label={t`Opening balance`} minor={data.openingBalanceMinor} />
              {data.rows.map((row, index) => (
                <TableRow key={`${row.entryId}-${index}`}>
                  <TableCell className="pl-4 whitespace-nowrap">{formatDate(dayValue(row.entryDate))}</TableCell>
                  <TableCell>
                    <Link to={entryPath(row.entryId)} className={cn(linkClass, 'whitespace-nowrap')}>
                      {row.number}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <SourceLink source={row.source} />
                  </TableCell>
                  <TableCell>{row.description ?? row.memo}</TableCell>
                  <TableCell className={figure}>
                    <Money minor={row.debitMinor} blankZero />
                  </TableCell>
                  <TableCell className={figure}>
                    <Money minor={row.creditMinor} blankZero />
                  </TableCell>
                  <TableCell className={cn(figure, 'pr-4')}>
                    <Money minor={row.balanceMinor} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <BalanceRow label={t`Closing balance`} minor={data.closingBalanceMinor} />
            </TableFooter>
          </Table>
          <div className="print:hidden">
            <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPageChange={onPageChange} />
          </div>
        </>
      )}
    </ReportDocument>
  );
}

/** The general ledger's opening or closing balance, under its Balance column. */
function BalanceRow({ label, minor }: { label: string; minor: number }) {
  return (
    <TableRow className={totalRow}>
      <TableCell className="pl-4" colSpan={6}>
        {label}
      </TableCell>
      <TableCell className={cn(figure, 'pr-4')}>
        <Money minor={minor} />
      </TableCell>
    </TableRow>
  );
}

function CashSummaryReport({ params, title, enabled }: ReportProps) {
  const { t } = useLingui();
  const texts = usePeriodText();
  const query = useReport('cash-summary', params, cashSummarySchema, { enabled });
  return (
    <ReportDocument query={query} what={t`the cash summary`} title={title} subtitle={(data) => texts.period(data.from, data.to)}>
      {(data) => {
        const sum = (pick: (row: (typeof data.rows)[number]) => number) => data.rows.reduce((total, row) => total + pick(row), 0);
        return (
          <Table aria-label={title}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="pl-4">
                  <Trans>Account</Trans>
                </TableHead>
                <TableHead className={figure}>
                  <Trans>Opening</Trans>
                </TableHead>
                <TableHead className={figure}>
                  <Trans>In</Trans>
                </TableHead>
                <TableHead className={figure}>
                  <Trans>Out</Trans>
                </TableHead>
                <TableHead className={cn(figure, 'pr-4')}>
                  <Trans>Closing</Trans>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.rows.map((row) => (
                <TableRow key={row.accountId}>
                  <TableCell className="pl-4">
                    <AccountLink account={row} from={data.from} to={data.to} />
                  </TableCell>
                  <TableCell className={figure}>
                    <Money minor={row.openingMinor} />
                  </TableCell>
                  <TableCell className={figure}>
                    <Money minor={row.inMinor} />
                  </TableCell>
                  <TableCell className={figure}>
                    <Money minor={row.outMinor} />
                  </TableCell>
                  <TableCell className={cn(figure, 'pr-4')}>
                    <Money minor={row.closingMinor} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <FigureRow label={t`Total`} amounts={[sum((row) => row.openingMinor), sum((row) => row.inMinor), sum((row) => row.outMinor), sum((row) => row.closingMinor)]} />
            </TableFooter>
          </Table>
        );
      }}
    </ReportDocument>
  );
}

function ReconciliationReport({ params, title, enabled }: ReportProps) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const texts = usePeriodText();
  const query = useReport('reconciliation', params, reconciliationSchema, { enabled });
  return (
    <ReportDocument query={query} what={t`the reconciliation`} title={title} subtitle={(data) => texts.asAt(data.date)}>
      {(data) => (
        <Table aria-label={title}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="pl-4">
                <Trans>Control account</Trans>
              </TableHead>
              <TableHead className={figure}>
                <Trans>In the books</Trans>
              </TableHead>
              <TableHead className={figure}>
                <Trans>In its own records</Trans>
              </TableHead>
              <TableHead className={cn(figure, 'pr-4')}>
                <Trans>Difference</Trans>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.rows.map((row) => (
              <TableRow key={row.side}>
                <TableCell className="pl-4">{i18n._(RECONCILIATION_LABELS[row.side])}</TableCell>
                <TableCell className={figure}>
                  <Money minor={row.ledgerMinor} />
                </TableCell>
                <TableCell className={figure}>
                  <Money minor={row.subledgerMinor} />
                </TableCell>
                <TableCell className={cn(figure, 'pr-4')}>
                  {row.differenceMinor === 0 ? <Badge variant="success">{t`Agrees`}</Badge> : <Money minor={row.differenceMinor} className="font-semibold text-destructive" />}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </ReportDocument>
  );
}
