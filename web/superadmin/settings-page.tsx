import { Trans, useLingui } from '@lingui/react/macro';
import { CreditCardIcon, GlobeIcon, MailIcon, SendIcon, SettingsIcon, TimerIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { platformSettingsInputSchema, type PlatformSettings, type PlatformSettingsInput } from '../../core/platform/settings.schemas';
import { FormField } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { Switch } from '../components/ui/switch';
import { DetailSkeleton, LoadError } from '../inventory/inventory-ui';
import { isApiError } from '../lib/api-client';
import { failureMessage, firstFieldErrors, type FieldErrors } from '../lib/form-errors';
import { formatNumber } from '../lib/format';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { usePlatformSettings, useSavePlatformSettings, useSendTestEmail } from './communications.api';

/**
 * /superadmin/settings (issue 21): trial days, the default plan at sign-up, sign-up on or off, the
 * maintenance banner (saved, audited); root domains, SMTP with a test e-mail, Paystack's key and
 * retention (facts of the configuration).
 */
export function PlatformSettingsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Settings`);
  const settings = usePlatformSettings();
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          <Trans>Settings</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Sign-up, trials, the maintenance banner, and how this server is configured.</Trans>
        </p>
      </div>
      {settings.isPending ? (
        <DetailSkeleton label={t`Loading the settings`} />
      ) : settings.isError ? (
        <LoadError error={settings.error} what={t`the settings`} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />
          <ConfigurationFacts settings={settings.data} />
        </>
      )}
    </div>
  );
}

function SettingsForm({ settings }: { settings: PlatformSettings }) {
  const { t } = useLingui();
  const save = useSavePlatformSettings();
  const [trialDays, setTrialDays] = useState(String(settings.trialDays));
  const [defaultPlanId, setDefaultPlanId] = useState(settings.defaultPlanId ?? '');
  const [signupEnabled, setSignupEnabled] = useState(settings.signupEnabled);
  const [banner, setBanner] = useState(settings.maintenanceBanner);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const input: PlatformSettingsInput = {
      trialDays: trialDays.trim() === '' ? Number.NaN : Number(trialDays),
      defaultPlanId: defaultPlanId || null,
      signupEnabled,
      maintenanceBanner: banner,
    };
    const parsed = platformSettingsInputSchema.safeParse(input);
    if (!parsed.success) {
      const found = firstFieldErrors(parsed.error);
      setErrors(found);
      const first = ['trialDays', 'defaultPlanId', 'maintenanceBanner'].find((field) => found[field]);
      if (first) document.getElementById(`settings-${first}`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(t`Settings saved`),
      onError: (error) => {
        if (isApiError(error) && error.fields) setErrors(Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [field, messages[0]])));
        setFormError(failureMessage(error, t`The settings were not saved`));
      },
    });
  };

  return (
    <section aria-labelledby="platform-settings" className="grid gap-4 rounded-xl border bg-card p-4">
      <h2 id="platform-settings" className="flex items-center gap-2 font-semibold">
        <SettingsIcon aria-hidden className="size-4" />
        <Trans>Sign-up and shops</Trans>
      </h2>
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label={t`Platform settings`}>
        <div className="flex items-center gap-3">
          <Switch id="settings-signupEnabled" checked={signupEnabled} onCheckedChange={setSignupEnabled} />
          <Label htmlFor="settings-signupEnabled">
            <Trans>New shops may sign up</Trans>
          </Label>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="settings-trialDays" label={<Trans>Trial days</Trans>} error={errors.trialDays} hint={t`A new shop's free trial, from sign-up.`}>
            <Input id="settings-trialDays" inputMode="numeric" value={trialDays} onChange={(event) => setTrialDays(event.target.value)} aria-invalid={Boolean(errors.trialDays)} />
          </FormField>
          <FormField id="settings-defaultPlanId" label={<Trans>Default plan at sign-up</Trans>} error={errors.defaultPlanId} hint={t`The plan a new shop's trial is on when it chooses none.`}>
            <NativeSelect id="settings-defaultPlanId" value={defaultPlanId} onChange={(event) => setDefaultPlanId(event.target.value)} aria-invalid={Boolean(errors.defaultPlanId)}>
              <option value="">{t`None (trial only)`}</option>
              {settings.plans
                .filter((plan) => plan.isActive || plan.id === settings.defaultPlanId)
                .map((plan) => (
                  <option key={plan.id} value={plan.id}>
                    {plan.name} ({plan.period})
                  </option>
                ))}
            </NativeSelect>
          </FormField>
        </div>
        <FormField
          id="settings-maintenanceBanner"
          label={<Trans>Maintenance banner</Trans>}
          error={errors.maintenanceBanner}
          hint={t`Shown at the top of every shop's admin area and the sign-in page while set. Empty: no banner.`}
        >
          <Input id="settings-maintenanceBanner" value={banner} onChange={(event) => setBanner(event.target.value)} aria-invalid={Boolean(errors.maintenanceBanner)} autoComplete="off" />
        </FormField>
        {formError && (
          <p role="alert" className="text-sm text-destructive">
            {formError}
          </p>
        )}
        <div>
          <Button type="submit" disabled={save.isPending}>
            <Trans>Save settings</Trans>
          </Button>
        </div>
      </form>
    </section>
  );
}

