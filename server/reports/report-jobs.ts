import type { I18n } from '@lingui/core';
import { builtInPermissions } from '../../core/team/permissions.rules';
import { inArray, sql } from 'drizzle-orm';
import { INTL_LOCALES, type Locale } from '../../core/i18n/locale.rules';
import type { Dashboard } from '../../core/reports/reports.schemas';
import { TENDER_LABELS } from '../../core/sales/sales.schemas';
import { formatMinorUnits } from '../../core/settings/money.rules';
import { readReportShop, type ReportShop } from '../accounting/report-export';
import { queryRows, type Database } from '../db/client';
import { users } from '../db/schema/auth';
import type { EmailMessage } from '../email/email.service';
import type { AppDependencies } from '../http/context';
import { emailLanguage } from '../i18n/email-language';
import { forEachActiveShop } from '../jobs/each-shop';
import type { JobDefinition } from '../jobs/job-queue';
import type { Logger } from '../logger';
import { formatStatementDate } from '../statements/statement.pdf';
import { readDashboard } from './dashboard.service';
import { rebuildReportSummaries } from './summaries';

// The reports' background jobs (issue 18, docs/decisions/0021):
// - reports.rebuild-summaries: a shop whose summaries were never computed from its documents (every
//   shop on upgrade) gets them rebuilt once; the triggers keep them from then on.
// - reports.daily-summary: at the shop's closing time, the day's figures to the shop's owners by
//   e-mail, each day once (the day is claimed before the e-mail goes, so two servers send one).

export const REBUILD_SUMMARIES_JOB = 'reports.rebuild-summaries';
export const DAILY_SUMMARY_JOB = 'reports.daily-summary';
const DAY_MS = 24 * 60 * 60_000;
const SUMMARY_CHECK_MS = 10 * 60_000;

/** Rebuilds the summaries of every shop that never had them built; returns how many. */
export async function rebuildMissingSummaries(database: Database, options: { logger?: Logger; onBatch?: () => Promise<void> } = {}): Promise<number> {
  let rebuilt = 0;
  await forEachActiveShop(database, { what: 'Report summaries rebuild', ...options }, async (tenantId) => {
    const done = await database.withTenant(tenantId, async (tx) => {
      const [settings] = await queryRows<{ rebuilt: boolean }>(tx, sql`select summaries_rebuilt_at is not null as rebuilt from report_settings`);
      if (settings?.rebuilt) return false;
      await rebuildReportSummaries(tx);
      await tx.execute(sql`insert into report_settings (tenant_id, summaries_rebuilt_at) values (${tenantId}, now())
                           on conflict (tenant_id) do update set summaries_rebuilt_at = now(), updated_at = now()`);
      return true;
    });
    if (done) rebuilt += 1;
  });
  return rebuilt;
}

export function rebuildSummariesJob(database: Database, logger: Logger): JobDefinition {
  return {
    name: REBUILD_SUMMARIES_JOB,
    recurring: { nextRunAt: (after) => new Date(after.getTime() + DAY_MS) },
    async handler(context) {
      const shops = await rebuildMissingSummaries(database, { logger, onBatch: context.extendLease });
      if (shops > 0) logger.info({ shops }, 'Report summaries rebuilt');
    },
  };
}

