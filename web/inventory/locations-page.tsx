import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { MapPinIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '../lib/toast';
import type { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '../../core/api/api-error.schemas';
import { LOCATION_KINDS, locationInputSchema, locationSchema, type Location } from '../../core/inventory/inventory.schemas';
import { FormField, fieldControlProps } from '../components/form-field';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../components/ui/alert-dialog';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { InlineSpinner } from '../components/ui/spinner';
import { Textarea } from '../components/ui/textarea';
import { translateMessage } from '../i18n/translate-message';
import { apiRequest, isApiError } from '../lib/api-client';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLocations } from '../products/products.api';
import { DataTable } from './data-table';
import { useRefreshStock } from './inventory.api';
import { LOCATION_KIND_LABELS } from './inventory-labels';
import { BILLING_PATH, EmptyState, LoadError, PageHeader, TableSkeleton, useStockPermissions } from './inventory-ui';

/** /admin/products/locations: branches and warehouses; the owner adds, renames, picks the default, deactivates. */
export function LocationsPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  useDocumentTitle(t`Locations`);
  const { canManageLocations } = useStockPermissions();
  const locations = useLocations();
  const [editing, setEditing] = useState<Location | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<Location | null>(null);
  const refresh = useRefreshStock();
  const deactivatingName = deactivating?.name ?? '';

  const update = useMutation({
    mutationKey: ['locations', 'update'],
    mutationFn: ({ id, body }: { id: string; body: Record<string, unknown>; done: string }) =>
      apiRequest(`/api/locations/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: locationSchema }),
    onSuccess: async (_location, { done }) => {
      await refresh();
      setDeactivating(null);
      toast.success(done);
    },
    onError: (error) => toast.error(t`Error`, { description: isApiError(error) ? translateMessage(error.message) : t`The location was not changed.` }),
  });

  const columns: Array<ColumnDef<Location>> = [
    {
      id: 'name',
      header: t`Name`,
      cell: ({ row }) => (
        <div className="grid gap-0.5">
          <span className="flex flex-wrap items-center gap-2 font-medium">
            {row.original.name}
            {row.original.isDefault && (
              <Badge variant="success">
                <Trans>Default</Trans>
              </Badge>
            )}
          </span>
          {row.original.address && <span className="text-xs text-muted-foreground">{row.original.address}</span>}
        </div>
      ),
    },
    { id: 'kind', header: t`Kind`, cell: ({ row }) => i18n._(LOCATION_KIND_LABELS[row.original.kind]) },
    {
      id: 'status',
      header: t`Status`,
      cell: ({ row }) =>
        row.original.isActive ? (
          <Badge variant="secondary">
            <Trans>Active</Trans>
          </Badge>
        ) : (
          <Badge variant="outline">
            <Trans>Inactive</Trans>
          </Badge>
        ),
    },
  ];
  if (canManageLocations) {
    columns.push({
      id: 'actions',
      header: () => (
        <span className="sr-only">
          <Trans>Actions</Trans>
        </span>
      ),
      meta: { className: 'text-right' },
      cell: ({ row }) => {
        const location = row.original;
        const name = location.name;
        const busy = update.isPending && update.variables.id === location.id;
        return (
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" size="sm" onClick={() => setEditing(location)} aria-label={t`Edit ${name}`}>
              <Trans>Edit</Trans>
            </Button>
            {location.isActive && !location.isDefault && (
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                aria-label={t`Make ${name} the default`}
                onClick={() => update.mutate({ id: location.id, body: { isDefault: true }, done: t`${name} is now the default location` })}
              >
                <Trans>Make default</Trans>
              </Button>
            )}
            {location.isActive && !location.isDefault && (
              <Button variant="outline" size="sm" disabled={busy} aria-label={t`Deactivate ${name}`} onClick={() => setDeactivating(location)}>
                <Trans>Deactivate</Trans>
              </Button>
            )}
            {!location.isActive && (
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                aria-label={t`Reactivate ${name}`}
                onClick={() => update.mutate({ id: location.id, body: { isActive: true }, done: t`${name} is active again` })}
              >
                <Trans>Reactivate</Trans>
              </Button>
            )}
          </div>
        );
      },
    });
  }

  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={t`Locations`}
        description={t`Your shops and warehouses. Stock is counted at each one; sales use the default unless the till says otherwise.`}
        actions={
          canManageLocations && (
            <Button onClick={() => setEditing('new')}>
              <PlusIcon aria-hidden />
              <Trans>Add location</Trans>
            </Button>
          )
        }
      />
      {locations.isPending ? (
        <TableSkeleton columns={3} rows={3} label={t`Loading locations`} />
      ) : locations.isError ? (
        <LoadError error={locations.error} what={t`the locations`} onRetry={() => void locations.refetch()} />
      ) : locations.data.length === 0 ? (
        <EmptyState
          icon={MapPinIcon}
          title={t`No locations yet`}
          action={
            canManageLocations && (
              <Button onClick={() => setEditing('new')}>
                <Trans>Add your first location</Trans>
              </Button>
            )
          }
        >
          <Trans>Add the shop where you sell, and any store room or warehouse you keep stock in.</Trans>
        </EmptyState>
      ) : (
        <DataTable columns={columns} data={locations.data} label={t`Locations`} getRowId={(location) => location.id} isFetching={locations.isFetching} />
      )}
      <LocationDialog key={editing === 'new' ? 'new' : (editing?.id ?? 'closed')} location={editing} onClose={() => setEditing(null)} />
      <AlertDialog open={deactivating !== null} onOpenChange={(open) => !open && setDeactivating(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              <Trans>Deactivate {deactivatingName}?</Trans>
            </AlertDialogTitle>
            <AlertDialogDescription>
              <Trans>It stops appearing in stock forms and at the till. Its history stays, and you can reactivate it later.</Trans>
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>
              <Trans>Keep it</Trans>
            </AlertDialogCancel>
            <Button
              variant="destructive"
              disabled={update.isPending}
              onClick={() => deactivating && update.mutate({ id: deactivating.id, body: { isActive: false }, done: t`${deactivatingName} deactivated` })}
            >
              {update.isPending && <InlineSpinner />}
              <Trans>Deactivate</Trans>
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

type LocationFormInput = z.input<typeof locationInputSchema>;
type LocationFormOutput = z.output<typeof locationInputSchema>;

/** Add (location 'new') or edit a location; a plan limit (402) is explained in the dialog. */
function LocationDialog({ location, onClose }: { location: Location | 'new' | null; onClose: () => void }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const isNew = location === 'new';
  const existing = location !== 'new' ? location : null;
  const refresh = useRefreshStock();
  // One key per dialog: a retried or double-clicked submit cannot add the location twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [planLimit, setPlanLimit] = useState<string | null>(null);
  const form = useForm<LocationFormInput, unknown, LocationFormOutput>({
    resolver: zodResolver(locationInputSchema),
    defaultValues: { name: existing?.name ?? '', kind: existing?.kind ?? 'shop', address: existing?.address ?? '' },
  });
  const save = useMutation({
    mutationKey: ['locations', isNew ? 'create' : 'update'],
    mutationFn: (values: LocationFormOutput) =>
      existing
        ? apiRequest(`/api/locations/${encodeURIComponent(existing.id)}`, { method: 'PATCH', body: values, schema: locationSchema })
        : apiRequest('/api/locations', { method: 'POST', body: values, schema: locationSchema, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
    onSuccess: async (saved) => {
      await refresh();
      const name = saved.name;
      toast.success(isNew ? t`${name} added` : t`${name} saved`);
      onClose();
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 402) return setPlanLimit(translateMessage(error.message));
      if (isApiError(error) && error.fields) {
        for (const field of ['name', 'kind', 'address'] as const) {
          const message = error.fieldMessage(field);
          // English, as the schema's own messages: FormField shows them in the person's language.
          if (message) form.setError(field, { message });
        }
      }
      toast.error(t`Error`, { description: isApiError(error) ? translateMessage(error.message) : t`The location was not saved.` });
    },
  });
  const errors = form.formState.errors;
  // The shared schema's messages (core/) are English: FormField shows them in the person's language.
  const [nameError, kindError, addressError] = [errors.name?.message, errors.kind?.message, errors.address?.message];
  const existingName = existing?.name;
  return (
    <Dialog open={location !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{isNew ? t`Add location` : existingName ? t`Edit ${existingName}` : t`Edit location`}</DialogTitle>
            <DialogDescription>
              <Trans>A shop sells and keeps stock; a warehouse only keeps stock.</Trans>
            </DialogDescription>
          </DialogHeader>
          {planLimit && (
            <div role="alert" className="grid justify-items-start gap-2 rounded-lg border border-destructive/40 p-3 text-sm">
              <p className="text-destructive">{planLimit}</p>
              <Link to={BILLING_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
                <Trans>See plans and upgrade</Trans>
              </Link>
            </div>
          )}
          <FormField id="location-name" label={t`Name`} error={nameError}>
            <Input {...fieldControlProps('location-name', { error: nameError })} autoComplete="off" {...form.register('name')} />
          </FormField>
          <FormField id="location-kind" label={t`Kind`} error={kindError}>
            <NativeSelect {...fieldControlProps('location-kind', { error: kindError })} {...form.register('kind')}>
              {LOCATION_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {i18n._(LOCATION_KIND_LABELS[kind])}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="location-address" label={t`Address (optional)`} error={addressError}>
            <Textarea {...fieldControlProps('location-address', { error: addressError })} rows={2} {...form.register('address')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <InlineSpinner />}
              {isNew ? t`Add location` : t`Save`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
