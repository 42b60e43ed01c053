import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { MapPinIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
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
import { apiRequest, isApiError } from '../lib/api-client';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLocations } from '../products/products.api';
import { DataTable } from './data-table';
import { useRefreshStock } from './inventory.api';
import { BILLING_PATH, EmptyState, LoadError, PageHeader, TableSkeleton, useStockPermissions } from './inventory-ui';

const KIND_LABELS: Record<Location['kind'], string> = { shop: 'Shop', warehouse: 'Warehouse' };

/** /admin/products/locations: branches and warehouses; the owner adds, renames, picks the default, deactivates. */
export function LocationsPage() {
  useDocumentTitle('Locations');
  const { isAdmin } = useStockPermissions();
  const locations = useLocations();
  const [editing, setEditing] = useState<Location | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<Location | null>(null);
  const refresh = useRefreshStock();

  const update = useMutation({
    mutationKey: ['locations', 'update'],
    mutationFn: ({ id, body }: { id: string; body: Record<string, unknown>; done: string }) =>
      apiRequest(`/api/locations/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: locationSchema }),
    onSuccess: async (_location, { done }) => {
      await refresh();
      setDeactivating(null);
      toast.success(done);
    },
    onError: (error) => toast.error('Error', { description: isApiError(error) ? error.message : 'The location was not changed.' }),
  });

  const columns: Array<ColumnDef<Location>> = [
    {
      id: 'name',
      header: 'Name',
      cell: ({ row }) => (
        <div className="grid gap-0.5">
          <span className="flex flex-wrap items-center gap-2 font-medium">
            {row.original.name}
            {row.original.isDefault && <Badge variant="success">Default</Badge>}
          </span>
          {row.original.address && <span className="text-xs text-muted-foreground">{row.original.address}</span>}
        </div>
      ),
    },
    { id: 'kind', header: 'Kind', cell: ({ row }) => KIND_LABELS[row.original.kind] },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => (row.original.isActive ? <Badge variant="secondary">Active</Badge> : <Badge variant="outline">Inactive</Badge>),
    },
  ];
  if (isAdmin) {
    columns.push({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: 'text-right' },
      cell: ({ row }) => {
        const location = row.original;
        const busy = update.isPending && update.variables.id === location.id;
        return (
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" size="sm" onClick={() => setEditing(location)} aria-label={`Edit ${location.name}`}>
              Edit
            </Button>
            {location.isActive && !location.isDefault && (
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                aria-label={`Make ${location.name} the default`}
                onClick={() => update.mutate({ id: location.id, body: { isDefault: true }, done: `${location.name} is now the default location` })}
              >
                Make default
              </Button>
            )}
            {location.isActive && !location.isDefault && (
              <Button variant="outline" size="sm" disabled={busy} aria-label={`Deactivate ${location.name}`} onClick={() => setDeactivating(location)}>
                Deactivate
              </Button>
            )}
            {!location.isActive && (
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                aria-label={`Reactivate ${location.name}`}
                onClick={() => update.mutate({ id: location.id, body: { isActive: true }, done: `${location.name} is active again` })}
              >
                Reactivate
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
        title="Locations"
        description="Your shops and warehouses. Stock is counted at each one; sales use the default unless the till says otherwise."
        actions={
          isAdmin && (
            <Button onClick={() => setEditing('new')}>
              <PlusIcon aria-hidden />
              Add location
            </Button>
          )
        }
      />
      {locations.isPending ? (
        <TableSkeleton columns={3} rows={3} label="Loading locations" />
      ) : locations.isError ? (
        <LoadError error={locations.error} what="the locations" onRetry={() => void locations.refetch()} />
      ) : locations.data.length === 0 ? (
        <EmptyState
          icon={MapPinIcon}
          title="No locations yet"
          action={isAdmin && <Button onClick={() => setEditing('new')}>Add your first location</Button>}
        >
          Add the shop where you sell, and any store room or warehouse you keep stock in.
        </EmptyState>
      ) : (
        <DataTable columns={columns} data={locations.data} label="Locations" getRowId={(location) => location.id} isFetching={locations.isFetching} />
      )}
      <LocationDialog key={editing === 'new' ? 'new' : (editing?.id ?? 'closed')} location={editing} onClose={() => setEditing(null)} />
      <AlertDialog open={deactivating !== null} onOpenChange={(open) => !open && setDeactivating(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Deactivate {deactivating?.name}?</AlertDialogTitle>
            <AlertDialogDescription>
              It stops appearing in stock forms and at the till. Its history stays, and you can reactivate it later.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep it</AlertDialogCancel>
            <Button
              variant="destructive"
              disabled={update.isPending}
              onClick={() => deactivating && update.mutate({ id: deactivating.id, body: { isActive: false }, done: `${deactivating.name} deactivated` })}
            >
              {update.isPending && <InlineSpinner />}
              Deactivate
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
      toast.success(isNew ? `${saved.name} added` : `${saved.name} saved`);
      onClose();
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 402) return setPlanLimit(error.message);
      if (isApiError(error) && error.fields) {
        for (const field of ['name', 'kind', 'address'] as const) {
          const message = error.fieldMessage(field);
          if (message) form.setError(field, { message });
        }
      }
      toast.error('Error', { description: isApiError(error) ? error.message : 'The location was not saved.' });
    },
  });
  const errors = form.formState.errors;
  return (
    <Dialog open={location !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{isNew ? 'Add location' : `Edit ${existing?.name ?? 'location'}`}</DialogTitle>
            <DialogDescription>A shop sells and keeps stock; a warehouse only keeps stock.</DialogDescription>
          </DialogHeader>
          {planLimit && (
            <div role="alert" className="grid justify-items-start gap-2 rounded-lg border border-destructive/40 p-3 text-sm">
              <p className="text-destructive">{planLimit}</p>
              <Link to={BILLING_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
                See plans and upgrade
              </Link>
            </div>
          )}
          <FormField id="location-name" label="Name" error={errors.name?.message}>
            <Input {...fieldControlProps('location-name', { error: errors.name?.message })} autoComplete="off" {...form.register('name')} />
          </FormField>
          <FormField id="location-kind" label="Kind" error={errors.kind?.message}>
            <NativeSelect {...fieldControlProps('location-kind', { error: errors.kind?.message })} {...form.register('kind')}>
              {LOCATION_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_LABELS[kind]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="location-address" label="Address (optional)" error={errors.address?.message}>
            <Textarea {...fieldControlProps('location-address', { error: errors.address?.message })} rows={2} {...form.register('address')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <InlineSpinner />}
              {isNew ? 'Add location' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
