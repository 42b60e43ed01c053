import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2Icon, KeyRoundIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ETIMS_ENVIRONMENTS, etimsSettingsInputSchema, type EtimsDevice } from '../../core/etims/etims.schemas';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { Skeleton } from '../components/ui/skeleton';
import { InlineSpinner } from '../components/ui/spinner';
import { translateMessage } from '../i18n/translate-message';
import { LoadError, LocationSelect } from '../inventory/inventory-ui';
import { isApiError } from '../lib/api-client';
import { useDateFormat } from '../lib/date-format';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { etimsDevicesQueryKey, initialiseEtimsDevice, saveEtimsDevice, useEtimsDevices } from './etims.api';

// Settings → eTIMS (issue 19): the shop's KRA PIN, branch, device serial and environment, and the
// device's initialisation with KRA. The owner's alone (the server refuses anyone else); the
// communication key KRA returns is never shown, only that it is set and its last four characters.

type Field = 'kraPin' | 'branchId' | 'deviceSerial' | 'environment' | 'locationId';
type Errors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['kraPin', 'branchId', 'deviceSerial', 'environment', 'locationId'];

export function EtimsSettingsTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useLingui();
  const devices = useEtimsDevices(canEdit);
  if (!canEdit) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>Only the shop owner sets up KRA eTIMS.</Trans>
      </p>
    );
  }
  if (devices.isPending) return <Skeleton className="h-64 w-full" />;
  if (devices.isError) return <LoadError error={devices.error} what={t`the eTIMS settings`} onRetry={() => void devices.refetch()} />;
  const shopDevice = devices.data.devices.find((device) => device.locationId === null) ?? null;
  const branchDevices = devices.data.devices.filter((device) => device.locationId !== null);
  return (
    <div className="grid gap-6">
      <EtimsDeviceForm device={shopDevice} key={shopDevice?.id ?? 'new'} />
      {branchDevices.map((device) => (
        <EtimsDeviceForm device={device} key={device.id} />
      ))}
      <p className="text-sm text-muted-foreground">
        <Trans>
          Products need KRA’s item details before their sales can be signed: see <Link to="/admin/etims?tab=items" className="text-primary underline underline-offset-4">eTIMS items</Link>.
        </Trans>
      </p>
    </div>
  );
}

