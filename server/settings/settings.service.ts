import type { BusinessSettings, UpdateBusinessSettingsInput } from '../../core/settings/settings.schemas';
import type { TenantTx } from '../db/client';
import { businessSettings } from '../db/schema/settings';
import { HttpError } from '../http/errors';

const columns = {
  currencyCode: businessSettings.currencyCode,
  currencySymbol: businessSettings.currencySymbol,
  currencyDecimals: businessSettings.currencyDecimals,
  companyLogoUrl: businessSettings.companyLogoUrl,
  timeZone: businessSettings.timeZone,
};

export async function getBusinessSettings(tx: TenantTx): Promise<BusinessSettings> {
  const [settings] = await tx.select(columns).from(businessSettings).limit(1);
  if (!settings) throw new HttpError('not_found', 'Business settings not found');
  return settings;
}

export async function updateBusinessSettings(tx: TenantTx, input: UpdateBusinessSettingsInput): Promise<BusinessSettings> {
  const [settings] = await tx
    .update(businessSettings)
    .set({ ...input, updatedAt: new Date() })
    .returning(columns);
  if (!settings) throw new HttpError('not_found', 'Business settings not found');
  return settings;
}
