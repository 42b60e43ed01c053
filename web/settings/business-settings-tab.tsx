import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from '../lib/toast';
import {
  businessSettingsSchema,
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  updateBusinessSettingsSchema,
  type BusinessSettings,
} from '../../core/settings/settings.schemas';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../core/i18n/locale.rules';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { InlineSpinner, Spinner } from '../components/ui/spinner';
import { Textarea } from '../components/ui/textarea';
import { apiRequest, isApiError } from '../lib/api-client';
import { translateMessage } from '../i18n/translate-message';
import { tenantContextQueryKey } from '../tenancy/tenancy.api';
import { TenantLogo } from '../tenancy/tenant-logo';
import { businessSettingsQueryKey, useBusinessSettings } from './settings.api';
import { Detail } from '../components/detail';

const FIELDS = ['businessName', 'currencyCode', 'currencySymbol', 'timeZone', 'receiptHeader', 'receiptFooter', 'kraPin'] as const;
type Field = (typeof FIELDS)[number];
const isField = (key: unknown): key is Field => (FIELDS as readonly unknown[]).includes(key);

/** The shop's name, logo, currency, time zone, receipt texts and KRA PIN: the owner edits, others read. */
export function BusinessSettingsTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useLingui();
  const settings = useBusinessSettings();
  if (settings.isPending) return <Spinner label={t`Loading business settings`} />;
  if (settings.isError) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>The business settings are not available right now.</Trans>
      </p>
    );
  }
  return canEdit ? (
    <div className="grid gap-6">
      <LogoSection settings={settings.data} />
      <BusinessSettingsForm settings={settings.data} />
    </div>
  ) : (
    <BusinessSettingsView settings={settings.data} />
  );
}

function BusinessSettingsView({ settings }: { settings: BusinessSettings }) {
  const { t } = useLingui();
  const language = settings.defaultLanguage;
  return (
    <section aria-labelledby="business-settings" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <h2 id="business-settings" className="font-semibold">
        <Trans>Business settings</Trans>
      </h2>
      <dl className="grid gap-4 sm:grid-cols-3">
        <Detail label={t`Business name`}>{settings.businessName}</Detail>
        <Detail label={t`Currency code`}>{settings.currencyCode}</Detail>
        <Detail label={t`Currency symbol`}>{settings.currencySymbol}</Detail>
        <Detail label={t`Time zone`}>{settings.timeZone}</Detail>
        <Detail label={t`KRA PIN`}>{settings.kraPin ?? t`Not set`}</Detail>
        <Detail label={t`Default language`}>
          {language ? <span lang={language}>{LOCALE_NAMES[language]}</span> : t`Each device's browser language`}
        </Detail>
      </dl>
      <p className="text-sm text-muted-foreground">
        <Trans>Only the shop owner can change these.</Trans>
      </p>
    </section>
  );
}


function useSettingsSaved() {
  const queryClient = useQueryClient();
  return (data: BusinessSettings) => {
    queryClient.setQueryData(businessSettingsQueryKey, data);
    // The sign-in page and the sidebar show the name and logo from the tenant context, and a new
    // device starts in its default language.
    void queryClient.invalidateQueries({ queryKey: tenantContextQueryKey });
  };
}

function LogoSection({ settings }: { settings: BusinessSettings }) {
  const { t } = useLingui();
  const logoHint = t`PNG, JPEG or WebP, at most 512 KB. It shows on your sign-in page and receipts.`;
  const onSaved = useSettingsSaved();
  const [error, setError] = useState<string | undefined>();
  const upload = useMutation({
    mutationKey: ['settings', 'business', 'logo'],
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('logo', file);
      return apiRequest('/api/settings/business/logo', { method: 'POST', body: form, schema: businessSettingsSchema });
    },
    onSuccess: (data) => {
      onSaved(data);
      toast.success(t`Logo updated`);
    },
    onError: (failure) => {
      // Kept as it came: FormField shows it in the language on screen.
      const message = isApiError(failure) ? (failure.fieldMessage('logo') ?? failure.message) : t`Failed to upload the logo.`;
      setError(message);
      toast.error(t`Error`, { description: translateMessage(message) });
    },
  });
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The server checks again; this spares a pointless upload.
    if (!(file.type in LOGO_CONTENT_TYPES)) return setError(t`Use a PNG, JPEG or WebP image`);
    if (file.size > LOGO_MAX_BYTES) return setError(t`The logo must be at most 512 KB`);
    setError(undefined);
    upload.mutate(file);
  };
  return (
    <section aria-labelledby="business-logo" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <h2 id="business-logo" className="font-semibold">
        <Trans>Logo</Trans>
      </h2>
      <div className="flex flex-wrap items-center gap-4">
        <TenantLogo logoUrl={settings.companyLogoUrl} name={settings.businessName} className="size-16 rounded-xl" />
        <FormField id="business-logo-file" label={t`Upload a new logo`} error={error} hint={logoHint}>
          <Input
            {...fieldControlProps('business-logo-file', { error, hint: logoHint })}
            type="file"
            accept={Object.keys(LOGO_CONTENT_TYPES).join(',')}
            onChange={choose}
            disabled={upload.isPending}
          />
        </FormField>
        {upload.isPending && <InlineSpinner />}
      </div>
    </section>
  );
}