function EtimsDeviceForm({ device }: { device: EtimsDevice | null }) {
  const { t } = useLingui();
  const { formatDateTime } = useDateFormat();
  const queryClient = useQueryClient();
  const [locationId, setLocationId] = useState(device?.locationId ?? '');
  const [kraPin, setKraPin] = useState(device?.kraPin ?? '');
  const [branchId, setBranchId] = useState(device?.branchId ?? '00');
  const [deviceSerial, setDeviceSerial] = useState(device?.deviceSerial ?? '');
  const [environment, setEnvironment] = useState<EtimsDevice['environment']>(device?.environment ?? 'simulated');
  const [errors, setErrors] = useState<Errors>({});
  const environmentLabels: Record<EtimsDevice['environment'], string> = {
    simulated: t`Simulated (no KRA credentials; receipts say “not a tax invoice”)`,
    sandbox: t`KRA sandbox (test)`,
    production: t`KRA production`,
  };

  const onFailure = (failure: unknown, what: string) => {
    if (isApiError(failure) && failure.fields) {
      setErrors(Object.fromEntries(FIELDS.map((field) => [field, failure.fieldMessage(field) && translateMessage(failure.fieldMessage(field)!)])));
    }
    toast.error(what, { description: failureMessage(failure, t`Try again.`) });
  };
  const save = useMutation({
    mutationKey: ['etims', 'devices', 'save'],
    mutationFn: saveEtimsDevice,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: etimsDevicesQueryKey });
      toast.success(t`eTIMS settings saved`);
    },
    onError: (failure) => onFailure(failure, t`The eTIMS settings were not saved`),
  });
  const initialise = useMutation({
    mutationKey: ['etims', 'devices', 'initialise'],
    mutationFn: (id: string) => initialiseEtimsDevice(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: etimsDevicesQueryKey });
      toast.success(t`The device is initialised with KRA`);
    },
    onError: (failure) => onFailure(failure, t`The device was not initialised`),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = etimsSettingsInputSchema.safeParse({ locationId: locationId || null, kraPin, branchId, deviceSerial, environment });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= translateMessage(issue.message);
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const id = device?.id ?? 'new';
  const busy = save.isPending || initialise.isPending;
  const last4 = device?.cmcKey.last4 ?? '';
  return (
    <section aria-labelledby={`etims-device-${id}`} className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <div className="grid gap-1">
        <h2 id={`etims-device-${id}`} className="font-semibold">
          {device?.locationName ? <Trans>eTIMS device of {device.locationName}</Trans> : <Trans>KRA eTIMS device</Trans>}
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>The KRA PIN, branch and device serial KRA gave the shop for its online sales control unit (OSCU).</Trans>
        </p>
      </div>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <fieldset disabled={busy} className="grid gap-4 sm:grid-cols-2">
          <FormField id={`etims-pin-${id}`} label={t`KRA PIN`} error={errors.kraPin}>
            <Input {...fieldControlProps(`etims-pin-${id}`, { error: errors.kraPin })} value={kraPin} onChange={(event) => setKraPin(event.target.value)} autoComplete="off" placeholder="P051234567X" />
          </FormField>
          <FormField id={`etims-branch-${id}`} label={t`Branch id`} error={errors.branchId} hint={t`00 for the head office.`}>
            <Input {...fieldControlProps(`etims-branch-${id}`, { error: errors.branchId, hint: true })} inputMode="numeric" value={branchId} onChange={(event) => setBranchId(event.target.value)} />
          </FormField>
          <FormField id={`etims-serial-${id}`} label={t`Device serial number`} error={errors.deviceSerial}>
            <Input {...fieldControlProps(`etims-serial-${id}`, { error: errors.deviceSerial })} value={deviceSerial} onChange={(event) => setDeviceSerial(event.target.value)} autoComplete="off" />
          </FormField>
          <FormField id={`etims-environment-${id}`} label={t`Environment`} error={errors.environment}>
            <NativeSelect id={`etims-environment-${id}`} value={environment} onChange={(event) => setEnvironment(event.target.value as EtimsDevice['environment'])}>
              {ETIMS_ENVIRONMENTS.map((value) => (
                <option key={value} value={value}>
                  {environmentLabels[value]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={`etims-location-${id}`} label={t`Used by`} error={errors.locationId} hint={t`A location that is a KRA branch of its own has its own device.`}>
            <LocationSelect id={`etims-location-${id}`} value={locationId} onChange={setLocationId} allLabel={t`The whole shop`} />
          </FormField>
        </fieldset>
        <div className="grid gap-1 rounded-md border bg-muted/30 p-3 text-sm" aria-label={t`Device status`}>
          {device?.initialisedAt ? (
            <>
              <p className="flex items-center gap-2 font-medium">
                <CheckCircle2Icon aria-hidden className="size-4 text-primary" />
                <Trans>Initialised {formatDateTime(device.initialisedAt)}</Trans>
              </p>
              <p>
                <Trans>
                  Control unit {device.sdcId}, MRC {device.mrcNo}, last invoice number {device.lastInvoiceNumber}
                </Trans>
              </p>
              <p className="flex items-center gap-2" data-testid="etims-key-hint">
                <KeyRoundIcon aria-hidden className="size-4" />
                <Trans>Communication key set (ends in {last4})</Trans>
              </p>
            </>
          ) : (
            <p>
              <Trans>Not initialised: save, then initialise the device with KRA. Sales are sent to KRA from then on.</Trans>
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant={device?.initialisedAt ? 'outline' : 'default'} disabled={busy}>
            {save.isPending && <InlineSpinner />}
            <Trans>Save eTIMS settings</Trans>
          </Button>
          {device && !device.initialisedAt && (
            <Button type="button" disabled={busy} onClick={() => initialise.mutate(device.id)}>
              {initialise.isPending && <InlineSpinner />}
              <Trans>Initialise device</Trans>
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
