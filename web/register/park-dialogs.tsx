import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { parkedCartSchema } from '../../core/sales/sales.schemas';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { InlineSpinner } from '../components/ui/spinner';
import { Textarea } from '../components/ui/textarea';
import { useMoney } from '../accounts/use-money';
import { isApiError } from '../lib/api-client';
import { useDateFormat } from '../lib/date-format';
import { failureMessage } from '../lib/form-errors';
import type { ParkedCartContent } from './cart';
import { deleteParkedCart, parkCart, registerKeys, useParkedCarts } from './register.api';

export type ParkedCart = z.infer<typeof parkedCartSchema>;

/** F8 with items: the cart is held on the server under a name (no stock is reserved) and the register is free. */
export function ParkDialog({
  open,
  onOpenChange,
  registerId,
  content,
  defaultName,
  onParked,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  registerId: string;
  content: ParkedCartContent;
  defaultName: string;
  onParked: (parked: ParkedCart) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">{open && <ParkForm registerId={registerId} content={content} defaultName={defaultName} onParked={onParked} onCancel={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  );
}

function ParkForm({ registerId, content, defaultName, onParked, onCancel }: { registerId: string; content: ParkedCartContent; defaultName: string; onParked: (parked: ParkedCart) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [name, setName] = useState(defaultName);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ name?: string; note?: string; form?: string }>({});
  const park = useMutation({
    mutationFn: () => parkCart({ registerId, name, note: note.trim() || null, cart: content }, idempotencyKey),
    onSuccess: async (parked) => {
      await queryClient.invalidateQueries({ queryKey: registerKeys.parked(registerId) });
      onParked(parked);
    },
    onError: (error) => {
      const fields = isApiError(error) ? { name: error.fieldMessage('name'), note: error.fieldMessage('note') } : {};
      setErrors({ ...fields, form: fields.name || fields.note ? undefined : failureMessage(error, t`Try again.`) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: t`Name the cart, e.g. the customer’s name` });
      return;
    }
    setErrors({});
    park.mutate();
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>
          <Trans>Park the cart</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>The cart waits on the server for any register of this location. No stock is held for it.</Trans>
        </DialogDescription>
      </DialogHeader>
      <FormField id="park-name" label={t`Name`} error={errors.name}>
        <Input autoFocus value={name} onChange={(event) => setName(event.target.value)} maxLength={60} {...fieldControlProps('park-name', { error: errors.name })} />
      </FormField>
      <FormField id="park-note" label={t`Note (optional)`} error={errors.note}>
        <Textarea value={note} onChange={(event) => setNote(event.target.value)} rows={2} {...fieldControlProps('park-note', { error: errors.note })} />
      </FormField>
      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={park.isPending}>
          {park.isPending && <InlineSpinner />}
          <Trans>Park</Trans>
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The carts parked at this register's location: resume one into the (empty) cart, or delete it. */
export function ResumeDialog({
  open,
  onOpenChange,
  registerId,
  canResume,
  onResume,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  registerId: string;
  /** False while the cart has items: park or finish that sale first. */
  canResume: boolean;
  onResume: (parked: ParkedCart) => Promise<void>;
}) {
  const { t } = useLingui();
  const { money } = useMoney();
  const { formatDateTime } = useDateFormat();
  const queryClient = useQueryClient();
  const parked = useParkedCarts(registerId, open);
  const [failure, setFailure] = useState<string | undefined>();
  const remove = useMutation({
    mutationFn: deleteParkedCart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registerKeys.parked(registerId) }),
    onError: (error) => setFailure(failureMessage(error, t`The parked cart could not be deleted.`)),
  });
  const resume = useMutation({
    mutationFn: onResume,
    onError: (error) => setFailure(failureMessage(error, t`The parked cart could not be resumed.`)),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>
            <Trans>Parked carts</Trans>
          </DialogTitle>
          <DialogDescription>{canResume ? <Trans>Resume a cart to finish its sale.</Trans> : <Trans>Park or finish the current sale before resuming another.</Trans>}</DialogDescription>
        </DialogHeader>
        {parked.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {failureMessage(parked.error, t`The parked carts could not be loaded.`)}
          </p>
        ) : parked.isPending ? (
          <p className="text-sm text-muted-foreground">
            <InlineSpinner /> <Trans>Loading…</Trans>
          </p>
        ) : parked.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No carts are parked at this location.</Trans>
          </p>
        ) : (
          <ul className="grid gap-2" aria-label={t`Parked carts`}>
            {parked.data.map((cart) => {
              const lineCount = cart.lineCount;
              const total = money(cart.totalMinor);
              const parkedAt = formatDateTime(cart.createdAt);
              const parkedBy = cart.parkedByName ?? '';
              return (
                <li key={cart.id} className="grid gap-2 rounded-md border p-3">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-medium">{cart.name}</span>
                    <span className="tabular-nums">{total}</span>
                  </div>
                  <p className="text-sm text-muted-foreground">
                    <Trans>
                      {lineCount} lines · parked {parkedAt} by {parkedBy}
                    </Trans>
                    {cart.customerName ? ` · ${cart.customerName}` : ''}
                  </p>
                  {cart.note && <p className="text-sm">{cart.note}</p>}
                  <div className="flex flex-wrap gap-2">
                    <Button type="button" size="sm" disabled={!canResume || resume.isPending} onClick={() => resume.mutate(cart)} aria-label={t`Resume ${cart.name}`}>
                      <Trans>Resume</Trans>
                    </Button>
                    <Button type="button" size="sm" variant="outline" disabled={remove.isPending} onClick={() => remove.mutate(cart.id)} aria-label={t`Delete ${cart.name}`}>
                      <Trans>Delete</Trans>
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {failure && (
          <p role="alert" className="text-sm text-destructive">
            {failure}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
