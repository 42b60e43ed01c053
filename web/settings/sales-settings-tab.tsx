import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PencilIcon, PlusIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { registerInputSchema, registerUpdateSchema, salesSettingsInputSchema, type Register, type SalesSettings } from '../../core/sales/sales.schemas';
import { formatMoneyPlain, parseMoney } from '../../core/settings/money.rules';
import { useMoney } from '../accounts/use-money';
import { FormField, fieldControlProps } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { Skeleton } from '../components/ui/skeleton';
import { InlineSpinner } from '../components/ui/spinner';
import { Switch } from '../components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { LoadError, LocationSelect } from '../inventory/inventory-ui';
import { formatBasisPoints, parsePercentToBasisPoints } from '../inventory/stock-format';
import { isApiError } from '../lib/api-client';
import { failureMessage } from '../lib/form-errors';
import { formatNumber } from '../lib/format';
import { toast } from '../lib/toast';
import { PurchaseSettingsSection } from './purchase-settings-section';
import { createRegister, registersQueryKey, salesSettingsQueryKey, saveSalesSettings, updateRegister, useRegisters, useSalesSettings } from '../shifts/shifts.api';

type Errors = Partial<Record<string, string>>;

const fieldErrorsOf = (failure: unknown, fields: readonly string[]): Errors =>
  isApiError(failure) && failure.fields ? Object.fromEntries(fields.map((field) => [field, failure.fieldMessage(field)])) : {};

/** Settings → Sales: the register's rules and the registers (tills). The owner changes them. */
export function SalesSettingsTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useLingui();
  const settings = useSalesSettings();
  return (
    <div className="grid gap-6">
      {settings.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : settings.isError ? (
        <LoadError error={settings.error} what={t`the sales settings`} onRetry={() => void settings.refetch()} />
      ) : (
        <SalesSettingsForm settings={settings.data} canEdit={canEdit} />
      )}
      <RegistersSection canEdit={canEdit} />
      <PurchaseSettingsSection canEdit={canEdit} />
    </div>
  );
}

