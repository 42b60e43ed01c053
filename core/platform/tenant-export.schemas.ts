import { z } from 'zod';
import { todayIn } from '../reports/report-periods';
import { DEFAULT_TIME_ZONE } from '../settings/settings.rules';

// The per-shop export archive (issue 21, docs/platform.md "Per-shop export"): a .tar.gz of one JSON
// Lines file per table holding the shop's rows, and manifest.json saying what is in it.

export const TENANT_EXPORT_FORMAT = 'dukani-shop-export';
export const TENANT_EXPORT_FORMAT_VERSION = 1;
export const TENANT_EXPORT_MANIFEST = 'manifest.json';

export const tenantExportParamsSchema = z.object({ id: z.uuid() });

export const tenantExportTableSchema = z.object({
  table: z.string(),
  /** `<table>.jsonl` in the archive: one JSON object per row, as stored (money in minor units, times ISO 8601 UTC). */
  file: z.string(),
  rows: z.number().int().min(0),
  /** `shop`: a tenant-owned table, read in the shop's scope; `platform`: a platform table's rows about the shop. */
  scope: z.enum(['shop', 'platform']),
});
export type TenantExportTable = z.infer<typeof tenantExportTableSchema>;

export const tenantExportManifestSchema = z.object({
  format: z.literal(TENANT_EXPORT_FORMAT),
  formatVersion: z.literal(TENANT_EXPORT_FORMAT_VERSION),
  shop: z.object({ id: z.uuid(), name: z.string(), subdomain: z.string() }),
  exportedAt: z.iso.datetime(),
  app: z.object({ version: z.string(), commit: z.string().nullable() }),
  /** The last migration of the release that wrote the archive: the tables' shape. */
  schemaMigration: z.string(),
  tables: z.array(tenantExportTableSchema),
});
export type TenantExportManifest = z.infer<typeof tenantExportManifestSchema>;

/** `<subdomain>-<yyyy-mm-dd>.tar.gz`, the day in the platform's time zone. */
export function tenantExportFileName(subdomain: string, exportedAt: Date): string {
  return `${subdomain}-${todayIn(DEFAULT_TIME_ZONE, exportedAt)}.tar.gz`;
}
