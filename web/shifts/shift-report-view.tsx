import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { TENDER_LABELS, type RefundTender, type ShiftReport } from '../../core/sales/sales.schemas';
import { useMoney } from '../accounts/use-money';
import { translateMessage } from '../i18n/translate-message';
import { cn } from '../lib/cn';
import { useDateFormat } from '../lib/date-format';
import { formatNumber } from '../lib/format';
import { useBusinessSettings } from '../settings/settings.api';
import { CASH_MOVEMENT_REASON_LABELS, DECLARED_TENDER_LABELS } from './shift-labels';

export type ReportPaper = '80mm' | 'a4';

export const REPORT_ELEMENT_ID = 'shift-report';

// Printed through the browser's dialog: @page sets the paper (an 80 mm roll, as long as an A4 that
// the printer's driver cuts where the report ends, or an A4 sheet), the rest of the app is hidden.
const PRINT_CSS_80MM = `
@page { size: 80mm 297mm; margin: 3mm; }
@media print {
  body * { visibility: hidden; }
  #${REPORT_ELEMENT_ID}, #${REPORT_ELEMENT_ID} * { visibility: visible; }
  #${REPORT_ELEMENT_ID} { position: absolute; inset: 0 auto auto 0; width: 74mm; border: 0; box-shadow: none; padding: 0; }
}
`;
const PRINT_CSS_A4 = `
@page { size: A4; margin: 15mm; }
@media print {
  body * { visibility: hidden; }
  #${REPORT_ELEMENT_ID}, #${REPORT_ELEMENT_ID} * { visibility: visible; }
  #${REPORT_ELEMENT_ID} { position: absolute; inset: 0 auto auto 0; width: 180mm; max-width: none; border: 0; box-shadow: none; padding: 0; }
}
`;
export const REPORT_PRINT_CSS: Record<ReportPaper, string> = { '80mm': PRINT_CSS_80MM, a4: PRINT_CSS_A4 };

type DeclaredTender = keyof typeof DECLARED_TENDER_LABELS;
const isDeclaredTender = (key: string): key is DeclaredTender => key in DECLARED_TENDER_LABELS;

function Row({ label, value, strong }: { label: ReactNode; value: ReactNode; strong?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-2', strong && 'font-bold')}>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">{value}</dd>
    </div>
  );
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="mt-3 break-inside-avoid">
      <h2 className="border-b border-dashed border-black pb-0.5 font-bold">{title}</h2>
      <dl className="mt-1 grid gap-0.5">{children}</dl>
    </section>
  );
}

/**
 * The X report (an open shift, no side effects) or the Z report (written at close, with its number)
 * as a printable document: totals per tender, sales, returns, discounts, VAT per band, voids, cash
 * movements, cash expected and counted, over/short, first and last receipts, and late sales.
 */
