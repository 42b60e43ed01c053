import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES, type BusinessSettings, type UpdateBusinessSettingsInput } from '../../core/settings/settings.schemas';
import type { Database, TenantTx } from '../db/client';
import { businessSettings } from '../db/schema/settings';
import { tenants } from '../db/schema/tenancy';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';

const columns = {
  currencyCode: businessSettings.currencyCode,
  currencySymbol: businessSettings.currencySymbol,
  currencyDecimals: businessSettings.currencyDecimals,
  companyLogoUrl: businessSettings.companyLogoUrl,
  timeZone: businessSettings.timeZone,
  receiptHeader: businessSettings.receiptHeader,
  receiptFooter: businessSettings.receiptFooter,
  kraPin: businessSettings.kraPin,
};

export async function getBusinessSettings(database: Database, tenantId: string): Promise<BusinessSettings> {
  const [tenant] = await database.platform.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  const [settings] = await database.withTenant(tenantId, (tx) => tx.select(columns).from(businessSettings).limit(1));
  if (!tenant || !settings) throw new HttpError('not_found', 'Business settings not found');
  return { businessName: tenant.name, ...settings };
}

/**
 * The business name lives on the tenant (platform table: it names the shop on its sign-in page);
 * everything else on the tenant's own settings row. The host cache is dropped so the new name or
 * logo shows at once on this server.
 */
export async function updateBusinessSettings(deps: AppDependencies, tenantId: string, input: UpdateBusinessSettingsInput): Promise<BusinessSettings> {
  const { businessName, ...settings } = input;
  if (businessName !== undefined) {
    await deps.database.platform.update(tenants).set({ name: businessName, updatedAt: new Date() }).where(eq(tenants.id, tenantId));
  }
  if (Object.keys(settings).length > 0) {
    await deps.database.withTenant(tenantId, (tx: TenantTx) => tx.update(businessSettings).set({ ...settings, updatedAt: new Date() }));
  }
  deps.tenantResolver.invalidate();
  return getBusinessSettings(deps.database, tenantId);
}

/** Stores a logo under DATA_DIR/uploads/<tenant>/ with a content-hash name (cacheable forever). */
export async function storeLogo(deps: AppDependencies, tenantId: string, file: File): Promise<BusinessSettings> {
  const extension = LOGO_CONTENT_TYPES[file.type as keyof typeof LOGO_CONTENT_TYPES];
  if (!extension) throw new HttpError('validation_failed', 'Use a PNG, JPEG or WebP image', { logo: ['Use a PNG, JPEG or WebP image'] });
  if (file.size > LOGO_MAX_BYTES) throw new HttpError('validation_failed', 'The logo must be at most 512 KB', { logo: ['The logo must be at most 512 KB'] });
  const bytes = Buffer.from(await file.arrayBuffer());
  if (!hasImageSignature(bytes, extension)) {
    throw new HttpError('validation_failed', 'That file is not the image it claims to be', { logo: ['That file is not the image it claims to be'] });
  }
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

// The first bytes must match the declared type: a browser's Content-Type is only a claim.
function hasImageSignature(bytes: Buffer, extension: 'png' | 'jpg' | 'webp'): boolean {
  if (extension === 'png') return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (extension === 'jpg') return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  return bytes.subarray(0, 4).toString('ascii') === 'RIFF' && bytes.subarray(8, 12).toString('ascii') === 'WEBP';
}