function SalesSettingsForm({ settings, canEdit }: { settings: SalesSettings; canEdit: boolean }) {
  const { t } = useLingui();
  const { symbol } = useMoney();
  const queryClient = useQueryClient();
  const [discountLimit, setDiscountLimit] = useState(formatBasisPoints(settings.discountLimitBps));
  const [tolerance, setTolerance] = useState(formatMoneyPlain(settings.overShortToleranceMinor));
  const [returnWindow, setReturnWindow] = useState(String(settings.returnWindowDays));
  const [blindClose, setBlindClose] = useState(settings.blindClose);
  const [receiptWidth, setReceiptWidth] = useState<58 | 80>(settings.receiptWidthMm);
  const [errors, setErrors] = useState<Errors>({});

  const save = useMutation({
    mutationKey: ['sales-settings', 'save'],
    mutationFn: saveSalesSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(salesSettingsQueryKey, saved);
      toast.success(t`Sales settings saved`);
    },
    onError: (failure) => {
      setErrors(fieldErrorsOf(failure, ['discountLimitBps', 'overShortToleranceMinor', 'returnWindowDays']));
      toast.error(t`The sales settings were not saved`, { description: failureMessage(failure, t`Try again.`) });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const discountLimitBps = parsePercentToBasisPoints(discountLimit);
    const overShortToleranceMinor = parseMoney(tolerance);
    const returnWindowDays = /^\d{1,4}$/.test(returnWindow.trim()) ? Number(returnWindow.trim()) : null;
    const next: Errors = {};
    if (discountLimitBps === null || discountLimitBps > 10_000) next.discountLimitBps = t`Enter a percentage from 0 to 100, e.g. 10`;
    if (overShortToleranceMinor === null) next.overShortToleranceMinor = t`Enter an amount, e.g. 100 or 100.00`;
    if (returnWindowDays === null || returnWindowDays > 3650) next.returnWindowDays = t`Enter a number of days from 0 to 3650`;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const body = { discountLimitBps, overShortToleranceMinor, returnWindowDays, blindClose, receiptWidthMm: receiptWidth };
    if (!salesSettingsInputSchema.safeParse(body).success) return;
    save.mutate(body);
  };

  return (
    <section aria-labelledby="sales-settings-title" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <div className="grid gap-1">
        <h2 id="sales-settings-title" className="font-semibold">
          <Trans>Register rules</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>What a cashier may do alone, and how shifts close and receipts print.</Trans>
        </p>
      </div>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <fieldset disabled={!canEdit || save.isPending} className="grid gap-4 sm:grid-cols-2">
          <FormField id="discount-limit" label={t`Discount limit (%)`} error={errors.discountLimitBps} hint={t`Larger discounts and lower prices need a manager’s approval.`}>
            <Input {...fieldControlProps('discount-limit', { error: errors.discountLimitBps, hint: true })} inputMode="decimal" value={discountLimit} onChange={(event) => setDiscountLimit(event.target.value)} />
          </FormField>
          <FormField id="over-short-tolerance" label={t`Over/short tolerance (${symbol})`} error={errors.overShortToleranceMinor} hint={t`A shift closing further out than this needs a manager’s approval.`}>
            <Input {...fieldControlProps('over-short-tolerance', { error: errors.overShortToleranceMinor, hint: true })} inputMode="decimal" value={tolerance} onChange={(event) => setTolerance(event.target.value)} />
          </FormField>
          <FormField id="return-window" label={t`Return window (days)`} error={errors.returnWindowDays} hint={t`Returns after this need a manager’s approval.`}>
            <Input {...fieldControlProps('return-window', { error: errors.returnWindowDays, hint: true })} inputMode="numeric" value={returnWindow} onChange={(event) => setReturnWindow(event.target.value)} />
          </FormField>
          <FormField id="receipt-width" label={t`Receipt paper`}>
            <NativeSelect id="receipt-width" value={String(receiptWidth)} onChange={(event) => setReceiptWidth(event.target.value === '58' ? 58 : 80)}>
              <option value="80">{t`80 mm roll`}</option>
              <option value="58">{t`58 mm roll`}</option>
            </NativeSelect>
          </FormField>
          <div className="flex items-start gap-3 sm:col-span-2">
            <Switch id="blind-close" checked={blindClose} onCheckedChange={setBlindClose} aria-describedby="blind-close-hint" />
            <div className="grid gap-0.5">
              <Label htmlFor="blind-close">
                <Trans>Blind close</Trans>
              </Label>
              <p id="blind-close-hint" className="text-xs text-muted-foreground">
                <Trans>Cashiers count the drawer without seeing the expected cash; the Z report shows it.</Trans>
              </p>
            </div>
          </div>
        </fieldset>
        {canEdit ? (
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <InlineSpinner />}
              <Trans>Save sales settings</Trans>
            </Button>
          </div>
        ) : (
          <p className="text-xs text-muted-foreground">
            <Trans>Only the owner changes these.</Trans>
          </p>
        )}
      </form>
    </section>
  );
}

function RegistersSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useLingui();
  const registers = useRegisters(canEdit);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Register | 'new' | null>(null);
  const toggle = useMutation({
    mutationKey: ['registers', 'toggle'],
    mutationFn: (register: Register) => updateRegister(register.id, { isActive: !register.isActive }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: registersQueryKey });
      const name = saved.name;
      toast.success(saved.isActive ? t`${name} is in use again` : t`${name} is closed`);
    },
    onError: (failure) => toast.error(t`The register was not changed`, { description: failureMessage(failure, t`Try again.`) }),
  });

  return (
    <section aria-labelledby="registers-title" className="grid min-w-0 gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="registers-title" className="font-semibold">
            <Trans>Registers</Trans>
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans>The tills of each location. The receipt prefix starts each receipt number, e.g. T1-000123.</Trans>
          </p>
        </div>
        {canEdit && (
          <Button variant="outline" onClick={() => setEditing('new')}>
            <PlusIcon aria-hidden />
            <Trans>Add register</Trans>
          </Button>
        )}
      </div>
      {registers.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : registers.isError ? (
        <LoadError error={registers.error} what={t`the registers`} onRetry={() => void registers.refetch()} />
      ) : (
        <div className="overflow-x-auto">
          <Table aria-label={t`Registers`}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>
                  <Trans>Register</Trans>
                </TableHead>
                <TableHead>
                  <Trans>Location</Trans>
                </TableHead>
                <TableHead>
                  <Trans>Prefix</Trans>
                </TableHead>
                <TableHead className="text-right">
                  <Trans>Last Z</Trans>
                </TableHead>
                <TableHead>
                  <Trans>Status</Trans>
                </TableHead>
                {canEdit && (
                  <TableHead>
                    <span className="sr-only">
                      <Trans>Actions</Trans>
                    </span>
                  </TableHead>
                )}
              </TableRow>
            </TableHeader>
            <TableBody>
              {registers.data.items.map((register) => {
                const registerName = register.name;
                return (
                <TableRow key={register.id}>
                  <TableCell className="font-medium">{register.name}</TableCell>
                  <TableCell>{register.locationName}</TableCell>
                  <TableCell className="font-mono">{register.receiptPrefix}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(register.lastZNumber)}</TableCell>
                  <TableCell>
                    {!register.isActive ? (
                      <Badge variant="outline">
                        <Trans>Closed</Trans>
                      </Badge>
                    ) : register.openShift ? (
                      <Badge variant="success">
                        <Trans>Shift open</Trans>
                      </Badge>
                    ) : (
                      <Badge variant="secondary">
                        <Trans>In use</Trans>
                      </Badge>
                    )}
                  </TableCell>
                  {canEdit && (
                    <TableCell>
                      <div className="flex justify-end gap-2">
                        <Button variant="ghost" size="sm" onClick={() => setEditing(register)} aria-label={t`Edit ${registerName}`}>
                          <PencilIcon aria-hidden />
                        </Button>
                        <Button variant="outline" size="sm" onClick={() => toggle.mutate(register)} disabled={toggle.isPending}>
                          {register.isActive ? <Trans>Close register</Trans> : <Trans>Reopen</Trans>}
                        </Button>
                      </div>
                    </TableCell>
                  )}
                </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}
      {editing && <RegisterDialog register={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

/** Add a register at a location, or rename one and change its receipt prefix. */
function RegisterDialog({ register, onClose }: { register: Register | null; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [locationId, setLocationId] = useState('');
  const [name, setName] = useState(register?.name ?? '');
  const [prefix, setPrefix] = useState(register?.receiptPrefix ?? '');
  const [errors, setErrors] = useState<Errors>({});

  const save = useMutation({
    mutationKey: ['registers', 'save'],
    mutationFn: (body: Record<string, string>) => (register ? updateRegister(register.id, body) : createRegister(body, idempotencyKey)),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: registersQueryKey });
      const savedName = saved.name;
      toast.success(register ? t`${savedName} saved` : t`${savedName} added`);
      onClose();
    },
    onError: (failure) => {
      setErrors(fieldErrorsOf(failure, ['locationId', 'name', 'receiptPrefix']));
      toast.error(t`The register was not saved`, { description: failureMessage(failure, t`Try again.`) });
    },
  });

  const currentName = register?.name ?? '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, string> = register ? { name, receiptPrefix: prefix } : { locationId, name, receiptPrefix: prefix };
    const parsed = register ? registerUpdateSchema.safeParse(body) : registerInputSchema.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(body);
  };

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{register ? <Trans>Edit {currentName}</Trans> : <Trans>Add a register</Trans>}</DialogTitle>
            <DialogDescription>
              <Trans>A register sells at one location; each has its own shifts and Z numbers.</Trans>
            </DialogDescription>
          </DialogHeader>
          {!register && (
            <FormField id="register-location" label={t`Location`} error={errors.locationId}>
              <LocationSelect
                id="register-location"
                value={locationId}
                onChange={setLocationId}
                allLabel={t`Choose a location`}
                aria-invalid={errors.locationId ? true : undefined}
                aria-describedby={errors.locationId ? 'register-location-error' : undefined}
              />
            </FormField>
          )}
          <FormField id="register-name" label={t`Name`} error={errors.name}>
            <Input {...fieldControlProps('register-name', { error: errors.name })} maxLength={60} autoFocus value={name} onChange={(event) => setName(event.target.value)} />
          </FormField>
          <FormField id="register-prefix" label={t`Receipt prefix`} error={errors.receiptPrefix} hint={t`1 to 6 letters or digits, like T2`}>
            <Input
              {...fieldControlProps('register-prefix', { error: errors.receiptPrefix, hint: true })}
              maxLength={6}
              className="font-mono uppercase"
              value={prefix}
              onChange={(event) => setPrefix(event.target.value)}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <InlineSpinner />}
              <Trans>Save</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