// --- the daily summary ---

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The day's summary e-mail in `i18n`'s language. */
export function dailySummaryEmail(i18n: I18n, shop: ReportShop, dashboard: Dashboard, to: string): EmailMessage {
  const locale = i18n.locale as Locale;
  const money = (amountMinor: number) => formatMinorUnits(amountMinor, shop.currencyCode, shop.currencyDecimals, INTL_LOCALES[locale]);
  const day = formatStatementDate(dashboard.to, locale);
  const { figures } = dashboard;
  const subject = i18n._({ id: 'report.daily.subject', message: '{shop}: the day’s summary for {day}', values: { shop: shop.name, day } });
  const rows: Array<[string, string]> = [
    [i18n._({ id: 'report.daily.sales', message: 'Sales' }), money(figures.netSalesMinor)],
    [i18n._({ id: 'report.daily.count', message: 'Number of sales' }), figures.saleCount.toLocaleString(INTL_LOCALES[locale])],
    [i18n._({ id: 'report.daily.average', message: 'Average sale' }), money(figures.averageBasketMinor)],
    [i18n._({ id: 'report.daily.returns', message: 'Returns' }), money(figures.returnsMinor)],
  ];
  if (figures.grossProfitMinor !== undefined) rows.push([i18n._({ id: 'report.daily.profit', message: 'Gross profit' }), money(figures.grossProfitMinor)]);
  if (typeof figures.marginBp === 'number') rows.push([i18n._({ id: 'report.daily.margin', message: 'Margin' }), `${(figures.marginBp / 100).toFixed(1)}%`]);
  const tenders: Array<[string, string]> = dashboard.tenders.map((tender) => [i18n._(TENDER_LABELS[tender.tender]), money(tender.amountMinor)]);
  const products: Array<[string, string]> = dashboard.topProducts.map((product) => [product.name, money(product.netSalesMinor)]);
  const compare = i18n._({
    id: 'report.daily.compare',
    message: 'The same day last week: {sales} from {count} sales.',
    values: { sales: money(dashboard.compare.netSalesMinor), count: dashboard.compare.saleCount },
  });
  const section = (title: string, entries: Array<[string, string]>) =>
    entries.length === 0
      ? ''
      : `<h2 style="font-size:15px;margin:18px 0 6px">${escapeHtml(title)}</h2><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${entries
          .map(([label, value]) => `<tr><td style="padding:3px 0">${escapeHtml(label)}</td><td style="padding:3px 0;text-align:right">${escapeHtml(value)}</td></tr>`)
          .join('')}</table>`;
  const tendersTitle = i18n._({ id: 'report.daily.tenders', message: 'Payments' });
  const productsTitle = i18n._({ id: 'report.daily.products', message: 'Top products' });
  const html = `<!doctype html><html lang="${locale}"><body style="margin:0;background:#f4f6f5;font-family:Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1c2b24">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#ffffff;border-radius:12px;border:1px solid #dfe7e3"><tr><td style="padding:20px 24px;font-size:14px">
<div style="font-weight:700;font-size:18px;color:#166534">${escapeHtml(shop.name)}</div><p style="margin:4px 0 12px">${escapeHtml(day)}</p>
${section(i18n._({ id: 'report.daily.figures', message: 'The day' }), rows)}<p style="color:#51655b">${escapeHtml(compare)}</p>
${section(tendersTitle, tenders)}${section(productsTitle, products)}
</td></tr></table></td></tr></table></body></html>`;
  const lines = (title: string, entries: Array<[string, string]>) => (entries.length === 0 ? [] : ['', title, ...entries.map(([label, value]) => `${label}: ${value}`)]);
  const text = [shop.name, day, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', compare, ...lines(tendersTitle, tenders), ...lines(productsTitle, products)].join('\n');
  return { kind: 'daily_summary', to, subject, text, html };
}

/**
 * Sends the day's summary for every shop whose closing time has passed today and whose day is not
 * yet sent (claimed in the shop's transaction first). Returns how many shops sent.
 */
export async function sendDailySummaries(deps: Pick<AppDependencies, 'database' | 'mailer' | 'i18n'>, options: { logger?: Logger; onBatch?: () => Promise<void> } = {}): Promise<number> {
  const { database } = deps;
  let sent = 0;
  await forEachActiveShop(database, { what: 'Daily summary e-mail', ...options }, async (tenantId) => {
    const claimed = await database.withTenant(tenantId, async (tx) => {
      const [row] = await queryRows<{ owner_ids: string[] | null }>(
        tx,
        sql`with shop as (select (now() at time zone coalesce((select time_zone from business_settings limit 1), 'Africa/Nairobi')) as local_now)
            update report_settings s set last_summary_day = (select local_now::date from shop), updated_at = now()
            where s.daily_summary_enabled
              and (select local_now::time from shop) >= s.closing_time::time
              and s.last_summary_day is distinct from (select local_now::date from shop)
            returning (select array_agg(u.user_id) from tenant_users u where u.role = 'admin' and u.is_active) as owner_ids`,
      );
      if (!row) return null;
      return { ownerIds: row.owner_ids ?? [], shop: await readReportShop(tx, tenantId) };
    });
    if (!claimed || claimed.ownerIds.length === 0) return;
    const owners = await database.platform.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, claimed.ownerIds));
    for (const owner of owners) {
      const dashboard = await readDashboard(database, tenantId, { userId: owner.id, permissions: builtInPermissions('admin') }, {});
      const language = await emailLanguage(database, { userId: owner.id });
      await deps.mailer.send({ ...dailySummaryEmail(deps.i18n.of(language), claimed.shop, dashboard, owner.email), tenantId });
    }
    sent += 1;
  });
  return sent;
}

export function dailySummaryJob(deps: Pick<AppDependencies, 'database' | 'mailer' | 'i18n'>, logger: Logger): JobDefinition {
  return {
    name: DAILY_SUMMARY_JOB,
    recurring: { nextRunAt: (after) => new Date(after.getTime() + SUMMARY_CHECK_MS) },
    async handler(context) {
      const shops = await sendDailySummaries(deps, { logger, onBatch: context.extendLease });
      if (shops > 0) logger.info({ shops }, 'Daily summaries sent');
    },
  };
}

