import { sql } from 'drizzle-orm';
import type { EtimsEnvironment } from '../../core/etims/etims.rules';
import type { EtimsDevice, EtimsSettingsInput } from '../../core/etims/etims.schemas';
import { recordSettingsChange } from '../audit/audit-events.service';
import { queryRows, type TenantTx } from '../db/client';
import { HttpError, notFound } from '../http/errors';
import { secretHint } from '../security/secret-box';
import { ETIMS_OK, EtimsUnknownOutcomeError, type EtimsDevice as EtimsApiDevice } from './etims.client';
import { cmcKeyContext, type EtimsWorkerDeps } from './etims-worker';

// eTIMS devices (issue 19): the KRA PIN, branch and device serial of the shop (or of a location,
// a KRA branch of its own), and their initialisation with selectInitOsdcInfo. The communication
// key KRA returns is sealed at once and never leaves the server: the API shows "set" and its last 4.

interface SettingsRow {
  id: string;
  location_id: string | null;
  location_name: string | null;
  kra_pin: string;
  branch_id: string;
  device_serial: string;
  environment: EtimsEnvironment;
  cmc_key_sealed: string | null;
  sdc_id: string | null;
  mrc_no: string | null;
  taxpayer_name: string | null;
  initialised_at: string | null;
  last_invoice_number: number;
}

const settingsColumns = sql`s.id, s.location_id, l.name as location_name, s.kra_pin, s.branch_id, s.device_serial, s.environment, s.cmc_key_sealed,
  s.sdc_id, s.mrc_no, s.taxpayer_name, s.initialised_at, s.last_invoice_number`;

function toDevice(deps: Pick<EtimsWorkerDeps, 'secretBox'>, tenantId: string, row: SettingsRow): EtimsDevice {
  return {
    id: row.id,
    locationId: row.location_id,
    locationName: row.location_name,
    kraPin: row.kra_pin,
    branchId: row.branch_id,
    deviceSerial: row.device_serial,
    environment: row.environment,
    cmcKey: secretHint(row.cmc_key_sealed ? deps.secretBox.open(row.cmc_key_sealed, cmcKeyContext(tenantId, row.id)) : null),
    sdcId: row.sdc_id,
    mrcNo: row.mrc_no,
    taxpayerName: row.taxpayer_name,
    initialisedAt: row.initialised_at ? new Date(row.initialised_at).toISOString() : null,
    lastInvoiceNumber: row.last_invoice_number,
  };
}

async function readRow(tx: TenantTx, settingsId: string): Promise<SettingsRow | null> {
  const [row] = await queryRows<SettingsRow>(tx, sql`select ${settingsColumns} from etims_settings s left join locations l on l.id = s.location_id where s.id = ${settingsId}`);
  return row ?? null;
}

export async function listDevices(deps: Pick<EtimsWorkerDeps, 'database' | 'secretBox'>, tenantId: string): Promise<EtimsDevice[]> {
  const rows = await deps.database.withTenant(tenantId, (tx) =>
    queryRows<SettingsRow>(tx, sql`select ${settingsColumns} from etims_settings s left join locations l on l.id = s.location_id order by s.location_id nulls first, l.name`),
  );
  return rows.map((row) => toDevice(deps, tenantId, row));
}

/** What the audit log shows of a device: everything but its key, which is only said to be kept or forgotten. */
const auditedFields = (row: SettingsRow) => ({
  kraPin: row.kra_pin,
  branchId: row.branch_id,
  deviceSerial: row.device_serial,
  environment: row.environment,
  initialised: row.initialised_at !== null,
});

/**
 * Saves the shop's (or a location's) device. Changing the PIN, branch, serial or environment of an
 * initialised device forgets its key: KRA ties the key to them, so it must be initialised again.
 * The change is audited (settings.etims) in the same transaction.
 */
