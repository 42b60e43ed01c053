import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { TriangleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '../../core/api/api-error.schemas';
import {
  CONTACT_TYPES,
  contactCreatedSchema,
  contactCreateSchema,
  contactSchema,
  MAX_TAGS,
  type Contact,
} from '../../core/contacts/contacts.schemas';
import { formatPhoneNumber } from '../../core/i18n/phone.rules';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { InlineSpinner } from '../components/ui/spinner';
import { Textarea } from '../components/ui/textarea';
import { translateMessage } from '../i18n/translate-message';
import { DetailSkeleton, LoadError, PageHeader, useDebouncedValue } from '../inventory/inventory-ui';
import { apiRequest, isApiError } from '../lib/api-client';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { MoneyField } from '../products/amount-fields';
import { UpgradeBadge } from '../products/upgrade-badge';
import { CONTACT_TYPE_LABELS } from './contact-labels';
import { useContact, useContactsAccess, useCustomerGroups, useDuplicates, useRefreshContacts } from './contacts.api';

type FormInput = z.input<typeof contactCreateSchema>;
type FormOutput = z.output<typeof contactCreateSchema>;

const FIELDS = [
  'name',
  'type',
  'phone',
  'email',
  'company',
  'kraPin',
  'address',
  'notes',
  'tags',
  'customerGroupId',
  'creditLimitMinor',
  'customerPaymentTermsDays',
  'supplierPaymentTermsDays',
  'openingBalance.receivableMinor',
  'openingBalance.payableMinor',
] as const;

/** /admin/customers/new and /admin/customers/:contactId/edit */
export function ContactFormPage() {
  const { contactId } = useParams();
  const { t } = useLingui();
  if (!contactId) return <ContactForm contact={null} />;
  return <EditContact contactId={contactId} loadingLabel={t`Loading the contact`} what={t`the contact`} />;
}

function EditContact({ contactId, loadingLabel, what }: { contactId: string; loadingLabel: string; what: string }) {
  const contact = useContact(contactId);
  if (contact.isPending) return <DetailSkeleton label={loadingLabel} />;
  if (contact.isError) return <LoadError error={contact.error} what={what} onRetry={() => void contact.refetch()} />;
  return <ContactForm key={contact.data.id} contact={contact.data} />;
}

/** Tags typed as "vip, wholesale": the form holds the list, the box keeps what was typed. */
function TagsInput({ id, value, onChange, onBlur, error }: { id: string; value: string[]; onChange: (tags: string[]) => void; onBlur: () => void; error?: string | undefined }) {
  const [text, setText] = useState(value.join(', '));
  return (
    <Input
      {...fieldControlProps(id, { error })}
      value={text}
      autoComplete="off"
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onChange(
          event.target.value
            .split(',')
            .map((tag) => tag.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}

function ContactForm({ contact }: { contact: Contact | null }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const navigate = useNavigate();
  const access = useContactsAccess();
  const groups = useCustomerGroups({ enabled: access.hasGroups });
  const refresh = useRefreshContacts();
  const isNew = contact === null;
  const contactName = contact?.name ?? '';
  useDocumentTitle(isNew ? t`Add contact` : t`Edit ${contactName}`);
  // One key per form: a retried or double-clicked submit cannot add the contact twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(contactCreateSchema),
    defaultValues: {
      name: contact?.name ?? '',
      type: contact?.type ?? 'customer',
      phone: contact?.phone ? formatPhoneNumber(contact.phone) : '',
      email: contact?.email ?? '',
      company: contact?.company ?? '',
      kraPin: contact?.kraPin ?? '',
      address: contact?.address ?? '',
      notes: contact?.notes ?? '',
      tags: contact?.tags ?? [],
      customerGroupId: contact?.customerGroupId ?? '',
      creditLimitMinor: contact?.creditLimitMinor ?? 0,
      customerPaymentTermsDays: contact?.customerPaymentTermsDays ?? 0,
      supplierPaymentTermsDays: contact?.supplierPaymentTermsDays ?? 0,
      openingBalance: { receivableMinor: 0, payableMinor: 0 },
    },
  });
  const [type, phone, email] = useWatch({ control: form.control, name: ['type', 'phone', 'email'] });
  const duplicates = useDuplicates(useDebouncedValue((phone ?? '').trim(), 400), useDebouncedValue((email ?? '').trim(), 400), contact?.id);
  const isCustomer = type !== 'supplier';
  const isSupplier = type !== 'customer';

  const save = useMutation({
    mutationKey: ['contacts', isNew ? 'create' : 'update'],
    mutationFn: async (values: FormOutput) => {
      if (contact) {
        const { openingBalance: _opening, ...fields } = values;
        return apiRequest(`/api/contacts/${encodeURIComponent(contact.id)}`, { method: 'PATCH', body: fields, schema: contactSchema });
      }
      return apiRequest('/api/contacts', { method: 'POST', body: values, schema: contactCreatedSchema, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
    },
    onSuccess: async (saved) => {
      await refresh();
      const name = saved.name;
      toast.success(isNew ? t`${name} added` : t`${name} saved`);
      void navigate(`/admin/customers/${saved.id}`);
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) {
        for (const field of FIELDS) {
          const message = error.fieldMessage(field);
          if (message) form.setError(field, { message });
        }
      }
      toast.error(t`Error`, { description: isApiError(error) ? translateMessage(error.message) : t`The contact was not saved.` });
    },
  });

  const errors = form.formState.errors;
  const message = (text: string | undefined) => text;
  const [nameError, typeError, phoneError, emailError, companyError, kraPinError, addressError, notesError, tagsError, groupError] = [
    errors.name?.message,
    errors.type?.message,
    errors.phone?.message,
    errors.email?.message,
    errors.company?.message,
    errors.kraPin?.message,
    errors.address?.message,
    errors.notes?.message,
    message(errors.tags?.message ?? errors.tags?.[0]?.message),
    errors.customerGroupId?.message,
  ];
  const sameContacts = duplicates.data ?? [];

  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate className="grid max-w-3xl min-w-0 gap-6">
      <PageHeader
        title={isNew ? t`Add contact` : t`Edit ${contactName}`}
        description={t`A customer you sell to, a supplier you buy from, or both. Only the name is required.`}
      />

      <section aria-labelledby="contact-details" className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 sm:p-6">
        <h3 id="contact-details" className="font-semibold sm:col-span-2">
          <Trans>Details</Trans>
        </h3>
        <FormField id="contact-name" label={t`Name`} error={nameError}>
          <Input {...fieldControlProps('contact-name', { error: nameError })} autoComplete="off" autoFocus {...form.register('name')} />
        </FormField>
        <FormField id="contact-type" label={t`Type`} error={typeError} hint={access.isManager ? undefined : t`A manager adds suppliers.`}>
          <NativeSelect {...fieldControlProps('contact-type', { error: typeError })} disabled={!access.isManager} {...form.register('type')}>
            {CONTACT_TYPES.map((value) => (
              <option key={value} value={value}>
                {i18n._(CONTACT_TYPE_LABELS[value])}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="contact-phone" label={t`Phone`} error={phoneError} hint={t`07…, 01…, 2547… or +254 7…`}>
          <Input {...fieldControlProps('contact-phone', { error: phoneError })} type="tel" inputMode="tel" autoComplete="off" {...form.register('phone')} />
        </FormField>
        <FormField id="contact-email" label={t`E-mail`} error={emailError}>
          <Input {...fieldControlProps('contact-email', { error: emailError })} type="email" autoComplete="off" {...form.register('email')} />
        </FormField>
        {sameContacts.length > 0 && (
          <div role="status" className="flex gap-2 rounded-lg border border-amber-500/50 bg-amber-50 p-3 text-sm sm:col-span-2 dark:bg-amber-950/30">
            <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
            <div className="grid gap-1">
              <p>
                <Trans>A contact with this phone or e-mail already exists. Open it instead, or save to add another one (you can merge them later).</Trans>
              </p>
              <ul className="grid gap-1">
                {sameContacts.map((same) => (
                  <li key={same.id}>
                    <Link to={`/admin/customers/${same.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                      {same.name}
                    </Link>{' '}
                    <span className="text-muted-foreground">{[same.phone && formatPhoneNumber(same.phone), same.email].filter(Boolean).join(' · ')}</span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        )}
        <FormField id="contact-company" label={t`Company (optional)`} error={companyError}>
          <Input {...fieldControlProps('contact-company', { error: companyError })} autoComplete="off" {...form.register('company')} />
        </FormField>
        <FormField id="contact-kra-pin" label={t`KRA PIN (optional)`} error={kraPinError} hint={t`A letter, nine digits and a letter`}>
          <Input {...fieldControlProps('contact-kra-pin', { error: kraPinError })} autoComplete="off" className="uppercase" {...form.register('kraPin')} />
        </FormField>
        <FormField id="contact-address" label={t`Physical address (optional)`} error={addressError}>
          <Textarea {...fieldControlProps('contact-address', { error: addressError })} rows={2} {...form.register('address')} />
        </FormField>
        <FormField id="contact-notes" label={t`Notes (optional)`} error={notesError}>
          <Textarea {...fieldControlProps('contact-notes', { error: notesError })} rows={2} {...form.register('notes')} />
        </FormField>
        <FormField id="contact-tags" label={t`Tags (optional)`} error={tagsError} hint={t`Separated by commas, at most ${MAX_TAGS}`}>
          <Controller
            control={form.control}
            name="tags"
            render={({ field }) => <TagsInput id="contact-tags" value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} error={tagsError} />}
          />
        </FormField>
      </section>

      {isCustomer && (
        <section aria-labelledby="contact-customer" className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 sm:p-6">
          <h3 id="contact-customer" className="font-semibold sm:col-span-2">
            <Trans>As a customer</Trans>
          </h3>
          <FormField
            id="contact-group"
            label={t`Customer group`}
            error={groupError}
            labelAside={!access.hasGroups && <UpgradeBadge badge={access.badge} message={access.groupsMessage} />}
          >
            <NativeSelect {...fieldControlProps('contact-group', { error: groupError })} disabled={!access.hasGroups} {...form.register('customerGroupId')}>
              <option value="">{t`No group`}</option>
              {(groups.data ?? []).map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <Controller
            control={form.control}
            name="creditLimitMinor"
            render={({ field }) => (
              <MoneyField
                id="contact-credit-limit"
                label={t`Credit limit`}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 0)}
                onBlur={field.onBlur}
                error={errors.creditLimitMinor?.message}
                disabled={!access.mayAdjustCredit}
                hint={t`0 = cash only. Set by a manager.`}
              />
            )}
          />
          <FormField id="contact-customer-terms" label={t`Payment terms (days)`} error={errors.customerPaymentTermsDays?.message}>
            <Input
              {...fieldControlProps('contact-customer-terms', { error: errors.customerPaymentTermsDays?.message })}
              type="number"
              inputMode="numeric"
              min={0}
              {...form.register('customerPaymentTermsDays', { valueAsNumber: true })}
            />
          </FormField>
          {isNew && access.mayAdjustCredit && (
            <Controller
              control={form.control}
              name="openingBalance.receivableMinor"
              render={({ field }) => (
                <MoneyField
                  id="contact-opening-receivable"
                  label={t`Opening balance owed to you`}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? 0)}
                  onBlur={field.onBlur}
                  error={errors.openingBalance?.receivableMinor?.message}
                  optional
                />
              )}
            />
          )}
        </section>
      )}

      {isSupplier && (
        <section aria-labelledby="contact-supplier" className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 sm:p-6">
          <h3 id="contact-supplier" className="font-semibold sm:col-span-2">
            <Trans>As a supplier</Trans>
          </h3>
          <FormField id="contact-supplier-terms" label={t`Payment terms (days)`} error={errors.supplierPaymentTermsDays?.message}>
            <Input
              {...fieldControlProps('contact-supplier-terms', { error: errors.supplierPaymentTermsDays?.message })}
              type="number"
              inputMode="numeric"
              min={0}
              {...form.register('supplierPaymentTermsDays', { valueAsNumber: true })}
            />
          </FormField>
          {isNew && access.mayAdjustCredit && (
            <Controller
              control={form.control}
              name="openingBalance.payableMinor"
              render={({ field }) => (
                <MoneyField
                  id="contact-opening-payable"
                  label={t`Opening balance you owe`}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? 0)}
                  onBlur={field.onBlur}
                  error={errors.openingBalance?.payableMinor?.message}
                  optional
                />
              )}
            />
          )}
        </section>
      )}

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <InlineSpinner />}
          {isNew ? t`Add contact` : t`Save`}
        </Button>
        <Button type="button" variant="outline" onClick={() => void navigate(contact ? `/admin/customers/${contact.id}` : '/admin/customers')}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
