import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { periodQuerySchema, vatReturnSchema } from '../../core/accounting/accounting.schemas';
import type { TaxClass } from '../../core/products/tax.rules';
import { dayValue } from '../accounts/payment-dialog';
import { FormField, fieldControlProps } from '../components/form-field';
import { Input } from '../components/ui/input';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { PageHeader, useAddressParams } from '../inventory/inventory-ui';
import { cn } from '../lib/cn';
import { useDateFormat } from '../lib/date-format';
import { firstFieldErrors, type FieldErrors } from '../lib/form-errors';
import { useDocumentTitle } from '../lib/use-document-title';
import { todayIn } from '../purchases/bill-service-form';
import { reportHref, useReport } from './accounting.api';
import { Money } from './accounting-ui';
import { previousMonthOf } from '../../core/reports/report-periods';
import { ReportActions, ReportDocument } from './report-frame';

/** The rows of VAT3's sales section, in its words. */
const SALES_BAND_LABELS: Record<TaxClass, MessageDescriptor> = {
  standard: msg`General rated sales`,
  reduced: msg`Sales at the reduced rate`,
  zero_rated: msg`Zero-rated sales`,
  exempt: msg`Exempt sales`,
};

const figure = 'text-right';

/** "16%" from 1600 basis points (a rate shown, not money: a fraction is fine). */
const ratePercent = (rateBp: number, locale: string) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(rateBp / 10_000);

/**
 * /admin/accounting/vat: the VAT return for a period (last month unless chosen), laid out as KRA's
 * VAT3 asks for its figures: sales and output VAT per rate, purchases and input VAT, the net to pay
 * or carry forward. Printed, or as CSV and PDF.
 */
export function VatReturnPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { timeZone, intlLocale, formatDate } = useDateFormat();
  useDocumentTitle(t`VAT return`);
  const [address, change] = useAddressParams();
  const lastMonth = previousMonthOf(todayIn(timeZone));
  const params = { from: address.get('from') || lastMonth.from, to: address.get('to') || lastMonth.to };
  const checked = periodQuerySchema.safeParse(params);
  const errors: FieldErrors = checked.success ? {} : firstFieldErrors(checked.error);
  const query = useReport('vat-return', params, vatReturnSchema, { enabled: checked.success });
  const downloads = checked.success ? { csv: reportHref('vat-return', params, 'csv'), pdf: reportHref('vat-return', params, 'pdf') } : null;
  const title = t`VAT return`;
  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader title={title} description={t`The figures KRA's VAT3 return asks for, from the books.`} actions={<ReportActions downloads={downloads} />} />
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-start print:hidden">
        <div className="sm:w-40">
          <FormField id="vat-from" label={t`From`} error={errors.from}>
            <Input {...fieldControlProps('vat-from', { error: errors.from })} type="date" value={params.from} max={params.to} onChange={(event) => change({ from: event.target.value })} />
          </FormField>
        </div>
        <div className="sm:w-40">
          <FormField id="vat-to" label={t`To`} error={errors.to}>
            <Input {...fieldControlProps('vat-to', { error: errors.to })} type="date" value={params.to} min={params.from} onChange={(event) => change({ to: event.target.value })} />
          </FormField>
        </div>
      </div>
      <ReportDocument
        query={query}
        what={t`the VAT return`}
        title={title}
        subtitle={(data) => {
          const [start, end] = [formatDate(dayValue(data.from)), formatDate(dayValue(data.to))];
          return t`${start} to ${end}`;
        }}
      >
        {(data) => (
          <div className="grid gap-6">
            <Table aria-label={t`Sales and output VAT`}>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className="pl-4">
                    <Trans>Sales and output VAT</Trans>
                  </TableHead>
                  <TableHead className={figure}>
                    <Trans>Rate</Trans>
                  </TableHead>
                  <TableHead className={figure}>
                    <Trans>Amount excluding VAT</Trans>
                  </TableHead>
                  <TableHead className={cn(figure, 'pr-4')}>
                    <Trans>VAT</Trans>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.sales.map((band) => (
                  <TableRow key={band.taxClass}>
                    <TableCell className="pl-4">{i18n._(SALES_BAND_LABELS[band.taxClass])}</TableCell>
                    <TableCell className={cn(figure, 'tabular-nums')}>{band.taxClass === 'exempt' ? '—' : ratePercent(band.rateBp, intlLocale)}</TableCell>
                    <TableCell className={figure}>
                      <Money minor={band.netMinor} />
                    </TableCell>
                    <TableCell className={cn(figure, 'pr-4')}>
                      <Money minor={band.vatMinor} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow className="font-semibold">
                  <TableCell className="pl-4" colSpan={2}>
                    <Trans>Total sales and output VAT</Trans>
                  </TableCell>
                  <TableCell className={figure}>
                    <Money minor={data.totalSalesNetMinor} />
                  </TableCell>
                  <TableCell className={cn(figure, 'pr-4')}>
                    <Money minor={data.outputVatMinor} />
                  </TableCell>
                </TableRow>
              </TableFooter>
            </Table>
            <Table aria-label={t`Purchases and input VAT`}>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className="pl-4">
                    <Trans>Purchases and input VAT</Trans>
                  </TableHead>
                  <TableHead className={figure}>
                    <Trans>Amount excluding VAT</Trans>
                  </TableHead>
                  <TableHead className={cn(figure, 'pr-4')}>
                    <Trans>VAT</Trans>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                <TableRow>
                  <TableCell className="pl-4">
                    <Trans>Goods bought for resale</Trans>
                  </TableCell>
                  <TableCell className={figure}>
                    <Money minor={data.purchases.netMinor} />
                  </TableCell>
                  <TableCell className={cn(figure, 'pr-4')}>
                    <Money minor={data.purchases.vatMinor} />
                  </TableCell>
                </TableRow>
                <TableRow>
                  <TableCell className="pl-4">
                    <Trans>Expenses and services</Trans>
                  </TableCell>
                  <TableCell className={figure}>
                    <Money minor={data.expenses.netMinor} />
                  </TableCell>
                  <TableCell className={cn(figure, 'pr-4')}>
                    <Money minor={data.expenses.vatMinor} />
                  </TableCell>
                </TableRow>
              </TableBody>
              <TableFooter>
                <TableRow className="font-semibold">
                  <TableCell className="pl-4">
                    <Trans>Total input VAT</Trans>
                  </TableCell>
                  <TableCell className={figure}>
                    <Money minor={data.purchases.netMinor + data.expenses.netMinor} />
                  </TableCell>
                  <TableCell className={cn(figure, 'pr-4')}>
                    <Money minor={data.inputVatMinor} />
                  </TableCell>
                </TableRow>
              </TableFooter>
            </Table>
            <dl aria-label={t`VAT due`} className="grid max-w-md gap-2 text-sm">
              <div className="flex justify-between gap-4">
                <dt>
                  <Trans>Output VAT</Trans>
                </dt>
                <dd>
                  <Money minor={data.outputVatMinor} />
                </dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt>
                  <Trans>Less input VAT</Trans>
                </dt>
                <dd>
                  <Money minor={data.inputVatMinor} />
                </dd>
              </div>
              <div className="flex justify-between gap-4 border-t pt-2 text-base font-semibold">
                <dt>{data.netVatMinor >= 0 ? <Trans>VAT payable to KRA</Trans> : <Trans>Credit to carry forward</Trans>}</dt>
                <dd>
                  <Money minor={Math.abs(data.netVatMinor)} />
                </dd>
              </div>
            </dl>
          </div>
        )}
      </ReportDocument>
    </div>
  );
}