export function ShiftReportView({ report, paper }: { report: ShiftReport; paper: ReportPaper }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { money } = useMoney();
  const { formatDateTime } = useDateFormat();
  const business = useBusinessSettings();
  const tenders = Object.entries(report.tenders) as [RefundTender, number][];
  const lateTenders = Object.entries(report.lateSales.tenders) as [RefundTender, number][];
  const declared = Object.entries(report.declaredTotals ?? {}).filter((entry): entry is [DeclaredTender, number] => isDeclaredTender(entry[0]) && typeof entry[1] === 'number');
  const bands = Object.entries(report.taxBands).sort(([a], [b]) => a.localeCompare(b));
  const zNumber = report.zNumber === null ? '' : formatNumber(report.zNumber);
  const title = report.kind === 'z' ? t`Z report ${zNumber}` : t`X report`;
  const returnsCount = formatNumber(report.returnsCount);
  const voidsCount = formatNumber(report.voidsCount);
  const tenderLabel = (tender: RefundTender) => translateMessage(TENDER_LABELS[tender], i18n);
  const signed = (amountMinor: number) => (amountMinor > 0 ? `+${money(amountMinor)}` : money(amountMinor));

  return (
    <article
      id={REPORT_ELEMENT_ID}
      aria-label={title}
      className={cn(
        'max-w-full rounded-md border bg-white p-4 font-mono leading-snug text-black shadow-sm',
        paper === '80mm' ? 'w-[80mm] text-[12px]' : 'w-[210mm] text-[13px]',
      )}
    >
      <header className="grid justify-items-center gap-0.5 text-center">
        {business.data && <p className="text-sm font-bold">{business.data.businessName}</p>}
        <h1 className="text-base font-bold">{title}</h1>
        {report.kind === 'x' && (
          <p>
            <Trans>Shift still open: figures so far</Trans>
          </p>
        )}
      </header>
      <Section title={<Trans>Shift</Trans>}>
        <Row label={<Trans>Register</Trans>} value={`${report.registerName} · ${report.locationName}`} />
        <Row label={<Trans>Opened</Trans>} value={formatDateTime(report.openedAt)} />
        {report.openedByName && <Row label={<Trans>Opened by</Trans>} value={report.openedByName} />}
        {report.closedAt && <Row label={<Trans>Closed</Trans>} value={formatDateTime(report.closedAt)} />}
        {report.closedByName && <Row label={<Trans>Closed by</Trans>} value={report.closedByName} />}
        <Row label={<Trans>Printed</Trans>} value={formatDateTime(report.printedAt)} />
        <Row label={<Trans>First receipt</Trans>} value={report.firstReceiptCode ?? '—'} />
        <Row label={<Trans>Last receipt</Trans>} value={report.lastReceiptCode ?? '—'} />
      </Section>
      <Section title={<Trans>Sales</Trans>}>
        <Row label={<Trans>Sales</Trans>} value={formatNumber(report.salesCount)} />
        <Row label={<Trans>Gross sales</Trans>} value={money(report.grossSalesMinor)} />
        <Row label={<Trans>Discounts</Trans>} value={money(report.discountsMinor)} />
        <Row label={<Trans>Tips</Trans>} value={money(report.tipsMinor)} />
        <Row label={<Trans>Returns ({returnsCount})</Trans>} value={money(report.returnsMinor)} />
        <Row label={<Trans>Voids ({voidsCount})</Trans>} value={money(report.voidsMinor)} />
        <Row label={<Trans>Net sales</Trans>} value={money(report.netSalesMinor)} strong />
      </Section>
      <Section title={<Trans>Takings per tender</Trans>}>
        {tenders.length === 0 ? (
          <Row label={<Trans>No takings yet</Trans>} value="" />
        ) : (
          tenders.map(([tender, amountMinor]) => <Row key={tender} label={tenderLabel(tender)} value={money(amountMinor)} />)
        )}
      </Section>
      <Section title={<Trans>VAT per band</Trans>}>
        {bands.length === 0 ? (
          <Row label={<Trans>No VAT yet</Trans>} value="" />
        ) : (
          bands.map(([band, figures]) => {
            const rate = `${formatNumber(figures.rateBp / 100)}%`;
            const gross = money(figures.grossMinor);
            return <Row key={band} label={t`${band} ${rate} on ${gross}`} value={money(figures.taxMinor)} />;
          })
        )}
      </Section>
      <Section title={<Trans>Cash drawer</Trans>}>
        <Row label={<Trans>Opening float</Trans>} value={money(report.openingFloatMinor)} />
        <Row label={<Trans>Cash in</Trans>} value={money(report.cashInMinor)} />
        <Row label={<Trans>Cash out</Trans>} value={money(report.cashOutMinor)} />
        {report.cashMovements.map((movement, index) => (
          <Row
            key={`${movement.at}-${index}`}
            label={`${movement.direction === 'in' ? '+' : '−'} ${i18n._(CASH_MOVEMENT_REASON_LABELS[movement.reason])}${movement.note ? ` (${movement.note})` : ''}`}
            value={money(movement.amountMinor)}
          />
        ))}
        {report.expectedCashMinor !== null && <Row label={<Trans>Expected cash</Trans>} value={money(report.expectedCashMinor)} strong />}
        {report.countedCashMinor !== null && <Row label={<Trans>Counted cash</Trans>} value={money(report.countedCashMinor)} strong />}
        {report.overShortMinor !== null && (
          <Row
            label={report.overShortMinor < 0 ? <Trans>Short</Trans> : report.overShortMinor > 0 ? <Trans>Over</Trans> : <Trans>Over/short</Trans>}
            value={signed(report.overShortMinor)}
            strong
          />
        )}
        {report.overShortApprovedByName && <Row label={<Trans>Difference approved by</Trans>} value={report.overShortApprovedByName} />}
      </Section>
      {declared.length > 0 && (
        <Section title={<Trans>Declared at close</Trans>}>
          {declared.map(([key, amountMinor]) => (
            <Row key={key} label={i18n._(DECLARED_TENDER_LABELS[key])} value={money(amountMinor)} />
          ))}
        </Section>
      )}
      {report.lateSales.count > 0 && (
        <Section title={<Trans>Supplementary: late sales</Trans>}>
          <Row label={<Trans>Sales that arrived after the close</Trans>} value={formatNumber(report.lateSales.count)} />
          <Row label={<Trans>Total</Trans>} value={money(report.lateSales.totalMinor)} strong />
          {lateTenders.map(([tender, amountMinor]) => (
            <Row key={tender} label={tenderLabel(tender)} value={money(amountMinor)} />
          ))}
        </Section>
      )}
    </article>
  );
}
