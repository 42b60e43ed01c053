import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { RegisterCustomer } from '../../core/sales/register-items.schemas';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { InlineSpinner } from '../components/ui/spinner';
import { useMoney } from '../accounts/use-money';
import { useDebouncedValue } from '../inventory/inventory-ui';
import { isApiError } from '../lib/api-client';
import { failureMessage } from '../lib/form-errors';
import { fetchRegisterCustomer, quickAddCustomer, useCustomerSearch } from './register.api';

/** F4: the sale's customer, found by name or phone, or added on the spot with a name and phone. */
export function CustomerDialog({ open, onOpenChange, onChosen }: { open: boolean; onOpenChange: (open: boolean) => void; onChosen: (customer: RegisterCustomer) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">{open && <CustomerPicker onChosen={onChosen} />}</DialogContent>
    </Dialog>
  );
}

function CustomerPicker({ onChosen }: { onChosen: (customer: RegisterCustomer) => void }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const settled = useDebouncedValue(search.trim());
  const results = useCustomerSearch(settled);
  const choose = useMutation({ mutationFn: fetchRegisterCustomer, onSuccess: onChosen });

  return (
    <>
      <DialogHeader>
        <DialogTitle>
          <Trans>Customer</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>Search by name or phone, or add a new customer.</Trans>
        </DialogDescription>
      </DialogHeader>
      {adding ? (
        <QuickAddForm name={search} onAdded={(id) => choose.mutate(id)} onCancel={() => setAdding(false)} />
      ) : (
        <div className="grid gap-3">
          <FormField id="customer-search" label={t`Name or phone`}>
            <Input id="customer-search" type="search" autoFocus value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="off" />
          </FormField>
          {results.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {failureMessage(results.error, t`The customers could not be loaded.`)}
            </p>
          ) : results.isPending ? (
            <p className="text-sm text-muted-foreground">
              <InlineSpinner /> <Trans>Searching…</Trans>
            </p>
          ) : results.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              <Trans>No customer matches.</Trans>
            </p>
          ) : (
            <ul aria-label={t`Customers found`} className="grid gap-1">
              {results.data.map((customer) => {
                const owes = money(customer.balances.receivableMinor);
                return (
                  <li key={customer.id}>
                    <button
                      type="button"
                      className="flex w-full flex-wrap items-baseline justify-between gap-2 rounded-md border px-3 py-2 text-left hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
                      onClick={() => choose.mutate(customer.id)}
                      disabled={choose.isPending}
                    >
                      <span className="font-medium">{customer.name}</span>
                      <span className="text-sm text-muted-foreground">
                        {customer.phone ?? ''} {customer.customerGroupName ? `· ${customer.customerGroupName}` : ''}
                      </span>
                      {customer.balances.receivableMinor !== 0 && (
                        <span className="w-full text-xs text-muted-foreground">
                          <Trans>Balance {owes}</Trans>
                        </span>
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {choose.isError && (
            <p role="alert" className="text-sm text-destructive">
              {failureMessage(choose.error, t`The customer could not be loaded.`)}
            </p>
          )}
          <Button type="button" variant="outline" onClick={() => setAdding(true)}>
            <Trans>Add a new customer</Trans>
          </Button>
        </div>
      )}
    </>
  );
}

function QuickAddForm({ name: initialName, onAdded, onCancel }: { name: string; onAdded: (customerId: string) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const startsWithDigit = /^\+?\d/.test(initialName.trim());
  const [name, setName] = useState(startsWithDigit ? '' : initialName.trim());
  const [phone, setPhone] = useState(startsWithDigit ? initialName.trim() : '');
  const [errors, setErrors] = useState<{ name?: string; phone?: string; form?: string }>({});
  const add = useMutation({
    mutationFn: () => quickAddCustomer({ name, phone: phone.trim() || null }, idempotencyKey),
    onSuccess: (contact) => onAdded(contact.id),
    onError: (error) => {
      const fieldErrors = isApiError(error) ? { name: error.fieldMessage('name'), phone: error.fieldMessage('phone') } : {};
      setErrors({ ...fieldErrors, form: fieldErrors.name || fieldErrors.phone ? undefined : failureMessage(error, t`Try again.`) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: t`Enter the customer’s name` });
      return;
    }
    setErrors({});
    add.mutate();
  };
  return (
    <form onSubmit={submit} className="grid gap-3" noValidate aria-label={t`New customer`}>
      <FormField id="quick-customer-name" label={t`Name`} error={errors.name}>
        <Input autoFocus value={name} onChange={(event) => setName(event.target.value)} {...fieldControlProps('quick-customer-name', { error: errors.name })} />
      </FormField>
      <FormField id="quick-customer-phone" label={t`Phone (optional)`} error={errors.phone}>
        <Input type="tel" value={phone} onChange={(event) => setPhone(event.target.value)} {...fieldControlProps('quick-customer-phone', { error: errors.phone })} />
      </FormField>
      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          <Trans>Back to search</Trans>
        </Button>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending && <InlineSpinner />}
          <Trans>Add and choose</Trans>
        </Button>
      </div>
    </form>
  );
}
