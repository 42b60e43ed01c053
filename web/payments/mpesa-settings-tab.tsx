import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CopyIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { MpesaSettings, MpesaSettingsInput } from '../../core/payments/mpesa.schemas';
import { FormField, fieldControlProps } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { Skeleton } from '../components/ui/skeleton';
import { InlineSpinner } from '../components/ui/spinner';
import { LoadError, LocationSelect } from '../inventory/inventory-ui';
import { isApiError } from '../lib/api-client';
import { useDateFormat } from '../lib/date-format';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { mpesaKeys, registerMpesaUrls, saveMpesaSettings, useMpesaSettings } from './mpesa.api';

// Settings → M-Pesa (issue 19): the shop's Daraja account, or a location's own till. Secrets are
// write-only: the form shows "set ••••1234" and sends a secret only when one is typed. On every
// plan. Without credentials the register shows the simulated phone.

const SECRET_FIELDS = ['consumerKey', 'consumerSecret', 'passkey', 'securityCredential'] as const;
type SecretField = (typeof SECRET_FIELDS)[number];
type Errors = Partial<Record<string, string>>;

export function MpesaSettingsTab() {
  const { t } = useLingui();
  const [locationId, setLocationId] = useState<string | null>(null);
  const settings = useMpesaSettings(locationId);
  return (
    <div className="grid max-w-3xl gap-6" data-testid="mpesa-settings">
      <p className="text-sm text-muted-foreground">
        <Trans>
          Take M-Pesa at the till with prompts to the customer’s phone and your till’s confirmations (Safaricom Daraja). Without credentials the register shows a simulated
          phone, so you can try everything with no real money. Included in every plan.
        </Trans>
      </p>
      <div className="max-w-sm">
        <FormField id="mpesa-location" label={t`Settings for`} hint={t`A location with its own till can have its own settings; the others use the whole shop’s.`}>
          <LocationSelect id="mpesa-location" value={locationId ?? ''} onChange={(value) => setLocationId(value === '' ? null : value)} allLabel={t`The whole shop`} />
        </FormField>
      </div>
      {settings.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : settings.isError ? (
        <LoadError error={settings.error} what={t`the M-Pesa settings`} onRetry={() => void settings.refetch()} />
      ) : (
        <MpesaSettingsForm key={`${locationId}:${settings.data.id}`} settings={settings.data} locationId={locationId} />
      )}
    </div>
  );
}

