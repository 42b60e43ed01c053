import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CopyIcon, MailIcon, PackageCheckIcon, PencilIcon, PrinterIcon, SendIcon, Share2Icon } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isCancellable, isClosable, isEditable, isReceivable } from '../../core/purchases/purchase-order.rules';
import type { PurchaseOrder } from '../../core/purchases/purchases.schemas';
import { formatQuantity } from '../../core/products/quantity.rules';
import { useMoney } from '../accounts/use-money';
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
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { InlineSpinner } from '../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { Textarea } from '../components/ui/textarea';
import { DetailSkeleton, LoadError, PageHeader } from '../inventory/inventory-ui';
import { productLabel } from '../inventory/stock-format';
import { useDateFormat } from '../lib/date-format';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { OrderStatusBadge, ORDERS_PATH } from './order-status-badge';
import { fetchOrderText, orderActionRequest, orderPdfPath, sendOrderRequest, usePurchaseOrder, useRefreshPurchases } from './orders.api';

/** /admin/purchases/orders/:orderId: the lines with what has arrived, the receipts, and the actions its status allows. */
export function OrderPage() {
  const { t } = useLingui();
  const { orderId = '' } = useParams();
  const order = usePurchaseOrder(orderId);
  useDocumentTitle(order.data?.number ?? t`Purchase order`);
  if (order.isPending) return <DetailSkeleton label={t`Loading the order`} />;
  if (order.isError) return <LoadError error={order.error} what={t`the order`} onRetry={() => void order.refetch()} />;
  return <OrderDetail order={order.data} />;
}