function ConfigurationFacts({ settings }: { settings: PlatformSettings }) {
  const { t } = useLingui();
  const test = useSendTestEmail();
  const retentionLabel: Record<PlatformSettings['retention'][number]['what'], string> = {
    sessions: t`Sessions`,
    security_events: t`Security events`,
    platform_audit: t`Platform audit log`,
    shop_audit: t`Shops' audit trails`,
    email_outbox: t`E-mail outbox`,
  };
  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: (result) => (result.ok ? toast.success(t`Test e-mail sent to ${result.to}`) : toast.error(t`The test e-mail failed: ${result.error ?? ''}`)),
      onError: (error) => toast.error(failureMessage(error, t`The test e-mail was not sent`)),
    });
  const paystack = settings.paystack;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section aria-labelledby="root-domains" className="grid content-start gap-2 rounded-xl border bg-card p-4" data-testid="root-domains">
        <h2 id="root-domains" className="flex items-center gap-2 font-semibold">
          <GlobeIcon aria-hidden className="size-4" />
          <Trans>Root domains</Trans>
        </h2>
        <ul className="grid gap-1 font-mono text-sm">
          {settings.rootDomains.map((domain) => (
            <li key={domain} className="break-all">
              {domain}
            </li>
          ))}
        </ul>
        <p className="text-xs text-muted-foreground">
          <Trans>Set by ROOT_DOMAINS in the server's configuration; the first is where new shops get their address.</Trans>
        </p>
      </section>
      <section aria-labelledby="smtp" className="grid content-start gap-2 rounded-xl border bg-card p-4" data-testid="smtp">
        <h2 id="smtp" className="flex items-center gap-2 font-semibold">
          <MailIcon aria-hidden className="size-4" />
          <Trans>E-mail (SMTP)</Trans>
        </h2>
        <p className="text-sm">
          {settings.smtp.configured ? <Badge variant="success">{t`SMTP configured`}</Badge> : <Badge variant="secondary">{t`No SMTP: the local outbox only`}</Badge>}
        </p>
        <p className="text-xs break-all text-muted-foreground">
          <Trans>From: {settings.smtp.from}</Trans>
        </p>
        <div>
          <Button type="button" variant="outline" onClick={sendTest} disabled={test.isPending}>
            <SendIcon aria-hidden />
            <Trans>Send a test e-mail to me</Trans>
          </Button>
        </div>
      </section>
      <section aria-labelledby="paystack" className="grid content-start gap-2 rounded-xl border bg-card p-4" data-testid="paystack">
        <h2 id="paystack" className="flex items-center gap-2 font-semibold">
          <CreditCardIcon aria-hidden className="size-4" />
          <Trans>Paystack</Trans>
        </h2>
        <p className="text-sm">
          {!paystack.configured ? (
            <Badge variant="outline">{t`Secret key not set`}</Badge>
          ) : paystack.mode === 'live' ? (
            <Badge variant="success">{t`Secret key set: live`}</Badge>
          ) : paystack.mode === 'test' ? (
            <Badge variant="accent">{t`Secret key set: test`}</Badge>
          ) : (
            <Badge variant="secondary">{t`Secret key set`}</Badge>
          )}
        </p>
        <p className="text-xs text-muted-foreground">
          <Trans>PAYSTACK_SECRET_KEY in the server's configuration; the key itself is never shown.</Trans>
        </p>
      </section>
      <section aria-labelledby="retention" className="grid content-start gap-2 rounded-xl border bg-card p-4" data-testid="retention">
        <h2 id="retention" className="flex items-center gap-2 font-semibold">
          <TimerIcon aria-hidden className="size-4" />
          <Trans>Retention</Trans>
        </h2>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          {settings.retention.map((row) => (
            <div key={row.what} className="contents">
              <dt>{retentionLabel[row.what]}</dt>
              <dd className="text-right">{row.days === null ? t`Kept` : t`${formatNumber(row.days)} days`}</dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-muted-foreground">
          <Trans>Facts of this release, not settings: a session ends 7 days after sign-in (its row stays); no job purges audit or outbox rows yet.</Trans>
        </p>
      </section>
    </div>
  );
}
