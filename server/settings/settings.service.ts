import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES, type BusinessSettings, type UpdateBusinessSettingsInput } from '../../core/settings/settings.schemas';
import { recordSettingsChange } from '../audit/audit-events.service';
import type { Database, TenantTx } from '../db/client';
import { businessSettings } from '../db/schema/settings';
import { tenants } from '../db/schema/tenancy';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';
import { reencodeImage, type ImageFormat } from '../http/uploaded-image';

const columns = {
  currencyCode: businessSettings.currencyCode,
  currencySymbol: businessSettings.currencySymbol,
  currencyDecimals: businessSettings.currencyDecimals,
  companyLogoUrl: businessSettings.companyLogoUrl,
  timeZone: businessSettings.timeZone,
  receiptHeader: businessSettings.receiptHeader,
  receiptFooter: businessSettings.receiptFooter,
  kraPin: businessSettings.kraPin,
  defaultLanguage: businessSettings.defaultLanguage,
};

export async function getBusinessSettings(database: Database, tenantId: string): Promise<BusinessSettings> {
  const [tenant] = await database.platform.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  const [settings] = await database.withTenant(tenantId, (tx) => tx.select(columns).from(businessSettings).limit(1));
  if (!tenant || !settings) throw new HttpError('not_found', /*i18n*/ 'Business settings not found');
  return { businessName: tenant.name, ...settings };
}

/**
 * The business name lives on the tenant (platform table: it names the shop on its sign-in page);
 * everything else on the tenant's own settings row. Both change in one transaction, so a refused
 * value leaves neither changed (issue 11). The host cache is dropped so the new name or logo shows
 * at once on this server.
 */
/** Saves the given fields; what changed goes into the audit log (settings.business) in the same transaction. */
export async function updateBusinessSettings(deps: AppDependencies, tenantId: string, input: UpdateBusinessSettingsInput, actorUserId: string): Promise<BusinessSettings> {
  const { businessName, ...settings } = input;
  await deps.database.withPlatformThenTenant(async (platformTx, enterTenant) => {
    const [tenant] = await platformTx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
    if (businessName !== undefined) {
      await platformTx.update(tenants).set({ name: businessName, updatedAt: new Date() }).where(eq(tenants.id, tenantId));
    }
    const tx: TenantTx = await enterTenant(tenantId);
    const [current] = await tx.select().from(businessSettings).limit(1);
    if (Object.keys(settings).length > 0) {
      await tx.update(businessSettings).set({ ...settings, updatedAt: new Date() });
    }
    const fields = Object.keys(settings) as (keyof typeof settings)[];
    const before = { ...(businessName !== undefined ? { businessName: tenant?.name ?? null } : {}), ...Object.fromEntries(fields.map((field) => [field, current?.[field] ?? null])) };
    const after = { ...(businessName !== undefined ? { businessName } : {}), ...settings };
    await recordSettingsChange(tx, { tenantId, actorUserId, action: 'settings.business', entity: 'business_settings', before, after });
  });
  deps.tenantResolver.invalidate();
  return getBusinessSettings(deps.database, tenantId);
}

// A logo shows small (sign-in page, receipts): 512 px is plenty, and 25 megapixels is more than any
// 512 KB logo needs, so a bigger canvas is a decompression bomb rather than a logo.
const LOGO_BOX = 512;
const LOGO_MAX_PIXELS = 25_000_000;
const LOGO_FORMATS = { png: 'png', jpg: 'jpeg', webp: 'webp' } as const satisfies Record<string, ImageFormat>;
// Each format is stored as itself, so a PNG's or WebP's transparency stays.
const LOGO_ENCODERS = {
  png: (image) => image.png({ compressionLevel: 9 }),
  jpg: (image) => image.jpeg({ quality: 90, mozjpeg: true }),
  webp: (image) => image.webp({ quality: 90 }),
} satisfies Record<keyof typeof LOGO_FORMATS, Parameters<typeof reencodeImage>[1]['encode']>;

/**
 * Stores a logo under DATA_DIR/uploads/<tenant>/ with a content-hash name (cacheable forever): a new
 * encoding of the uploaded image (server/http/uploaded-image.ts), never the uploaded bytes.
 */
export async function storeLogo(deps: AppDependencies, tenantId: string, file: File): Promise<BusinessSettings> {
  const extension = LOGO_CONTENT_TYPES[file.type as keyof typeof LOGO_CONTENT_TYPES];
  if (!extension) throw new HttpError('validation_failed', /*i18n*/ 'Use a PNG, JPEG or WebP image', { logo: [/*i18n*/ 'Use a PNG, JPEG or WebP image'] });
  if (file.size > LOGO_MAX_BYTES) throw new HttpError('validation_failed', /*i18n*/ 'The logo must be at most 512 KB', { logo: [/*i18n*/ 'The logo must be at most 512 KB'] });
  const bytes = await reencodeImage(Buffer.from(await file.arrayBuffer()), {
    field: 'logo',
    declared: LOGO_FORMATS[extension],
    maxPixels: LOGO_MAX_PIXELS,
    box: LOGO_BOX,
    encode: LOGO_ENCODERS[extension],
  });
  const name = `logo-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.${extension}`;
  const folder = join(deps.config.dataDir, 'uploads', tenantId);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, name), bytes);
  await deps.database.withTenant(tenantId, (tx) =>
    tx.update(businessSettings).set({ companyLogoUrl: `/api/files/${tenantId}/${name}`, updatedAt: new Date() }),
  );
  deps.tenantResolver.invalidate();
  return getBusinessSettings(deps.database, tenantId);
}
