import { Trans, useLingui } from '@lingui/react/macro';
import { StoreIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../lib/toast';
import { contactProfileSchema, type ContactView } from '../../core/profile/profile.schemas';
import { fieldControlProps, FormField } from '../components/form-field';
import { Alert, AlertDescription } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { InlineSpinner, Spinner } from '../components/ui/spinner';
import { Textarea } from '../components/ui/textarea';
import { firstFieldErrors, type FieldErrors } from '../lib/form-errors';
import { errorMessageOf, shouldReportFailure } from './profile-errors';
import { useContactProfileQuery, useSaveContactProfileMutation } from './profile.api';

export function ContactProfileTab() {
  const { t } = useLingui();
  const contact = useContactProfileQuery();
  if (contact.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t`Loading contact profile`} />
      </div>
    );
  }
  if (contact.isError) {
    return (
      <div role="alert" className="grid justify-items-center gap-3 py-10 text-center">
        <p className="text-sm">
          <Trans>The contact profile could not be loaded.</Trans>
        </p>
        <Button variant="outline" onClick={() => void contact.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  if (!contact.data.canHaveContact) {
    return (
      <Alert>
        <StoreIcon aria-hidden />
        <AlertDescription>
          <p>
            <Trans>
              A contact profile belongs to a shop: it is how the shop lists you among its contacts. This account is not
              signed in to a shop, so it has none. Sign in at a shop's address to create one there.
            </Trans>
          </p>
        </AlertDescription>
      </Alert>
    );
  }
  // Keyed by the record, so the form starts from the saved values once a profile exists.
  return <ContactProfileForm key={contact.data.contact?.id ?? 'new'} contact={contact.data.contact} />;
}

type ContactField = 'name' | 'email' | 'phone' | 'company' | 'address' | 'notes';
type ContactValues = Record<ContactField, string>;

function ContactProfileForm({ contact }: { contact: ContactView | null }) {
  const { t } = useLingui();
  const save = useSaveContactProfileMutation();
  const [values, setValues] = useState<ContactValues>(() => ({
    name: contact?.name ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    company: contact?.company ?? '',
    address: contact?.address ?? '',
    notes: contact?.notes ?? '',
  }));
  const [errors, setErrors] = useState<FieldErrors>({});

  const change = (field: ContactField) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = contactProfileSchema.safeParse(values);
    if (!parsed.success) {
      // The shared schema's English messages: FormField shows them in the language on screen.
      setErrors(firstFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    // The server trims and stores blanks as null with the same schema.
    save.mutate(values, {
      onSuccess: () => toast.success(t`Contact profile updated successfully`),
      onError: (error) => {
        if (shouldReportFailure(error)) {
          toast.error(t`Failed to update contact profile`, { description: errorMessageOf(error) });
        }
      },
    });
  };

  const control = (field: ContactField) => ({
    ...fieldControlProps(`contact-${field}`, { error: errors[field] }),
    value: values[field],
    onChange: change(field),
  });
  const isNameBlank = values.name.trim() === '';
  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-label={t`Contact profile`}>
      <p className="text-sm text-muted-foreground">
        <Trans>How the shop lists you among its contacts, for receipts and messages.</Trans>
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="contact-name"
          label={
            <>
              <Trans>Display Name</Trans>
              <span aria-hidden className="text-destructive">
                *
              </span>
            </>
          }
          error={errors.name}
        >
          <Input {...control('name')} required aria-required autoComplete="name" />
        </FormField>
        <FormField id="contact-email" label={t`Contact Email`} error={errors.email}>
          <Input {...control('email')} type="email" inputMode="email" autoComplete="email" autoCapitalize="none" />
        </FormField>
        <FormField id="contact-phone" label={t`Phone Number`} error={errors.phone}>
          <Input
            {...control('phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            // eslint-disable-next-line lingui/no-unlocalized-strings -- a Kenyan number's pattern, the same in both languages
            placeholder="+254 7XX XXX XXX"
          />
        </FormField>
        <FormField id="contact-company" label={t`Company/Department`} error={errors.company}>
          <Input {...control('company')} autoComplete="organization" />
        </FormField>
        <FormField id="contact-address" label={t`Address`} error={errors.address}>
          <Textarea {...control('address')} rows={3} autoComplete="street-address" />
        </FormField>
        <FormField id="contact-notes" label={t`Notes`} error={errors.notes}>
          <Textarea {...control('notes')} rows={3} />
        </FormField>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={isNameBlank || save.isPending} className="w-full sm:w-auto">
          {save.isPending && <InlineSpinner />}
          {contact ? t`Update Profile` : t`Create Profile`}
        </Button>
      </div>
    </form>
  );
}