function MpesaSettingsForm({ settings, locationId }: { settings: MpesaSettings; locationId: string | null }) {
  const { t } = useLingui();
  const { formatDateTime } = useDateFormat();
  const queryClient = useQueryClient();
  const [shortcodeType, setShortcodeType] = useState(settings.shortcodeType);
  const [shortcode, setShortcode] = useState(settings.shortcode ?? '');
  const [tillNumber, setTillNumber] = useState(settings.tillNumber ?? '');
  const [environment, setEnvironment] = useState(settings.environment);
  const [initiatorName, setInitiatorName] = useState(settings.initiatorName ?? '');
  const [secrets, setSecrets] = useState<Record<SecretField, string>>({ consumerKey: '', consumerSecret: '', passkey: '', securityCredential: '' });
  const [errors, setErrors] = useState<Errors>({});

  const saved = (next: MpesaSettings) => {
    queryClient.setQueryData(mpesaKeys.settings(locationId), next);
    void queryClient.invalidateQueries({ queryKey: ['mpesa', 'mode'] });
    setSecrets({ consumerKey: '', consumerSecret: '', passkey: '', securityCredential: '' });
  };
  const save = useMutation({
    mutationFn: saveMpesaSettings,
    onSuccess: (next) => {
      saved(next);
      toast.success(t`M-Pesa settings saved`);
    },
    onError: (failure) => {
      setErrors(isApiError(failure) && failure.fields ? Object.fromEntries(Object.keys(failure.fields).map((field) => [field, failure.fieldMessage(field)])) : {});
      toast.error(t`The M-Pesa settings were not saved`, { description: failureMessage(failure, t`Try again.`) });
    },
  });
  const register = useMutation({
    mutationFn: () => registerMpesaUrls(locationId),
    onSuccess: (next) => {
      saved(next);
      toast.success(t`Safaricom will send your till’s payments to Dukani`);
    },
    onError: (failure) => toast.error(t`The URLs were not registered`, { description: failureMessage(failure, t`Try again.`) }),
  });

  const submit = (event: FormEvent, clearCredentials = false) => {
    event.preventDefault();
    const typed = Object.fromEntries(SECRET_FIELDS.filter((field) => secrets[field].trim() !== '').map((field) => [field, secrets[field].trim()]));
    const input: Partial<MpesaSettingsInput> = {
      locationId,
      shortcodeType,
      shortcode: shortcode.trim() || null,
      tillNumber: shortcodeType === 'till' ? tillNumber.trim() || null : null,
      environment,
      initiatorName: initiatorName.trim() || null,
      clearCredentials,
      ...(clearCredentials ? {} : typed),
    };
    setErrors({});
    save.mutate(input);
  };

  const secretLabels: Record<SecretField, string> = {
    consumerKey: t`Consumer key`,
    consumerSecret: t`Consumer secret`,
    passkey: t`Passkey (M-Pesa Express)`,
    securityCredential: t`Initiator security credential`,
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-6" aria-label={t`M-Pesa settings`}>
      <div className="flex flex-wrap items-center gap-2">
        {settings.mode === 'live' ? (
          <Badge data-testid="mpesa-mode">
            <Trans>Live: real payments</Trans>
          </Badge>
        ) : (
          <Badge variant="accent" data-testid="mpesa-mode">
            <Trans>Simulated phone (no credentials)</Trans>
          </Badge>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="mpesa-shortcode-type" label={t`Customers pay`}>
          <NativeSelect id="mpesa-shortcode-type" value={shortcodeType} onChange={(event) => setShortcodeType(event.target.value as 'till' | 'paybill')}>
            <option value="till">{t`A till number (Buy Goods)`}</option>
            <option value="paybill">{t`A paybill`}</option>
          </NativeSelect>
        </FormField>
        <FormField id="mpesa-environment" label={t`Daraja environment`} error={errors.environment}>
          <NativeSelect id="mpesa-environment" value={environment} onChange={(event) => setEnvironment(event.target.value as 'sandbox' | 'production')}>
            <option value="sandbox">{t`Sandbox (Safaricom test)`}</option>
            <option value="production">{t`Production`}</option>
          </NativeSelect>
        </FormField>
        <FormField
          id="mpesa-shortcode"
          label={shortcodeType === 'till' ? t`Store number (head office shortcode)` : t`Paybill number`}
          error={errors.shortcode}
          hint={t`The shortcode your passkey belongs to`}
        >
          <Input {...fieldControlProps('mpesa-shortcode', { error: errors.shortcode, hint: true })} inputMode="numeric" value={shortcode} onChange={(event) => setShortcode(event.target.value)} />
        </FormField>
        {shortcodeType === 'till' && (
          <FormField id="mpesa-till" label={t`Till number`} error={errors.tillNumber}>
            <Input {...fieldControlProps('mpesa-till', { error: errors.tillNumber })} inputMode="numeric" value={tillNumber} onChange={(event) => setTillNumber(event.target.value)} />
          </FormField>
        )}
        {SECRET_FIELDS.map((field) => {
          const hint = settings[field];
          const last4 = hint.last4 ?? '';
          return (
            <FormField
              key={field}
              id={`mpesa-${field}`}
              label={secretLabels[field]}
              error={errors[field]}
              hint={hint.set ? <Trans>Set ••••{last4}. Type a new one to replace it.</Trans> : <Trans>Not set</Trans>}
            >
              <Input
                {...fieldControlProps(`mpesa-${field}`, { error: errors[field], hint: true })}
                type="password"
                autoComplete="off"
                value={secrets[field]}
                onChange={(event) => setSecrets((current) => ({ ...current, [field]: event.target.value }))}
              />
            </FormField>
          );
        })}
        <FormField id="mpesa-initiator" label={t`Initiator name (to check typed codes)`} error={errors.initiatorName}>
          <Input {...fieldControlProps('mpesa-initiator', { error: errors.initiatorName })} autoComplete="off" value={initiatorName} onChange={(event) => setInitiatorName(event.target.value)} />
        </FormField>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {settings.mode === 'live' && (
          <Button type="button" variant="outline" disabled={save.isPending} onClick={(event) => submit(event, true)}>
            <Trans>Remove the credentials</Trans>
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <InlineSpinner />}
          <Trans>Save</Trans>
        </Button>
      </div>

      {settings.callbackUrls && (
        <section className="grid gap-3 rounded-lg border p-4" aria-label={t`Callback URLs`}>
          <h2 className="font-semibold">
            <Trans>Callback URLs</Trans>
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Safaricom sends prompts’ results and till payments to these addresses. They carry a secret: share them only with Safaricom. The server must be reachable on its
              public address (PUBLIC_URL).
            </Trans>
          </p>
          <dl className="grid gap-2 text-sm">
            <CallbackUrl label={t`Confirmation URL`} url={settings.callbackUrls.confirmation} />
            <CallbackUrl label={t`Validation URL`} url={settings.callbackUrls.validation} />
          </dl>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm text-muted-foreground">
              {settings.c2bRegisteredAt ? <Trans>Registered {formatDateTime(settings.c2bRegisteredAt)}</Trans> : <Trans>Not registered yet</Trans>}
            </span>
            <Button type="button" variant="outline" disabled={settings.mode !== 'live' || register.isPending} onClick={() => register.mutate()}>
              {register.isPending && <InlineSpinner />}
              <Trans>Register confirmation URLs</Trans>
            </Button>
          </div>
        </section>
      )}
    </form>
  );
}

function CallbackUrl({ label, url }: { label: string; url: string }) {
  const { t } = useLingui();
  return (
    <div className="grid gap-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="flex min-w-0 items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1 text-xs">{url}</code>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          aria-label={t`Copy ${label}`}
          onClick={() => void navigator.clipboard?.writeText(url).then(() => toast.success(t`Copied`))}
        >
          <CopyIcon aria-hidden />
        </Button>
      </dd>
    </div>
  );
}
