import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  businessSettingsSchema,
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  updateBusinessSettingsSchema,
  type BusinessSettings,
} from '../../core/settings/settings.schemas';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { InlineSpinner, Spinner } from '../components/ui/spinner';
import { Textarea } from '../components/ui/textarea';
import { apiRequest, isApiError } from '../lib/api-client';
import { tenantContextQueryKey } from '../tenancy/tenancy.api';
import { TenantLogo } from '../tenancy/tenant-logo';
import { businessSettingsQueryKey, useBusinessSettings } from './settings.api';
import { Detail } from '../components/detail';

const FIELDS = ['businessName', 'currencyCode', 'currencySymbol', 'timeZone', 'receiptHeader', 'receiptFooter', 'kraPin'] as const;
type Field = (typeof FIELDS)[number];
const isField = (key: unknown): key is Field => (FIELDS as readonly unknown[]).includes(key);

/** The shop's name, logo, currency, time zone, receipt texts and KRA PIN: the owner edits, others read. */
export function BusinessSettingsTab({ canEdit }: { canEdit: boolean }) {
  const settings = useBusinessSettings();
  if (settings.isPending) return <Spinner label="Loading business settings" />;
  if (settings.isError) return <p className="text-sm text-muted-foreground">The business settings are not available right now.</p>;
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
  return (
    <section aria-labelledby="business-settings" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <h2 id="business-settings" className="font-semibold">
        Business settings
      </h2>
      <dl className="grid gap-4 sm:grid-cols-3">
        <Detail label="Business name">{settings.businessName}</Detail>
        <Detail label="Currency code">{settings.currencyCode}</Detail>
        <Detail label="Currency symbol">{settings.currencySymbol}</Detail>
        <Detail label="Time zone">{settings.timeZone}</Detail>
        <Detail label="KRA PIN">{settings.kraPin ?? 'Not set'}</Detail>
      </dl>
      <p className="text-sm text-muted-foreground">Only the shop owner can change these.</p>
    </section>
  );
}


function useSettingsSaved() {
  const queryClient = useQueryClient();
  return (data: BusinessSettings) => {
    queryClient.setQueryData(businessSettingsQueryKey, data);
    // The sign-in page and the sidebar show the name and logo from the tenant context.
    void queryClient.invalidateQueries({ queryKey: tenantContextQueryKey });
  };
}

const LOGO_HINT = 'PNG, JPEG or WebP, at most 512 KB. It shows on your sign-in page and receipts.';

function LogoSection({ settings }: { settings: BusinessSettings }) {
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
      toast.success('Logo updated');
    },
    onError: (failure) => {
      const message = isApiError(failure) ? (failure.fieldMessage('logo') ?? failure.message) : 'Failed to upload the logo.';
      setError(message);
      toast.error('Error', { description: message });
    },
  });
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The server checks again; this spares a pointless upload.
    if (!(file.type in LOGO_CONTENT_TYPES)) return setError('Use a PNG, JPEG or WebP image');
    if (file.size > LOGO_MAX_BYTES) return setError('The logo must be at most 512 KB');
    setError(undefined);
    upload.mutate(file);
  };
  return (
    <section aria-labelledby="business-logo" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <h2 id="business-logo" className="font-semibold">
        Logo
      </h2>
      <div className="flex flex-wrap items-center gap-4">
        <TenantLogo logoUrl={settings.companyLogoUrl} name={settings.businessName} className="size-16 rounded-xl" />
        <FormField id="business-logo-file" label="Upload a new logo" error={error} hint={LOGO_HINT}>
          <Input
            {...fieldControlProps('business-logo-file', { error, hint: LOGO_HINT })}
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

function BusinessSettingsForm({ settings }: { settings: BusinessSettings }) {
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
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useMutation({
    mutationKey: ['settings', 'business', 'update'],
    mutationFn: (body: unknown) => apiRequest('/api/settings/business', { method: 'PATCH', body, schema: businessSettingsSchema }),
    onSuccess: (data) => {
      onSaved(data);
      toast.success('Business settings saved');
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) {
        setErrors(Object.fromEntries(FIELDS.map((name) => [name, error.fieldMessage(name)])));
      }
      toast.error('Error', { description: isApiError(error) ? error.message : 'Failed to save the business settings.' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateBusinessSettingsSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (isField(key)) next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    // The form's strings, not the parsed output: the server parses them with the same schema.
    save.mutate(values);
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

  return (
    <form aria-labelledby="business-settings" onSubmit={submit} noValidate className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <h2 id="business-settings" className="font-semibold">
        Business settings
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('businessName', 'Business name', 'Shown on your sign-in page and receipts')}
        {field('kraPin', 'KRA PIN', 'e.g. P051234567X')}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {field('currencyCode', 'Currency code', 'ISO code, e.g. KES')}
        {field('currencySymbol', 'Currency symbol', 'e.g. KSh')}
        {field('timeZone', 'Time zone', 'e.g. Africa/Nairobi')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {textArea('receiptHeader', 'Receipt header', 'Printed above the items, e.g. your address and phone')}
        {textArea('receiptFooter', 'Receipt footer', 'Printed below the total, e.g. "Asante! Karibu tena."')}
      </div>
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {save.isPending && <InlineSpinner />}
        Save
      </Button>
    </form>
  );
}