function OrderDetail({ order }: { order: PurchaseOrder }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const { formatDate, formatDateTime } = useDateFormat();
  const supplier = order.supplier.name;
  const location = order.location.name;
  const number = order.number;
  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={
          <span className="inline-flex flex-wrap items-center gap-2">
            <Trans>Order {number}</Trans> <OrderStatusBadge status={order.status} />
          </span>
        }
        description={
          <Link to={ORDERS_PATH} className="underline-offset-4 hover:underline">
            <Trans>← All orders</Trans>
          </Link>
        }
        actions={<OrderActions order={order} />}
      />
      <dl className="grid gap-3 rounded-xl border bg-card p-4 text-sm sm:grid-cols-3 sm:p-6">
        <div>
          <dt className="text-muted-foreground">
            <Trans>Supplier</Trans>
          </dt>
          <dd className="font-medium">{supplier}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">
            <Trans>Deliver to</Trans>
          </dt>
          <dd className="font-medium">{location}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">
            <Trans>Expected</Trans>
          </dt>
          <dd className="font-medium">{order.expectedDate ? formatDate(order.expectedDate) : '—'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">
            <Trans>Supplier reference</Trans>
          </dt>
          <dd className="font-medium">{order.supplierReference ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">
            <Trans>Sent</Trans>
          </dt>
          <dd className="font-medium">{order.sentAt ? formatDateTime(order.sentAt) : '—'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">
            <Trans>Created by</Trans>
          </dt>
          <dd className="font-medium">{order.createdByName ?? '—'}</dd>
        </div>
        {order.note && (
          <div className="sm:col-span-3">
            <dt className="text-muted-foreground">
              <Trans>Note</Trans>
            </dt>
            <dd className="whitespace-pre-line">{order.note}</dd>
          </div>
        )}
      </dl>
      <section aria-labelledby="order-lines" className="grid min-w-0 gap-2">
        <h3 id="order-lines" className="font-semibold">
          <Trans>Lines</Trans>
        </h3>
        <div className="rounded-xl border bg-card">
          <Table aria-labelledby="order-lines">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="pl-4">{t`Product`}</TableHead>
                <TableHead className="text-right">{t`Quantity`}</TableHead>
                <TableHead className="text-right">{t`Unit cost`}</TableHead>
                <TableHead className="text-right">{t`Ordered`}</TableHead>
                <TableHead className="text-right">{t`Received`}</TableHead>
                <TableHead className="text-right">{t`Outstanding`}</TableHead>
                <TableHead className="pr-4 text-right">{t`Line total`}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {order.lines.map((line) => (
                <TableRow key={line.id} aria-label={productLabel(line)}>
                  <TableCell className="pl-4">
                    <span className="grid">
                      <span className="font-medium">{productLabel(line)}</span>
                      <span className="text-xs text-muted-foreground">{line.sku}</span>
                    </span>
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {line.unitName ? `${formatQuantity(line.quantityMilli)} ${line.unitName}` : formatQuantity(line.quantityMilli)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{money(line.unitCostMinor)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatQuantity(line.orderedStockMilli)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatQuantity(line.receivedStockMilli)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatQuantity(line.outstandingStockMilli)}</TableCell>
                  <TableCell className="pr-4 text-right tabular-nums">{money(line.lineSubtotalMinor)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        <OrderTotals subtotalMinor={order.subtotalMinor} vatMinor={order.vatMinor} totalMinor={order.totalMinor} />
      </section>
      <section aria-labelledby="order-receipts" className="grid gap-2">
        <h3 id="order-receipts" className="font-semibold">
          <Trans>Goods received</Trans>
        </h3>
        {order.receipts.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>Nothing has been received against this order yet.</Trans>
          </p>
        ) : (
          <ul className="grid gap-2">
            {order.receipts.map((receipt) => (
              <li key={receipt.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-card p-3 text-sm">
                <Link to={`/admin/purchases/receipts/${receipt.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {receipt.number}
                </Link>
                <span className="text-muted-foreground">{formatDateTime(receipt.receivedAt)}</span>
                <span className="tabular-nums">{money(receipt.totalMinor)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Why an order's form does not open (`children`), with the way to the order. */
export function OrderNotice({ orderId, children }: { orderId: string; children: ReactNode }) {
  return (
    <p role="status" className="rounded-xl border bg-card p-4 text-sm">
      {children}{' '}
      <Link to={`${ORDERS_PATH}/${orderId}`} className="font-medium text-primary underline-offset-4 hover:underline">
        <Trans>Open the order</Trans>
      </Link>
    </p>
  );
}

/** Subtotal, VAT and total, right-aligned under the lines. */
export function OrderTotals({ subtotalMinor, vatMinor, totalMinor }: { subtotalMinor: number; vatMinor: number; totalMinor: number }) {
  const { t } = useLingui();
  const { money } = useMoney();
  return (
    <dl aria-label={t`Totals`} className="ml-auto grid w-full max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted-foreground">{t`Subtotal`}</dt>
      <dd className="text-right tabular-nums">{money(subtotalMinor)}</dd>
      <dt className="text-muted-foreground">{t`VAT`}</dt>
      <dd className="text-right tabular-nums">{money(vatMinor)}</dd>
      <dt className="font-semibold">{t`Total`}</dt>
      <dd className="text-right font-semibold tabular-nums">{money(totalMinor)}</dd>
    </dl>
  );
}

type Confirming = 'cancel' | 'close' | null;

function OrderActions({ order }: { order: PurchaseOrder }) {
  const { t } = useLingui();
  const refresh = useRefreshPurchases();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [isSending, setIsSending] = useState(false);
  const number = order.number;
  const action = useMutation({
    mutationKey: ['purchases', 'orders', 'action'],
    mutationFn: (name: 'order' | 'cancel' | 'close') => orderActionRequest(order.id, name),
    onSuccess: async (saved) => {
      await refresh();
      setConfirming(null);
      toast.success(saved.status === 'cancelled' ? t`Order ${number} cancelled` : saved.status === 'closed' ? t`Order ${number} closed` : t`Order ${number} marked as ordered`);
    },
    onError: (error) => toast.error(failureMessage(error, t`The order was not changed. Try again.`)),
  });
  return (
    <>
      {isEditable(order.status) && (
        <Button variant="outline" asChild>
          <Link to={`${ORDERS_PATH}/${order.id}/edit`}>
            <PencilIcon aria-hidden />
            <Trans>Edit</Trans>
          </Link>
        </Button>
      )}
      {isEditable(order.status) && (
        <Button variant="outline" disabled={action.isPending} onClick={() => action.mutate('order')}>
          <Trans>Mark as ordered</Trans>
        </Button>
      )}
      {(order.status === 'draft' || order.status === 'ordered') && (
        <Button variant={isEditable(order.status) ? 'default' : 'outline'} onClick={() => setIsSending(true)}>
          <SendIcon aria-hidden />
          <Trans>Send</Trans>
        </Button>
      )}
      {isReceivable(order.status) && (
        <Button asChild>
          <Link to={`/admin/purchases/receipts/new?orderId=${order.id}`}>
            <PackageCheckIcon aria-hidden />
            <Trans>Receive goods</Trans>
          </Link>
        </Button>
      )}
      {isCancellable(order.status) && (
        <Button variant="outline" onClick={() => setConfirming('cancel')}>
          <Trans>Cancel order</Trans>
        </Button>
      )}
      {isClosable(order.status) && (
        <Button variant="outline" onClick={() => setConfirming('close')}>
          <Trans>Close order</Trans>
        </Button>
      )}
      {isSending && <SendDialog order={order} onClose={() => setIsSending(false)} />}
      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{confirming === 'close' ? t`Close order ${number}?` : t`Cancel order ${number}?`}</AlertDialogTitle>
            <AlertDialogDescription>
              {confirming === 'close'
                ? t`Whatever has not arrived is no longer expected. Goods received stay in stock.`
                : t`The supplier should not deliver it. Tell them if the order was already sent.`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>
              <Trans>Go back</Trans>
            </AlertDialogCancel>
            <Button variant={confirming === 'cancel' ? 'destructive' : 'default'} disabled={action.isPending} onClick={() => confirming && action.mutate(confirming)}>
              {action.isPending && <InlineSpinner />}
              {confirming === 'close' ? t`Close order` : t`Cancel order`}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

/**
 * Send the order: by e-mail with the PDF attached (to the supplier's address, editable), printed
 * (the PDF opens), or shared (its text copied, and a WhatsApp link). Each marks the order sent.
 */
function SendDialog({ order, onClose }: { order: PurchaseOrder; onClose: () => void }) {
  const { t } = useLingui();
  const refresh = useRefreshPurchases();
  const [email, setEmail] = useState(order.supplier.email ?? '');
  const [message, setMessage] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const text = useQuery({
    queryKey: ['purchases', 'orders', order.id, 'text'],
    queryFn: () => fetchOrderText(order.id),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the order text failed' },
  });
  const number = order.number;
  const send = useMutation({
    mutationKey: ['purchases', 'orders', 'send'],
    mutationFn: (body: { via: 'email' | 'print' | 'share'; email?: string | null; message?: string | null }) => sendOrderRequest(order.id, body),
    onSuccess: async (_sent, body) => {
      await refresh();
      if (body.via === 'email') {
        const to = body.email ?? '';
        toast.success(t`Order ${number} sent to ${to}`);
        onClose();
      }
    },
    onError: (error, body) => {
      if (body.via === 'email') setEmailError(failureMessage(error, t`The order was not sent. Try again.`, 'email'));
      else toast.error(failureMessage(error, t`The order was not marked as sent. Try again.`));
    },
  });
  const sendEmail = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setEmailError(t`Enter the supplier's e-mail address`);
      return;
    }
    send.mutate({ via: 'email', email: email.trim(), message: message.trim() || null });
  };
  const print = () => {
    window.open(orderPdfPath(order.id), '_blank', 'noopener');
    send.mutate({ via: 'print' });
  };
  const copy = async () => {
    if (!text.data) return;
    try {
      await navigator.clipboard.writeText(text.data);
      toast.success(t`Order text copied`);
      send.mutate({ via: 'share' });
    } catch {
      toast.error(t`The text could not be copied: select it and copy it.`);
    }
  };
  const whatsappLink = text.data ? `https://wa.me/?text=${encodeURIComponent(text.data)}` : undefined;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>
            <Trans>Send order {number}</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>E-mail it with the PDF attached, print it, or share its text on WhatsApp.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={sendEmail} noValidate className="grid gap-3">
          <FormField id="send-email" label={t`Supplier's e-mail`} error={emailError}>
            <Input
              {...fieldControlProps('send-email', { error: emailError })}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setEmailError(undefined);
              }}
            />
          </FormField>
          <FormField id="send-message" label={t`Message (optional)`}>
            <Textarea id="send-message" rows={3} maxLength={500} value={message} onChange={(event) => setMessage(event.target.value)} />
          </FormField>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending && send.variables.via === 'email' ? <InlineSpinner /> : <MailIcon aria-hidden />}
            <Trans>Send by e-mail</Trans>
          </Button>
        </form>
        <div className="grid gap-2 border-t pt-3">
          <Button type="button" variant="outline" onClick={print}>
            <PrinterIcon aria-hidden />
            <Trans>Print (PDF)</Trans>
          </Button>
          <div className="grid gap-2 sm:grid-cols-2">
            <Button type="button" variant="outline" disabled={!text.data} onClick={() => void copy()}>
              <CopyIcon aria-hidden />
              <Trans>Copy the text</Trans>
            </Button>
            {whatsappLink ? (
              <Button variant="outline" asChild>
                <a href={whatsappLink} target="_blank" rel="noopener noreferrer" onClick={() => send.mutate({ via: 'share' })}>
                  <Share2Icon aria-hidden />
                  <Trans>Share on WhatsApp</Trans>
                </a>
              </Button>
            ) : (
              <Button type="button" variant="outline" disabled>
                <Share2Icon aria-hidden />
                <Trans>Share on WhatsApp</Trans>
              </Button>
            )}
          </div>
          {text.isError && (
            <p role="alert" className="text-sm text-destructive">
              <Trans>The order's text could not be loaded.</Trans>
            </p>
          )}
        </div>
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