const LANGUAGE_FIELD = 'defaultLanguage';
type ErrorField = Field | typeof LANGUAGE_FIELD;
const isErrorField = (key: unknown): key is ErrorField => key === LANGUAGE_FIELD || isField(key);

function BusinessSettingsForm({ settings }: { settings: BusinessSettings }) {
  const { t } = useLingui();
  const onSaved = useSettingsSaved();
  const [values, setValues] = useState<Record<Field, string>>({
    businessName: settings.businessName,
    currencyCode: settings.currencyCode,
    currencySymbol: settings.currencySymbol,
    timeZone: settings.timeZone,
    receiptHeader: settings.receiptHeader ?? '',
    receiptFooter: settings.receiptFooter ?? '',
    kraPin: settings.kraPin ?? '',
  });
  // null: each device starts in its browser's language.
  const [defaultLanguage, setDefaultLanguage] = useState<Locale | null>(settings.defaultLanguage);
  const [errors, setErrors] = useState<Partial<Record<ErrorField, string>>>({});
  const save = useMutation({
    mutationKey: ['settings', 'business', 'update'],
    mutationFn: (body: unknown) => apiRequest('/api/settings/business', { method: 'PATCH', body, schema: businessSettingsSchema }),
    onSuccess: (data) => {
      onSaved(data);
      toast.success(t`Business settings saved`);
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) {
        // English as the server gave it: FormField shows each in the language on screen.
        setErrors(Object.fromEntries([...FIELDS, LANGUAGE_FIELD].map((name) => [name, error.fieldMessage(name)])));
      }
      toast.error(t`Error`, { description: isApiError(error) ? translateMessage(error.message) : t`Failed to save the business settings.` });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...values, defaultLanguage };
    const parsed = updateBusinessSettingsSchema.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<ErrorField, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (isErrorField(key)) next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    // The form's strings, not the parsed output: the server parses them with the same schema.
    save.mutate(body);
  };

  const update = (name: Field) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));
  const field = (name: Field, label: string, hint?: string) => (
    <FormField id={`business-${name}`} label={label} error={errors[name]} hint={hint}>
      <Input {...fieldControlProps(`business-${name}`, { error: errors[name], hint })} value={values[name]} onChange={update(name)} />
    </FormField>
  );
  const textArea = (name: Field, label: string, hint: string) => (
    <FormField id={`business-${name}`} label={label} error={errors[name]} hint={hint}>
      <Textarea {...fieldControlProps(`business-${name}`, { error: errors[name], hint })} rows={2} value={values[name]} onChange={update(name)} />
    </FormField>
  );
  const languageHint = t`New devices in this shop start in this language; each person can choose their own in the user menu.`;

  return (
    <form aria-labelledby="business-settings" onSubmit={submit} noValidate className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <h2 id="business-settings" className="font-semibold">
        <Trans>Business settings</Trans>
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('businessName', t`Business name`, t`Shown on your sign-in page and receipts`)}
        {field('kraPin', t`KRA PIN`, t`e.g. P051234567X`)}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {field('currencyCode', t`Currency code`, t`ISO code, e.g. KES`)}
        {field('currencySymbol', t`Currency symbol`, t`e.g. KSh`)}
        {field('timeZone', t`Time zone`, t`e.g. Africa/Nairobi`)}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="business-defaultLanguage" label={t`Default language`} error={errors.defaultLanguage} hint={languageHint}>
          <NativeSelect
            {...fieldControlProps('business-defaultLanguage', { error: errors.defaultLanguage, hint: languageHint })}
            value={defaultLanguage ?? ''}
            onChange={(event) => setDefaultLanguage(isLocale(event.target.value) ? event.target.value : null)}
          >
            <option value="">{t`Each device's browser language`}</option>
            {/* Each language in its own words, for someone who reads only that one. */}
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {LOCALE_NAMES[locale]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {textArea('receiptHeader', t`Receipt header`, t`Printed above the items, e.g. your address and phone`)}
        {textArea('receiptFooter', t`Receipt footer`, t`Printed below the total, e.g. "Asante! Karibu tena."`)}
      </div>
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {save.isPending && <InlineSpinner />}
        <Trans>Save</Trans>
      </Button>
    </form>
  );
}