export async function saveDevice(deps: Pick<EtimsWorkerDeps, 'database' | 'secretBox'>, tenantId: string, input: EtimsSettingsInput, actorUserId: string): Promise<EtimsDevice> {
  const row = await deps.database.withTenant(tenantId, async (tx) => {
    if (input.locationId) {
      const [location] = await queryRows<{ id: string }>(tx, sql`select id from locations where id = ${input.locationId}`);
      if (!location) throw new HttpError('validation_failed', /*i18n*/ 'Location not found', { locationId: [/*i18n*/ 'Location not found'] });
    }
    const [existing] = await queryRows<SettingsRow>(
      tx,
      sql`select ${settingsColumns} from etims_settings s left join locations l on l.id = s.location_id where s.location_id is not distinct from ${input.locationId}::uuid`,
    );
    const [saved] = await queryRows<{ id: string }>(
      tx,
      sql`insert into etims_settings (tenant_id, location_id, kra_pin, branch_id, device_serial, environment)
          values (${tenantId}, ${input.locationId}, ${input.kraPin}, ${input.branchId}, ${input.deviceSerial}, ${input.environment})
          on conflict (tenant_id, coalesce(location_id, '00000000-0000-0000-0000-000000000000'::uuid)) do update set
            kra_pin = excluded.kra_pin, branch_id = excluded.branch_id, device_serial = excluded.device_serial, environment = excluded.environment,
            cmc_key_sealed = case when (etims_settings.kra_pin, etims_settings.branch_id, etims_settings.device_serial, etims_settings.environment)
                                       = (excluded.kra_pin, excluded.branch_id, excluded.device_serial, excluded.environment)
                                  then etims_settings.cmc_key_sealed end,
            initialised_at = case when (etims_settings.kra_pin, etims_settings.branch_id, etims_settings.device_serial, etims_settings.environment)
                                       = (excluded.kra_pin, excluded.branch_id, excluded.device_serial, excluded.environment)
                                  then etims_settings.initialised_at end,
            updated_at = now()
          returning id`,
    );
    const after = (await readRow(tx, saved!.id))!;
    await recordSettingsChange(tx, {
      tenantId,
      actorUserId,
      action: 'settings.etims',
      entity: 'etims_settings',
      entityId: after.id,
      before: existing ? auditedFields(existing) : {},
      after: auditedFields(after),
      secretsChanged: existing?.cmc_key_sealed && !after.cmc_key_sealed ? ['cmcKey'] : [],
      details: input.locationId ? { locationId: input.locationId } : undefined,
    });
    return after;
  });
  return toDevice(deps, tenantId, row!);
}

/**
 * "Initialise device": selectInitOsdcInfo with the PIN, branch and serial; on success the key is
 * sealed and stored with the control unit's ids. KRA gives the key once: a device it reports as
 * already installed (902) needs KRA to reset it.
 */
export async function initialiseDevice(deps: EtimsWorkerDeps, tenantId: string, settingsId: string): Promise<EtimsDevice> {
  const row = await deps.database.withTenant(tenantId, (tx) => readRow(tx, settingsId));
  if (!row) throw notFound(/*i18n*/ 'eTIMS device not found');
  let answer;
  try {
    answer = await deps.apiFor(row.environment).selectInitOsdcInfo({ tin: row.kra_pin, bhfId: row.branch_id, dvcSrlNo: row.device_serial });
  } catch (error) {
    if (error instanceof EtimsUnknownOutcomeError) throw new HttpError('service_unavailable', /*i18n*/ 'KRA eTIMS did not answer: try again in a moment');
    throw error;
  }
  if (answer.resultCd === '902') {
    throw new HttpError('conflict', /*i18n*/ 'KRA says this device is already initialised. Its key is given only once: ask KRA to reset the device, or enter another serial.');
  }
  const info = answer.data?.info;
  if (answer.resultCd !== ETIMS_OK || !info?.cmcKey) {
    throw new HttpError('unprocessable', /*i18n*/ 'KRA refused the device', { deviceSerial: [`${answer.resultCd}: ${answer.resultMsg}`] });
  }
  const sealed = deps.secretBox.seal(info.cmcKey, cmcKeyContext(tenantId, settingsId));
  const saved = await deps.database.withTenant(tenantId, async (tx) => {
    await tx.execute(
      sql`update etims_settings set cmc_key_sealed = ${sealed}, sdc_id = ${info.sdcId}, mrc_no = ${info.mrcNo}, taxpayer_name = ${info.taxprNm ?? null},
                 initialised_at = now(), updated_at = now()
          where id = ${settingsId}`,
    );
    return readRow(tx, settingsId);
  });
  deps.logger.info({ tenantId, settingsId, sdcId: info.sdcId }, 'eTIMS device initialised');
  return toDevice(deps, tenantId, saved!);
}

/** The shop's initialised device to call KRA with for shop-wide lists (item classes, items): its own, else any. */
export async function shopDevice(deps: Pick<EtimsWorkerDeps, 'database' | 'secretBox'>, tenantId: string): Promise<{ environment: EtimsEnvironment; device: EtimsApiDevice } | null> {
  const [row] = await deps.database.withTenant(tenantId, (tx) =>
    queryRows<SettingsRow>(tx, sql`select ${settingsColumns} from etims_settings s left join locations l on l.id = s.location_id where s.initialised_at is not null order by s.location_id nulls first limit 1`),
  );
  if (!row?.cmc_key_sealed) return null;
  return { environment: row.environment, device: { tin: row.kra_pin, bhfId: row.branch_id, cmcKey: deps.secretBox.open(row.cmc_key_sealed, cmcKeyContext(tenantId, row.id)) } };
}
