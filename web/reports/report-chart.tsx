import { useLingui } from '@lingui/react/macro';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportRow } from '../../core/reports/reports.schemas';
import { chartNumber, formatCell, type CellFormat } from './report-format';
import type { ShownColumn } from './report-table';

/**
 * The report's chart for the page on screen: bars or a line of one figure (y) by the first column
 * (x). Drawn as a picture with a label saying what it shows; the table below holds the same figures
 * for a screen reader and the keyboard.
 */
export function ReportChart({
  type,
  x,
  y,
  rows,
  format,
  decimals,
}: {
  type: 'bar' | 'line';
  x: ShownColumn;
  y: ShownColumn;
  rows: readonly ReportRow[];
  format: CellFormat;
  /** The currency's decimals: the axis shows whole amounts (KSh 12K), the tooltip the exact one. */
  decimals: number;
}) {
  const { t } = useLingui();
  const data = rows.map((row) => ({ label: formatCell(x, row[x.key], format), value: chartNumber(row[y.key]) }));
  const compact = new Intl.NumberFormat(format.locale, { notation: 'compact', maximumFractionDigits: 1 });
  const tick = (value: number) => (y.kind === 'money' ? compact.format(value / 10 ** decimals) : y.kind === 'quantity' ? compact.format(value / 1000) : formatCell(y, value, format));
  const tooltip = (value: unknown) => formatCell(y, chartNumber(value as number), format);
  const xTitle = x.title;
  const yTitle = y.title;
  const common = { data, margin: { top: 8, right: 8, bottom: 8, left: 0 } };
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" className="stroke-border" vertical={false} />
      <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={8} />
      <YAxis tickFormatter={tick} tick={{ fontSize: 12 }} width={56} />
      <Tooltip formatter={(value) => [tooltip(value), yTitle]} />
    </>
  );
  return (
    <figure role="img" aria-label={t`Chart of ${yTitle} by ${xTitle}`} className="h-64 w-full min-w-0">
      <ResponsiveContainer width="100%" height="100%">
        {type === 'line' ? (
          <LineChart {...common}>
            {axes}
            <Line type="monotone" dataKey="value" name={yTitle} stroke="var(--color-primary)" strokeWidth={2} dot={data.length <= 40} isAnimationActive={false} />
          </LineChart>
        ) : (
          <BarChart {...common}>
            {axes}
            <Bar dataKey="value" name={yTitle} fill="var(--color-primary)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
          </BarChart>
        )}
      </ResponsiveContainer>
    </figure>
  );
}
