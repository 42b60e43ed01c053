import { Trans, useLingui } from '@lingui/react/macro';
import { BarChart3Icon, TableIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useMoney } from '../accounts/use-money';
import { Button } from '../components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { useDateFormat } from '../lib/date-format';
import { formatNumber } from '../lib/format';
import { hourLabel, hoursToDraw, shortDay, type HourFigures } from './dashboard-figures';

// The dashboard's two charts (Recharts, in the dashboard's chunk only). Each has a "Table" toggle
// showing the same figures as a real table, for screen readers and for reading exact amounts.

const AXIS_TICK = { fontSize: 12, fill: 'var(--color-muted-foreground)' };

/** Money on an axis, short: "KSh 12K". */
function useAxisMoney() {
  const { symbol, decimals } = useMoney();
  const { intlLocale } = useDateFormat();
  const compact = new Intl.NumberFormat(intlLocale, { notation: 'compact', maximumFractionDigits: 1 });
  return (minor: number) => `${symbol} ${compact.format(minor / 10 ** decimals)}`.trim();
}

/** A chart's card: its title, the Chart/Table toggle, and the chart or the table. */
function ChartCard({ title, chartLabel, chart, table, empty }: { title: string; chartLabel: string; chart: ReactNode; table: ReactNode; empty: string | null }) {
  const { t } = useLingui();
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid min-w-0 content-start gap-3 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="font-semibold">
          {title}
        </h2>
        {empty === null && (
          <Button variant="outline" size="sm" aria-pressed={asTable} onClick={() => setAsTable((shown) => !shown)}>
            {asTable ? <BarChart3Icon aria-hidden /> : <TableIcon aria-hidden />}
            {asTable ? t`Chart` : t`Table`}
          </Button>
        )}
      </div>
      {empty !== null ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : asTable ? (
        table
      ) : (
        <div role="img" aria-label={chartLabel} className="h-60 w-full min-w-0">
          {chart}
        </div>
      )}
    </section>
  );
}

/** A chart's figures as a table: its first column (the hour, the day), the number of sales and the sales. */
function SalesTable({ label, heading, rows }: { label: string; heading: string; rows: ReadonlyArray<{ key: string; label: string; saleCount: number; netSalesMinor: number }> }) {
  const { money } = useMoney();
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>{heading}</TableHead>
          <TableHead className="text-right">
            <Trans>Number of sales</Trans>
          </TableHead>
          <TableHead className="text-right">
            <Trans>Sales</Trans>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            <TableCell className="whitespace-nowrap">{row.label}</TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(row.saleCount)}</TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">{money(row.netSalesMinor)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Sales by hour of the day (the shop's clock) over the period. */
export function HourChart({ byHour }: { byHour: readonly HourFigures[] }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const axisMoney = useAxisMoney();
  const hours = hoursToDraw(byHour).map((row) => ({ ...row, label: hourLabel(row.hour) }));
  return (
    <ChartCard
      title={t`Sales by hour`}
      chartLabel={t`Bar chart of sales by hour of the day`}
      empty={hours.length === 0 ? t`No sales in this period.` : null}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={hours} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke="var(--color-border)" />
            <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} interval="preserveStartEnd" minTickGap={8} />
            <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={84} tickFormatter={(value: number) => axisMoney(value)} />
            <Tooltip formatter={(value) => [money(Number(value)), t`Sales`]} cursor={{ fill: 'var(--color-muted)' }} />
            <Bar dataKey="netSalesMinor" fill="var(--color-primary)" radius={[4, 4, 0, 0]} maxBarSize={56} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={<SalesTable label={t`Sales by hour`} heading={t`Hour`} rows={hours.map((row) => ({ key: String(row.hour), label: row.label, saleCount: row.saleCount, netSalesMinor: row.netSalesMinor }))} />}
    />
  );
}

/** The 30 days ending at the period's last day, day by day. */
export function TrendChart({ trend }: { trend: ReadonlyArray<{ day: string; netSalesMinor: number; saleCount: number }> }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const { formatDate, intlLocale } = useDateFormat();
  const axisMoney = useAxisMoney();
  const days = trend.map((row) => ({ ...row, label: shortDay(row.day, intlLocale) }));
  return (
    <ChartCard
      title={t`Last 30 days`}
      chartLabel={t`Line chart of sales per day over the last 30 days`}
      empty={days.length === 0 ? t`No sales in this period.` : null}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke="var(--color-border)" />
            <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} interval="preserveStartEnd" minTickGap={16} />
            <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={84} tickFormatter={(value: number) => axisMoney(value)} />
            <Tooltip formatter={(value) => [money(Number(value)), t`Sales`]} />
            <Line type="monotone" dataKey="netSalesMinor" stroke="var(--color-primary)" strokeWidth={2} dot={false} />
          </LineChart>
        </ResponsiveContainer>
      }
      table={
        <SalesTable
          label={t`Last 30 days`}
          heading={t`Day`}
          rows={days.map((row) => ({ key: row.day, label: formatDate(`${row.day}T12:00:00Z`), saleCount: row.saleCount, netSalesMinor: row.netSalesMinor }))}
        />
      }
    />
  );
}
