import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { businessSettingsSchema, updateBusinessSettingsSchema, type BusinessSettings } from '../../core/settings/settings.schemas';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { InlineSpinner, Spinner } from '../components/ui/spinner';
import { apiRequest, isApiError } from '../lib/api-client';
import { businessSettingsQueryKey, useBusinessSettings } from './settings.api';

type Field = 'currencyCode' | 'currencySymbol' | 'timeZone';

/** Currency and time zone: shop admins change them; everyone else reads them. */
export function BusinessSettingsTab({ canEdit }: { canEdit: boolean }) {
  const settings = useBusinessSettings();
  if (settings.isPending) return <Spinner label="Loading business settings" />;
  if (settings.isError) return <p className="text-sm text-muted-foreground">The business settings are not available right now.</p>;
  return canEdit ? <BusinessSettingsForm settings={settings.data} /> : <BusinessSettingsView settings={settings.data} />;
}

function BusinessSettingsView({ settings }: { settings: BusinessSettings }) {
  return (
    <section aria-labelledby="business-settings" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <h2 id="business-settings" className="font-semibold">
        Business settings
      </h2>
      <dl className="grid gap-4 sm:grid-cols-3">
        <Detail label="Currency code">{settings.currencyCode}</Detail>
        <Detail label="Currency symbol">{settings.currencySymbol}</Detail>
        <Detail label="Time zone">{settings.timeZone}</Detail>
      </dl>
      <p className="text-sm text-muted-foreground">Only the shop owner can change these.</p>
    </section>
  );
}

function Detail({ label, children }: { label: string; children: string }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

function BusinessSettingsForm({ settings }: { settings: BusinessSettings }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>({
    currencyCode: settings.currencyCode,
    currencySymbol: settings.currencySymbol,
    timeZone: settings.timeZone,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useMutation({
    mutationKey: ['settings', 'business', 'update'],
    mutationFn: (body: unknown) => apiRequest('/api/settings/business', { method: 'PATCH', body, schema: businessSettingsSchema }),
    onSuccess: (data) => {
      queryClient.setQueryData(businessSettingsQueryKey, data);
      toast.success('Business settings saved');
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) {
        setErrors({
          currencyCode: error.fieldMessage('currencyCode'),
          currencySymbol: error.fieldMessage('currencySymbol'),
          timeZone: error.fieldMessage('timeZone'),
        });
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
        if (key === 'currencyCode' || key === 'currencySymbol' || key === 'timeZone') next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const field = (name: Field, label: string, hint?: string) => (
    <FormField id={`business-${name}`} label={label} error={errors[name]} hint={hint}>
      <Input
        {...fieldControlProps(`business-${name}`, { error: errors[name], hint })}
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      />
    </FormField>
  );

  return (
    <form aria-labelledby="business-settings" onSubmit={submit} noValidate className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <h2 id="business-settings" className="font-semibold">
        Business settings
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        {field('currencyCode', 'Currency code', 'ISO code, e.g. KES')}
        {field('currencySymbol', 'Currency symbol', 'e.g. KSh')}
        {field('timeZone', 'Time zone', 'e.g. Africa/Nairobi')}
      </div>
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {save.isPending && <InlineSpinner />}
        Save
      </Button>
    </form>
  );
}
