import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { dayValue } from '../accounts/payment-dialog';
import { DetailSkeleton, LoadError, PageHeader } from '../inventory/inventory-ui';
import { cn } from '../lib/cn';
import { useDateFormat } from '../lib/date-format';
import { useDocumentTitle } from '../lib/use-document-title';
import { useAccountingOverview } from './accounting.api';
import { ACCOUNTING, linkClass, Money, reportPath } from './accounting-ui';

/** /admin/accounting/overview: what the shop has and owes, and how this month is going, each a way into its report. */
export function OverviewPage() {
  const { t } = useLingui();
  const { formatDate } = useDateFormat();
  useDocumentTitle(t`Accounting`);
  const overview = useAccountingOverview();
  if (overview.isPending) return <DetailSkeleton label={t`Loading the overview`} />;
  if (overview.isError) return <LoadError error={overview.error} what={t`the overview`} onRetry={() => void overview.refetch()} />;
  const figures = overview.data;
  const month = { from: figures.monthFrom, to: figures.monthTo };
  const monthFrom = formatDate(dayValue(figures.monthFrom));
  const monthTo = formatDate(dayValue(figures.monthTo));
  const lockDate = figures.lockDate ? formatDate(dayValue(figures.lockDate)) : null;
  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader title={t`Overview`} description={t`Posted from every sale, purchase, payment, expense and stock change.`} />
      {figures.historyPostedAt === null && (
        <p role="status" className="rounded-xl border bg-muted/40 p-4 text-sm">
          <Trans>Documents from before the books were opened are still being posted: the figures grow until they are all in.</Trans>
        </p>
      )}
      <section aria-labelledby="overview-position" className="grid gap-3">
        <h3 id="overview-position" className="font-semibold">
          <Trans>What the shop has and owes</Trans>
        </h3>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <FigureCard label={t`Cash`} minor={figures.cashMinor} to={reportPath('cash-summary', month)} linkText={t`Cash summary`} />
          <FigureCard label={t`Bank`} minor={figures.bankMinor} to={reportPath('cash-summary', month)} linkText={t`Cash summary`} />
          <FigureCard label={t`M-Pesa`} minor={figures.mpesaMinor} to={reportPath('cash-summary', month)} linkText={t`Cash summary`} />
          <FigureCard label={t`Customers owe the shop`} minor={figures.receivableMinor} to={reportPath('reconciliation', {})} linkText={t`Reconciliation`} />
          <FigureCard label={t`The shop owes suppliers`} minor={figures.payableMinor} to={reportPath('reconciliation', {})} linkText={t`Reconciliation`} />
        </ul>
      </section>
      <section aria-labelledby="overview-month" className="grid gap-3">
        <h3 id="overview-month" className="font-semibold">
          <Trans>
            This month, {monthFrom} to {monthTo}
          </Trans>
        </h3>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <FigureCard label={t`Income`} minor={figures.monthIncomeMinor} to={reportPath('profit-and-loss', month)} linkText={t`Profit and loss`} />
          <FigureCard label={t`Expenses`} minor={figures.monthExpensesMinor} to={reportPath('profit-and-loss', month)} linkText={t`Profit and loss`} />
          <FigureCard
            label={figures.monthProfitMinor < 0 ? t`Loss` : t`Profit`}
            minor={figures.monthProfitMinor}
            to={reportPath('profit-and-loss', month)}
            linkText={t`Profit and loss`}
            emphasis
          />
          <FigureCard label={t`VAT due this month`} minor={figures.vatDueMinor} to={`${ACCOUNTING}/vat?from=${month.from}&to=${month.to}`} linkText={t`VAT return`} />
        </ul>
      </section>
      <nav aria-label={t`More reports`} className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <Link to={reportPath('balance-sheet', {})} className={linkClass}>
          <Trans>Balance sheet</Trans>
        </Link>
        <Link to={reportPath('trial-balance', {})} className={linkClass}>
          <Trans>Trial balance</Trans>
        </Link>
        <Link to={reportPath('general-ledger', month)} className={linkClass}>
          <Trans>General ledger</Trans>
        </Link>
      </nav>
      <p className="text-sm text-muted-foreground">{lockDate ? <Trans>The books are locked up to {lockDate}.</Trans> : <Trans>The books have no lock date.</Trans>}</p>
    </div>
  );
}

/** A figure and the report that explains it. */
function FigureCard({ label, minor, to, linkText, emphasis = false }: { label: string; minor: number; to: string; linkText: string; emphasis?: boolean }) {
  return (
    <li className="grid min-w-0 content-between gap-3 rounded-xl border bg-card p-4">
      <dl className="grid gap-1">
        <dt className="text-sm text-muted-foreground">{label}</dt>
        <dd className={cn('text-xl font-semibold', emphasis && minor < 0 && 'text-destructive')}>
          <Money minor={minor} />
        </dd>
      </dl>
      <Link to={to} className={cn(linkClass, 'text-sm')}>
        {linkText}
      </Link>
    </li>
  );
}
