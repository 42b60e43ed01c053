import { sql } from 'drizzle-orm';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { REPORT_KEYS, type ReportKey } from '../../core/reports/report-catalog';
import {
  savedReportParamsSchema,
  type ReportSettings,
  type SavedReport,
  type SavedReportInput,
  type SavedReportParams,
} from '../../core/reports/reports.schemas';
import { readSubscriptionState } from '../billing/subscription.service';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { HttpError, notFound } from '../http/errors';
import { claimRequestKey, type RequestKey } from '../http/idempotency';
import { readUserNames } from '../inventory/inventory-documents';

// Saved reports (custom_reports) and their pins on the dashboard (dashboards), and the daily summary
// e-mail's settings (issue 18). The route admits managers with custom_reports; pinning checks
// dashboards here, so a plan without it gets 402 for a pin and keeps its saved reports.

interface SavedReportRow {
  id: string;
  name: string;
  report_key: string;
  params: unknown;
  is_pinned: boolean;
  created_by: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

async function toSavedReports(database: Database, rows: SavedReportRow[]): Promise<SavedReport[]> {
  const names = await readUserNames(database, rows.map((row) => row.created_by));
  return rows
    .filter((row) => (REPORT_KEYS as readonly string[]).includes(row.report_key))
    .map((row) => ({
      id: row.id,
      name: row.name,
      reportKey: row.report_key as ReportKey,
      params: savedReportParamsSchema.parse(row.params),
      isPinned: row.is_pinned,
      createdByName: row.created_by ? (names.get(row.created_by) ?? null) : null,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    }));
}

async function requireDashboards(tx: TenantTx) {
  const { entitlements } = await readSubscriptionState(tx, new Date());
  if (!entitlements.features.dashboards) throw new HttpError('payment_required', upgradeMessage('dashboards'));
}

const COLUMNS = sql`id, name, report_key, params, is_pinned, created_by, created_at, updated_at`;

export async function listSavedReports(database: Database, tenantId: string): Promise<SavedReport[]> {
  const rows = await database.withTenant(tenantId, (tx) => queryRows<SavedReportRow>(tx, sql`select ${COLUMNS} from saved_reports order by lower(name), id`));
  return toSavedReports(database, rows);
}

export async function createSavedReport(database: Database, tenantId: string, userId: string, input: SavedReportInput, requestKey: RequestKey | null): Promise<SavedReport> {
  const rows = await database.withTenant(tenantId, async (tx) => {
    if (requestKey) {
      await claimRequestKey(tx, tenantId, requestKey);
      const replay = await queryRows<SavedReportRow>(tx, sql`select ${COLUMNS} from saved_reports where request_key = ${requestKey.key}::uuid`);
      if (replay.length > 0) return replay;
    }
    if (input.isPinned) await requireDashboards(tx);
    return queryRows<SavedReportRow>(
      tx,
      sql`insert into saved_reports (tenant_id, name, report_key, params, is_pinned, created_by, request_key)
          values (${tenantId}, ${input.name}, ${input.reportKey}, ${JSON.stringify(input.params)}::jsonb, ${input.isPinned}, ${userId}, ${requestKey?.key ?? null})
          returning ${COLUMNS}`,
    );
  });
  return (await toSavedReports(database, rows))[0]!;
}

export async function updateSavedReport(
  database: Database,
  tenantId: string,
  id: string,
  patch: { name?: string; params?: SavedReportParams; isPinned?: boolean },
): Promise<SavedReport> {
  const rows = await database.withTenant(tenantId, async (tx) => {
    if (patch.isPinned) await requireDashboards(tx);
    return queryRows<SavedReportRow>(
      tx,
      sql`update saved_reports set
            name = coalesce(${patch.name ?? null}, name),
            params = coalesce(${patch.params ? JSON.stringify(patch.params) : null}::jsonb, params),
            is_pinned = coalesce(${patch.isPinned ?? null}, is_pinned),
            updated_at = now()
          where id = ${id}::uuid
          returning ${COLUMNS}`,
    );
  });
  if (rows.length === 0) throw notFound(/*i18n*/ 'Saved report not found');
  return (await toSavedReports(database, rows))[0]!;
}

export async function deleteSavedReport(database: Database, tenantId: string, id: string): Promise<void> {
  const rows = await database.withTenant(tenantId, (tx) => queryRows(tx, sql`delete from saved_reports where id = ${id}::uuid returning id`));
  if (rows.length === 0) throw notFound(/*i18n*/ 'Saved report not found');
}

// --- the daily summary e-mail's settings ---

export async function readReportSettings(database: Database, tenantId: string): Promise<ReportSettings> {
  const [row] = await database.withTenant(tenantId, (tx) =>
    queryRows<{ daily_summary_enabled: boolean; closing_time: string; last_summary_day: string | null }>(
      tx,
      sql`select daily_summary_enabled, closing_time, last_summary_day::text from report_settings`,
    ),
  );
  return { dailySummaryEnabled: row?.daily_summary_enabled ?? false, closingTime: row?.closing_time ?? '20:00', lastSummaryDay: row?.last_summary_day ?? null };
}

export async function updateReportSettings(database: Database, tenantId: string, input: { dailySummaryEnabled: boolean; closingTime: string }): Promise<ReportSettings> {
  await database.withTenant(tenantId, (tx) =>
    tx.execute(sql`insert into report_settings (tenant_id, daily_summary_enabled, closing_time) values (${tenantId}, ${input.dailySummaryEnabled}, ${input.closingTime})
                   on conflict (tenant_id) do update set daily_summary_enabled = excluded.daily_summary_enabled, closing_time = excluded.closing_time, updated_at = now()`),
  );
  return readReportSettings(database, tenantId);
}
